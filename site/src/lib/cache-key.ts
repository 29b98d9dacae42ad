/**
 * Keys of Astro's incremental build (`experimental.incrementalBuild`, astro.config.mjs): a page
 * returned from getStaticPaths with an unchanged `cacheKey` (and unchanged code) is copied from
 * the previous build instead of rendered. A key must change whenever anything the page shows
 * changes, so it hashes the page's data plus what every page shows besides its data.
 */
import { createHash } from "node:crypto";
import type { BlogPost, Clinic } from "@botox/core";
import { env } from "../env.ts";

// Shown on every page but not part of any page's data: the footer's year and the public
// configuration handed to islands and the analytics snippet.
const renderContext = JSON.stringify([
  new Date().getUTCFullYear(),
  env.SITE_URL,
  env.PUBLIC_API_URL,
  env.PUBLIC_GEO_SERVICES,
  env.PUBLIC_ANALYTICS_PROVIDER,
  env.PUBLIC_ANALYTICS_ID,
]);

/** A short hash of the render context and `parts` (JSON values). */
export function cacheKey(...parts: unknown[]): string {
  const hash = createHash("sha256").update(renderContext);
  for (const part of parts) hash.update("\u0000").update(typeof part === "string" ? part : (JSON.stringify(part) ?? "null"));
  return hash.digest("base64url").slice(0, 32);
}

/**
 * A row's version: its id and last update (the API sets `updatedAt` on every write), and for a
 * clinic the verified staff its listing card shows (set from its staff rows and the day, which
 * do not move the clinic's `updatedAt`: a staff member added, or a check gone stale). Listings
 * key on these so an edit to any listed row, an added one or a removed one re-renders them.
 */
export const stamp = (row: Clinic | BlogPost): string => {
  const staff = "verifiedStaff" in row && row.verifiedStaff?.length ? ` ${JSON.stringify(row.verifiedStaff)}` : "";
  return `${row.id}@${row.updatedAt}${staff}`;
};
