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
import type { AstroIntegration } from "astro";

const STAGING = path.resolve(".astro/out");

/** Whether process `pid` still runs. */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

function move(from: string, to: string): void {
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    fs.cpSync(from, to, { recursive: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/** Where Astro writes `outDir` (itself, or a staging folder inside the site) and the integration that moves it there. */
export function outDirInsideSite(outDir: string): { outDir: string; integration: AstroIntegration | null } {
  const target = path.resolve(outDir);
  if (target.startsWith(process.cwd() + path.sep)) return { outDir: target, integration: null };
  fs.mkdirSync(STAGING, { recursive: true });
  // Staging folders of builds that died before moving theirs.
  for (const name of fs.readdirSync(STAGING)) {
    if (!alive(Number(name.split("-")[0]))) fs.rmSync(path.join(STAGING, name), { recursive: true, force: true });
  }
  const staging = path.join(STAGING, `${process.pid}-${Date.now().toString(36)}`);
  const integration: AstroIntegration = {
    name: "botox:out-dir",
    hooks: { "astro:build:done": () => move(staging, target) },
  };
  return { outDir: staging, integration };
}
