import { parse as parseCsv } from "csv-parse/sync";
import { inArray, sql, type SQL } from "drizzle-orm";
import {
  clinicInputSchema,
  normalizeWorkingHours,
  parseReviews,
  toClinicSlug,
  toLinkSlug,
} from "@botox/core";
import { chunks, dbOf, type DbOrSql } from "./handle.ts";
import { insertImportedPrices, priceColumnsOf, type ImportedPrice } from "./import-prices.ts";
import type { PriceValues } from "./queries/prices.ts";
import { clinics, contentChanges } from "./schema.ts";
import { deriveClinicColumns } from "./clinic-derived.ts";

export type ExportFormat = "csv" | "json";
export type ExportRow = Record<string, unknown>;

export interface ImportError {
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
  errors: ImportError[];
}

/**
 * Parses a maps-scraper export. CSV: a header line with the export's column names. JSON: an
 * array of objects (or `{ "clinics": [...] }`). Throws when the text is not that format.
 */
export function parseExport(text: string, format: ExportFormat): ExportRow[] {
  if (format === "json") {
    const data: unknown = JSON.parse(text);
    const list = Array.isArray(data) ? data : (data as { clinics?: unknown })?.clinics;
    if (!Array.isArray(list)) throw new Error("JSON export must be an array of clinics");
    return list as ExportRow[];
  }
  const records = parseCsv(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
  });
  const [header, ...body] = records;
  if (!header) return [];
  const columns = header.map((h) => h.trim().toLowerCase());
  return body.map((fields) => {
    const row: ExportRow = Object.fromEntries(columns.map((c, i) => [c, fields[i] ?? ""]));
    // A misaligned line (an unquoted comma, say) is reported rather than imported shifted.
    if (fields.length !== columns.length) {
      Object.defineProperty(row, ROW_PROBLEM, { value: `expected ${columns.length} fields, found ${fields.length}` });
    }
    return row;
  });
}

const ROW_PROBLEM = Symbol("row problem");

/** Export column → clinic field; camelCase keys (our own API's shape) are accepted too. */
const FIELDS = {
  name: ["name"],
  site: ["site", "url", "website"],
  phone: ["phone"],
  fullAddress: ["full_address", "fullAddress"],
  street: ["street"],
  city: ["city"],
  postalCode: ["postal_code", "postalCode"],
  state: ["state"],
  latitude: ["latitude"],
  longitude: ["longitude"],
  reviews: ["reviews"],
  photo: ["photo"],
  streetView: ["street_view", "streetView"],
  workingHours: ["working_hours", "workingHours"],
  businessStatus: ["business_status", "businessStatus"],
  locationLink: ["location_link", "locationLink"],
} as const;

type ClinicValues = typeof clinics.$inferInsert;

function mapRow(row: ExportRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, keys] of Object.entries(FIELDS)) {
    for (const key of keys) if (row[key] !== undefined) out[field] = row[key];
  }
  // A JSON export may carry a ZIP as a number, losing leading zeros (02134 → 2134).
  if (typeof out.postalCode === "number") out.postalCode = String(out.postalCode).padStart(5, "0");
  return out;
}

const squash = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** Location link when present, else lower(name)|lower(full address, or street, city, state). */
export function sourceKeyOf(c: {
  name: string;
  fullAddress: string | null;
  street: string | null;
  city: string;
  state: string;
  locationLink: string | null;
}): string {
  if (c.locationLink) return c.locationLink.trim();
  const address = c.fullAddress ?? [c.street, c.city, c.state].filter(Boolean).join(", ");
  return `${squash(c.name)}|${squash(address)}`;
}

type Validated =
  | { ok: true; values: Omit<ClinicValues, "slug"> & { sourceKey: string }; prices: PriceValues[] }
  | { ok: false; reason: string };

