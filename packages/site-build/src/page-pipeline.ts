/**
 * A full build's pages rendered by render processes of their own (decision 226).
 *
 * Astro renders, writes and caches every page on the build's one thread, beside Vite's and
 * Rolldown's memory; that was most of a full build's time. A render worker
 * beside it (decision 209) did not pay: Astro's loop still wrote every page on the main thread,
 * and a second copy of all the data took the build over its memory budget. Here a full build has two
 * phases, run by build.ts:
 *
 *  1. `astro build` bundles as always; once its prerender bundle exists, `stashPipeline` keeps a
 *     copy of it with what rendering needs of the build (a job file) and gives Astro's loop no
 *     page. Astro finishes (assets, host files, the output folder's move) and its process exits,
 *     with Vite's and Rolldown's memory.
 *  2. `runPagePipeline` starts N render processes (page-pipeline-child.ts): each loads the
 *     kept bundle, computes only its share of the clinic, city and ZIP routes' props
 *     (SITE_RENDER_SHARD, site/src/lib/path-selection.ts) and restores, renders, writes and caches
 *     its share of the pages (page-shard.ts), with Astro's own render function.
 *
 * The incremental cache is the pipeline's own, with Astro's rules (a page is restored when its
 * route's code and its `cacheKey` are unchanged; restored pages are hard links; an entry is
 * never written in place): `<cacheDir>/pages/<2 hex>/<sha-256 of the page's file>.page`, one
 * folder per 256 pages instead of one per page as in Astro's `dist/` mirror (a `mkdir` costs
 * as much as a page's write here), and the manifest `page-pipeline.json`, which also keeps each
 * page's inline script hashes so a restored page need not be read again for the Content
 * Security Policy (host-files.ts). Astro's own incremental build stays on for its hashes
 * of each route's code (`dependencyHash`); its cache stays empty, as its loop renders nothing.
 *
 * What the pipeline does not do, and refuses rather than loses: astro:assets images, redirects,
 * server islands and content collections (the site has none).
 *
 * SITE_RENDER_PROCESSES: how many render processes; 0 leaves the pages to Astro's loop in one
 * phase. Unset: one per core, at most 2 (each holds the data; decision 226's memory figures).
 *
 * Astro's internals the pipeline reads (the prerenderer's bundle, its build internals, its
 * render and hash functions) are typed here as far as they are used: they are not Astro's public
 * API, and the project's Astro patch pins the version (patches/README.md).
 */
import { fork, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { findPackageJSON } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseRenderProcesses } from "./contract.ts";
import { inheritedEnv } from "./env.ts";
import { scanFiles } from "./host-files.ts";

const MAX_DEFAULT_PROCESSES = 2;
const HEAP_GROWING_PERCENT = 25;
const MANIFEST = "page-pipeline.json";
const MANIFEST_VERSION = 1;

/** What phase 1 keeps for phase 2 (`job.json`). */
interface Stash {
  entryUrl: string;
  astroRoot: string;
  styles: [string, unknown[]][];
  entries: [string, string][];
  scripts: { stage: string; content: string }[];
  outDir: string;
  cacheDir: string;
  publicFiles: string[];
  origin: string;
  trailingSlash: string;
  force: boolean;
  configHash: string;
  lockfileHash: string;
  dependencyHashes: Record<string, string>;
}

/** What one render process is given. */
export interface Job extends Stash {
  shard: number;
  shards: number;
  previousManifest: string | null;
}

/** A page a render process wrote or restored. */
export interface PipelinePage {
  pathname: string;
  component: string;
  cacheKey: string | null;
  file: string;
  facts: Record<string, unknown>;
  /** The page's inline script hashes, as an index into its process's (then the build's) `scriptSets`. */
  scripts: number;
}

interface ShareStats {
  rendered: number;
  restored: number;
  pathsSeconds: number;
  renderSeconds: number;
}

/** What a render process sends its parent. */
export type ShareMessage =
  { type: "pages"; pages: PipelinePage[] } | { type: "done"; pages: number; scriptSets: string[]; stats: ShareStats } | { type: "failed"; error: string };

/** The cache manifest (`page-pipeline.json`): Astro's shape plus each page's script set `s`. */
export interface Manifest {
  version: number;
  configHash: string;
  lockfileHash: string;
  scriptSets: string[];
  routes: Record<string, { dependencyHash: string; paths: Record<string, { cacheKey: string; outputFile: string; s: number }> }>;
}

export interface Log {
  info: (msg: string) => void;
  warn: (msg: string) => void;
}

