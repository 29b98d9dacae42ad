// @ts-check
/**
 * A full build's pages rendered on two cores (issue 24, decision 209). Astro renders every page
 * on one thread; at 50,000 clinics that is about 100 s of the full build's 113. This wraps the
 * build's prerenderer: a worker thread (site/render-worker.mjs) loads the same prerender bundle,
 * and while it has fewer than MAX_IN_FLIGHT pages to render, the pages Astro asks for go to it;
 * the rest render here as before. Astro still writes every page, records it in the incremental
 * cache and logs it, so nothing downstream knows which thread rendered a page; a page is the
 * same bytes either way (Astro's own render function, and each page's island ids are counted
 * per page).
 *
 * A second copy of the page data lives in the worker (about 200 MB at 50,000 clinics); two
 * Astro processes would each hold Vite's and Rolldown's memory too, which does not fit 1.5 GB
 * (decision 204). A worker that fails to start leaves every page to this thread; one that dies
 * mid-build has its pages rendered here again.
 *
 * SITE_RENDER_WORKERS: 0 turns it off, 1 forces it on; unset, it runs when the machine has two
 * cores or more and the build has at least MIN_PAGES pages (below that the worker's start, which
 * collects every route's paths again, costs more than it saves).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** Pages the worker may hold at once: enough to keep it busy while a message crosses. */
const MAX_IN_FLIGHT = 4;
export const MIN_PAGES = 2000;

/**
 * Whether this build uses a render worker.
 * @param {Record<string, string | undefined>} env @param {number} pages @param {number} cores
 */
export function wantsRenderWorker(env, pages, cores = os.availableParallelism()) {
  const set = env.SITE_RENDER_WORKERS;
  if (set === "0") return false;
  if (set === "1") return true;
  if (set !== undefined && set !== "") throw new Error(`SITE_RENDER_WORKERS must be 0 or 1, not "${set}"`);
  return cores >= 2 && pages >= MIN_PAGES;
}

/** The folder of the astro package this build runs (the worker loads Astro's own render functions from it). */
function astroRoot() {
  let dir = path.dirname(fileURLToPath(import.meta.resolve("astro")));
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, "utf8")).name === "astro") return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error("astro's package folder not found");
    dir = up;
  }
}

/**
 * @typedef {{ resolve: (value: any) => void, reject: (err: unknown) => void, request: Request, options: any }} Job
 * @typedef {{ info: (msg: string) => void, warn: (msg: string) => void }} Log
 */

/**
 * Wraps Astro's default prerenderer (`setPrerenderer`'s `base`; the project's Astro patch leaves
 * its bundle's URL and the build's internals on it after `setup`).
 * @param {any} base @param {{ env: Record<string, string | undefined>, log: () => Log }} options
 * @returns {{ name: string, setup?: () => Promise<void>, getStaticPaths: () => Promise<any[]>, render: (request: Request, options: any) => Promise<any>, teardown: () => Promise<void> }}
 */
export function withRenderWorker(base, { env, log }) {
  /** @type {Worker | null} */
  let worker = null;
  let ready = false;
  let seq = 0;
  let sent = 0;
  let total = 0;
  let started = false;
  /** @type {Map<number, Job>} */
  const pending = new Map();
  /** @type {() => void} */
  let settle = () => {};
  /** Settles once the worker is ready, failed or gone. */
  const whenReady = new Promise((resolve) => (settle = () => resolve(undefined)));

  /** The worker is gone: its pages render here. */
  const fallBack = (/** @type {string} */ why) => {
    settle();
    if (!worker) return;
    const gone = worker;
    worker = null;
    ready = false;
    void gone.terminate().catch(() => undefined);
    log().warn(`render worker stopped (${why}); its pages render on the main thread`);
    for (const job of pending.values()) base.render(job.request, job.options).then(job.resolve, job.reject);
    pending.clear();
  };

  const start = () => {
    const internals = base.internals;
    const settings = base.app?.getSettings?.();
    if (!base.entryUrl || !internals || !settings) {
      log().warn("render worker not started: the prerenderer does not expose its bundle (is the Astro patch applied?)");
      return;
    }
    const w = new Worker(path.join(path.dirname(fileURLToPath(import.meta.url)), "render-worker.mjs"), {
      workerData: {
        entryUrl: base.entryUrl,
        astroRoot: astroRoot(),
        // Each page's styles by Astro's page data key (what the head elements read).
        pages: [...internals.pagesByKeys].map(([key, data]) => [key, data.styles ?? []]),
        entries: [...(internals.entrySpecifierToBundleMap ?? [])],
        scripts: (settings.scripts ?? []).map((/** @type {any} */ s) => ({ stage: s.stage, content: s.content })),
      },
    });
    worker = w;
    started = true;
    w.on("message", (msg) => {
      if (msg.type === "ready") {
        ready = true;
        settle();
        return;
      }
      if (msg.type === "failed") {
        settle();
        return fallBack(`it failed to start: ${msg.error}`);
      }
      const job = pending.get(msg.id);
      if (!job) return;
      pending.delete(msg.id);
      if (msg.error) return job.reject(new Error(`render worker: ${msg.error}`));
      const response = new Response(msg.body, { status: msg.status, statusText: msg.statusText, headers: msg.headers });
      job.resolve(msg.metadata === undefined ? { response } : { response, metadata: msg.metadata });
    });
    w.on("error", (err) => fallBack(err instanceof Error ? err.message : String(err)));
    w.on("exit", (code) => {
      if (worker === w) fallBack(`exit ${code}`);
    });
  };

  return {
    ...base,
    async getStaticPaths() {
      const all = await base.getStaticPaths();
      total = all.length;
      if (wantsRenderWorker(env, total)) {
        try {
          start();
        } catch (err) {
          log().warn(`render worker not started (${err instanceof Error ? err.message : String(err)}); every page renders on the main thread`);
        }
      }
      return all;
    },
    /** @param {Request} request @param {any} options */
    async render(request, options) {
      // Forced on, the build waits for the worker before its first page, so even a small build
      // renders pages on it (the tests compare those pages with the main thread's).
      if (worker && !ready && env.SITE_RENDER_WORKERS === "1") await whenReady;
      if (!worker || !ready || pending.size >= MAX_IN_FLIGHT) return base.render(request, options);
      const id = ++seq;
      sent++;
      const { route, component } = options.routeData;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, request, options });
        worker?.postMessage({ id, url: request.url, route, component, collectMetadata: Boolean(options.collectMetadata) });
      });
    },
    async teardown() {
      if (worker) {
        const w = worker;
        worker = null;
        await w.terminate();
      }
      if (started) log().info(`render worker: ${sent} of ${total} pages`);
      await base.teardown?.();
    },
  };
}
