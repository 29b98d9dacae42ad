/**
 * Geographic fragments the radius searches share (architecture.md §4): client-supplied values
 * rounded for cube and earthdistance, and the point `ll_to_earth` gives, for the nearest-first
 * order on the GiST index clinics_earth_idx. The radius test itself is listing-geometry.ts's box
 * and haversine (decision 214).
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";

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