/** How many render processes a full build uses (0: Astro's own loop). */
export function renderProcesses(env: Record<string, string | undefined>, cores = os.availableParallelism()): number {
  return parseRenderProcesses(env.SITE_RENDER_PROCESSES) ?? Math.max(1, Math.min(MAX_DEFAULT_PROCESSES, cores));
}

/** Where the cache keeps a page (its encoded path relative to the output folder). */
export function cacheFileOf(cacheDir: string, file: string): string {
  const hash = createHash("sha256").update(file).digest("hex");
  return path.join(cacheDir, "pages", hash.slice(0, 2), `${hash.slice(2)}.page`);
}

/**
 * The file a page is written to, relative to the output folder and URL-encoded as Astro records
 * it (getOutFolder/getOutFile of astro/dist/core/build/common.js for `build.format: "directory"`;
 * page-pipeline.test.ts compares them). On disk it is that URL's path.
 */
export function outFileOf(pathname: string, routeType: string): string {
  const encoded = encodeURI(pathname);
  if (routeType === "endpoint") return encoded.replace(/^\/+/, "");
  if (encoded === "/404" || encoded === "/500") return `${encoded.slice(1)}.html`;
  const dir = encoded.replace(/^\/+|\/+$/g, "");
  return dir === "" ? "index.html" : `${dir}/index.html`;
}

/**
 * The URL Astro renders a page for (getUrlForPath of astro/dist/core/build/generate.js, base "/",
 * directory format).
 */
export function urlOf(pathname: string, routeType: string, origin: string, trailingSlash: string): URL {
  if (pathname === "/" || pathname === "") return new URL("/", origin);
  const trimmed = pathname.replace(/^\/+/, "");
  if (routeType === "endpoint") return new URL(`/${trimmed}`, origin);
  return new URL(`/${trimmed.replace(/\/+$/, "")}${trailingSlash === "never" ? "" : "/"}`, origin);
}

/**
 * Where a render process leaves the function Astro's renderPage hands each page's text to, before
 * it would encode it into a Response (the project's Astro patch, patches/README.md).
 */
export const PAGE_TEXT_HOOK = Symbol.for("botox.astro.takePageText");

/**
 * A yield file older than this is left by a publisher that died: the pipeline goes on.
 * @internal Exported for its tests.
 */
export const YIELD_FRESH_MS = 30_000;

/**
 * Whether a targeted build beside this full build asks it to pause (`pauseWhileYielding`): its publisher keeps
 * SITE_PIPELINE_YIELD_FILE fresh while it runs (packages/publish, decision 226).
 * @internal Exported for its tests.
 */
export function yieldWanted(file: string | null, now = Date.now()): boolean {
  if (!file) return false;
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  // A time ahead of the clock is not a live publisher's touch (a clock moved back, a copied file):
  // taken as fresh, it would stop the full build until that time came.
  return stat !== undefined && stat.mtimeMs > now - YIELD_FRESH_MS && stat.mtimeMs < now + YIELD_FRESH_MS;
}

interface Pause {
  end: () => number;
}

/** The pauses in force in this process. */
const pauses = new Set<Pause>();

/**
 * Stops the processes `pids()` names (SIGSTOP) while a targeted build beside this full build asks
 * it to, and continues them (SIGCONT) once it is done. Used for both phases of a full build: Astro's
 * bundling, then the render processes, wherever they are (reading the data, rendering, writing).
 * Lowering their priority did not do: the file system's work is not niced, and an edit saved
 * during the nightly build took twice as long as one alone (decision 226). Pausing between pages
 * left Astro's bundling and the processes' reads running beside the edit (decision 228).
 * A process that starts during a pause is stopped at the next check. `end()` continues what is
 * stopped, stops watching and returns the seconds paused; `endPauses()` ends every pause of this
 * process (a build told to stop: a stopped process acts on no signal until it is continued).
 */
export function pauseWhileYielding(file: string | null, pids: () => (number | undefined)[], intervalMs = 100): Pause {
  if (!file) return { end: () => 0 };
  const stopped = new Set<number>();
  let since = 0;
  let paused = 0;
  const send = (pid: number, signal: NodeJS.Signals) => {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  };
  const resume = () => {
    for (const pid of stopped) send(pid, "SIGCONT");
    stopped.clear();
    paused += (performance.now() - since) / 1000;
  };
  const check = () => {
    if (!yieldWanted(file)) {
      if (stopped.size > 0) resume();
      return;
    }
    for (const pid of pids()) {
      if (pid === undefined || stopped.has(pid)) continue;
      if (stopped.size === 0) since = performance.now();
      send(pid, "SIGSTOP");
      stopped.add(pid);
    }
  };
  const timer = setInterval(check, intervalMs);
  timer.unref();
  const pause: Pause = {
    end() {
      clearInterval(timer);
      if (stopped.size > 0) resume();
      pauses.delete(pause);
      return paused;
    },
  };
  pauses.add(pause);
  check();
  return pause;
}

