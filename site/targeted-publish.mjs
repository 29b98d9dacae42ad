// @ts-check
/**
 * Targeted publishing (decision 039): the publisher's builds record, per build, a page index
 * (every path written with its cache key, and for each clinic its page and its city page); a
 * targeted build then renders only the pages a set of changed clinics affects, through
 * Astro's own pipeline (the default prerenderer, `setPrerenderer`), so each page is byte for
 * byte what a full build writes. The publisher lays those pages over a hard-linked copy of the
 * live build (packages/publish/src/targeted.ts).
 *
 * Environment (set by the publisher, never by hand):
 *  - SITE_PAGE_INDEX_OUT: where to write this build's page index (JSON);
 *  - SITE_FINGERPRINT: the site's code fingerprint, recorded in the index;
 *  - SITE_TARGET_FILE: a JSON `{ clinicIds, previousIndex, report }`: render only what those
 *    clinics' changes affect (against the live build's index) and write the plan to `report`.
 *    The clinic, city and ZIP routes then return only the paths those clinics can affect
 *    (src/lib/path-selection.ts, decision 190), so Astro collects a few hundred paths, not all.
 *
 * Pages are told apart by their props, not their file names, so new kinds of clinic content
 * (staff, deals) need nothing here: a change maps to its clinic id, whose page and city pages
 * are always rendered, and every other page showing it has a cache key that changed.
 */
import fs from "node:fs";
import path from "node:path";
import { stashPipeline } from "./page-pipeline.mjs";

/**
 * @typedef {{ page: string, city: string | null, citySlug?: string, zip?: string | null, at?: [number, number] | null }} ClinicEntry
 * @typedef {{ fingerprint: string | null, paths: string[], keys: Record<string, string>, clinics: Record<string, ClinicEntry>, cityFigures?: Record<string, string> }} PageIndex
 * @typedef {{ pathname: string, props: Record<string, any>, cacheKey?: string | undefined }} PagePath
 */

/**
 * What each page is, from the props its getStaticPaths gave it: a clinic page (`clinic`), a
 * city page (`city` with a `pageSlug`), or another page.
 * @param {PagePath[]} pages
 */
function classify(pages) {
  /** @type {Map<string, { id: number, cityPage: string | null, citySlug?: string, zip: string | null, at: [number, number] | null }>} */
  const clinicPages = new Map();
  /** @type {Map<string, string>} city page slug → its path */
  const cityPaths = new Map();
  /** @type {Record<string, string>} city page path → its figure (src/lib/path-selection.ts `cityFigure`) */
  const cityFigures = {};
  for (const { pathname, props } of pages) {
    const clinic = props?.clinic;
    if (clinic && typeof clinic.id === "number") {
      // Its city slug, ZIP code and place: what a targeted build selects pages by (src/lib/path-selection.ts).
      clinicPages.set(pathname, {
        id: clinic.id,
        cityPage: typeof props.cityPage === "string" ? props.cityPage : null,
        citySlug: typeof clinic.citySlug === "string" ? clinic.citySlug : undefined,
        zip: typeof clinic.postalCode === "string" ? clinic.postalCode : null,
        at: typeof clinic.latitude === "number" && typeof clinic.longitude === "number" ? [clinic.latitude, clinic.longitude] : null,
      });
    } else if (props?.city && typeof props.city.pageSlug === "string") {
      cityPaths.set(props.city.pageSlug, pathname);
      if (typeof props.figure === "string") cityFigures[pathname] = props.figure;
    }
  }
  return { clinicPages, cityPaths, cityFigures };
}

/**
 * The props of a page that its page index reads (`classify`), copied out of its full props: what
 * a render process of the page pipeline sends back (site/page-pipeline-child.mjs).
 * @param {Record<string, any> | undefined} props
 * @returns {Record<string, unknown>}
 */
export function pageFacts(props) {
  const clinic = props?.clinic;
  if (clinic && typeof clinic.id === "number") {
    const { id, citySlug, postalCode, latitude, longitude } = clinic;
    return { clinic: { id, citySlug, postalCode, latitude, longitude }, cityPage: props?.cityPage };
  }
  if (props?.city && typeof props.city.pageSlug === "string") return { city: { pageSlug: props.city.pageSlug }, figure: props.figure };
  return {};
}

/**
 * The page index of a build.
 * @param {PagePath[]} pages every page of the build @param {string | null} fingerprint
 * @returns {PageIndex}
 */
export function pageIndex(pages, fingerprint) {
  const { clinicPages, cityPaths, cityFigures } = classify(pages);
  /** @type {Record<string, ClinicEntry>} */
  const clinics = {};
  for (const [page, c] of clinicPages) {
    clinics[String(c.id)] = { page, city: c.cityPage === null ? null : (cityPaths.get(c.cityPage) ?? null), citySlug: c.citySlug, zip: c.zip, at: c.at };
  }
  /** @type {Record<string, string>} */
  const keys = {};
  for (const p of pages) if (p.cacheKey !== undefined) keys[p.pathname] = p.cacheKey;
  return { fingerprint, paths: pages.map((p) => p.pathname).sort(), keys, clinics, cityFigures };
}

