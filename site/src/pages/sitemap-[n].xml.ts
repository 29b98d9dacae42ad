import type { APIRoute, GetStaticPaths } from "astro";
import { env } from "../env.ts";
import { siteData } from "../lib/data.ts";
import { cacheKey } from "../lib/cache-key.ts";
import { sitemapEntries, sitemapFiles } from "../lib/sitemap.ts";

// Parts of the sitemap index, only when there are more than 45,000 URLs.
export const getStaticPaths = (async () => {
  const { parts } = sitemapFiles(sitemapEntries(await siteData()), env.SITE_URL);
  return parts.map((xml, i) => ({ params: { n: String(i + 1) }, props: { xml }, cacheKey: cacheKey(xml) }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response((props as { xml: string }).xml, { headers: { "Content-Type": "application/xml" } });