/** Ends every pause of this process, continuing the processes they stopped. */
export function endPauses(): void {
  for (const pause of [...pauses]) pause.end();
}

/**
 * The folder of the astro package the site at `siteRoot` builds with (the render processes load
 * Astro's render functions from it): the site's, not one this package could resolve.
 */
export function astroRoot(siteRoot: string): string {
  const pkg = findPackageJSON("astro", pathToFileURL(path.join(siteRoot, "package.json")));
  if (!pkg) throw new Error(`astro's package folder not found from ${siteRoot}`);
  return fs.realpathSync(path.dirname(pkg));
}

/** Imports one of Astro's own modules (not its public API) from its package folder. */
export const astroModule = <T>(root: string, file: string): Promise<T> => import(pathToFileURL(path.join(root, file)).href) as Promise<T>;

/** Files of the public folder, as encoded paths relative to it (a page never overwrites one, as in Astro). */
function publicFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => encodeURI(path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/")));
}

/**
 * The cache manifest of the previous build when this build may trust it: Astro's checks
 * (version, config hash, lockfile hash). Null otherwise. It is this pipeline's own file, written
 * by `writeManifest`: a file of another shape is not trusted (its pages are rendered again).
 */
function trustedManifest(file: string, configHash: string, lockfileHash: string, force: boolean): Manifest | null {
  if (force) return null;
  try {
    const data = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Manifest> | null;
    return data?.version === MANIFEST_VERSION && data.configHash === configHash && data.lockfileHash === lockfileHash ? (data as Manifest) : null;
  } catch {
    return null;
  }
}

/** Runs one render process to its end. */
function runShare(
  jobFile: string,
  shard: number,
  shards: number,
  started: (child: ChildProcess) => void,
): Promise<{ pages: PipelinePage[]; scriptSets: string[]; stats: ShareStats }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), "page-pipeline-child.ts"), [jobFile], {
      // One malloc arena: the processes' native memory stays near what they use.
      env: { MALLOC_ARENA_MAX: "1", ...inheritedEnv(), SITE_RENDER_SHARD: `${shard}/${shards}` },
      // A major collection once the heap is a quarter over what the last one kept: the pages' texts
      // are garbage at once, and V8's default growth let each process's heap reach nearly twice
      // what holds its data (decision 227). A limit in proportion, so more clinics still fit.
      execArgv: [...process.execArgv, `--heap-growing-percent=${HEAP_GROWING_PERCENT}`],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    started(child);
    const pages: PipelinePage[] = [];
    let answer: Exclude<ShareMessage, { type: "pages" }> | null = null;
    child.on("message", (message) => {
      const msg = message as ShareMessage;
      if (msg.type === "pages") for (const p of msg.pages) pages.push(p);
      else answer = msg;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      const last = answer;
      if (last?.type === "done" && code === 0 && last.pages === pages.length) return resolve({ pages, scriptSets: last.scriptSets, stats: last.stats });
      const why =
        last?.type === "failed"
          ? last.error
          : last?.type === "done"
            ? `${pages.length} of ${last.pages} pages reported`
            : signal
              ? `stopped by ${signal}`
              : `exit code ${code}`;
      reject(new Error(`page pipeline share ${shard + 1}/${shards} failed: ${why}`));
    });
  });
}

/** What the pipeline reads of Astro's build internals (astro/dist/core/build/internal.js). */
interface BuildInternals {
  serverIslandPageComponents?: Map<unknown, unknown>;
  contentEntryRenderHashes?: Map<unknown, unknown>;
  pageDependencyHashes?: Map<string, string>;
  pagesByKeys: Map<string, { styles?: unknown[] }>;
  entrySpecifierToBundleMap?: Map<string, string>;
}

/** What the pipeline reads of Astro's resolved config. */
interface AstroConfigSeen {
  build: { format: string };
  base: string;
  cacheDir: URL;
  publicDir: URL;
  root: URL;
  trailingSlash: string;
}

/**
 * Astro's default prerenderer after its setup, as the project's Astro patch leaves it: its
 * bundle's folder and entry URL and the build's internals.
 */
export interface PrerendererBase {
  entryUrl?: URL;
  outputDir?: URL;
  internals?: BuildInternals;
  app?: {
    getOptions?: () => { settings: { config: AstroConfigSeen; scripts?: { stage: string; content: string }[] }; origin: string; force?: boolean } | undefined;
  };
}

