/**
 * Per-route path selection for a targeted publish (decisions 039, 190). In a targeted build
 * (SITE_TARGET_FILE set by the publisher) the clinic, city and ZIP routes return only the pages
 * the changed clinics can affect, so no route computes the props and cache keys of all 52,000
 * pages for the ~130 it renders; a full build (no SITE_TARGET_FILE) is unchanged.
 *
 * What a changed clinic can affect, read from what each route's cache key covers (cache-key.ts):
 *  - clinic pages: its own, every clinic of its city slug (before and after the change) whose
 *    city's figures moved (`cityFigure`: what every clinic page shows of its city, compared with
 *    the previous build's page index; decision 194), and the permanently closed clinics within
 *    NEARBY_MILES of its old and new places (their "open nearby" list);
 *  - city pages and shared-slug choosers: those of its city slugs, before and after;
 *  - ZIP pages: those within the ZIP radius of its old and new places (their lists, counts,
 *    price index, deals), those named after one of its cities (their canonical depends on the
 *    city page's first clinics), and its old and new postal codes (a ZIP page appears or goes).
 * Other routes (listings, home, blog, sitemaps) return all their paths as before.
 *
 * `covers(path)` says whether a path of the previous build is within the selection: such a
 * path that the routes no longer return is gone (the build engine's targeted publish,
 * packages/site-build, removes it); a path outside it is kept from the live build as it is.
 *
 * A full build's page pipeline (packages/site-build, decision 226) uses the same two hooks
 * for its shares: with SITE_RENDER_SHARD "k/N", each of its N render processes gets a selection
 * (`shardSelection`) that covers the pages whose path hashes to k, so each computes the props
 * and cache keys of its own pages only.
 */
import { FILTERS } from "@botox/core/constants";
import { PRICE_BRANDS } from "@botox/core/prices";
import { distanceMiles } from "@botox/core/geo";
import { cityPath, clinicPath, zipPath } from "@botox/core/search";
import { toLinkSlug } from "@botox/core/slug";
import { isPermanentlyClosed } from "@botox/core/freshness";
import type { Clinic } from "@botox/core/contract";
import { readPageIndex, readTargetFile, type ClinicEntry } from "@botox/site-build/contract";
import { parseShard, pathSegments, pathShard } from "@botox/site-build/page-shard";
import { env } from "../env.ts";
import { cacheKey } from "./cache-key.ts";
import { NEARBY_MILES } from "./closed.ts";
import { siteData, type SiteCity, type SiteIndex } from "./data.ts";
import { cityPriceView, indexOver } from "./prices.ts";

/**
 * What the previous build's page index records per clinic (the build engine's contract).
 * @internal Exported for its tests.
 */
export type PreviousClinic = ClinicEntry;

interface PathSelection {
  /** City slugs (the URL's city part) whose city pages are selected. */
  citySlugs: ReadonlySet<string>;
  /** Those of them whose figures moved (or may have): all their clinic pages are selected. */
  movedCitySlugs: ReadonlySet<string>;
  zips: ReadonlySet<string>;
  clinicIds: ReadonlySet<number>;
  /** Whether a page of the clinic route is selected. */
  clinic: (clinic: Clinic) => boolean;
  /** Whether a page path is within the selection (see above). */
  covers: (pathname: string) => boolean;
}

type Point = { latitude: number; longitude: number };

type FigureData = Pick<SiteIndex, "clinicsByCity" | "currentPrices" | "currentPricesOf">;

/**
 * What every clinic page of a city shows of its city besides its own data (the clinic route's
 * props, pages/botox-clinic/[city]/[slug].astro): the city page's slug, the city's name, its
 * price index and distribution, and the index of each brand its clinics' deals are compared
 * with. The city route records it in the page index; when it is the same as in the previous
 * build, an edit of one of the city's clinics leaves the city's other clinic pages as they are.
 */
export function cityFigure(data: FigureData, city: SiteCity): string {
  const clinics = data.clinicsByCity.get(city.pageSlug) ?? [];
  const { index, values } = cityPriceView(clinics, data.currentPrices);
  const ids = clinics.map((c) => c.id);
  // Every brand, not only those with a running deal: a deal added elsewhere in the city is then covered too.
  const dealIndexes = PRICE_BRANDS.map((brand) => indexOver(ids, data.currentPricesOf(brand), brand));
  return cacheKey(city.pageSlug, city.city, city.state, index, values, dealIndexes);
}

/**
 * The selection for clinics `changed`, from the data of this build and the previous build's
 * index. Without the previous build's city figures (an index written before decision 194) every
 * clinic page of the changed clinics' cities is selected, as before.
 * @internal Exported for its tests.
 */
