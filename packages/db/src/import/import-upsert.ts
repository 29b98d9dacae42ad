/**
 * Import, step 3 of 3 (parse → map → upsert): validated rows → clinics, upserted by their
 * stable source key in batches, with their optional prices and staff.
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { firstFreeSlug } from "@botox/core";
import { chunks, dbOf, type DbOrSql } from "../connection/handle.ts";
import { clinicColumnsExcept } from "../schema/clinic-columns.ts";
import { fillFallbackTimeZones } from "../schema/clinic-derived.ts";
import { validateExportRow, type ImportedClinic } from "./import-map.ts";
import { insertImportedPrices, type ImportedPrice } from "./import-prices.ts";
import { insertImportedStaff, type ImportedStaff } from "./import-staff.ts";
import type { PriceValues } from "../queries/clinic-prices.ts";
import type { StaffValues } from "../queries/staff.ts";
import { clinics, contentChanges } from "../schema/schema.ts";

interface ImportError {
  /** 1-based position of the record in the file (a CSV header line is not counted). */
  row: number;
  reason: string;
}

export interface ImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Prices added from the optional price columns (a price already stored is not added again). */
  prices: number;
  /** Of those, outliers held for review (pending). */
  pricesPending: number;
  /** Staff members added from the optional staff columns (one per row; a person already stored is not added again). */
  staff: number;
  errors: ImportError[];
}

const excluded = (column: PgColumn): SQL => sql.raw(`excluded."${column.name}"`);

/**
 * What a re-import writes over a stored clinic: every column the import gave, but those it
 * keeps as stored: the id and creation time, the source key the row was matched on, and what
 * the clinic's owners keep (whether it is claimed, a trigger's copy of clinic_owners, and the
 * booking link and description an owner set, and its checks), which an export does not have.
 */
/** The owner's booking link and what its re-checks found (decision 299). */
const BOOKING_LINK_COLUMNS = ["bookingUrl", "bookingUrlCheckedAt", "bookingUrlFailures", "bookingUrlFailingSince"] as const;

const UPSERT_SET: Record<string, SQL> = {
  ...Object.fromEntries(
    clinicColumnsExcept(["id", "createdAt", "sourceKey", "claimed", ...BOOKING_LINK_COLUMNS, "description"]).map(([key, column]) => [key, excluded(column)]),
  ),
  // The slug (the public URL) stays unless the clinic moved to another city.
  slug: sql`case when ${clinics.citySlug} = excluded.city_slug then ${clinics.slug} else excluded.slug end`,
  // A file without the column (or an empty cell) keeps the day an admin last checked it.
  lastVerifiedOn: sql`coalesce(excluded.last_verified_on, ${clinics.lastVerifiedOn})`,
  // The same for the category (decision 301): the team's choice stays unless the file names one.
  category: sql`coalesce(excluded.category, ${clinics.category})`,
  updatedAt: sql`now()`,
};

/**
 * Columns a re-import may change; a row whose values all match is left untouched. Every column
 * but: the id, timestamps and source key (bookkeeping, and the key is equal by the match); the
 * slug (it follows city_slug, compared); the time zone and open minutes (derived from the
 * coordinates and hours, compared, and a clinic without coordinates keeps a fallback zone the
 * file cannot have); last_verified_on and category (compared below only when the file gives one); claimed,
 * booking_url and description (the owners', kept as stored).
 */
const COMPARED = clinicColumnsExcept([
  "id",
  "createdAt",
  "updatedAt",
  "sourceKey",
  "slug",
  "timeZone",
  "openMinutes",
  "lastVerifiedOn",
  "category",
  "claimed",
  ...BOOKING_LINK_COLUMNS,
  "description",
]).map(([, column]) => column.name);

const CHANGED = sql.raw(
  `(${COMPARED.map((c) => `"clinics"."${c}"`).join(", ")}) is distinct from (${COMPARED.map((c) => `excluded."${c}"`).join(", ")})` +
    ` or (excluded."last_verified_on" is not null and excluded."last_verified_on" is distinct from "clinics"."last_verified_on")` +
    ` or (excluded."category" is not null and excluded."category" is distinct from "clinics"."category")`,
);

/**
 * Upserts export rows by their stable source key. New clinics get a slug from name + city,
 * de-duplicated within the city (-2, -3…); a row equal to the stored one changes nothing
 * (not even updated_at). Invalid rows are reported and skipped; when the same key appears
 * twice the later row wins and the earlier one is reported.
 */
