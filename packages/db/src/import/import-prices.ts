/**
 * Optional price columns of a maps-scraper export. A row may carry a per-unit
 * price, an area price, or both, of one brand, observed on one date:
 *
 *   price_brand            botox (default), dysport, xeomin, jeuveau, daxxify, letybo, other
 *   price_per_unit         dollars per unit ("13", "$12.50")
 *   price_area             forehead, frown_lines, crows_feet, masseter, full_face, lip_flip, other
 *   price_area_price       dollars for that area
 *   price_units            units the area price includes, when known
 *   price_observed_on      YYYY-MM-DD, required with any price, not in the future
 *   price_source           clinic, phone or website (default website); demo and patient_report are not imported
 *   price_evidence_url     where the price was seen
 *   price_new_patients_only  true/false, yes/no, 1/0
 *   price_conditions       free text (at most 500 characters)
 *
 * camelCase names (pricePerUnit…) are accepted too. Values are checked with the admin's
 * price rules (packages/core priceInputSchema); a bad price makes the row a bad row. A price
 * outside its brand's bounds is stored pending (held for review); a price already stored for
 * the clinic (same brand, model, area, amounts, date and source) is not added again.
 */
import { sql } from "drizzle-orm";
import { PRICE_MSG, isIsoDate, isoDay, priceInputSchema } from "@botox/core";
import type { DbExecutor } from "../queries/content-changes.ts";
import { priceRow, type PriceValues } from "../queries/clinic-prices.ts";
import { clinicPrices, clinics } from "../schema/schema.ts";

const COLUMNS = {
  brand: ["price_brand", "priceBrand"],
  perUnit: ["price_per_unit", "pricePerUnit"],
  area: ["price_area", "priceArea"],
  areaPrice: ["price_area_price", "priceAreaPrice"],
  units: ["price_units", "priceUnits"],
  observedOn: ["price_observed_on", "priceObservedOn"],
  source: ["price_source", "priceSource"],
  evidenceUrl: ["price_evidence_url", "priceEvidenceUrl"],
  newPatientsOnly: ["price_new_patients_only", "priceNewPatientsOnly"],
  conditions: ["price_conditions", "priceConditions"],
} as const;

type Column = keyof typeof COLUMNS;
const IMPORTED_SOURCES = new Set(["clinic", "phone", "website"]);

function read(row: Record<string, unknown>): Partial<Record<Column, string>> {
  const out: Partial<Record<Column, string>> = {};
  for (const [field, keys] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    for (const key of keys) {
      const v = row[key];
      if (v == null) continue;
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any JSON cell is read as its String() form (an object gives "[object Object]", then fails validation)
      const text = String(v).trim();
      if (text !== "") out[field] = text;
    }
  }
  return out;
}

/** "$1,234.50" / "13" → cents; undefined when it is not an amount of dollars. */
function dollarsToCents(text: string): number | undefined {
  const s = text.replace(/^\$/, "").replace(/,/g, "").trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return undefined;
  return Math.round(Number(s) * 100);
}

const YES = new Set(["true", "yes", "y", "1"]);
const NO = new Set(["false", "no", "n", "0"]);

