import type { APIRoute, GetStaticPaths } from "astro";
import { env } from "../env.ts";
import { siteData } from "../lib/data.ts";
import { SITEMAP_LIMIT, chunk, sitemapEntries, urlsetXml, type SitemapEntry } from "../lib/sitemap.ts";

// Parts of the sitemap index, only when there are more than 45,000 URLs.
export const getStaticPaths = (async () => {
  const entries = sitemapEntries(await siteData());
  if (entries.length <= SITEMAP_LIMIT) return [];
  return chunk(entries).map((part, i) => ({ params: { n: String(i + 1) }, props: { part } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(urlsetXml((props as { part: SitemapEntry[] }).part, env.SITE_URL), {
    headers: { "Content-Type": "application/xml" },
  });
