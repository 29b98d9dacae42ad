// @ts-check
/**
 * Targeted publishing (decision 039): the publisher's builds record, per build, a page index
 * (every path written, and for each clinic its page, its city page and its coordinates); a
 * targeted build then renders only the pages a set of changed clinics can appear on, through
 * Astro's own pipeline (the default prerenderer, `setPrerenderer`), so each page is byte for
 * byte what a full build writes. The publisher lays those pages over a hard-linked copy of the
 * live build (packages/publish/src/targeted.ts).
 *
 * Environment (set by the publisher, never by hand):
 *  - SITE_PAGE_INDEX_OUT: where to write this build's page index (JSON);
 *  - SITE_FINGERPRINT: the site's code fingerprint, recorded in the index;
 *  - SITE_TARGET_FILE: a JSON `{ clinicIds, previousIndex, report }`: render only what those
 *    clinics' changes affect (against the live build's index) and write the plan to `report`.
 *
 * Pages are told apart by their props, not their file names, so new kinds of clinic content
 * (staff, deals) need nothing here: a change maps to its clinic id, and every page showing a
 * clinic is found from that clinic's page, city and location.
 */
import fs from "node:fs";
import path from "node:path";

// The ZIP pages list clinics within FILTERS.zipDefaultDistance (25 miles, packages/core); a
// mile more so rounding never leaves a ZIP page out (rendering one too many changes nothing).
const ZIP_REACH_MILES = 26;

/** @param {{ latitude: number, longitude: number }} a @param {{ latitude: number, longitude: number }} b */
function miles(a, b) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * @typedef {{ page: string, city: string | null, latitude: number | null, longitude: number | null }} ClinicEntry
 * @typedef {{ fingerprint: string | null, paths: string[], clinics: Record<string, ClinicEntry> }} PageIndex
 * @typedef {{ pathname: string, props: Record<string, any> }} PagePath
 */

/**
 * What each page is, from the props its getStaticPaths gave it: a clinic page (`clinic`), a
 * city page (`city` with a `pageSlug`), a ZIP page (`place` with coordinates), or another page.
 * @param {PagePath[]} pages
 */
export function classify(pages) {
  /** @type {Map<string, { id: number, cityPage: string | null, latitude: number | null, longitude: number | null }>} */
  const clinicPages = new Map();
  /** @type {Map<string, string>} city page slug → its path */
  const cityPaths = new Map();
  /** @type {{ pathname: string, latitude: number, longitude: number }[]} */
  const zipPages = [];
  /** @type {Set<string>} */
  const located = new Set();
  for (const { pathname, props } of pages) {
    const clinic = props?.clinic;
    if (clinic && typeof clinic.id === "number") {
      clinicPages.set(pathname, {
        id: clinic.id,
        cityPage: typeof props.cityPage === "string" ? props.cityPage : null,
        latitude: clinic.latitude ?? null,
        longitude: clinic.longitude ?? null,
      });
      located.add(pathname);
    } else if (props?.city && typeof props.city.pageSlug === "string") {
      cityPaths.set(props.city.pageSlug, pathname);
      located.add(pathname);
    } else if (props?.place && typeof props.place.latitude === "number" && typeof props.place.longitude === "number") {
      zipPages.push({ pathname, latitude: props.place.latitude, longitude: props.place.longitude });
      located.add(pathname);
    }
  }
  return { clinicPages, cityPaths, zipPages, located };
}

/**
 * The page index of a build.
 * @param {PagePath[]} pages every page of the build @param {string | null} fingerprint
 * @returns {PageIndex}
 */
export function pageIndex(pages, fingerprint) {
  const { clinicPages, cityPaths } = classify(pages);
  /** @type {Record<string, ClinicEntry>} */
  const clinics = {};
  for (const [page, c] of clinicPages) {
    clinics[String(c.id)] = { page, city: c.cityPage === null ? null : (cityPaths.get(c.cityPage) ?? null), latitude: c.latitude, longitude: c.longitude };
  }
  return { fingerprint, paths: pages.map((p) => p.pathname).sort(), clinics };
}