export function selectPaths(
  data: Pick<SiteIndex, "clinics" | "zips" | "cities"> & FigureData,
  changed: readonly number[],
  previous: Record<string, PreviousClinic | undefined>,
  previousFigures?: Record<string, string>,
): PathSelection {
  const clinicIds = new Set(changed);
  const citySlugs = new Set<string>();
  const postalCodes = new Set<string>();
  const points: Point[] = [];
  for (const id of changed) {
    const before = previous[String(id)];
    if (before) {
      const slug = before.citySlug ?? pathSegments(before.page)[1];
      if (slug) citySlugs.add(slug);
      if (before.zip) postalCodes.add(before.zip);
      if (before.at) points.push({ latitude: before.at[0], longitude: before.at[1] });
    }
  }
  for (const c of data.clinics) {
    if (!clinicIds.has(c.id)) continue;
    citySlugs.add(c.citySlug);
    if (c.postalCode) postalCodes.add(c.postalCode);
    if (c.latitude != null && c.longitude != null) points.push({ latitude: c.latitude, longitude: c.longitude });
  }
  const near = (p: Point, miles: number) => points.some((q) => distanceMiles(p, q) <= miles);
  const zips = new Set<string>(postalCodes);
  for (const z of data.zips) {
    if (citySlugs.has(toLinkSlug(z.city)) || near(z, FILTERS.zipDefaultDistance)) zips.add(z.zip);
  }
  // City page slugs are the city slug, or it with a state suffix when several states share it:
  // those of the selected cities now, and those their clinics were listed on (a suffix that goes).
  const cityPages = new Set<string>(citySlugs);
  for (const c of data.cities) if (citySlugs.has(c.citySlug)) cityPages.add(c.pageSlug);
  for (const e of Object.values(previous)) {
    if (!e?.city || !citySlugs.has(e.citySlug ?? pathSegments(e.page)[1] ?? "")) continue;
    const page = pathSegments(e.city)[1];
    if (page) cityPages.add(page);
  }
  // A city slug's clinic pages are all selected when one of its cities' figures moved, or its
  // page slug did (the figure is recorded under the city page's path, so a new path has none).
  const movedCitySlugs = new Set<string>();
  for (const c of data.cities) {
    if (citySlugs.has(c.citySlug) && (previousFigures === undefined || previousFigures[cityPath(c.pageSlug)] !== cityFigure(data, c)))
      movedCitySlugs.add(c.citySlug);
  }
  // The changed clinics' previous pages: one that is not returned any more is gone.
  const key = (pathname: string) => pathSegments(pathname).join("/");
  const changedPages = new Set<string>();
  for (const id of changed) {
    const page = previous[String(id)]?.page;
    if (page) changedPages.add(key(page));
  }
  const covers = (pathname: string): boolean => {
    const [route, a, b, ...rest] = pathSegments(pathname);
    if (rest.length > 0 || a === undefined) return true;
    if (route === "botox-clinic" && b !== undefined) return movedCitySlugs.has(a) || changedPages.has(key(pathname));
    if (route === "botox-near-me" && b === undefined) return cityPages.has(a);
    if (route === "zip" && b === undefined) return zips.has(a);
    return true;
  };
  const clinic = (c: Clinic): boolean =>
    clinicIds.has(c.id) ||
    movedCitySlugs.has(c.citySlug) ||
    (isPermanentlyClosed(c.businessStatus) &&
      c.latitude != null &&
      c.longitude != null &&
      near({ latitude: c.latitude, longitude: c.longitude }, NEARBY_MILES));
  return { citySlugs, movedCitySlugs, zips, clinicIds, clinic, covers };
}

/** What the routes ask of a selection: a targeted build's (`selectPaths`) or a page pipeline share's (`shardSelection`). */
export type RouteSelection = Pick<PathSelection, "clinic" | "covers">;

/**
 * The pages of share `shard` of `shards`: every page path hashing to it, clinic pages by their path too.
 * @internal Exported for its tests.
 */
export function shardSelection(shard: number, shards: number): RouteSelection {
  const covers = (pathname: string) => pathShard(pathname, shards) === shard;
  return { covers, clinic: (c: Clinic) => covers(clinicPath(c.citySlug, c.slug)) };
}

/**
 * Where the selection is left for the build engine's targeted publish (packages/site-build),
 * which reads the same registered symbol (the same process: the prerender bundle runs inside
 * the build), with the previous build's index as parsed here (`previousIndex`): 50,000
 * clinics' index is parsed once, not twice.
 */
const SELECTION_KEY = Symbol.for("botox.pathSelection");

let selecting: Promise<RouteSelection | null> | undefined;

/**
 * The selection of this build: null in a full build rendered by one process. Read once from
 * SITE_TARGET_FILE (the changed clinics and the previous build's page index, written by the
 * publisher), or a page pipeline share from SITE_RENDER_SHARD.
 */
export function pathSelection(
  file: string | undefined = env.SITE_TARGET_FILE,
  shard: string | undefined = env.SITE_RENDER_SHARD,
): Promise<RouteSelection | null> {
  selecting ??= (async () => {
    if (!file && shard) {
      const share = parseShard(shard);
      return shardSelection(share.shard, share.shards);
    }
    if (!file) return null;
    const target = readTargetFile(file);
    const previous = readPageIndex(target.previousIndex);
    const selection = selectPaths(await siteData(), target.clinicIds, previous.clinics, previous.cityFigures);
    (globalThis as Record<symbol, unknown>)[SELECTION_KEY] = { ...selection, previousIndex: previous };
    return selection;
  })();
  return selecting;
}

/** The city routes' filter: a city page (or shared-slug chooser) is selected when its path is covered. */
export const cityPageSelected = (selection: RouteSelection | null, pageSlug: string): boolean => selection === null || selection.covers(cityPath(pageSlug));
/** The ZIP route's filter. */
export const zipSelected = (selection: RouteSelection | null, zip: string): boolean => selection === null || selection.covers(zipPath(zip));
