// @ts-check
/**
 * A render worker of a full build (site/render-pool.mjs, decision 209): a thread that loads the
 * build's own prerender bundle (the file Astro's default prerenderer imports), collects every
 * route's paths and props as the build's main thread does, and renders the pages it is sent
 * with Astro's own `renderForPrerender`, so a page is the same bytes whichever thread renders it.
 * It never writes a file: the main thread writes each page and records it in the incremental
 * cache as for a page it rendered itself.
 *
 * workerData: { entryUrl, astroRoot, pages: [key, styles][], entries: [specifier, file][], scripts }
 * Messages in: { id, url, route, component, collectMetadata }; out: { type: "ready" } once,
 * then { id, status, headers, body (transferred), metadata } or { id, error }.
 */
import { parentPort, workerData } from "node:worker_threads";
import path from "node:path";
import { pathToFileURL } from "node:url";

if (!parentPort) throw new Error("render-worker.mjs runs as a worker thread");
const port = parentPort;
/** @type {{ entryUrl: string, astroRoot: string, pages: [string, unknown[]][], entries: [string, string][], scripts: { stage: string, content: string }[] }} */
const { entryUrl, astroRoot, pages, entries, scripts } = workerData;
/** @param {string} file */
const astroModule = (file) => import(pathToFileURL(path.join(astroRoot, file)).href);

try {
  const { app } = await import(entryUrl);
  // What the build environment's head elements read of the build (Astro's
  // core/build/environment.js): each page's styles and the bundled entry scripts.
  app.setInternals({ pagesByKeys: new Map(pages.map(([key, styles]) => [key, { styles }])), entrySpecifierToBundleMap: new Map(entries) });
  // Astro's per-page log lines belong to the main thread; warnings and errors still reach stderr.
  const destination = {
    /** @param {{ level: string, label?: string, message: string }} event */
    write(event) {
      if (event.level === "warn" || event.level === "error") process.stderr.write(`[render worker] ${event.label ? `${event.label} ` : ""}${event.message}\n`);
      return true;
    },
  };
  app.setOptions({ settings: { scripts }, logger: { options: { destination } } });
  const [{ StaticPaths }, { renderForPrerender }, { ensureAsyncRenderScope }] = await Promise.all([
    astroModule("dist/runtime/prerender/static-paths.js"),
    astroModule("dist/core/app/prerender.js"),
    astroModule("dist/core/render-scope/node-scope.js"),
  ]);
  // Fills the route cache with every page's props, as the main thread's collection did.
  await new StaticPaths(app).getAll();
  /** @type {Map<string, any>} */
  const routes = new Map();
  for (const { routeData } of app.manifest.routes) routes.set(`${routeData.route}\u0000${routeData.component}`, routeData);

  port.on("message", async (/** @type {{ id: number, url: string, route: string, component: string, collectMetadata: boolean }} */ job) => {
    try {
      const routeData = routes.get(`${job.route}\u0000${job.component}`);
      if (!routeData) throw new Error(`no route ${job.route} (${job.component}) in the render worker's bundle`);
      if (job.collectMetadata) ensureAsyncRenderScope();
      const rendered = await renderForPrerender(app, new Request(job.url), { routeData, collectMetadata: job.collectMetadata });
      const { response, metadata } = rendered instanceof Response ? { response: rendered, metadata: undefined } : rendered;
      const body = response.body === null ? null : await response.arrayBuffer();
      port.postMessage(
        { id: job.id, status: response.status, statusText: response.statusText, headers: [...response.headers], body, metadata },
        body ? [body] : [],
      );
    } catch (err) {
      port.postMessage({ id: job.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  });
  port.postMessage({ type: "ready" });
} catch (err) {
  port.postMessage({ type: "failed", error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}
