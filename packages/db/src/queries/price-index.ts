/**
 * The price index of an area: each clinic's current per-unit price of a brand, read in
 * one query for the whole area, then summarised by computePriceIndex (packages/core).
 *
 * The current prices are read from clinic_current_prices (migration 0007: each clinic's newest
 * published per-unit price per brand, kept by a trigger on clinic_prices), the rule the listings
 * use, instead of a newest-first probe of clinic_prices per clinic (decision 212), and
 * by their own copy of the clinic's place (migration 0018, decision 215). Each area's statement
 * is a fixed text, its values bound.
 */
import { sql, type SQL } from "drizzle-orm";
import { priceIndexOfValues, type LatLon, type PriceBrand, type PriceIndex } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicCurrentPrices } from "../schema/schema.ts";
import { cityCondition, parseCitySlug } from "./cities.ts";
import { clinicsWithinMiles, priceCity, pricePlace, withinMilesOfZipOrigin, zipOriginCte } from "./listing-geometry.ts";
import { roundGeo } from "./geo.ts";
import { fixedStatement, preparedRows } from "./listings.ts";
import { keptPriceCounts, oldestCountingDay } from "./price-filters.ts";

/** An area's current per-unit prices as one row: the values (null when none) and the newest check. */
interface CurrentUnitRow {
  values: number[] | null;
  newest: string | null;
}

/**
 * The current per-unit prices of `brand`, counted since `oldest`, in the area `where` holds (on
 * the kept prices' own place columns), aggregated into one row (a city has up to thousands: one
 * array, not a row each). Read from clinic_current_prices alone, through its point or city
 * index (decision 215): only the priced clinics of the area are read, where a probe per clinic
 * of the area read every clinic there (1,300 within 25 miles of a dense ZIP, some 30 % priced).
 */
const currentUnitPrices = (where: SQL, brand: unknown, oldest: unknown) =>
  sql`SELECT array_agg(${clinicCurrentPrices.perUnitCents}) AS "values", max(${clinicCurrentPrices.checkedOn})::text AS "newest"
    FROM ${clinicCurrentPrices}
    WHERE ${keptPriceCounts(brand, oldest)} AND ${where}`;

const indexStatements = {
  inCity: fixedStatement(["brand", "oldest", "slug"], (v) => currentUnitPrices(cityCondition({ slug: v.slug }, priceCity), v.brand, v.oldest)),
  inStateCity: fixedStatement(["brand", "oldest", "slug", "withoutState", "state"], (v) =>
    currentUnitPrices(cityCondition({ slug: v.slug, withoutState: v.withoutState, state: v.state }, priceCity), v.brand, v.oldest),
  ),
  // The ZIP's centroid read in the same statement, as zip-search does: an unknown ZIP has no clinics.
  nearZip: fixedStatement(
    ["zip", "miles", "brand", "oldest"],
    (v) => sql`WITH ${zipOriginCte(v.zip)} ${currentUnitPrices(withinMilesOfZipOrigin(v.miles, pricePlace), v.brand, v.oldest)}`,
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
  return indexOf(
    brand,
    await preparedRows<CurrentUnitRow>(db, currentUnitPrices(clinicsWithinMiles(origin, miles, pricePlace), brand, oldestCountingDay(today))),
  );
}
