/**
 * The admin review queue's context of each price report (issue 25): the clinic's city (names
 * repeat across cities), its current per-unit price of the report's brand, the city's median
 * and whether the report stands out. One query for the places, one for the current prices,
 * and one index per (city, brand) of the page.
 */
import { inArray } from "drizzle-orm";
import { reportOutlier, type ListedPriceReport, type PriceBrand, type PriceIndex, type PriceReport } from "@botox/core";
import type { Database } from "../client.ts";
import { clinics } from "../schema.ts";
import { currentPricesOf, priceIndexInCity } from "./prices.ts";

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
        outlier: reportOutlier(r.brand, reportedUnitCents, localMedianCents),
      },
    });
  }
  return out;
}
