import { inArray, ne, sql, type SQL } from "drizzle-orm";
import type { BusinessStatus } from "@botox/core";
import { clinics } from "../schema.ts";

/**
 * Which clinics a listing shows for a status filter (empty: every status): never one that
 * closed for good (issue 22). Such a clinic keeps its own page, with a closed banner, but
 * leaves every listing and the sitemap.
 */
export function listedStatusCondition(statuses?: readonly BusinessStatus[]): SQL {
  if (!statuses?.length) return ne(clinics.businessStatus, "PERMANENTLY_CLOSED");
  const listed = statuses.filter((s) => s !== "PERMANENTLY_CLOSED");
  return listed.length ? inArray(clinics.businessStatus, listed) : sql`false`;
}
