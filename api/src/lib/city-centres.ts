/**
 * City centres (the mean of a city's clinic coordinates) for the distance filter of
 * clinics-by-city, cached for a minute per app (in deps.state): every filtered city page needs one, the
 * aggregate reads all of the city's rows (slow for a big city, decision 057), and it
 * moves only when clinics are added, moved or removed. A stale centre lasts a minute at most.
 *
 * No test compares a kept centre with a fresh one (listing-statements.test.ts checks it is read
 * once); decision 303 measured what it pays.
 */
import { findCityCentre, parseCitySlug } from "@botox/db";
import { setBounded, type LatLon } from "@botox/core";
import type { Deps } from "../context.ts";

const CITY_CENTRE_TTL_MS = 60_000;
const MAX_ENTRIES = 5_000;

export async function cityCentre(deps: Deps, city: string): Promise<LatLon | null> {
  const caches = deps.state.cityCentres;
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new Map<string, { centre: LatLon | null; until: number }>()));
  const key = city.trim().toLowerCase();
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.centre;
  const centre = await findCityCentre(deps.db, parseCitySlug(key));
  setBounded(cache, MAX_ENTRIES, key, { centre, until: now + CITY_CENTRE_TTL_MS });
  return centre;
}