/** The prices a row's price columns describe (none when it has none), or why they are wrong. */
export function priceColumnsOf(row: Record<string, unknown>, today = isoDay(new Date())): { ok: true; prices: PriceValues[] } | { ok: false; reason: string } {
  const c = read(row);
  if (c.perUnit === undefined && c.areaPrice === undefined) {
    const stray = (Object.keys(c) as Column[]).map((k) => COLUMNS[k][0]);
    return stray.length
      ? { ok: false, reason: `price columns without a price (price_per_unit or price_area_price): ${stray.join(", ")}` }
      : { ok: true, prices: [] };
  }
  if (c.observedOn === undefined || !isIsoDate(c.observedOn)) return { ok: false, reason: `price_observed_on: ${PRICE_MSG.date}` };
  if (c.observedOn > today) return { ok: false, reason: "price_observed_on: a price cannot be observed in the future" };
  const source = (c.source ?? "website").toLowerCase();
  if (!IMPORTED_SOURCES.has(source)) return { ok: false, reason: "price_source: must be clinic, phone or website" };
  let newPatientsOnly = false;
  if (c.newPatientsOnly !== undefined) {
    const v = c.newPatientsOnly.toLowerCase();
    if (!YES.has(v) && !NO.has(v)) return { ok: false, reason: "price_new_patients_only: must be true or false" };
    newPatientsOnly = YES.has(v);
  }
  const common = {
    brand: (c.brand ?? "botox").toLowerCase(),
    source,
    observedOn: c.observedOn,
    evidenceUrl: c.evidenceUrl ?? null,
    conditions: c.conditions ?? null,
    newPatientsOnly,
  };
  const candidates: [string, Record<string, unknown>][] = [];
  if (c.perUnit !== undefined) {
    const cents = dollarsToCents(c.perUnit);
    if (cents === undefined) return { ok: false, reason: "price_per_unit: must be an amount in dollars such as 13 or 12.50" };
    candidates.push(["price_per_unit", { ...common, model: "per_unit", unitPriceCents: cents }]);
  }
  if (c.areaPrice !== undefined) {
    const cents = dollarsToCents(c.areaPrice);
    if (cents === undefined) return { ok: false, reason: "price_area_price: must be an amount in dollars such as 300" };
    candidates.push(["price_area_price", { ...common, model: "per_area", area: c.area?.toLowerCase() ?? null, priceCents: cents, units: c.units ?? null }]);
  }
  const prices: PriceValues[] = [];
  for (const [label, candidate] of candidates) {
    const parsed = priceInputSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === "area" ? "price_area" : issue?.path[0] === "units" ? "price_units" : label;
      return { ok: false, reason: `${field}: ${issue?.message ?? "invalid price"}` };
    }
    prices.push(parsed.data);
  }
  return { ok: true, prices };
}

export interface ImportedPrice {
  sourceKey: string;
  values: PriceValues;
}

/** Adds the prices to their clinics (by source key), skipping ones already stored. */
export async function insertImportedPrices(tx: DbExecutor, prices: readonly ImportedPrice[]): Promise<{ inserted: number; pending: number }> {
  let inserted = 0;
  let pending = 0;
  for (const p of prices) {
    const row = priceRow(0, p.values);
    const added = await tx.execute<{ status: string }>(sql`
      INSERT INTO ${clinicPrices} (clinic_id, brand, model, unit_price_cents, area, price_cents, units, per_unit_cents, conditions,
                                   new_patients_only, source, evidence_url, observed_on, status)
      SELECT c.id, ${row.brand}::price_brand, ${row.model}::price_model, ${row.unitPriceCents ?? null}::int, ${row.area ?? null}::price_area,
             ${row.priceCents ?? null}::int, ${row.units ?? null}::int, ${row.perUnitCents ?? null}::int, ${row.conditions ?? null}::text,
             ${row.newPatientsOnly ?? false}::boolean, ${row.source}::price_source, ${row.evidenceUrl ?? null}::text, ${row.observedOn}::date,
             ${row.status ?? "published"}::price_status
      FROM ${clinics} c
      WHERE c.source_key = ${p.sourceKey}
        AND NOT EXISTS (
          SELECT 1 FROM ${clinicPrices} e
          WHERE e.clinic_id = c.id AND e.brand = ${row.brand}::price_brand AND e.model = ${row.model}::price_model
            AND e.area IS NOT DISTINCT FROM ${row.area ?? null}::price_area
            AND e.unit_price_cents IS NOT DISTINCT FROM ${row.unitPriceCents ?? null}::int AND e.price_cents IS NOT DISTINCT FROM ${row.priceCents ?? null}::int
            AND e.units IS NOT DISTINCT FROM ${row.units ?? null}::int AND e.observed_on = ${row.observedOn}::date AND e.source = ${row.source}::price_source)
      RETURNING status`);
    for (const r of added) {
      inserted++;
      if (r.status === "pending") pending++;
    }
  }
  return { inserted, pending };
}
