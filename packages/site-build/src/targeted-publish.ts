/**
 * Targeted publishing (decision 039): the publisher's builds record, per build, a page index
 * (every path written with its cache key, and for each clinic its page and its city page); a
 * targeted build then renders only the pages a set of changed clinics affects, through
 * Astro's own pipeline (the default prerenderer, `setPrerenderer`), so each page is byte for
 * byte what a full build writes. The publisher lays those pages over a hard-linked copy of the
 * live build (packages/publish/src/targeted.ts).
 *
 * Environment (set by the publisher, never by hand; contract.ts):
 *  - SITE_PAGE_INDEX_OUT: where to write this build's page index (`PageIndex`);
 *  - SITE_FINGERPRINT: the site's code fingerprint, recorded in the index;
 *  - SITE_TARGET_FILE: a `TargetFile`: render only what those clinics' changes affect (against
 *    the live build's index) and write the plan to its `report` (`TargetReport`).
 *    The clinic, city and ZIP routes then return only the paths those clinics can affect
 *    (site/src/lib/path-selection.ts, decision 190), so Astro collects a few hundred paths, not all.
 *
 * Pages are told apart by their props, not their file names, so new kinds of clinic content
 * (staff, deals) need nothing here: a change maps to its clinic id, whose page and city pages
 * are always rendered, and every other page showing it has a cache key that changed.
 */
import type { AstroIntegration } from "astro";
import { readPageIndex, readTargetFile, writePageIndex, writeTargetReport, type BuildEnv, type ClinicEntry, type PageIndex } from "./contract.ts";
import { stashPipeline, type PrerendererBase } from "./page-pipeline.ts";

/** A page with the props its getStaticPaths gave it (only what `classify` reads is looked at). */
export interface PagePath {
  pathname: string;
  props: Record<string, unknown>;
  cacheKey?: string | undefined;
}

const record = (value: unknown): Record<string, unknown> | null => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null);
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** A clinic page's clinic (`props.clinic` with a numeric id), else null. */
function clinicOf(props: Record<string, unknown> | null): (Record<string, unknown> & { id: number }) | null {
  const clinic = record(props?.clinic);
  return clinic && typeof clinic.id === "number" ? (clinic as Record<string, unknown> & { id: number }) : null;
}

/** A city page's page slug (`props.city.pageSlug`), else undefined. */
const cityPageSlugOf = (props: Record<string, unknown> | null): string | undefined => text(record(props?.city)?.pageSlug);

/**
 * What each page is, from the props its getStaticPaths gave it: a clinic page (`clinic`), a
 * city page (`city` with a `pageSlug`), or another page.
 */
function classify(pages: readonly PagePath[]) {
  const clinicPages = new Map<string, { id: number; cityPage: string | null; citySlug: string | undefined; zip: string | null; at: [number, number] | null }>();
  /** City page slug → its path. */
  const cityPaths = new Map<string, string>();
  /** City page path → its figure (site/src/lib/path-selection.ts `cityFigure`). */
  const cityFigures: Record<string, string> = {};
  for (const { pathname, props } of pages) {
    const clinic = clinicOf(props);
    if (clinic) {
      // Its city slug, ZIP code and place: what a targeted build selects pages by (site/src/lib/path-selection.ts).
      const { latitude, longitude } = clinic;
      clinicPages.set(pathname, {
        id: clinic.id,
        cityPage: text(props.cityPage) ?? null,
        citySlug: text(clinic.citySlug),
        zip: text(clinic.postalCode) ?? null,
        at: typeof latitude === "number" && typeof longitude === "number" ? [latitude, longitude] : null,
      });
      continue;
    }
    const pageSlug = cityPageSlugOf(props);
    if (pageSlug !== undefined) {
      cityPaths.set(pageSlug, pathname);
      const figure = text(props.figure);
      if (figure !== undefined) cityFigures[pathname] = figure;
    }
  }
  return { clinicPages, cityPaths, cityFigures };
}

/**
 * The props of a page that its page index reads (`classify`), copied out of its full props: what
 * a render process of the page pipeline sends back (page-pipeline-child.ts).
 */
