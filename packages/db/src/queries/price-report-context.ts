/**
 * The admin review queue's context of each price report: the clinic's city (names
 * repeat across cities), its current per-unit price of the report's brand, the city's median
 * and whether the report stands out. One query for the places, one for the current prices,
 * and one index per (city, brand) of the page.
 */
import { inArray, sql } from "drizzle-orm";
import {
  areaPriceOutlier,
  reportOutlier,
  type CurrentUnitPrice,
  type ListedPriceReport,
  type PriceBrand,
  type PriceIndex,
  type PriceReport,
  type PriceSource,
} from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicPrices, clinics } from "../schema/schema.ts";
import { oldestCountingDay } from "./price-filters.ts";
import { priceIndexInCity } from "./price-index.ts";

/** These clinics' current per-unit prices of `brand` (core's currentUnitPrices and migration 0022's choice, if it still counts). */
async function currentPricesOf(db: Database, clinicIds: readonly number[], brand: PriceBrand, today: string): Promise<Map<number, CurrentUnitPrice>> {
  const out = new Map<number, CurrentUnitPrice>();
  if (clinicIds.length === 0) return out;
  const rows = await db.execute<{ clinic_id: number; per_unit_cents: number; observed_on: string; checked_on: string; source: PriceSource }>(sql`
    SELECT DISTINCT ON (clinic_id) clinic_id, per_unit_cents, observed_on::text AS observed_on, checked_on::text AS checked_on, source
    FROM ${clinicPrices}
    WHERE clinic_id IN (${sql.join(
      clinicIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND brand = ${brand}
      AND status = 'published' AND model = 'per_unit' AND per_unit_cents IS NOT NULL
    ORDER BY clinic_id, date_trunc('month', checked_on) DESC, (source <> 'patient_report') DESC, checked_on DESC, id DESC`);
  const oldest = oldestCountingDay(today);
  for (const r of rows) {
    if (r.checked_on >= oldest) {
      out.set(Number(r.clinic_id), { brand, perUnitCents: Number(r.per_unit_cents), observedOn: r.observed_on, checkedOn: r.checked_on, source: r.source });
    }
  }
  return out;
}

export async function withPriceReportContext(db: Database, reports: readonly PriceReport[], today: string): Promise<ListedPriceReport[]> {
  const ids = [...new Set(reports.map((r) => r.clinicId))];
  if (ids.length === 0) return [];
  const places = new Map(
    (
      await db.select({ id: clinics.id, city: clinics.city, state: clinics.state, citySlug: clinics.citySlug }).from(clinics).where(inArray(clinics.id, ids))
    ).map((p) => [p.id, p]),
  );
  const current = new Map<PriceBrand, Awaited<ReturnType<typeof currentPricesOf>>>();
  for (const brand of new Set(reports.map((r) => r.brand))) {
    current.set(brand, await currentPricesOf(db, [...new Set(reports.filter((r) => r.brand === brand).map((r) => r.clinicId))], brand, today));
  }
  const indexes = new Map<string, PriceIndex>();
  const out: ListedPriceReport[] = [];
  for (const r of reports) {
    const place = places.get(r.clinicId);
    if (!place) {
      out.push(r);
      continue;
    }
    // The city page's own segment: slug and state, as clinics-by-city reads it.
    const segment = `${place.citySlug}-${place.state.trim().toLowerCase()}`;
    const key = `${segment}|${r.brand}`;
    let index = indexes.get(key);
    if (!index) {
      index = await priceIndexInCity(db, segment, r.brand, today);
      indexes.set(key, index);
    }
    const reportedUnitCents = r.units != null && r.units > 0 ? Math.round(r.totalCents / r.units) : null;
    const localMedianCents = index.sufficient ? index.median : null;
    out.push({
      ...r,
      context: {
        city: place.city,
        state: place.state,
        currentUnitCents: current.get(r.brand)?.get(r.clinicId)?.perUnitCents ?? null,
        localMedianCents,
        localClinics: index.clinics,
        reportedUnitCents,
        outlier:
          reportedUnitCents != null
            ? reportOutlier(r.brand, reportedUnitCents, localMedianCents)
            : areaPriceOutlier(r.brand, r.area, r.totalCents, localMedianCents),
      },
    });
  }
  return out;
}
