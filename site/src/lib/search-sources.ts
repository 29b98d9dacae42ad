/** The browser's sources for the search box's resolution: the city index, the API's lookup, the visitor's location. */
import type { SearchLookup } from "@botox/core/contract";
import { fromIndexRow, type CityIndexRow, type IndexedCity } from "./city-match.ts";
import { detectLocation, readCachedLocation, writeCachedLocation } from "./location.ts";
import type { SearchSources } from "./search-resolve.ts";

/** Each source asked at most once per page (a failed city index is asked again next time). */
export function browserSearchSources(apiUrl: string, geoServices: readonly string[], fetchImpl: typeof fetch = fetch): SearchSources {
  let cities: Promise<IndexedCity[]> | undefined;
  const lookups = new Map<string, Promise<SearchLookup | null>>();
  return {
    cities() {
      cities ??= fetchImpl("/cities.json", { headers: { accept: "application/json" } })
        .then(async (res) => (res.ok ? ((await res.json()) as CityIndexRow[]).map(fromIndexRow) : Promise.reject(new Error(`cities: ${res.status}`))))
        .catch(() => {
          cities = undefined;
          return [];
        });
      return cities;
    },
    lookup(text) {
      const key = text.trim().toLowerCase();
      let answer = lookups.get(key);
      if (!answer) {
        answer = fetchImpl(`${apiUrl}/search/lookup?q=${encodeURIComponent(text.trim())}`, { headers: { accept: "application/json" } })
          .then(async (res) => (res.ok ? ((await res.json()) as SearchLookup) : null))
          .catch(() => null);
        lookups.set(key, answer);
      }
      return answer;
    },
    async here() {
      let here = readCachedLocation();
      if (!here) {
        here = await detectLocation(apiUrl, geoServices, fetchImpl);
        writeCachedLocation(here);
      }
      return here;
    },
  };
}
