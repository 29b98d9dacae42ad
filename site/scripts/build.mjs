// @ts-check
/**
 * The site's build (`pnpm --filter @botox/site run build`, which the publisher runs). A targeted
 * build, or SITE_RENDER_PROCESSES=0, is `astro build` alone. A full build has two phases
 * (site/page-pipeline.mjs, decision 226): `astro build` bundles and keeps its prerender bundle in
 * a folder of this build, then, once Astro's process has exited with Vite's memory, the page
 * pipeline's render processes write every page into the output folder; the page index
 * (SITE_PAGE_INDEX_OUT) and the host rule file `_headers` are written last, from what they report.
 *
 * Arguments are passed to `astro build`. The exit code is Astro's, or 1 when the pages failed.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeHostFiles } from "../host-files.mjs";
import { alive } from "../out-dir.mjs";
import { endPauses, pauseWhileYielding, renderProcesses, runPagePipeline } from "../page-pipeline.mjs";
import { pageIndex, writeJson } from "../targeted-publish.mjs";

const env = process.env;
const site = fileURLToPath(new URL("..", import.meta.url));
/** Kept bundles of this site's builds: inside the site folder, where the bundle's packages are found. */
const STASHES = path.join(site, ".astro", "pipeline");

/** @param {string} message */
const say = (message) => process.stdout.write(`${new Date().toTimeString().slice(0, 8)} [page pipeline] ${message}\n`);

/**
 * Runs `astro build` with `extra` in its environment; resolves with its exit code.
 * @param {Record<string, string>} extra @param {string | null} [yieldFile]
 * @returns {Promise<number>}
 */
function astroBuild(extra, yieldFile = null) {
  const bin = path.join(path.dirname(fileURLToPath(import.meta.resolve("astro/package.json"))), "bin", "astro.mjs");
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, "build", ...process.argv.slice(2)], { cwd: site, env: { ...env, ...extra }, stdio: "inherit" });
    // Bundling is stopped while a targeted build beside this full build runs (decision 228).
    const pause = pauseWhileYielding(yieldFile, () => [child.pid]);
    const done = (/** @type {number} */ code) => {
      const paused = pause.end();
      if (paused > 0) say(`astro paused ${paused.toFixed(1)} s for targeted builds beside this one`);
      resolve(code);
    };
    child.on("error", (err) => {
      say(`could not start astro: ${err.message}`);
      done(1);
    });
    child.on("exit", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.once(signal, () => {
    // Its processes got the same signal (the publisher signals the build's process group); stopped
    // ones act on it only once continued.
    endPauses();
    process.exit(128 + (signal === "SIGTERM" ? 15 : 2));
  });
}

async function main() {
  const processes = env.SITE_TARGET_FILE ? 0 : renderProcesses(env);
  if (processes === 0) return astroBuild({});
  fs.mkdirSync(STASHES, { recursive: true });
  // Folders of builds that died before removing theirs.
  for (const name of fs.readdirSync(STASHES)) {
    if (!alive(Number(name.split("-")[0]))) fs.rmSync(path.join(STASHES, name), { recursive: true, force: true });
  }
  const dir = fs.mkdtempSync(path.join(STASHES, `${process.pid}-`));
  try {
    const yieldFile = env.SITE_PIPELINE_YIELD_FILE || null;
    const code = await astroBuild({ SITE_PIPELINE_DIR: dir }, yieldFile);
    if (code !== 0) return code;
    // A site without prerendered pages leaves nothing to render.
    if (!fs.existsSync(path.join(dir, "job.json"))) return 0;
    // Where site/out-dir.mjs moved Astro's output (the same resolution as astro.config.mjs).
    const outDir = path.resolve(site, env.OUT_DIR || "./dist");
    const started = performance.now();
    const log = { info: say, warn: (/** @type {string} */ m) => process.stderr.write(`[page pipeline] ${m}\n`) };
    const { pages, scriptHashes } = await runPagePipeline(dir, { outDir, processes, log, yieldFile });
    const rendered = performance.now();
    if (env.SITE_PAGE_INDEX_OUT) {
      const list = pages.map((p) => ({ pathname: p.pathname, props: p.facts, cacheKey: p.cacheKey ?? undefined }));
      writeJson(env.SITE_PAGE_INDEX_OUT, pageIndex(list, env.SITE_FINGERPRINT || null));
    }
    writeHostFiles(outDir, scriptHashes);
    const finished = performance.now();
    // Read by bench:publish beside the Astro phase's line (decision 040).
    say(`stages: pages ${((rendered - started) / 1000).toFixed(1)} s, index ${((finished - rendered) / 1000).toFixed(1)} s`);
    say(`${pages.length} pages written`);
    return 0;
  } catch (err) {
    process.stderr.write(`[page pipeline] ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
