/**
 * Radius search fragments for `clinics` (architecture.md §4). The expression
 * `ll_to_earth(latitude, longitude)` matches the GiST index clinics_earth_idx exactly, and the
 * `earth_box` containment is what lets the planner use that index; `earth_distance` then
 * trims the box's corners to the true circle.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { clinics } from "../schema.ts";

const METERS_PER_MILE = 1609.344;

/**
 * A client-supplied coordinate (degrees) or radius (miles) rounded to 9 decimals: cube and
 * earthdistance raise a float underflow (22003) on subnormal input such as 5e-324.
 */
export const roundGeo = (value: number): number => Math.round(value * 1e9) / 1e9 + 0;

type Coordinate = AnyColumn | SQL;

/**
 * The point `ll_to_earth(latitude, longitude)` gives, as a plain cube, written out: the same
 * operations in the same order (earthdistance's `ll_to_earth`, with `earth()` = 6378168 m), so
 * the same coordinates to the bit, for the KNN order's origin. `ll_to_earth` is a SQL function
 * that PostgreSQL does not inline: run on a statement's values it is set up again on every
 * execution, with its `earth` domain's checks, which call `earth()` (another SQL function).
 * That was a noticeable part of a zip-search's time in PostgreSQL (decision 224). The indexed
 * side (`ll_to_earth` of a clinic's columns) stays as the index is written.
 */
export function earthAt(latitude: Coordinate, longitude: Coordinate): SQL {
  const radius = sql.raw("6378168::float8");
  return sql`cube(cube(cube(${radius} * cos(radians(${latitude})) * cos(radians(${longitude}))), ${radius} * cos(radians(${latitude})) * sin(radians(${longitude}))), ${radius} * sin(radians(${latitude})))`;
}

/**
 * `latCol/lonCol` within `miles` of (lat, lon). The not-null tests match the partial index's
 * predicate, so rows without coordinates never reach the distance check.
 */
export function withinRadius(latCol: Coordinate, lonCol: Coordinate, lat: number, lon: number, miles: number): SQL {
  const meters = roundGeo(miles) * METERS_PER_MILE;
  const origin = sql`ll_to_earth(${roundGeo(lat)}::float8, ${roundGeo(lon)}::float8)`;
  const point = sql`ll_to_earth(${latCol}, ${lonCol})`;
  return sql`(${latCol} is not null and ${lonCol} is not null and earth_box(${origin}, ${meters}::float8) @> ${point} and earth_distance(${origin}, ${point}) <= ${meters}::float8)`;
}

/** Great-circle distance in miles from (lat, lon) to the row's coordinates (null without them). */
export function distanceMilesSql(lat: number, lon: number, latCol: Coordinate = clinics.latitude, lonCol: Coordinate = clinics.longitude): SQL<number | null> {
  return sql<
    number | null
  >`(earth_distance(ll_to_earth(${roundGeo(lat)}::float8, ${roundGeo(lon)}::float8), ll_to_earth(${latCol}, ${lonCol})) / ${METERS_PER_MILE}::float8)`.mapWith(
    (v: string | number | null) => (v == null ? null : Number(v)),
  );
}

/** `withinRadius` on the clinics table's own columns. */
export const clinicsWithinRadius = (lat: number, lon: number, miles: number): SQL => withinRadius(clinics.latitude, clinics.longitude, lat, lon, miles);
