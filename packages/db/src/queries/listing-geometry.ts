/**
 * The geometry of the listing queries: points in SQL, great-circle miles, and the radius test
 * every search near a place uses (zip-search.ts, nearby.ts, city-search.ts, price-index.ts,
 * deals.ts, zip-search-by-price.ts). A radius test prefilters with the circle's
 * latitude/longitude box on the GiST index clinics_point_idx (point(longitude, latitude) where
 * both are set, migration 0017), then keeps the exact great-circle distance; distances are miles
 * on a 3959-mile earth (product.md §9). The exact distance is the haversine formula on the plain
 * columns, several times cheaper than ll_to_earth per row (decision 057); ll_to_earth is used
 * only where the index answers it (the KNN order, its origin written out by geo.ts `earthAt`,
 * decision 224).
 *
 * Keeps nothing: SQL fragments only. Proved unchanged by listing-sql.test.ts (the statements of
 * every listing request, listing-sql.snapshot.sql) and geo.test.ts (the radius test's answers).
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { EARTH_RADIUS_MILES, type LatLon } from "@botox/core";
import { clinicCurrentPrices, clinicStaff, clinics, zipCodes } from "../schema/schema.ts";
import type { CityColumns } from "./cities.ts";
import { earthAt, roundGeo } from "./geo.ts";

/** A point in SQL: given values, or read in the same statement (a ZIP centroid). */
export interface SqlPoint {
  latitude: SQL;
  longitude: SQL;
  /** cos(latitude), for the haversine. */
  cosLatitude: SQL;
  /** ll_to_earth(latitude, longitude). */
  earth: SQL;
}

function valuePoint(p: LatLon): SqlPoint {
  const lat = roundGeo(p.latitude);
  const lon = roundGeo(p.longitude);
  return {
    latitude: sql`${lat}::float8`,
    longitude: sql`${lon}::float8`,
    cosLatitude: sql`${Math.cos((lat * Math.PI) / 180)}::float8`,
    earth: earthAt(sql`${lat}::float8`, sql`${lon}::float8`),
  };
}

/** The ZIP centroid of a statement's `origin` CTE (see `zipOriginCte`); each a one-time subquery. */
export const zipPoint: SqlPoint = {
  latitude: sql`(SELECT latitude FROM origin)`,
  longitude: sql`(SELECT longitude FROM origin)`,
  cosLatitude: sql`(SELECT cos_latitude FROM origin)`,
  earth: sql`(SELECT earth FROM origin)`,
};

/** `WITH origin AS (…)`: the ZIP's centroid, city and state (no row for an unknown ZIP). */
export const zipOriginCte = (zip: unknown) =>
  sql`origin AS (SELECT latitude, longitude, city, state, ${earthAt(sql`latitude`, sql`longitude`)} AS earth, cos(radians(latitude)) AS cos_latitude FROM ${zipCodes} WHERE zip = ${zip})`;

/** The expression clinics_earth_idx is built on: the clinics' side of the KNN order (`<->`). */
export const clinicEarth = sql`ll_to_earth(${clinics.latitude}, ${clinics.longitude})`;
/**
 * Where a radius test reads a place: a clinic's columns, or those a kept current price carries
 * (migration 0018: clinic_current_prices has its clinic's place and its own point index).
 */
export interface PlaceColumns {
  latitude: AnyColumn;
  longitude: AnyColumn;
}

export const clinicPlace: PlaceColumns = { latitude: clinics.latitude, longitude: clinics.longitude };
/** The kept current prices' own copy of their clinic's place and city (migration 0018, decision 215). */
export const pricePlace: PlaceColumns = { latitude: clinicCurrentPrices.latitude, longitude: clinicCurrentPrices.longitude };
export const priceCity: CityColumns = { citySlug: clinicCurrentPrices.citySlug, state: clinicCurrentPrices.state };
/** The staff rows' own copy of their clinic's place and city (migration 0019, decision 217). */
export const staffPlace: PlaceColumns = { latitude: clinicStaff.latitude, longitude: clinicStaff.longitude };
export const staffCity: CityColumns = { citySlug: clinicStaff.citySlug, state: clinicStaff.state };
/** Repeats the partial indexes' predicate so the planner may use them (clinics_earth_idx, the point indexes). */
export const hasPlace = (at: PlaceColumns) => sql`${at.latitude} IS NOT NULL AND ${at.longitude} IS NOT NULL`;
export const hasCoordinates = hasPlace(clinicPlace);
/** The expression the point indexes are built on (migrations 0017, 0018): x the longitude, y the latitude. */
const pointOf = (at: PlaceColumns) => sql`point(${at.longitude}, ${at.latitude})`;
/** The earth's radius in the text (a constant: a fixed statement binds only the request's values). */
const earthRadius = sql.raw(String(EARTH_RADIUS_MILES));
const earthDiameter = sql.raw(String(2 * EARTH_RADIUS_MILES));

/** Great-circle miles from `p` to the clinic (or `at`): haversine, radius 3959 (least() guards asin against rounding past 1). */
export function milesFrom(p: SqlPoint, at: PlaceColumns = clinicPlace): SQL<number> {
  return sql<number>`(${earthDiameter}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${at.latitude} - ${p.latitude}) / 2), 2)
    + ${p.cosLatitude} * cos(radians(${at.latitude})) * power(sin(radians(${at.longitude} - ${p.longitude}) / 2), 2)))))`;
}

