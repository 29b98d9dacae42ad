/**
 * Build-time data: read once from PostgreSQL through packages/db (the running embedded server
 * or DATABASE_URL) and shared by every page's getStaticPaths.
 */
import {
  cityStateKey,
  currentUnitPrices,
  distanceMiles,
  isPermanentlyClosed,
  isDealRunning,
  isoDay,
  roundMiles,
  utf8Bytes,
  type BlogCategory,
  type BlogPost,
  type Clinic,
  type ClinicPrice,
  type ClinicPhoto,
  type ClinicStaffMember,
  type CurrentUnitPrice,
  type PriceBrand,
} from "@botox/core";
import type { RunningDeal, SiteCity, SiteData, SiteZip } from "@botox/db/site";
import { pricesByClinic } from "./prices.ts";
import { withStaff } from "./staff.ts";

export type { SiteCity, SiteZip };

/** A city slug shared by cities of several states: its page lets the visitor pick one. */
export interface SharedCitySlug {
  citySlug: string;
  city: string;
  cities: SiteCity[];
}

export interface SiteIndex extends SiteData {
  /** Clinics per city page slug (`SiteCity.pageSlug`), permanently closed ones left out. */
  clinicsByCity: Map<string, Clinic[]>;
  /** The city (slug within a state) a clinic belongs to. */
  cityOf: (clinic: Clinic) => SiteCity;
  sharedCitySlugs: SharedCitySlug[];
  postsByCategory: Map<number, BlogPost[]>;
  categoryById: Map<number, BlogCategory>;
  /** The build's date ("YYYY-MM-DD", UTC): the "today" of every price rule. */
  today: string;
  /** Published prices per clinic id. */
  pricesByClinic: Map<number, ClinicPrice[]>;
  /** Each clinic's current Botox per-unit price (core's `currentUnitPrices`). */
  currentPrices: Map<number, CurrentUnitPrice>;
  /** Each clinic's current per-unit price of `brand` (computed once per brand): deals compare with their own brand. */
  currentPricesOf: (brand: PriceBrand) => Map<number, CurrentUnitPrice>;
  /** The deals running on `today`: an ended deal is dropped by every build. */
  runningDeals: RunningDeal[];
  dealsByClinic: Map<number, RunningDeal[]>;
  /** Each clinic's staff, medical directors first. */
  staffByClinic: Map<number, ClinicStaffMember[]>;
  /** Each clinic's photos in page order (decision 283). */
  photosByClinic: Map<number, ClinicPhoto[]>;
}

let loading: Promise<SiteIndex> | undefined;

async function load(): Promise<SiteIndex> {
  // Loaded by Node at build time rather than bundled: the database drivers (and the native
  // modules beside them in packages/db) must not pass through Vite, so "@botox/db" is in the
  // Vite config's `ssr.external` and this import stays an import of the package.
  const { readSiteData } = await import("@botox/db/site");
  const data: SiteData = await readSiteData();
  return indexSiteData(withinPathLimits(data));
}

// File systems refuse a folder name over 255 bytes (ENAMETOOLONG).
const PATH_SEGMENT_MAX_BYTES = 255;
const fits = (...segments: string[]) => segments.every((s) => utf8Bytes(s) <= PATH_SEGMENT_MAX_BYTES);

/**
 * Rows whose slugs cannot be folder names are left out (with a warning) rather than failing
 * the whole build: new slugs are bounded (SLUG_MAX_BYTES), so only rows stored before that
 * bound can be too long, and one of them must not stop every other edit from going live.
 * @internal Exported for its tests.
 */
