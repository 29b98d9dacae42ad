/**
 * The site's build (site/scripts/build.mjs calls `buildSite`; the publisher runs it). A targeted
 * build, or SITE_RENDER_PROCESSES=0, is `astro build` alone. A full build has two phases
 * (page-pipeline.ts, decision 226): `astro build` bundles and keeps its prerender bundle in a
 * folder of this build, then, once Astro's process has exited with Vite's memory, the page
 * pipeline's render processes write every page into the output folder; the page index
 * (SITE_PAGE_INDEX_OUT) and the host rule file `_headers` are written last, from what they report.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { writePageIndex, type BuildEnv } from "./contract.ts";
import { buildEnv, inheritedEnv } from "./env.ts";
import { writeHostFiles } from "./host-files.ts";
import { alive } from "./out-dir.ts";
import { astroRoot, endPauses, pauseWhileYielding, renderProcesses, runPagePipeline } from "./page-pipeline.ts";
import { pageIndex } from "./targeted-publish.ts";

const say = (message: string) => process.stdout.write(`${new Date().toTimeString().slice(0, 8)} [page pipeline] ${message}\n`);

/** Runs `astro build` in `site` with `args` and `extra` in its environment; resolves with its exit code. */
function astroBuild(site: string, args: readonly string[], extra: Record<string, string>, yieldFile: string | null = null): Promise<number> {
  const bin = path.join(astroRoot(site), "bin", "astro.mjs");
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, "build", ...args], { cwd: site, env: { ...inheritedEnv(), ...extra }, stdio: "inherit" });
    // Bundling is stopped while a targeted build beside this full build runs (decision 228).
    const pause = pauseWhileYielding(yieldFile, () => [child.pid]);
    const done = (code: number) => {
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

/**
 * Builds the site in the folder `site`, passing `args` to `astro build`. Resolves with the exit
 * code: Astro's, or 1 when the pages failed.
 */
export async function buildSite(site: string, args: readonly string[]): Promise<number> {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      // Its processes got the same signal (the publisher signals the build's process group); stopped
      // ones act on it only once continued.
      endPauses();
      process.exit(128 + (signal === "SIGTERM" ? 15 : 2));
    });
  }
  const env = buildEnv();
  const processes = env.SITE_TARGET_FILE ? 0 : renderProcesses(inheritedEnv());
  if (processes === 0) return astroBuild(site, args, {});
  return pipelineBuild(site, args, env, processes);
}

/** A full build through the page pipeline (the two phases above). */
async function pipelineBuild(site: string, args: readonly string[], env: BuildEnv, processes: number): Promise<number> {
  // Kept bundles of this site's builds: inside the site folder, where the bundle's packages are found.
  const stashes = path.join(site, ".astro", "pipeline");
  fs.mkdirSync(stashes, { recursive: true });
  // Folders of builds that died before removing theirs.
  for (const name of fs.readdirSync(stashes)) {
    if (!alive(Number(name.split("-")[0]))) fs.rmSync(path.join(stashes, name), { recursive: true, force: true });
  }
  const dir = fs.mkdtempSync(path.join(stashes, `${process.pid}-`));
  try {
    const yieldFile = env.SITE_PIPELINE_YIELD_FILE ?? null;
    const code = await astroBuild(site, args, { SITE_PIPELINE_DIR: dir }, yieldFile);
    if (code !== 0) return code;
    // A site without prerendered pages leaves nothing to render.
    if (!fs.existsSync(path.join(dir, "job.json"))) return 0;
    // Where out-dir.ts moved Astro's output (the same resolution as the site's astro.config.mjs).
    const outDir = path.resolve(site, env.OUT_DIR);
    const started = performance.now();
    const log = { info: say, warn: (m: string) => process.stderr.write(`[page pipeline] ${m}\n`) };
    const { pages, scriptHashes } = await runPagePipeline(dir, { outDir, processes, log, yieldFile });
    const rendered = performance.now();
    if (env.SITE_PAGE_INDEX_OUT) {
      const list = pages.map((p) => ({ pathname: p.pathname, props: p.facts, cacheKey: p.cacheKey ?? undefined }));
      writePageIndex(env.SITE_PAGE_INDEX_OUT, pageIndex(list, env.SITE_FINGERPRINT ?? null));
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