/**
 * The latitude/longitude box (x longitude, y latitude, degrees) holding every point within
 * `miles` of `p` on the haversine's sphere: ±miles/R radians of latitude and
 * ±asin(sin(miles/R) / cos(latitude)) of longitude, the widest a spherical cap reaches. Every
 * longitude when the circle reaches a pole or crosses the antimeridian: a larger box is still
 * right, the exact distance decides. Padded by 1e-9° (0.1 mm) so rounding never drops a clinic
 * the haversine keeps.
 *
 * Why not earth_box (decision 214): its cube is aligned with the earth's axes, not with the
 * ground, so on the sphere it holds about 7 times the circle's clinics at US latitudes (5,551
 * read for 637 counted within 25 miles of a Baltimore ZIP); this box holds 4/π of it.
 */
function boxAround(p: SqlPoint, miles: unknown): SQL {
  const angle = sql`(${miles}::float8 / ${earthRadius}::float8)`;
  const dLatitude = sql`(degrees(${angle}) + 1e-9)`;
  const dLongitude = sql`(CASE WHEN ${angle} < radians(90 - abs(${p.latitude})) THEN degrees(asin(sin(${angle}) / ${p.cosLatitude})) + 1e-9 ELSE 360 END)`;
  const everyLongitude = sql`(abs(${p.longitude}) + ${dLongitude} > 180)`;
  const west = sql`(CASE WHEN ${everyLongitude} THEN -180 ELSE ${p.longitude} - ${dLongitude} END)`;
  const east = sql`(CASE WHEN ${everyLongitude} THEN 180 ELSE ${p.longitude} + ${dLongitude} END)`;
  return sql`box(point(${west}, ${p.latitude} - ${dLatitude}), point(${east}, ${p.latitude} + ${dLatitude}))`;
}

/**
 * A latitude/longitude box inside the circle of `miles` around `p`: every point in it is within
 * `miles` by `milesFrom`'s own formula, so a radius test keeps it without the haversine
 * (decision 218: in the bench's dense areas nearly every clinic of the outer box is in this one,
 * and the haversine was most of a radius count's time). Null when the margin leaves none.
 *
 * Why it is inside: `milesFrom` keeps a point when H = hav(Δlat) + cos(lat0)·cos(lat)·hav(Δlon) is
 * at most hav(θ), θ = miles/R (hav(x) = sin²(x/2); for θ > π every point is kept). In the box,
 * |Δlat| ≤ 0.7θ and |Δlon| ≤ b ≤ 180°, where hav is increasing, and cos(lat) ≤ 1, so H ≤ hav(0.7θ)
 * + cos(lat0)·hav(b), and b is chosen so that this is hav(θ) less a margin (a billionth of it, and
 * 1e-15 for the formula's own rounding). A point outside the box is decided by the haversine, as
 * is every point when there is no box, so a box that misses points (the antimeridian) is still right.
 * One scalar subquery: PostgreSQL computes it once per statement, not per row.
 */
function boxInside(p: SqlPoint, miles: unknown): SQL {
  const angle = sql`(${miles}::float8 / ${earthRadius}::float8)`;
  const dLatitude = sql`(0.7 * ${angle})`;
  const hav = (x: SQL) => sql`power(sin(${x} / 2), 2)`;
  const q = sql`((${hav(angle)} * (1 - 1e-9) - 1e-15 - ${hav(dLatitude)}) / greatest(${p.cosLatitude}, 1e-300))`;
  const dLongitude = sql`(CASE WHEN ${q} >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(${q}))) END)`;
  return sql`(SELECT CASE WHEN ${q} > 0 THEN box(point(${p.longitude} - ${dLongitude}, ${p.latitude} - degrees(${dLatitude})), point(${p.longitude} + ${dLongitude}, ${p.latitude} + degrees(${dLatitude}))) END)`;
}

/**
 * Clinics (or places `at`) within `miles` (rounded by `roundGeo`, or a fixed statement's name) of
 * `p`: index prefilter (`boxAround`), then kept at once inside `boxInside`, else by the exact distance.
 */
function withinMilesOf(p: SqlPoint, miles: unknown, at: PlaceColumns = clinicPlace): SQL {
  return sql`(${hasPlace(at)} AND ${pointOf(at)} <@ ${boxAround(p, miles)} AND (${pointOf(at)} <@ ${boxInside(p, miles)} OR ${milesFrom(p, at)} <= ${miles}::float8))`;
}

/** Great-circle miles from `origin` to the clinic: haversine, radius 3959 (least() guards asin against rounding past 1). */
export function clinicMilesFrom(origin: LatLon): SQL<number> {
  return milesFrom(valuePoint(origin));
}

/** Clinics (or places `at`) within `miles` of `origin`: index prefilter (`boxAround`), then the exact distance. */
export function clinicsWithinMiles(origin: LatLon, miles: number, at?: PlaceColumns): SQL {
  return withinMilesOf(valuePoint(origin), roundGeo(miles), at);
}

/** `clinicMilesFrom` and `clinicsWithinMiles` from the centroid of a statement's `origin` CTE. */
export const zipOriginMiles = (at?: PlaceColumns) => milesFrom(zipPoint, at);
/** `miles`: rounded by `roundGeo`, or a fixed statement's name. */
export const withinMilesOfZipOrigin = (miles: unknown, at?: PlaceColumns) => withinMilesOf(zipPoint, miles, at);
export const zipOriginEarth = zipPoint.earth;
