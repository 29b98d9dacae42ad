import type { APIRoute } from "astro";
import { env } from "../env.ts";
import { siteData } from "../lib/data.ts";
import { sitemapEntries, sitemapFiles } from "../lib/sitemap.ts";

export const GET: APIRoute = async () =>
  new Response(sitemapFiles(sitemapEntries(await siteData()), env.SITE_URL).main, { headers: { "Content-Type": "application/xml" } });
