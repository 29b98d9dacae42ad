/**
 * Which city and ZIP pages earn a place in search engines' indexes. Sets of
 * near-identical location pages are doorway pages under search engines' spam policies, so a
 * location page is indexable (self-canonical, in the sitemap) only with enough clinics of its
 * own; thin ones are still served, with `noindex, follow`, and a ZIP page showing what its
 * city's page shows points its canonical there. Thresholds: decision record 105
 * (docs/decisions/105-indexable-location-pages.md).
 */
import { FILTERS } from "@botox/core/constants";
import { cityPath, cityStateKey, zipPath } from "@botox/core/search";
import { toLinkSlug } from "@botox/core/slug";
import type { Clinic } from "@botox/core/contract";
import { cityPageAtBuild, DEFAULT_CITY_FILTERS } from "./listing.ts";
import { makeRadiusSearch, type SiteCity, type SiteIndex, type SiteZip } from "./data.ts";

const LOCATION_INDEX_RULES = {
  /** Clinics a page must list within its radius (the city's 5 miles, the ZIP's 25). */
  minClinics: 3,
  /** A ZIP page's nearest clinics compared with its city page's first ones… */
  overlapTop: 20,
  /** …and when this share of them are the same, the city page is the canonical one. */
  overlapShare: 0.8,
} as const;

export const NOINDEX_FOLLOW = "noindex, follow";

export interface LocationIndexing {
  /** Self-canonical and listed in the sitemap. */
  indexable: boolean;
  canonicalPath: string;
  /** `noindex, follow` for thin pages; undefined otherwise. */
  robots?: typeof NOINDEX_FOLLOW;
  /** Clinics the page lists within its radius (what the gate counted). */
  clinics: number;
}

export interface LocationIndex {
  city: (pageSlug: string) => LocationIndexing | undefined;
  zip: (zip: string) => LocationIndexing | undefined;
}

/**
 * A page listing `count` clinics at `path`: indexable from `minClinics` on.
 * @internal Exported for its tests.
 */
export function gateByCount(path: string, count: number): LocationIndexing {
  return count >= LOCATION_INDEX_RULES.minClinics
    ? { indexable: true, canonicalPath: path, clinics: count }
    : { indexable: false, canonicalPath: path, robots: NOINDEX_FOLLOW, clinics: count };
}

/**
 * Share of `zipTop` also in `cityTop` (0 when the ZIP page lists nothing).
 * @internal Exported for its tests.
 */
export function overlapShare(zipTop: readonly number[], cityTop: readonly number[]): number {
  if (zipTop.length === 0) return 0;
  const city = new Set(cityTop);
  return zipTop.filter((id) => city.has(id)).length / zipTop.length;
}

/** The first `n` clinics of a city page as it is built (default filters and order). */
function cityTop(clinics: readonly Clinic[], city: SiteCity, n: number): { ids: number[]; total: number } {
  const ids: number[] = [];
  let total = 0;
  for (let page = 1; ids.length < n; page++) {
    const p = cityPageAtBuild(clinics, city, DEFAULT_CITY_FILTERS, page);
    total = p.pagination.totalItems;
    ids.push(...p.clinics.map((c) => c.id));
    if (page >= p.pagination.totalPages) break;
  }
  return { ids: ids.slice(0, n), total };
}

const memo = new WeakMap<object, LocationIndex>();

/** The gate's decisions for every city and ZIP page, computed once per build. */
export function locationIndex(data: Pick<SiteIndex, "cities" | "clinics" | "clinicsByCity" | "zips">): LocationIndex {
  const kept = memo.get(data);
  if (kept) return kept;
  const cities = new Map<string, LocationIndexing>();
  const cityTops = new Map<string, number[]>();
  const cityByKey = new Map<string, SiteCity>();
  for (const city of data.cities) {
    const top = cityTop(data.clinicsByCity.get(city.pageSlug) ?? [], city, LOCATION_INDEX_RULES.overlapTop);
    cities.set(city.pageSlug, gateByCount(cityPath(city.pageSlug), top.total));
    cityTops.set(city.pageSlug, top.ids);
    cityByKey.set(cityStateKey(city.citySlug, city.state), city);
  }
  const search = makeRadiusSearch(data.clinics);
  const zips = new Map<string, LocationIndexing>();
  for (const z of data.zips)
    zips.set(z.zip, zipIndexing(z, search(z, FILTERS.zipDefaultDistance, LOCATION_INDEX_RULES.overlapTop), cityByKey, cities, cityTops));
  const index: LocationIndex = { city: (slug) => cities.get(slug), zip: (zip) => zips.get(zip) };
  memo.set(data, index);
  return index;
}

function zipIndexing(
  z: SiteZip,
  found: { total: number; clinics: Clinic[] },
  cityByKey: Map<string, SiteCity>,
  cities: Map<string, LocationIndexing>,
  cityTops: Map<string, number[]>,
): LocationIndexing {
  const own = gateByCount(zipPath(z.zip), found.total);
  const city = cityByKey.get(cityStateKey(toLinkSlug(z.city), z.state));
  const cityGate = city && cities.get(city.pageSlug);
  // Only an indexable city page can take the ZIP page's place.
  if (!city || !cityGate?.indexable) return own;
  const share = overlapShare(
    found.clinics.map((c) => c.id),
    cityTops.get(city.pageSlug) ?? [],
  );
  if (share >= LOCATION_INDEX_RULES.overlapShare) return { indexable: false, canonicalPath: cityGate.canonicalPath, clinics: found.total };
  return own;
}
