/**
 * Build-time data: read once from PostgreSQL through packages/db (the running embedded server
 * or DATABASE_URL) and shared by every page's getStaticPaths.
 */
import { cityStateKey, distanceMiles, roundMiles, type BlogCategory, type BlogPost, type Clinic } from "@botox/core";
import type { SiteCity, SiteData, SiteZip } from "../../../packages/db/src/queries/site.ts";
import type * as SiteQueries from "../../../packages/db/src/queries/site.ts";

export type { SiteCity, SiteZip };

/** A city slug shared by cities of several states: its page lets the visitor pick one. */
export interface SharedCitySlug {
  citySlug: string;
  city: string;
  cities: SiteCity[];
}

export interface SiteIndex extends SiteData {
  /** Clinics per city page slug (`SiteCity.pageSlug`). */
  clinicsByCity: Map<string, Clinic[]>;
  /** The city (slug within a state) a clinic belongs to. */
  cityOf: (clinic: Clinic) => SiteCity;
  sharedCitySlugs: SharedCitySlug[];
  postsByCategory: Map<number, BlogPost[]>;
  categoryById: Map<number, BlogCategory>;
}

let loading: Promise<SiteIndex> | undefined;

async function load(): Promise<SiteIndex> {
  // Loaded by Node at build time rather than bundled: the database drivers (and the native
  // modules beside them in packages/db) must not pass through Vite.
  const moduleUrl = new URL("../../../packages/db/src/queries/site.ts", `file://${process.cwd()}/src/lib/`).href;
  const { readSiteData } = (await import(/* @vite-ignore */ moduleUrl)) as typeof SiteQueries;
  const data: SiteData = await readSiteData();
  return indexSiteData(data);
}

/** The lookups pages need, built once from the batched reads. */
export function indexSiteData(data: SiteData): SiteIndex {
  const cityByKey = new Map(data.cities.map((c) => [cityStateKey(c.citySlug, c.state), c]));
  const cityOf = (clinic: Clinic): SiteCity => {
    const city = cityByKey.get(cityStateKey(clinic.citySlug, clinic.state));
    if (!city) throw new Error(`No city ${clinic.citySlug} (${clinic.state}) for clinic ${clinic.id}`);
    return city;
  };
  const clinicsByCity = new Map<string, Clinic[]>();
  for (const c of data.clinics) {
    const page = cityOf(c).pageSlug;
    const list = clinicsByCity.get(page);
    if (list) list.push(c);
    else clinicsByCity.set(page, [c]);
  }
  const bySlug = new Map<string, SiteCity[]>();
  for (const c of data.cities) bySlug.set(c.citySlug, [...(bySlug.get(c.citySlug) ?? []), c]);
  const sharedCitySlugs = [...bySlug]
    .filter(([, cities]) => cities.length > 1)
    .map(([citySlug, cities]) => ({ citySlug, city: cities[0]!.city, cities }));
  const postsByCategory = new Map<number, BlogPost[]>();
  for (const p of data.posts) {
    if (p.categoryId == null) continue;
    const list = postsByCategory.get(p.categoryId) ?? [];
    list.push(p);
    postsByCategory.set(p.categoryId, list);
  }
  return {
    ...data,
    clinicsByCity,
    cityOf,
    sharedCitySlugs,
    postsByCategory,
    categoryById: new Map(data.categories.map((c) => [c.id, c])),
  };
}

/** The cities with the most clinics, for lists that cannot depend on the visitor's location. */
export function popularCities(cities: readonly SiteCity[], limit: number): SiteCity[] {
  return [...cities].sort((a, b) => b.count - a.count || a.city.localeCompare(b.city)).slice(0, limit);
}

export function siteData(): Promise<SiteIndex> {
  loading ??= load();
  return loading;
}

/**
 * Clinics within `radius` miles of a point: how many, and the nearest `limit` of them (with
 * `_distance` set). A grid of one-degree cells keeps the per-ZIP work local even with 50,000
 * clinics, and only the shown clinics are copied (a dense ZIP has over a thousand in 25 miles).
 */
export function makeRadiusSearch(clinics: readonly Clinic[]) {
  const cell = (v: number) => Math.floor(v);
  const grid = new Map<string, Clinic[]>();
  for (const c of clinics) {
    if (c.latitude == null || c.longitude == null) continue;
    const key = `${cell(c.latitude)}:${cell(c.longitude)}`;
    const list = grid.get(key);
    if (list) list.push(c);
    else grid.set(key, [c]);
  }
  return (origin: { latitude: number; longitude: number }, radius: number, limit = Infinity): { total: number; clinics: Clinic[] } => {
    const latSpan = Math.ceil(radius / 69) + 1;
    const lonSpan = Math.ceil(radius / (69 * Math.max(0.1, Math.cos((origin.latitude * Math.PI) / 180)))) + 1;
    const found: { miles: number; clinic: Clinic }[] = [];
    for (let dy = -latSpan; dy <= latSpan; dy++) {
      for (let dx = -lonSpan; dx <= lonSpan; dx++) {
        const list = grid.get(`${cell(origin.latitude) + dy}:${cell(origin.longitude) + dx}`);
        if (!list) continue;
        for (const c of list) {
          const d = distanceMiles(origin, { latitude: c.latitude!, longitude: c.longitude! });
          if (d <= radius) found.push({ miles: roundMiles(d), clinic: c });
        }
      }
    }
    found.sort((a, b) => a.miles - b.miles || a.clinic.name.localeCompare(b.clinic.name));
    return { total: found.length, clinics: found.slice(0, limit).map(({ miles, clinic }) => ({ ...clinic, _distance: miles })) };
  };
}
