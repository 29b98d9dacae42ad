/**
 * Forgiving city resolution ("A search that misses must still help"): a {city}
 * segment or typed text that names no city page is matched against the site's city index
 * (/cities.json) by its words: accents folded, punctuation dropped, "St."/"Ste." read as
 * Saint/Sainte ("Ft." Fort, "Mt." Mount), an optional trailing state code, and a close
 * spelling (one or two typing slips, by length). Nothing close enough: no match, and the
 * caller shows the city empty state with suggestions.
 */
import { distanceMiles } from "@botox/core/geo";
// One rule for typing slips, shared with the treatment words of the same search box.
import { editDistance, slipsFor } from "@botox/core/search-words";
import { toLinkSlug } from "@botox/core/slug";

/** One city page, as /cities.json lists it: [name, state, page slug, latitude, longitude, clinics]. */
export type CityIndexRow = [string, string, string, number | null, number | null, number];

export interface IndexedCity {
  city: string;
  state: string;
  pageSlug: string;
  latitude: number | null;
  longitude: number | null;
  count: number;
}

export const fromIndexRow = ([city, state, pageSlug, latitude, longitude, count]: CityIndexRow): IndexedCity => ({
  city,
  state,
  pageSlug,
  latitude,
  longitude,
  count,
});

const ABBREVIATIONS: Record<string, string> = { st: "saint", ste: "sainte", ft: "fort", mt: "mount", pt: "point" };

/**
 * Words of a name in one comparable form: "St. Louis" and "saint-louis" are both "saint-louis".
 * @internal Exported for its tests.
 */
export function cityKey(text: string): string {
  return toLinkSlug(text.replace(/[.'’]/g, ""))
    .split("-")
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w)
    .join("-");
}

export type CityMatch = { kind: "found"; city: IndexedCity } | { kind: "none"; suggestions: IndexedCity[] };

/**
 * The city a segment or text names. Exact forms first (the page slug itself, the name, the
 * name plus state code), then the closest spelling when exactly one city is nearest; ties
 * go to the city with more clinics.
 */
export function matchCity(input: string, cities: readonly IndexedCity[], suggestionCount = 6): CityMatch {
  const key = cityKey(input);
  if (!key) return { kind: "none", suggestions: [] };
  const stateMatch = /^(.+)-([a-z]{2})$/.exec(key);
  const byMost = (a: IndexedCity, b: IndexedCity) => b.count - a.count || a.city.localeCompare(b.city);
  const exact = cities.filter((c) => c.pageSlug === key || cityKey(c.pageSlug) === key || `${cityKey(c.city)}-${c.state.toLowerCase()}` === key);
  if (exact.length) return { kind: "found", city: [...exact].sort(byMost)[0] as IndexedCity };
  const named = cities.filter((c) => cityKey(c.city) === key);
  if (named.length) return { kind: "found", city: [...named].sort(byMost)[0] as IndexedCity };

  const scored = cities
    .map((c) => {
      const name = cityKey(c.city);
      const whole = editDistance(key, name, 3);
      // "portlnd-or": the state code is exact, the name close.
      const withState = stateMatch && stateMatch[2] === c.state.toLowerCase() ? editDistance(stateMatch[1] ?? "", name, 3) : Number.POSITIVE_INFINITY;
      return { city: c, distance: Math.min(whole, withState), letters: name.length };
    })
    .sort((a, b) => a.distance - b.distance || byMost(a.city, b.city));
  const best = scored[0];
  if (best && best.distance <= slipsFor(best.letters)) {
    const tied = scored.filter((s) => s.distance === best.distance);
    // Two different cities equally close ("Austin" vs "Aston"): suggest rather than guess.
    if (new Set(tied.map((s) => cityKey(s.city.city))).size === 1) return { kind: "found", city: best.city };
  }
  return {
    kind: "none",
    suggestions: scored
      .filter((s) => s.distance <= 3)
      .slice(0, suggestionCount)
      .map((s) => s.city),
  };
}

/** The cities nearest a point (the visitor's area), nearest first. */
export function nearestIndexedCities(cities: readonly IndexedCity[], latitude: number, longitude: number, limit: number): IndexedCity[] {
  const located = cities.flatMap((c) =>
    c.latitude == null || c.longitude == null ? [] : [{ c, d: distanceMiles({ latitude, longitude }, { latitude: c.latitude, longitude: c.longitude }) }],
  );
  return located
    .sort((a, b) => a.d - b.d)
    .slice(0, limit)
    .map((x) => x.c);
}
