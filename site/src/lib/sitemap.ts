/** sitemap.xml (architecture.md §6): canonical URLs only, no noIndex posts, an index past 45,000 URLs. */
import { PRODUCT_ROUTE } from "@botox/core/brand";
import { cityPath, clinicPath, zipPath } from "@botox/core/search";
import { RATINGS_POLICY_PATH, isPermanentlyClosed } from "@botox/core/freshness";
import { TREATMENT_PAGES, treatmentPath } from "@botox/core/treatments";
import type { SiteIndex } from "./data.ts";
import { blogListPath, blogPages } from "./blog.ts";
import { locationIndex } from "./indexability.ts";

/** @internal Exported for its tests. */
export const SITEMAP_LIMIT = 45_000;

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

const STATIC_PATHS = [
  "/",
  PRODUCT_ROUTE,
  "/near-me",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/disclaimer",
  RATINGS_POLICY_PATH,
  ...TREATMENT_PAGES.map((p) => treatmentPath(p.slug)),
];

export function sitemapEntries(
  data: Pick<SiteIndex, "clinics" | "clinicsByCity" | "cities" | "posts" | "categories" | "zips" | "postsByCategory">,
): SitemapEntry[] {
  const entries: SitemapEntry[] = STATIC_PATHS.map((path) => ({ path }));
  // Location pages only when they earn their index; the pages that let a visitor
  // pick a state of a shared city slug are only ways through, never listed.
  const locations = locationIndex(data);
  for (const c of data.cities) if (locations.city(c.pageSlug)?.indexable) entries.push({ path: cityPath(c.pageSlug) });
  // A clinic closed for good keeps its page (with a closed banner) but leaves the sitemap.
  for (const c of data.clinics) if (!isPermanentlyClosed(c.businessStatus)) entries.push({ path: clinicPath(c.citySlug, c.slug), lastmod: c.updatedAt });
  for (const z of data.zips) if (locations.zip(z.zip)?.indexable) entries.push({ path: zipPath(z.zip) });
  for (const p of blogPages(data.posts)) entries.push({ path: blogListPath(p.page) });
  for (const cat of data.categories) {
    for (const p of blogPages(data.postsByCategory.get(cat.id) ?? [])) entries.push({ path: blogListPath(p.page, cat.slug) });
  }
  for (const p of data.posts) if (!p.noIndex) entries.push({ path: `/blog/${p.slug}`, lastmod: p.updatedAt });
  return entries;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** @internal Exported for its tests. */
export function urlsetXml(entries: readonly SitemapEntry[], site: string): string {
  const urls = entries
    .map((e) => `<url><loc>${esc(new URL(e.path, site).toString())}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ""}</url>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

/** @internal Exported for its tests. */
export function sitemapIndexXml(count: number, site: string): string {
  const items = Array.from({ length: count }, (_, i) => `<sitemap><loc>${esc(new URL(`/sitemap-${i + 1}.xml`, site).toString())}</loc></sitemap>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>\n`;
}

/** @internal Exported for its tests. */
export function chunk<T>(items: readonly T[], size = SITEMAP_LIMIT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The sitemap files: up to 45,000 URLs, /sitemap.xml is the urlset itself and there are no
 * parts; past that, /sitemap.xml is an index of /sitemap-{n}.xml parts.
 */
export function sitemapFiles(entries: readonly SitemapEntry[], site: string): { main: string; parts: string[] } {
  if (entries.length <= SITEMAP_LIMIT) return { main: urlsetXml(entries, site), parts: [] };
  const parts = chunk(entries).map((part) => urlsetXml(part, site));
  return { main: sitemapIndexXml(parts.length, site), parts };
}
