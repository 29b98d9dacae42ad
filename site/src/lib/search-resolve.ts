/**
 * Where a search box's text leads, worked out before the browser leaves the page (a city
 * address that needs the not-found page's forgiving lookup would flash "404" first):
 * - empty: what to type;
 * - a ZIP or ZIP+4: the ZIP page;
 * - a brand ("dysport", "botex near me", "xeomin 60601"): the listing of the place typed (city
 *   or ZIP), or of the city nearest the visitor, filtered by the brand;
 * - a treatment word with a place ("lip flip Chicago"): that place's listing; without one
 *   ("lip flip", "trap tox"): the treatment's page, which explains it and lists the clinics
 *   posting prices for it;
 * - a city page's name, however typed (a close spelling, "Chicago, IL");
 * - a place of the ZIP data ("Naperville"): the ZIP page of its centre, nearest clinics first;
 * - a clinic's name: the clinic;
 * - anything else: the city address, whose page says nothing matched and offers cities by distance.
 */
import { SEARCH } from "@botox/core/constants";
import { SEARCH_MSG } from "@botox/core/messages";
import { PRICE_BRANDS } from "@botox/core/price-format";
import { cityPath, clinicPath, routeForNearMeSearch, routeForSearch, zipOfText, zipPath } from "@botox/core/search";
import { parseSearchWords } from "@botox/core/search-words";
import { treatmentPageOf, treatmentPath } from "@botox/core/treatments";
import type { SearchLookup } from "@botox/core/contract";
import { matchCity, nearestIndexedCities, type IndexedCity } from "./city-match.ts";

export function searchRoute(variant: string | undefined, value: string): string | null {
  return variant === "near-me" ? routeForNearMeSearch(value) : routeForSearch(value);
}

/**
 * What is wrong with the typed text, if anything: digits alone that are not five ("0210") are
 * a mistyped ZIP, not a city name, so the visitor is told rather than sent to a
 * city page that cannot exist.
 */
export function searchProblem(value: string): string | null {
  const text = value.trim();
  return /^\d+$/.test(text) && text.length !== 5 && text.length > 1 ? SEARCH_MSG.invalidZip : null;
}

export interface SearchSources {
  /** The site's city pages (/cities.json); [] when unavailable. */
  cities(): Promise<IndexedCity[]>;
  /** Places of the ZIP data and clinics the text names (GET /search/lookup); null when unavailable. */
  lookup(text: string): Promise<SearchLookup | null>;
  /** The visitor's approximate location. */
  here(): Promise<{ lat: number; lon: number } | null>;
}

export type SearchOutcome = { kind: "go"; path: string } | { kind: "say"; message: string };

const go = (path: string): SearchOutcome => ({ kind: "go", path });

/** A brand the listings can filter by (the price brands but "other"). */
export function listingBrand(brand: string | null): string | null {
  return brand && brand !== "other" && (PRICE_BRANDS as readonly string[]).includes(brand) ? brand : null;
}

/** The page a place's text names: a ZIP, a city page, a place of the ZIP data; null when none. */
async function placePath(variant: string | undefined, text: string, sources: SearchSources): Promise<{ path: string; city: boolean } | null> {
  const zip = zipOfText(text);
  if (zip) return { path: zipPath(zip), city: false };
  const match = matchCity(text, await sources.cities());
  // The near-me box keeps its /city/{city} addresses (product.md §2.6), now of a page that exists.
  if (match.kind === "found") return { path: variant === "near-me" ? `/city/${match.city.pageSlug}` : cityPath(match.city.pageSlug), city: true };
  if (text.trim().length < SEARCH.minCityChars) return null;
  const place = (await sources.lookup(text))?.places[0];
  return place ? { path: zipPath(place.zip), city: false } : null;
}

export async function resolveSearch(variant: string | undefined, value: string, sources: SearchSources): Promise<SearchOutcome> {
  const text = value.trim();
  if (text.length < SEARCH.minCityChars) return { kind: "say", message: SEARCH_MSG.emptyQuery };
  const zip = zipOfText(text);
  if (zip) return go(zipPath(zip));
  const problem = searchProblem(text);
  if (problem) return { kind: "say", message: problem };

  const words = parseSearchWords(text);
  if (words) {
    let target = words.place ? await placePath(variant, words.place, sources) : null;
    const treatment = treatmentPageOf(words.match.row);
    if (!target && treatment && !words.place) return go(treatmentPath(treatment.slug));
    if (!target) {
      const here = await sources.here();
      const nearest = here ? nearestIndexedCities(await sources.cities(), here.lat, here.lon, 1)[0] : undefined;
      target = nearest ? { path: cityPath(nearest.pageSlug), city: true } : null;
    }
    if (!target) return go("/botox-near-me");
    const brand = listingBrand(words.match.row.brand);
    // City and ZIP listings both filter by brand, cheapest first (their sort parameters differ).
    if (!brand) return go(target.path);
    return go(`${target.path}?brand=${brand}&sort=${target.city ? "price-asc" : "price"}`);
  }

  const place = await placePath(variant, text, sources);
  if (place) return go(place.path);
  const clinic = (await sources.lookup(text))?.clinics[0];
  if (clinic) return go(clinicPath(clinic.citySlug, clinic.slug));
  const fallback = searchRoute(variant, text);
  return fallback ? go(fallback) : { kind: "say", message: SEARCH_MSG.emptyQuery };
}
