// @ts-check
/**
 * Astro writes a static build's server chunks to `<outDir>/.prerender` only when `outDir` is
 * inside the working directory; otherwise to `./.astro/.prerender`, which every concurrent build
 * of this folder shares (one build then deletes another's chunks mid-run: ERR_MODULE_NOT_FOUND).
 * The chunks must stay inside the site folder anyway, where Node finds their packages.
 * The publisher builds into folders outside the site (`.data/site/builds/<id>`, temporary
 * folders in tests and benchmarks), so such an `OUT_DIR` is built in a staging folder of its
 * own under `.astro/out/` and moved to `OUT_DIR` when the build is done.
 */
import fs from "node:fs";
import path from "node:path";

const STAGING = path.resolve(".astro/out");

/** @param {number} pid */
export const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === "EPERM";
  }
};

/** @param {string} from @param {string} to */
function move(from, to) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code !== "EXDEV") throw err;
    fs.cpSync(from, to, { recursive: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/** @param {string} outDir */
export function outDirInsideSite(outDir) {
  const target = path.resolve(outDir);
  if (target.startsWith(process.cwd() + path.sep)) return { outDir: target, integration: null };
  fs.mkdirSync(STAGING, { recursive: true });
  // Staging folders of builds that died before moving theirs.
  for (const name of fs.readdirSync(STAGING)) {
    if (!alive(Number(name.split("-")[0]))) fs.rmSync(path.join(STAGING, name), { recursive: true, force: true });
  }
  const staging = path.join(STAGING, `${process.pid}-${Date.now().toString(36)}`);
  /** @type {import("astro").AstroIntegration} */
  const integration = {
    name: "botox:out-dir",
    hooks: { "astro:build:done": () => move(staging, target) },
  };
  return { outDir: staging, integration };
}