export function withinPathLimits(data: SiteData, warn: (message: string) => void = console.warn): SiteData {
  const keep = (ok: boolean, what: string) => {
    if (!ok) warn(`[site] ${what} skipped: its slug is too long for a file name`);
    return ok;
  };
  const cities = data.cities.filter((c) => keep(fits(c.citySlug, c.pageSlug), `city ${c.city} (${c.state})`));
  // A clinic goes with its city: every clinic page links to its city's page.
  const kept = new Set(cities.map((c) => cityStateKey(c.citySlug, c.state)));
  const clinics = data.clinics.filter((c) => keep(fits(c.slug) && kept.has(cityStateKey(c.citySlug, c.state)), `clinic ${c.id}`));
  const posts = data.posts.filter((p) => keep(fits(p.slug), `post ${p.id}`));
  const categories = data.categories.filter((c) => keep(fits(c.slug), `category ${c.id}`));
  return { ...data, clinics, cities, posts, categories };
}

/**
 * The lookups pages need, built once from the batched reads.
 * @internal Exported for its tests.
 */
export function indexSiteData(input: SiteData, today = isoDay(new Date())): SiteIndex {
  // Clinics carry their verified staff (verifiedStaff, verifiedCredentials) as the API's listings do.
  const { data, staffByClinic } = withStaff(input, today);
  const cityByKey = new Map(data.cities.map((c) => [cityStateKey(c.citySlug, c.state), c]));
  const cityOf = (clinic: Clinic): SiteCity => {
    const city = cityByKey.get(cityStateKey(clinic.citySlug, clinic.state));
    if (!city) throw new Error(`No city ${clinic.citySlug} (${clinic.state}) for clinic ${clinic.id}`);
    return city;
  };
  const clinicsByCity = new Map<string, Clinic[]>();
  for (const c of data.clinics) {
    // A clinic closed for good keeps its page but leaves the listings.
    if (isPermanentlyClosed(c.businessStatus)) continue;
    const page = cityOf(c).pageSlug;
    const list = clinicsByCity.get(page);
    if (list) list.push(c);
    else clinicsByCity.set(page, [c]);
  }
  const bySlug = new Map<string, SiteCity[]>();
  for (const c of data.cities) bySlug.set(c.citySlug, [...(bySlug.get(c.citySlug) ?? []), c]);
  // A shared slug that is another city's page (its state-suffixed form, `cityPageSlugs`) has
  // no chooser: that address belongs to the city it names.
  const pageSlugs = new Set(data.cities.map((c) => c.pageSlug));
  const sharedCitySlugs = [...bySlug].flatMap(([citySlug, cities]) => {
    const [first, second] = cities;
    return first && second && !pageSlugs.has(citySlug) ? [{ citySlug, city: first.city, cities }] : [];
  });
  const postsByCategory = new Map<number, BlogPost[]>();
  for (const p of data.posts) {
    if (p.categoryId == null) continue;
    const list = postsByCategory.get(p.categoryId) ?? [];
    list.push(p);
    postsByCategory.set(p.categoryId, list);
  }
  const currentByBrand = new Map<PriceBrand, Map<number, CurrentUnitPrice>>();
  const currentPricesOf = (brand: PriceBrand) => {
    let map = currentByBrand.get(brand);
    if (!map) currentByBrand.set(brand, (map = currentUnitPrices(data.prices, brand, today)));
    return map;
  };
  const runningDeals = (data.deals ?? []).filter((d) => isDealRunning(d, today));
  const dealsByClinic = new Map<number, RunningDeal[]>();
  for (const d of runningDeals) dealsByClinic.set(d.clinicId, [...(dealsByClinic.get(d.clinicId) ?? []), d]);
  const photosByClinic = new Map<number, ClinicPhoto[]>();
  for (const p of data.photos ?? []) photosByClinic.set(p.clinicId, [...(photosByClinic.get(p.clinicId) ?? []), p]);
  return {
    ...data,
    clinicsByCity,
    cityOf,
    sharedCitySlugs,
    postsByCategory,
    categoryById: new Map(data.categories.map((c) => [c.id, c])),
    today,
    pricesByClinic: pricesByClinic(data.prices),
    currentPrices: currentPricesOf("botox"),
    currentPricesOf,
    runningDeals,
    dealsByClinic,
    staffByClinic,
    photosByClinic,
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

type Located = Clinic & { latitude: number; longitude: number };

/** Clinics by one-degree cell, and a visit of every clinic within `radius` miles of a point. */
function radiusScanner(clinics: readonly Clinic[]) {
  const cell = (v: number) => Math.floor(v);
  const grid = new Map<string, Located[]>();
  for (const c of clinics) {
    if (c.latitude == null || c.longitude == null || isPermanentlyClosed(c.businessStatus)) continue;
    const key = `${cell(c.latitude)}:${cell(c.longitude)}`;
    const list = grid.get(key);
    if (list) list.push(c as Located);
    else grid.set(key, [c as Located]);
  }
  return (origin: { latitude: number; longitude: number }, radius: number, visit: (clinic: Clinic, miles: number) => void): void => {
    const latSpan = Math.ceil(radius / 69) + 1;
    const lonSpan = Math.ceil(radius / (69 * Math.max(0.1, Math.cos((origin.latitude * Math.PI) / 180)))) + 1;
    for (let dy = -latSpan; dy <= latSpan; dy++) {
      for (let dx = -lonSpan; dx <= lonSpan; dx++) {
        const list = grid.get(`${cell(origin.latitude) + dy}:${cell(origin.longitude) + dx}`);
        if (!list) continue;
        for (const c of list) {
          const d = distanceMiles(origin, { latitude: c.latitude, longitude: c.longitude });
          if (d <= radius) visit(c, d);
        }
      }
    }
  };
}

/**
 * Clinics within `radius` miles of a point: how many, and the nearest `limit` of them (with
 * `_distance` set). A grid of one-degree cells keeps the per-ZIP work local even with 50,000
 * clinics, and only the shown clinics are copied (a dense ZIP has over a thousand in 25 miles).
 */
export function makeRadiusSearch(clinics: readonly Clinic[]) {
  const scan = radiusScanner(clinics);
  type Found = { miles: number; clinic: Clinic };
  const order = (a: Found, b: Found) => a.miles - b.miles || a.clinic.name.localeCompare(b.clinic.name);
  return (origin: { latitude: number; longitude: number }, radius: number, limit = Infinity): { total: number; clinics: Clinic[] } => {
    const shown = (found: Found[]) => found.map(({ miles, clinic }) => ({ ...clinic, _distance: miles }));
    if (!Number.isFinite(limit)) {
      const found: Found[] = [];
      scan(origin, radius, (clinic, d) => found.push({ miles: roundMiles(d), clinic }));
      return { total: found.length, clinics: shown(found.sort(order)) };
    }
    // Only the nearest `limit` are kept, in the order a (stable) sort of them all gives: a ZIP
    // page shows 20 of the thousand clinics around a dense ZIP, and every ZIP's indexability
    // (indexability.ts) was a sort of its thousand by name (decision 194).
    let total = 0;
    const top: Found[] = [];
    scan(origin, radius, (clinic, d) => {
      total++;
      if (limit < 1) return;
      const f = { miles: roundMiles(d), clinic };
      const last = top[top.length - 1];
      if (top.length >= limit && last && order(f, last) >= 0) return;
      // After every one it does not sort before: equals keep the scan's order, as in a stable sort.
      let lo = 0;
      let hi = top.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (order(f, top[mid] as Found) < 0) hi = mid;
        else lo = mid + 1;
      }
      top.splice(lo, 0, f);
      if (top.length > limit) top.pop();
    });
    return { total, clinics: shown(top) };
  };
}

/** The ids of the clinics within `radius` miles of a point (unordered, nothing copied): for the ZIP pages' price index. */
export function makeRadiusIds(clinics: readonly Clinic[]) {
  const scan = radiusScanner(clinics);
  return (origin: { latitude: number; longitude: number }, radius: number): number[] => {
    const ids: number[] = [];
    scan(origin, radius, (clinic) => ids.push(clinic.id));
    return ids;
  };
}