/**
 * The pages to render and the files to remove when `clinicIds` changed since the build whose
 * index is `previous`, given the pages this build's routes returned (`pages`: in a targeted
 * build only those within the routes' selection, src/lib/path-selection.ts, whose `covers`
 * says which paths of the previous build the selection speaks for):
 *  - the changed clinics' pages and the city pages they were and are listed on, whatever their
 *    keys say (a new kind of clinic content shows there before any key knows of it);
 *  - every page whose cache key changed (src/lib/cache-key.ts: a hash of what the page shows,
 *    the key Astro's incremental build trusts): the ZIP pages listing the clinics, the other
 *    clinic pages of a city whose price figures moved, pages whose city page slug moved;
 *  - every page without a key (home, listings, legal pages, sitemaps) and every new page;
 *  - and, to remove, the covered pages that are gone (a moved clinic's old address, an emptied city).
 * The index returned is the new build's: the previous one with the covered paths replaced by
 * what the routes returned (the same as a full build's index of this data).
 * @param {PagePath[]} pages @param {PageIndex} previous @param {number[]} clinicIds
 * @param {(pathname: string) => boolean} [covers] every path when the routes returned all of theirs
 */
export function targetPlan(pages, previous, clinicIds, covers = () => true) {
  const current = pageIndex(pages, previous.fingerprint);
  const before = new Set(previous.paths);
  const now = new Set(current.paths);
  const previousKeys = previous.keys ?? {};
  /** @type {Set<string>} */
  const render = new Set();
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
  /** @param {Record<string, string>} before @param {Record<string, string> | undefined} after */
  const merged = (before, after) => {
    /** @type {Record<string, string>} */
    const out = {};
    for (const [p, k] of Object.entries(before)) if (!gone.has(p) && !now.has(p)) out[p] = k;
    return Object.assign(out, after);
  };
  const keys = merged(previousKeys, current.keys);
  const cityFigures = merged(previous.cityFigures ?? {}, current.cityFigures);
  /** @type {Record<string, ClinicEntry>} */
  const clinics = {};
  for (const [id, e] of Object.entries(previous.clinics)) if (!gone.has(e.page)) clinics[id] = e;
  for (const [id, e] of Object.entries(current.clinics)) {
    // A clinic page selected without its city page (a closed clinic near the change) keeps the city page the index knew.
    const kept = clinics[id];
    clinics[id] = e.city === null && kept?.page === e.page ? { ...e, city: kept.city } : e;
  }
  const paths = [...previous.paths.filter((p) => !gone.has(p) && !now.has(p)), ...current.paths].sort();
  return { render, remove, index: { fingerprint: previous.fingerprint, paths, keys, clinics, cityFigures } };
}

/**
 * Every page with its props, from the route cache Astro filled while collecting the paths
 * (`app.routeCache`: the prerender bundle's own cache; pages without getStaticPaths have no props).
 * @param {any} app @param {{ pathname: string, route: any, cacheKey?: string | undefined }[]} paths
 * @returns {PagePath[]}
 */
function withProps(app, paths) {
  return paths.map(({ pathname, route, cacheKey }) => {
    const sp = app?.routeCache?.get(route)?.staticPaths?.keyed?.get(pathname);
    return { pathname, props: sp?.props ?? {}, cacheKey };
  });
}

/** @param {string} file @param {unknown} value */
export function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value));
  fs.renameSync(tmp, file);
}

/**
 * @param {Record<string, string | undefined>} env
 * @returns {import("astro").AstroIntegration | null}
 */
export default function targetedPublish(env = process.env) {
  const indexOut = env.SITE_PAGE_INDEX_OUT;
  const targetFile = env.SITE_TARGET_FILE;
  // A full build's pages go to the page pipeline (site/scripts/build.mjs, decision 226); a targeted one renders its few here.
  const pipelineDir = targetFile ? undefined : env.SITE_PIPELINE_DIR;
  if (!indexOut && !targetFile && !pipelineDir) return null;
  const fingerprint = env.SITE_FINGERPRINT || null;
  // Each stage's seconds, logged at the end for bench:publish (decision 040).
  /** @type {[string, number][]} */
  const marks = [["start", performance.now()]];
  /** @param {string} name */
  const mark = (name) => {
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
              await stashPipeline(base, pipelineDir);
              mark("stash");
              return [];
            }
            const all = await base.getStaticPaths();
            mark("paths");
            const pages = withProps(/** @type {any} */ (base).app, all);
            if (!targetFile) {
              if (indexOut) writeJson(indexOut, pageIndex(pages, fingerprint));
              mark("index");
              return all;
            }
            /** @type {{ clinicIds: number[], previousIndex: string, report: string }} */
            const target = JSON.parse(fs.readFileSync(targetFile, "utf8"));
            // What the routes selected (src/lib/path-selection.ts leaves it here, with the previous index it parsed; none when no route asked).
            /** @type {{ covers: (pathname: string) => boolean, previousIndex: PageIndex } | undefined} */
            const selection = /** @type {any} */ (globalThis)[Symbol.for("botox.pathSelection")];
            /** @type {PageIndex} */
            const previous = selection?.previousIndex ?? JSON.parse(fs.readFileSync(target.previousIndex, "utf8"));
            const plan = targetPlan(pages, previous, target.clinicIds, selection?.covers);
            if (indexOut) writeJson(indexOut, plan.index);
            // `collected`: every path the routes returned, rendered or not (the tests check the selection).
            writeJson(target.report, { render: [...plan.render].sort(), remove: plan.remove, collected: pages.map((p) => p.pathname).sort() });
            mark("plan");
            return all.filter((p) => plan.render.has(p.pathname));
          },
        }));
      },
    },
  };
}
