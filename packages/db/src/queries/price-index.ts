/**
 * The price index of an area (issue 13): each clinic's current per-unit price of a brand, read in
 * one query for the whole area, then summarised by computePriceIndex (packages/core).
 */
import { sql, type SQL } from "drizzle-orm";
import { computePriceIndex, type LatLon, type PriceBrand, type PriceIndex } from "@botox/core";
import type { Database } from "../client.ts";
import { clinicPrices, clinics } from "../schema.ts";
import { cityCondition, parseCitySlug } from "./cities.ts";
import { clinicsWithinMiles } from "./clinic-search.ts";
import { clinicIdQualified, oldestCountingDay } from "./price-filters.ts";

async function indexOver(db: Database, where: SQL, brand: PriceBrand, today: string): Promise<PriceIndex> {
  const rows = await db.execute<{ per_unit_cents: number; observed_on: string; checked_on: string }>(sql`
    SELECT cur.per_unit_cents, cur.observed_on::text AS observed_on, cur.checked_on::text AS checked_on
    FROM ${clinics}
    CROSS JOIN LATERAL (
      SELECT cp.per_unit_cents, cp.observed_on, cp.checked_on FROM ${clinicPrices} cp
      WHERE cp.clinic_id = ${clinicIdQualified} AND cp.brand = ${brand} AND cp.status = 'published' AND cp.per_unit_cents IS NOT NULL
      ORDER BY cp.checked_on DESC, cp.id DESC LIMIT 1
    ) cur
    WHERE ${where} AND cur.checked_on >= ${oldestCountingDay(today)}::date`);
  return computePriceIndex(
    brand,
    rows.map((r) => ({ perUnitCents: Number(r.per_unit_cents), observedOn: r.observed_on, checkedOn: r.checked_on })),
  );
}

/** The price index of a city's clinics (the city route segment, as in clinics-by-city). */
export function priceIndexInCity(db: Database, city: string, brand: PriceBrand, today: string): Promise<PriceIndex> {
  return indexOver(db, cityCondition(parseCitySlug(city)), brand, today);
}

/** The price index of the clinics within `miles` of `origin` (a ZIP centroid). */
export function priceIndexNear(db: Database, origin: LatLon, miles: number, brand: PriceBrand, today: string): Promise<PriceIndex> {
  return indexOver(db, clinicsWithinMiles(origin, miles), brand, today);
}