/**
 * Phase 1, in Astro's build: keeps the prerender bundle (Astro removes it when its loop is done)
 * and what rendering needs of the build in `dir`, which must be inside the site folder (the
 * bundle's packages are found from where it lies). `base` is Astro's default prerenderer after
 * its setup; the project's Astro patch leaves its bundle's folder, URL and the build's internals on it.
 */
export async function stashPipeline(base: PrerendererBase, dir: string): Promise<void> {
  const internals = base.internals;
  const buildOptions = base.app?.getOptions?.();
  if (!base.entryUrl || !base.outputDir || !internals || !buildOptions)
    throw new Error("the page pipeline needs the prerenderer's bundle and internals (is the project's Astro patch applied?)");
  if (internals.serverIslandPageComponents?.size)
    throw new Error("the page pipeline renders no server islands (decision 226): build with SITE_RENDER_PROCESSES=0");
  if (internals.contentEntryRenderHashes?.size)
    throw new Error("the page pipeline tracks no content collections (decision 226): build with SITE_RENDER_PROCESSES=0");
  // Without Astro's hashes of each route's code a changed template would leave cached pages stale.
  if (!(internals.pageDependencyHashes instanceof Map) || internals.pageDependencyHashes.size === 0)
    throw new Error("the page pipeline needs Astro's hashes of each route's code: experimental.incrementalBuild must be on (astro.config.mjs)");
  const settings = buildOptions.settings;
  const config = settings.config;
  if (config.build.format !== "directory" || config.base !== "/")
    throw new Error("the page pipeline writes the directory format at base / only (astro.config.mjs)");
  const root = astroRoot(fileURLToPath(config.root));
  const [{ computeConfigHash }, { computeLockfileHash }] = await Promise.all([
    astroModule<{ computeConfigHash: (config: AstroConfigSeen) => Promise<string> | string }>(root, "dist/core/build/config-hash/index.js"),
    astroModule<{ computeLockfileHash: (root: string) => Promise<string> | string }>(root, "dist/core/build/lockfile/index.js"),
  ]);
  const bundle = path.join(dir, "bundle");
  fs.cpSync(fileURLToPath(base.outputDir), bundle, { recursive: true });
  const stash: Stash = {
    entryUrl: pathToFileURL(path.join(bundle, path.relative(fileURLToPath(base.outputDir), fileURLToPath(base.entryUrl)))).href,
    astroRoot: root,
    // Each page's styles by Astro's page data key, and the bundled entry scripts: what the head elements read.
    styles: [...internals.pagesByKeys].map(([key, data]) => [key, data.styles ?? []]),
    entries: [...(internals.entrySpecifierToBundleMap ?? [])],
    scripts: (settings.scripts ?? []).map((s) => ({ stage: s.stage, content: s.content })),
    // Phase 2 writes into the final folder (out-dir.ts moves Astro's staging folder there first).
    outDir: "",
    cacheDir: fileURLToPath(config.cacheDir),
    publicFiles: publicFiles(fileURLToPath(config.publicDir)),
    origin: buildOptions.origin,
    trailingSlash: config.trailingSlash,
    force: Boolean(buildOptions.force),
    configHash: await computeConfigHash(config),
    lockfileHash: await computeLockfileHash(fileURLToPath(config.root)),
    dependencyHashes: Object.fromEntries(internals.pageDependencyHashes),
  };
  fs.writeFileSync(path.join(dir, "job.json"), JSON.stringify(stash));
}

/**
 * Phase 2: renders, writes and caches every page of the build stashed in `dir` into `outDir`;
 * `yieldFile`: the render processes are stopped while it is fresh (`pauseWhileYielding`).
 * Returns every page written (for the page index) and the hashes of their inline scripts, sorted.
 */