export function pageFacts(props: Record<string, unknown> | undefined): Record<string, unknown> {
  const clinic = clinicOf(props ?? null);
  if (clinic) {
    const { id, citySlug, postalCode, latitude, longitude } = clinic;
    return { clinic: { id, citySlug, postalCode, latitude, longitude }, cityPage: props?.cityPage };
  }
  const pageSlug = cityPageSlugOf(props ?? null);
  if (pageSlug !== undefined) return { city: { pageSlug }, figure: props?.figure };
  return {};
}

/** The page index of a build, from every page of it. */
export function pageIndex(pages: readonly PagePath[], fingerprint: string | null): PageIndex {
  const { clinicPages, cityPaths, cityFigures } = classify(pages);
  const clinics: Record<string, ClinicEntry> = {};
  for (const [page, c] of clinicPages) {
    clinics[String(c.id)] = { page, city: c.cityPage === null ? null : (cityPaths.get(c.cityPage) ?? null), citySlug: c.citySlug, zip: c.zip, at: c.at };
  }
  const keys: Record<string, string> = {};
  for (const p of pages) if (p.cacheKey !== undefined) keys[p.pathname] = p.cacheKey;
  return { fingerprint, paths: pages.map((p) => p.pathname).sort(), keys, clinics, cityFigures };
}

/**
 * The pages to render and the files to remove when `clinicIds` changed since the build whose
 * index is `previous`, given the pages this build's routes returned (`pages`: in a targeted
 * build only those within the routes' selection, site/src/lib/path-selection.ts, whose `covers`
 * says which paths of the previous build the selection speaks for; every path when the routes
 * returned all of theirs):
 *  - the changed clinics' pages and the city pages they were and are listed on, whatever their
 *    keys say (a new kind of clinic content shows there before any key knows of it);
 *  - every page whose cache key changed (site/src/lib/cache-key.ts: a hash of what the page shows,
 *    the key Astro's incremental build trusts): the ZIP pages listing the clinics, the other
 *    clinic pages of a city whose price figures moved, pages whose city page slug moved;
 *  - every page without a key (home, listings, legal pages, sitemaps) and every new page;
 *  - and, to remove, the covered pages that are gone (a moved clinic's old address, an emptied city).
 * The index returned is the new build's: the previous one with the covered paths replaced by
 * what the routes returned (the same as a full build's index of this data).
 * @internal Exported for its tests.
 */
export function targetPlan(
  pages: readonly PagePath[],
  previous: PageIndex,
  clinicIds: readonly number[],
  covers: (pathname: string) => boolean = () => true,
): { render: Set<string>; remove: string[]; index: PageIndex } {
  const current = pageIndex(pages, previous.fingerprint);
  const before = new Set(previous.paths);
  const now = new Set(current.paths);
  const previousKeys = previous.keys;
  const render = new Set<string>();
  for (const p of pages) {
    const key = current.keys[p.pathname];
    if (key === undefined || !before.has(p.pathname) || previousKeys[p.pathname] !== key) render.add(p.pathname);
  }
  for (const id of clinicIds) {
    for (const e of [previous.clinics[String(id)], current.clinics[String(id)]]) {
      if (!e) continue;
      render.add(e.page);
      if (e.city) render.add(e.city);
    }
  }
  for (const p of [...render]) if (!now.has(p)) render.delete(p);
  const remove = previous.paths.filter((p) => !now.has(p) && covers(p));
  const gone = new Set(remove);
  // Keys and city figures: the previous build's for the paths not returned and not gone, this build's for the others.
  const merged = (before: Record<string, string>, after: Record<string, string> | undefined) => {
    const out: Record<string, string> = {};
    for (const [p, k] of Object.entries(before)) if (!gone.has(p) && !now.has(p)) out[p] = k;
    return Object.assign(out, after);
  };
  const keys = merged(previousKeys, current.keys);
  const cityFigures = merged(previous.cityFigures ?? {}, current.cityFigures);
  const clinics: Record<string, ClinicEntry> = {};
  for (const [id, e] of Object.entries(previous.clinics)) if (!gone.has(e.page)) clinics[id] = e;
  for (const [id, e] of Object.entries(current.clinics)) {
    // A clinic page selected without its city page (a closed clinic near the change) keeps the city page the index knew.
    const kept = clinics[id];
    clinics[id] = e.city === null && kept?.page === e.page ? { ...e, city: kept.city } : e;
  }
  const paths = [...previous.paths.filter((p) => !gone.has(p) && !now.has(p)), ...current.paths].sort();
  return { render, remove, index: { fingerprint: previous.fingerprint, paths, keys, clinics, cityFigures } };
}

