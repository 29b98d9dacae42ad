import type { APIRoute } from "astro";
import { env } from "../env.ts";
import { siteData } from "../lib/data.ts";
import { SITEMAP_LIMIT, chunk, sitemapEntries, sitemapIndexXml, urlsetXml } from "../lib/sitemap.ts";

export const GET: APIRoute = async () => {
  const entries = sitemapEntries(await siteData());
  const body =
    entries.length > SITEMAP_LIMIT ? sitemapIndexXml(chunk(entries).length, env.SITE_URL) : urlsetXml(entries, env.SITE_URL);
  return new Response(body, { headers: { "Content-Type": "application/xml" } });
};