/**
 * The pages to render and the files to remove when `clinicIds` changed since the build whose
 * index is `previous`:
 *  - every page that is not a clinic, city or ZIP page (home, listings, sitemap, blog: few);
 *  - pages that are new, and (to remove) pages that are gone;
 *  - the changed clinics' pages; the city pages they were and are listed on, with every
 *    clinic page of those cities (each shows its city's price figures);
 *  - the ZIP pages within reach of where they were and are;
 *  - any clinic whose city page moved (another state's city took its slug): its page and both city pages.
 * @param {PagePath[]} pages @param {PageIndex} previous @param {number[]} clinicIds
 */
export function targetPlan(pages, previous, clinicIds) {
  const { clinicPages, cityPaths, zipPages, located } = classify(pages);
  const current = pageIndex(pages, previous.fingerprint);
  const before = new Set(previous.paths);
  const now = new Set(current.paths);
  /** @type {Set<string>} */
  const render = new Set();
  for (const p of now) if (!located.has(p) || !before.has(p)) render.add(p);
  /** @type {Set<string>} */
  const cities = new Set();
  /** @type {{ latitude: number, longitude: number }[]} */
  const places = [];
  /** @param {ClinicEntry | undefined} e */
  const touch = (e) => {
    if (!e) return;
    render.add(e.page);
    if (e.city) cities.add(e.city);
    if (e.latitude != null && e.longitude != null) places.push({ latitude: e.latitude, longitude: e.longitude });
  };
  for (const id of clinicIds) {
    touch(previous.clinics[String(id)]);
    touch(current.clinics[String(id)]);
  }
  for (const [id, e] of Object.entries(current.clinics)) {
    const old = previous.clinics[id];
    if (old && old.city !== e.city) {
      touch(old);
      touch(e);
    }
  }
  for (const city of cities) render.add(city);
  for (const [page, c] of clinicPages) {
    const city = c.cityPage === null ? null : cityPaths.get(c.cityPage);
    if (city && cities.has(city)) render.add(page);
  }
  for (const z of zipPages) if (places.some((p) => miles(p, z) <= ZIP_REACH_MILES)) render.add(z.pathname);
  for (const p of [...render]) if (!now.has(p)) render.delete(p);
  const remove = previous.paths.filter((p) => !now.has(p));
  return { render, remove, index: current };
}

/**
 * Every page with its props, from the route cache Astro filled while collecting the paths
 * (`app.routeCache`: the prerender bundle's own cache; pages without getStaticPaths have no props).
 * @param {any} app @param {{ pathname: string, route: any }[]} paths
 * @returns {PagePath[]}
 */
function withProps(app, paths) {
  return paths.map(({ pathname, route }) => {
    const sp = app?.routeCache?.get(route)?.staticPaths?.keyed?.get(pathname);
    return { pathname, props: sp?.props ?? {} };
  });
}

/** @param {string} file @param {unknown} value */
function writeJson(file, value) {
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
  if (!indexOut && !targetFile) return null;
  const fingerprint = env.SITE_FINGERPRINT || null;
  // Each stage's seconds, logged at the end for bench:publish (decision 041).
  /** @type {[string, number][]} */
  const marks = [["start", performance.now()]];
  /** @param {string} name */
  const mark = (name) => marks.push([name, performance.now()]);
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
            /** @type {PageIndex} */
            const previous = JSON.parse(fs.readFileSync(target.previousIndex, "utf8"));
            const plan = targetPlan(pages, previous, target.clinicIds);
            if (indexOut) writeJson(indexOut, plan.index);
            writeJson(target.report, { render: [...plan.render].sort(), remove: plan.remove });
            mark("plan");
            return all.filter((p) => plan.render.has(p.pathname));
          },
        }));
      },
    },
  };
}