export async function importClinics(target: DbOrSql, rows: readonly unknown[], options: { batchSize?: number } = {}): Promise<ImportResult> {
  const db = dbOf(target);
  const result: ImportResult = { inserted: 0, updated: 0, unchanged: 0, prices: 0, pricesPending: 0, staff: 0, errors: [] };
  const byKey = new Map<string, { row: number; values: ImportedClinic; prices: PriceValues[]; staff: StaffValues[] }>();
  rows.forEach((raw, i) => {
    const v = validateExportRow(raw);
    if (!v.ok) {
      result.errors.push({ row: i + 1, reason: v.reason });
      return;
    }
    const earlier = byKey.get(v.values.sourceKey);
    // The same clinic repeated as is, one staff member (or price) per row: the rows add up.
    if (earlier && JSON.stringify(earlier.values) === JSON.stringify(v.values)) {
      earlier.prices.push(...v.prices);
      earlier.staff.push(...v.staff);
      return;
    }
    if (earlier) result.errors.push({ row: earlier.row, reason: `same clinic as row ${i + 1}, which was used instead` });
    byKey.set(v.values.sourceKey, { row: i + 1, values: v.values, prices: v.prices, staff: v.staff });
  });
  result.errors.sort((a, b) => a.row - b.row);

  const ordered = [...byKey.values()].sort((a, b) => a.row - b.row);
  const records = ordered.map((r) => r.values);
  const pricesByKey = new Map(ordered.filter((r) => r.prices.length > 0).map((r) => [r.values.sourceKey, r.prices]));
  const staffByKey = new Map(ordered.filter((r) => r.staff.length > 0).map((r) => [r.values.sourceKey, r.staff]));
  for (const batch of chunks(records, options.batchSize ?? 500)) {
    await db.transaction(async (tx) => {
      const cities = [...new Set(batch.map((r) => r.citySlug))];
      const taken = new Set(
        (await tx.select({ c: clinics.citySlug, s: clinics.slug }).from(clinics).where(inArray(clinics.citySlug, cities))).map((r) => `${r.c}|${r.s}`),
      );
      const existing = new Map(
        (
          await tx
            .select({ key: clinics.sourceKey, c: clinics.citySlug, s: clinics.slug })
            .from(clinics)
            .where(
              inArray(
                clinics.sourceKey,
                batch.map((r) => r.sourceKey),
              ),
            )
        ).map((r) => [r.key, r]),
      );
      const values: ImportedClinic[] = batch.map((r) => {
        const stored = existing.get(r.sourceKey);
        if (stored && stored.c === r.citySlug) return { ...r, slug: stored.s };
        // r.slug is the wanted one, from name + city (the export has no slug column).
        const slug = firstFreeSlug(r.slug, (s) => taken.has(`${r.citySlug}|${s}`));
        taken.add(`${r.citySlug}|${slug}`);
        return { ...r, slug };
      });
      const written = await tx
        .insert(clinics)
        .values(values)
        .onConflictDoUpdate({ target: clinics.sourceKey, set: UPSERT_SET, setWhere: CHANGED })
        .returning({ id: clinics.id, inserted: sql<boolean>`(xmax = 0)` });
      await fillFallbackTimeZones(
        tx,
        written.map((w) => w.id),
      );
      const inserted = written.filter((w) => w.inserted).length;
      result.inserted += inserted;
      result.updated += written.length - inserted;
      result.unchanged += batch.length - written.length;
      if (written.length > 0) await tx.insert(contentChanges).values({ entity: "clinic", action: "import" });
      const priced: ImportedPrice[] = batch.flatMap((r) => (pricesByKey.get(r.sourceKey) ?? []).map((values) => ({ sourceKey: r.sourceKey, values })));
      const added = await insertImportedPrices(tx, priced);
      result.prices += added.inserted;
      result.pricesPending += added.pending;
      if (added.inserted > 0) await tx.insert(contentChanges).values({ entity: "price", action: "import" });
      const people: ImportedStaff[] = batch.flatMap((r) => (staffByKey.get(r.sourceKey) ?? []).map((values) => ({ sourceKey: r.sourceKey, values })));
      const addedStaff = await insertImportedStaff(tx, people);
      result.staff += addedStaff;
      if (addedStaff > 0) await tx.insert(contentChanges).values({ entity: "staff", action: "import" });
    });
  }
  return result;
}
