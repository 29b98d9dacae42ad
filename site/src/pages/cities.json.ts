/**
 * The city index the not-found page resolves forgiving city addresses against
 * (src/lib/city-match.ts): one row per city page, [name, state, page slug, latitude,
 * longitude, clinics]. About 60 bytes a city; only a missed address downloads it.
 */
import type { APIRoute } from "astro";
import { siteData } from "../lib/data.ts";
import type { CityIndexRow } from "../lib/city-match.ts";

const coord = (v: number | null) => (v == null ? null : Math.round(v * 1000) / 1000);

export const GET: APIRoute = async () => {
  const { cities } = await siteData();
  const rows: CityIndexRow[] = cities.map((c) => [c.city, c.state, c.pageSlug, coord(c.latitude), coord(c.longitude), c.count]);
  return new Response(JSON.stringify(rows), { headers: { "Content-Type": "application/json" } });
};
