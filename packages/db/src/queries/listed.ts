import { inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { BusinessStatus } from "@botox/core";
import { clinics } from "../schema.ts";

/**
 * Which clinics a listing shows for a status filter (empty: every status): never one that
 * closed for good (issue 22). Such a clinic keeps its own page, with a closed banner, but
 * leaves every listing and the sitemap.
 */
export function listedStatusCondition(statuses?: readonly BusinessStatus[]): SQL {
  return listedStatusesCondition(listedStatuses(statuses));
}

/**
 * The statuses a filter lists (`listedStatusCondition`'s rule), each once (a fixed statement's
 * shape counts them: at most two shapes' worth): undefined for every status but the closed one.
 */
export function listedStatuses(statuses?: readonly BusinessStatus[]): BusinessStatus[] | undefined {
  return statuses?.length ? [...new Set(statuses)].filter((s) => s !== "PERMANENTLY_CLOSED") : undefined;
}

/**
 * `listedStatusCondition` from `listedStatuses`' answer, each status as it is bound (a fixed
 * statement's names, listings.ts `fixedStatement`). The closed status is in the text: a
 * constant, the same for every call. `status`: the clinic's, or the copy a kept current price
 * carries (migration 0018).
 */
export function listedStatusesCondition(listed: readonly unknown[] | undefined, status: AnyColumn = clinics.businessStatus): SQL {
  if (!listed) return sql`${status} <> 'PERMANENTLY_CLOSED'`;
  return listed.length ? inArray(status, listed as BusinessStatus[]) : sql`false`;
}
