import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { BusinessStatus } from "@botox/core";
import { businessStatus, clinics } from "../schema/schema.ts";

/**
 * The statuses a listing's status filter lists (empty: every status), each once and in the
 * enum's order (a fixed statement's shape holds them: five shapes' worth at most): never one
 * that closed for good, which keeps its own page, with a closed banner, but leaves every listing
 * and the sitemap; undefined for every status but the closed one.
 */
export function listedStatuses(statuses?: readonly BusinessStatus[]): BusinessStatus[] | undefined {
  return statuses?.length ? businessStatus.enumValues.filter((s) => s !== "PERMANENTLY_CLOSED" && statuses.includes(s)) : undefined;
}

/** Each status as a constant of a statement's text, from the enum itself: nothing else can become one. */
const statusConstants = new Map<string, SQL>(businessStatus.enumValues.map((s) => [s, sql.raw(`'${s}'`)]));

/**
 * The condition for `listedStatuses`' answer. Each status is a constant of the text,
 * not a bound value (decision 217): with `status IN ($n)` PostgreSQL's generic plan of a fixed
 * statement guesses a third of the clinics per status (OPERATIONAL is most of them), so for
 * zip-search under the credential filter it never chose the generic plan and planned every
 * request afresh. The status sets are few (`listedStatuses`):
 * so are the texts. `status`: the clinic's, or the copy a kept current price or staff row
 * carries (migrations 0018, 0019).
 */
export function listedStatusesCondition(listed: readonly BusinessStatus[] | undefined, status: AnyColumn = clinics.businessStatus): SQL {
  if (!listed) return sql`${status} <> 'PERMANENTLY_CLOSED'`;
  if (listed.length === 0) return sql`false`;
  const constants = listed.map((s) => {
    const constant = statusConstants.get(s);
    if (!constant) throw new Error(`not a business status: ${String(s)}`);
    return constant;
  });
  return sql`${status} IN (${sql.join(constants, sql`, `)})`;
}
