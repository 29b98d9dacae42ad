/**
 * Record ids as routes and links carry them (one parser). Ids are PostgreSQL
 * `serial` values: positive 32-bit integers. Anything else ("0", "-1", "1e3", "٣", a number
 * past 2^31-1) is no id at all, so a route answers "not found" rather than a database error.
 */

/** The largest id a `serial` column holds. */
export const MAX_ID = 2_147_483_647;

/** True for a number that can be a record id. */
export function isId(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID;
}

/** A positive 32-bit integer written in plain ASCII digits (at most 10), or null. */
export function parseId(raw: string | null | undefined): number | null {
  if (raw == null || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return isId(n) ? n : null;
}