/** Maps and validates one export row with the clinic form's rules (packages/core). */
export function validateExportRow(row: unknown): Validated {
  if (!row || typeof row !== "object" || Array.isArray(row)) return { ok: false, reason: "not an object" };
  const problem = (row as { [ROW_PROBLEM]?: string })[ROW_PROBLEM];
  if (problem) return { ok: false, reason: problem };
  const parsed = clinicInputSchema.safeParse(mapRow(row as ExportRow));
  if (!parsed.success) {
    return { ok: false, reason: parsed.error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`).join("; ") };
  }
  const c = parsed.data;
  const prices = priceColumnsOf(row as ExportRow);
  if (!prices.ok) return { ok: false, reason: prices.reason };
  if ((c.latitude == null) !== (c.longitude == null)) {
    return { ok: false, reason: "latitude and longitude must be given together" };
  }
  const { rating, reviewCount } = parseReviews(c.reviews);
  const values = {
    name: c.name,
    site: c.site,
    phone: c.phone,
    fullAddress: c.fullAddress,
    street: c.street,
    city: c.city,
    citySlug: toLinkSlug(c.city),
    state: c.state,
    postalCode: c.postalCode,
    country: c.country,
    latitude: c.latitude,
    longitude: c.longitude,
    rating,
    reviewCount,
    photo: c.photo,
    streetView: c.streetView,
    workingHours: normalizeWorkingHours(c.workingHours),
    businessStatus: c.businessStatus,
    locationLink: c.locationLink,
  };
  if (!values.citySlug) return { ok: false, reason: "city: City is required" };
  return { ok: true, values: { ...values, ...deriveClinicColumns(values), sourceKey: sourceKeyOf(values) }, prices: prices.prices };
}

/** Columns a re-import may change; a row whose values all match is left untouched. */
const COMPARED = [
  "name", "site", "phone", "full_address", "street", "city", "city_slug", "state", "postal_code", "country",
  "latitude", "longitude", "rating", "review_count", "photo", "street_view", "working_hours",
  "business_status", "location_link",
] as const;

const excluded = (column: string): SQL => sql.raw(`excluded."${column}"`);

const UPSERT_SET: Record<string, SQL> = {
  name: excluded("name"),
  site: excluded("site"),
  phone: excluded("phone"),
  fullAddress: excluded("full_address"),
  street: excluded("street"),
  city: excluded("city"),
  citySlug: excluded("city_slug"),
  // The slug (the public URL) stays unless the clinic moved to another city.
  slug: sql`case when ${clinics.citySlug} = excluded.city_slug then ${clinics.slug} else excluded.slug end`,
  state: excluded("state"),
  postalCode: excluded("postal_code"),
  country: excluded("country"),
  latitude: excluded("latitude"),
  longitude: excluded("longitude"),
  rating: excluded("rating"),
  reviewCount: excluded("review_count"),
  photo: excluded("photo"),
  streetView: excluded("street_view"),
  workingHours: excluded("working_hours"),
  businessStatus: excluded("business_status"),
  locationLink: excluded("location_link"),
  timeZone: excluded("time_zone"),
  openMinutes: excluded("open_minutes"),
  updatedAt: sql`now()`,
};

const CHANGED = sql.raw(
  `(${COMPARED.map((c) => `"clinics"."${c}"`).join(", ")}) is distinct from (${COMPARED.map((c) => `excluded."${c}"`).join(", ")})`,
);

/**
 * Upserts export rows by their stable source key. New clinics get a slug from name + city,
 * de-duplicated within the city (-2, -3…); a row equal to the stored one changes nothing
 * (not even updated_at). Invalid rows are reported and skipped; when the same key appears
 * twice the later row wins and the earlier one is reported.
 */
export async function importClinics(
  target: DbOrSql,
  rows: readonly unknown[],
  options: { batchSize?: number } = {},
): Promise<ImportResult> {
  const db = dbOf(target);
  const result: ImportResult = { inserted: 0, updated: 0, unchanged: 0, prices: 0, pricesPending: 0, errors: [] };
  const byKey = new Map<string, { row: number; values: Omit<ClinicValues, "slug"> & { sourceKey: string }; prices: PriceValues[] }>();
  rows.forEach((raw, i) => {
    const v = validateExportRow(raw);
    if (!v.ok) {
      result.errors.push({ row: i + 1, reason: v.reason });
      return;
    }
    const earlier = byKey.get(v.values.sourceKey);
    if (earlier) result.errors.push({ row: earlier.row, reason: `same clinic as row ${i + 1}, which was used instead` });
    byKey.set(v.values.sourceKey, { row: i + 1, values: v.values, prices: v.prices });
  });
  result.errors.sort((a, b) => a.row - b.row);

  const ordered = [...byKey.values()].sort((a, b) => a.row - b.row);
  const records = ordered.map((r) => r.values);
  const pricesByKey = new Map(ordered.filter((r) => r.prices.length > 0).map((r) => [r.values.sourceKey, r.prices]));
  for (const batch of chunks(records, options.batchSize ?? 500)) {
    await db.transaction(async (tx) => {
      const cities = [...new Set(batch.map((r) => r.citySlug))];
      const taken = new Set(
        (await tx.select({ c: clinics.citySlug, s: clinics.slug }).from(clinics).where(inArray(clinics.citySlug, cities)))
          .map((r) => `${r.c}|${r.s}`),
      );
      const existing = new Map(
        (
          await tx
            .select({ key: clinics.sourceKey, c: clinics.citySlug, s: clinics.slug })
            .from(clinics)
            .where(inArray(clinics.sourceKey, batch.map((r) => r.sourceKey)))
        ).map((r) => [r.key, r]),
      );
      const values: ClinicValues[] = batch.map((r) => {
        const stored = existing.get(r.sourceKey);
        if (stored && stored.c === r.citySlug) return { ...r, slug: stored.s };
        const base = toClinicSlug(r.name, r.city) || "clinic";
        let slug = base;
        for (let n = 2; taken.has(`${r.citySlug}|${slug}`); n++) slug = `${base}-${n}`;
        taken.add(`${r.citySlug}|${slug}`);
        return { ...r, slug };
      });
      const written = await tx
        .insert(clinics)
        .values(values)
        .onConflictDoUpdate({ target: clinics.sourceKey, set: UPSERT_SET, setWhere: CHANGED })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
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
    });
  }
  return result;
}
