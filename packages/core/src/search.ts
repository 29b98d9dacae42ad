/** Search routing, canonical paths, outbound links and the nearby-cities grid (product.md §2.4-§2.6). */
import { BRAND, PRODUCT_ROUTE } from "./brand.ts";
import { SEARCH } from "./constants.ts";
import { distanceMiles, type LatLon } from "./geo.ts";
import { toLinkSlug } from "./slug.ts";

const ZIP_RE = /^\d{5}$/;

/** Exactly five digits, nothing else (product.md §5). */
export function isZip(value: string): boolean {
  return ZIP_RE.test(value);
}

/**
 * Main search box (product.md §2.4): trimmed; five digits → ZIP route; two or more characters →
 * city route in slug form; empty or one character → null (the box does nothing).
 */
export function routeForSearch(input: string): string | null {
  const text = input.trim();
  if (isZip(text)) return zipPath(text);
  if (text.length < SEARCH.minCityChars) return null;
  const slug = toLinkSlug(text);
  // Text made only of punctuation slugs to "": there is no city page to go to.
  return slug ? cityPath(slug) : null;
}

/**
 * Near-me page search (product.md §2.6): five digits → /zip/{zip}, otherwise /city/{lowercased text}.
 * The lowercased text is put in slug form (`toLinkSlug` lowercases) rather than
 * percent-encoded: /city/{city} takes a city slug, so "New York" must land on /city/new-york,
 * not on /city/new%20york, which no page answers. Single-word cities are identical either way.
 */
export function routeForNearMeSearch(input: string): string | null {
  const text = input.trim();
  if (isZip(text)) return zipPath(text);
  if (text.length < SEARCH.minCityChars) return null;
  const slug = toLinkSlug(text.toLowerCase());
  return slug ? `/city/${slug}` : null;
}

/** Canonical city listing (architecture.md §6): /botox-near-me/{city}. */
export function cityPath(citySlug: string): string {
  return `${PRODUCT_ROUTE}/${encodeURIComponent(citySlug)}`;
}

/**
 * The {city} of a city listing's address. Cities of several states can share a slug
 * (Springfield, IL and MO): each of those then gets its own listing under the slug plus its
 * state code (product.md §2.1 allows one: /botox-near-me/springfield-il), and the bare slug is a
 * page that lets the visitor pick the state.
 */
export function cityPageSlug(citySlug: string, state: string, shared: boolean): string {
  const code = state
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return shared && code ? `${citySlug}-${code}` : citySlug;
}

/**
 * Every city's listing {city} (slugs must not collide). A city keeps its
 * bare slug unless several states share it, or the bare slug is another city's state-suffixed
 * form ("Redteamville IL", TX is `redteamville-il`, the suffixed form of Redteamville, IL):
 * then it takes its own state code ("redteamville-il-tx"). The suffixed form belongs to the
 * city it names, the same rule the API's city lookup applies (`cityCondition`), so the two
 * always agree and every city stays reachable.
 */
export function cityPageSlugs(cities: readonly { citySlug: string; state: string }[]): string[] {
  const states = new Map<string, number>();
  for (const c of cities) states.set(c.citySlug, (states.get(c.citySlug) ?? 0) + 1);
  const suffixed = new Set(cities.map((c) => cityPageSlug(c.citySlug, c.state, true)));
  return cities.map((c) => {
    const mustSuffix = (states.get(c.citySlug) ?? 0) > 1 || suffixed.has(c.citySlug);
    return cityPageSlug(c.citySlug, c.state, mustSuffix);
  });
}

/** Identifies a city: its slug within a state (state codes compare case-insensitively). */
export const cityStateKey = (citySlug: string, state: string): string => `${citySlug}\n${state.trim().toUpperCase()}`;

/** Canonical ZIP results (architecture.md §6): /zip/{zip}. */
export function zipPath(zip: string): string {
  return `/zip/${encodeURIComponent(zip)}`;
}

/** Canonical clinic page (architecture.md §6): /botox-clinic/{city}/{slug}. */
export function clinicPath(citySlug: string, slug: string): string {
  return `/botox-clinic/${encodeURIComponent(citySlug)}/${encodeURIComponent(slug)}`;
}

/** Names of the two tracking parameters on outbound clinic links (product.md §1). */
export const OUTBOUND_PARAMS = { source: "utm_source", ref: "ref" } as const;

/**
 * The clinic website with the source and ref tags (both the site id, product.md §1) set, keeping
 * the link's other parameters. Scraped sites often lack a scheme ("example.com"), so https
 * is assumed then; anything that is not an http(s) URL yields null (no link is shown).
 */
export function outboundClinicUrl(site: string | null | undefined): string | null {
  const raw = site?.trim();
  if (!raw) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw.replace(/^\/\//, "")}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname.includes(".")) return null;
  url.searchParams.set(OUTBOUND_PARAMS.source, BRAND.siteId);
  url.searchParams.set(OUTBOUND_PARAMS.ref, BRAND.siteId);
  return url.toString();
}

export interface CityPoint {
  city: string;
  latitude: number;
  longitude: number;
}

/**
 * The cities grid (product.md §2.5, §9): the `limit` nearest of the given (popular) cities,
 * de-duplicated by city name (case-insensitive) keeping the nearest, sorted by distance,
 * each with `distance` in miles. Cities without coordinates are left out.
 */
export function nearestCities<T extends CityPoint>(cities: readonly T[], origin: LatLon, limit: number = SEARCH.cityGridSize): (T & { distance: number })[] {
  const byName = new Map<string, T & { distance: number }>();
  for (const c of cities) {
    if (!Number.isFinite(c.latitude) || !Number.isFinite(c.longitude)) continue;
    const distance = distanceMiles(origin, c);
    const key = c.city.trim().toLowerCase();
    const seen = byName.get(key);
    if (!seen || distance < seen.distance) byName.set(key, { ...c, distance });
  }
  return [...byName.values()].sort((a, b) => a.distance - b.distance).slice(0, Math.max(0, limit));
}
