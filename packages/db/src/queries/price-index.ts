/**
 * The price index of an area (issue 13): each clinic's current per-unit price of a brand, read in
 * one query for the whole area, then summarised by computePriceIndex (packages/core).
 *
 * The current prices are read from clinic_current_prices (migration 0007: each clinic's newest
 * published per-unit price per brand, kept by a trigger on clinic_prices), the rule the listings
 * use, through its covering index, instead of a newest-first probe of clinic_prices per clinic
 * (issue 26, decision 212: the same rows, a third of the work). Each area's statement is a fixed
 * text, its values bound.
 */
import { sql, type SQL } from "drizzle-orm";
import { priceIndexOfValues, type LatLon, type PriceBrand, type PriceIndex } from "@botox/core";
import type { Database } from "../client.ts";
import { clinicCurrentPrices, clinics } from "../schema.ts";
import { cityCondition, parseCitySlug } from "./cities.ts";
import { clinicsWithinMiles, withinMilesOfZipOrigin, zipOriginCte } from "./clinic-search.ts";
import { roundGeo } from "./geo.ts";
import { fixedStatement, preparedRows } from "./listings.ts";
import { oldestCountingDay } from "./price-filters.ts";

/** An area's current per-unit prices as one row: the values (null when none) and the newest check. */
interface CurrentUnitRow {
  values: number[] | null;
  newest: string | null;
}

/**
 * The current per-unit prices of `brand`, counted since `oldest`, of the clinics `where` holds,
 * aggregated into one row (a city has up to thousands: one array, not a row each). Each clinic's
 * price is one probe of the kept table's covering index (a LATERAL with LIMIT 1, which the
 * planner cannot turn into a hash join over every kept price: 1.8 ms instead of 7 ms for a city
 * of 300 clinics at 100,000, the same 14 ms for the largest, of 4,362).
 */
const currentUnitPrices = (where: SQL, brand: unknown, oldest: unknown) =>
  sql`SELECT array_agg(cur.per_unit_cents) AS "values", max(cur.checked_on)::text AS "newest"
    FROM ${clinics} CROSS JOIN LATERAL (
      SELECT c.per_unit_cents, c.checked_on FROM ${clinicCurrentPrices} c
      WHERE c.clinic_id = ${clinics.id} AND c.brand = ${brand} AND c.checked_on >= ${oldest}::date LIMIT 1) cur
    WHERE ${where}`;

const indexStatements = {
  inCity: fixedStatement(["brand", "oldest", "slug"], (v) => currentUnitPrices(cityCondition({ slug: v.slug }), v.brand, v.oldest)),
  inStateCity: fixedStatement(["brand", "oldest", "slug", "withoutState", "state"], (v) =>
    currentUnitPrices(cityCondition({ slug: v.slug, withoutState: v.withoutState, state: v.state }), v.brand, v.oldest),
  ),
  // The ZIP's centroid read in the same statement, as zip-search does: an unknown ZIP has no clinics.
  nearZip: fixedStatement(
    ["zip", "miles", "brand", "oldest"],
    (v) => sql`WITH ${zipOriginCte(v.zip)} ${currentUnitPrices(withinMilesOfZipOrigin(v.miles), v.brand, v.oldest)}`,
  ),
};

function indexOf(brand: PriceBrand, [row]: readonly CurrentUnitRow[]): PriceIndex {
  return priceIndexOfValues(brand, (row?.values ?? []).map(Number), row?.newest ?? null);
}

/** The price index of a city's clinics (the city route segment, as in clinics-by-city). */
export async function priceIndexInCity(db: Database, city: string, brand: PriceBrand, today: string): Promise<PriceIndex> {
  const key = parseCitySlug(city);
  const oldest = oldestCountingDay(today);
  const rows =
    key.withoutState && key.state
      ? await indexStatements.inStateCity<CurrentUnitRow>(db, { brand, oldest, slug: key.slug, withoutState: key.withoutState, state: key.state })
      : await indexStatements.inCity<CurrentUnitRow>(db, { brand, oldest, slug: key.slug });
  return indexOf(brand, rows);
}

/** The price index of the clinics within `miles` of a ZIP's centroid; an unknown ZIP's has no clinics. One statement. */
export async function priceIndexNearZip(db: Database, zip: string, miles: number, brand: PriceBrand, today: string): Promise<PriceIndex> {
  const rows = await indexStatements.nearZip<CurrentUnitRow>(db, { zip, miles: roundGeo(miles), brand, oldest: oldestCountingDay(today) });
  return indexOf(brand, rows);
}

/** The price index of the clinics within `miles` of `origin` (a ZIP centroid already read). */
export async function priceIndexNear(db: Database, origin: LatLon, miles: number, brand: PriceBrand, today: string): Promise<PriceIndex> {
  return indexOf(brand, await preparedRows<CurrentUnitRow>(db, currentUnitPrices(clinicsWithinMiles(origin, miles), brand, oldestCountingDay(today))));
}
