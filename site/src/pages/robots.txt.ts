import type { APIRoute } from "astro";
import { env } from "../env.ts";

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /zip/?\n\nSitemap: ${new URL("/sitemap.xml", env.SITE_URL).toString()}\n`, {
    headers: { "Content-Type": "text/plain" },
  });