/** A path Astro's prerenderer collected (`getStaticPaths` of its default prerenderer). */
interface CollectedPath {
  pathname: string;
  route: unknown;
  cacheKey?: string | undefined;
}

/** What Astro's prerender bundle keeps of the paths it collected: the props of each, by route and path. */
interface RouteCacheHolder {
  routeCache?: { get(route: unknown): { staticPaths?: { keyed?: Map<string, { props?: Record<string, unknown> }> } } | undefined };
}

/**
 * Every page with its props, from the route cache Astro filled while collecting the paths
 * (`app.routeCache`: the prerender bundle's own cache; pages without getStaticPaths have no props).
 */
function withProps(app: RouteCacheHolder | undefined, paths: readonly CollectedPath[]): PagePath[] {
  return paths.map(({ pathname, route, cacheKey }) => {
    const sp = app?.routeCache?.get(route)?.staticPaths?.keyed?.get(pathname);
    return { pathname, props: sp?.props ?? {}, cacheKey };
  });
}

/**
 * What the routes selected (site/src/lib/path-selection.ts leaves it under this registered
 * symbol, with the previous index it parsed; none when no route asked).
 */
const SELECTION_KEY = Symbol.for("botox.pathSelection");
interface LeftSelection {
  covers: (pathname: string) => boolean;
  previousIndex: PageIndex;
}
const leftSelection = (): LeftSelection | undefined => (globalThis as Record<symbol, LeftSelection | undefined>)[SELECTION_KEY];

/** The integration that writes the page index and, in a targeted build, renders only its plan; null when the build needs neither. */
export function targetedPublish(env: BuildEnv): AstroIntegration | null {
  const indexOut = env.SITE_PAGE_INDEX_OUT;
  const targetFile = env.SITE_TARGET_FILE;
  // A full build's pages go to the page pipeline (build.ts, decision 226); a targeted one renders its few here.
  const pipelineDir = targetFile ? undefined : env.SITE_PIPELINE_DIR;
  if (!indexOut && !targetFile && !pipelineDir) return null;
  const fingerprint = env.SITE_FINGERPRINT ?? null;
  // Each stage's seconds, logged at the end for bench:publish (decision 040).
  const marks: [string, number][] = [["start", performance.now()]];
  const mark = (name: string) => {
    marks.push([name, performance.now()]);
  };
  return {
    name: "botox:targeted-publish",
    hooks: {
      "astro:build:done": ({ logger }) => {
        mark("finish");
        const stages = marks.slice(1).map(([name, t], i) => `${name} ${((t - (marks[i]?.[1] ?? t)) / 1000).toFixed(1)} s`);
        logger.info(`stages: ${stages.join(", ")}`);
      },
      "astro:build:generated": () => mark("render"),
      "astro:build:start": ({ setPrerenderer }) => {
        setPrerenderer((base) => ({
          ...base,
          name: "botox:targeted-publish",
          async getStaticPaths() {
            mark("bundle");
            if (pipelineDir) {
              // Phase 1 of the page pipeline: the bundle is kept for the render processes, Astro's loop gets no page.
              await stashPipeline(base as PrerendererBase, pipelineDir);
              mark("stash");
              return [];
            }
            const all = await base.getStaticPaths();
            mark("paths");
            const pages = withProps((base as { app?: RouteCacheHolder }).app, all);
            if (!targetFile) {
              if (indexOut) writePageIndex(indexOut, pageIndex(pages, fingerprint));
              mark("index");
              return all;
            }
            const target = readTargetFile(targetFile);
            const selection = leftSelection();
            const previous = selection?.previousIndex ?? readPageIndex(target.previousIndex);
            const plan = targetPlan(pages, previous, target.clinicIds, selection?.covers);
            if (indexOut) writePageIndex(indexOut, plan.index);
            // `collected`: every path the routes returned, rendered or not (the tests check the selection).
            writeTargetReport(target.report, { render: [...plan.render].sort(), remove: plan.remove, collected: pages.map((p) => p.pathname).sort() });
            mark("plan");
            return all.filter((p) => plan.render.has(p.pathname));
          },
        }));
      },
    },
  };
}