export async function runPagePipeline(
  dir: string,
  { outDir, processes, log, yieldFile = null }: { outDir: string; processes: number; log: Log; yieldFile?: string | null },
): Promise<{ pages: PipelinePage[]; scriptHashes: string[] }> {
  const stash: Stash = { ...(JSON.parse(fs.readFileSync(path.join(dir, "job.json"), "utf8")) as Stash), outDir };
  const manifestFile = path.join(stash.cacheDir, MANIFEST);
  const previous = trustedManifest(manifestFile, stash.configHash, stash.lockfileHash, stash.force);
  // The manifest goes while this build rewrites cache entries, and comes back, new, only when it
  // succeeds: a failed build leaves no manifest naming entries it may have replaced.
  const previousFile = `${manifestFile}.previous`;
  if (previous) fs.renameSync(manifestFile, previousFile);
  else fs.rmSync(manifestFile, { force: true });
  const children: ChildProcess[] = [];
  const pause = pauseWhileYielding(yieldFile, () => children.filter((c) => c.exitCode === null).map((c) => c.pid));
  const shares = await Promise.all(
    Array.from({ length: processes }, (_, shard) => {
      const jobFile = path.join(dir, `job-${shard}.json`);
      const job: Job = {
        ...stash,
        shard,
        shards: processes,
        previousManifest: previous ? previousFile : null,
      };
      fs.writeFileSync(jobFile, JSON.stringify(job));
      return runShare(jobFile, shard, processes, (child) => children.push(child));
    }),
  ).catch((err: unknown) => {
    // One share failed: the others stop too (the build fails as a whole), continued first if paused.
    pause.end();
    for (const child of children) if (child.exitCode === null) child.kill();
    throw err;
  });
  const paused = pause.end();
  shares.forEach(({ pages, stats }, i) =>
    log.info(
      `share ${i + 1}/${processes}: ${pages.length} pages (${stats.rendered} rendered, ${stats.restored} from the cache); paths ${stats.pathsSeconds.toFixed(1)} s, pages ${stats.renderSeconds.toFixed(1)} s`,
    ),
  );
  if (paused > 0) log.info(`paused ${paused.toFixed(1)} s in all for targeted builds beside this one`);
  // One table of script hash sets for the whole build: each page's index is moved into it.
  const sets = new Map<string, number>();
  for (const share of shares) {
    const moved = share.scriptSets.map((set) => {
      let i = sets.get(set);
      if (i === undefined) sets.set(set, (i = sets.size));
      return i;
    });
    for (const p of share.pages) p.scripts = moved[p.scripts] ?? p.scripts;
  }
  const scriptSets = [...sets.keys()];
  const pages = shares.flatMap((s) => s.pages);
  await writeManifest(manifestFile, previous, {
    configHash: stash.configHash,
    lockfileHash: stash.lockfileHash,
    dependencyHashes: stash.dependencyHashes,
    pages,
    scriptSets,
    cacheDir: stash.cacheDir,
    log,
  });
  fs.rmSync(previousFile, { force: true });
  const scriptHashes = new Set(scriptSets.flatMap((set) => (set ? set.split(" ") : [])));
  // Pages copied from the public folder are not the pipeline's: their scripts are read from the files.
  const publicPages = stash.publicFiles.filter((f) => f.endsWith(".html")).map((f) => fileURLToPath(new URL(f, pathToFileURL(`${outDir}/`))));
  for (const hash of scanFiles(publicPages)) scriptHashes.add(hash);
  return { pages, scriptHashes: [...scriptHashes].sort() };
}

/**
 * The next build's cache manifest, and the cached pages no page is keyed to any more removed
 * (Astro's orphan pruning). Its shape is Astro's (`routes` → `paths` → `cacheKey`, `outputFile`)
 * plus each page's script hashes, as an index `s` into `scriptSets` (pages share a few sets).
 */
async function writeManifest(
  file: string,
  previous: Manifest | null,
  {
    configHash,
    lockfileHash,
    dependencyHashes,
    pages,
    scriptSets,
    cacheDir,
    log,
  }: {
    configHash: string;
    lockfileHash: string;
    dependencyHashes: Record<string, string>;
    pages: PipelinePage[];
    scriptSets: string[];
    cacheDir: string;
    log: Log;
  },
): Promise<void> {
  const routes: Manifest["routes"] = {};
  for (const p of pages) {
    if (p.cacheKey === null) continue;
    const route = (routes[p.component] ??= { dependencyHash: dependencyHashes[p.component] ?? "", paths: {} });
    route.paths[p.pathname] = { cacheKey: p.cacheKey, outputFile: p.file, s: p.scripts };
  }
  let pruned = 0;
  for (const [component, route] of Object.entries(previous?.routes ?? {})) {
    for (const [pathname, entry] of Object.entries(route.paths ?? {})) {
      if (routes[component]?.paths[pathname]) continue;
      try {
        await fs.promises.rm(cacheFileOf(cacheDir, entry.outputFile), { force: true });
        pruned++;
      } catch (err) {
        log.warn(`could not prune stale incremental cache file ${entry.outputFile}: ${String(err)}`);
      }
    }
  }
  if (pruned > 0) log.info(`pruned ${pruned} stale file(s) from the incremental cache`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const manifest: Manifest = { version: MANIFEST_VERSION, configHash, lockfileHash, scriptSets, routes };
  fs.writeFileSync(temporary, JSON.stringify(manifest));
  fs.renameSync(temporary, file);
}
