/**
 * Builds the admin once (vite build) into a folder, skipping the build when nothing it
 * depends on changed since the last one: `npm start` serves built files (never Vite's dev
 * server, docs/decisions/119-npm-start-launcher-in-scripts.md), and a restart stays fast.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { repoRoot } from "@botox/db";

export interface AdminBuildOptions {
  outDir: string;
  apiUrl: string;
  siteUrl: string;
  log?: (line: string) => void;
}

/** @internal Exported for its tests. */
export const ADMIN_BUILD_STAMP = ".build-stamp";
// What a build reads: the admin's sources and config, the shared core package, the lockfile.
const INPUTS = ["admin/src", "admin/index.html", "admin/vite.config.ts", "admin/package.json", "packages/core/src", "pnpm-lock.yaml"];

/**
 * What a build of these options would be stamped with (exported for tests).
 * @internal Exported for its tests.
 */
export async function adminBuildFingerprint(options: Pick<AdminBuildOptions, "apiUrl" | "siteUrl">): Promise<string> {
  const hash = createHash("sha256").update(JSON.stringify([options.apiUrl, options.siteUrl]));
  const walk = async (rel: string): Promise<void> => {
    const abs = path.join(repoRoot, rel);
    const stat = await fsp.stat(abs).catch(() => null);
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of (await fsp.readdir(abs)).sort()) await walk(path.join(rel, name));
    } else hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  for (const input of INPUTS) await walk(input);
  return hash.digest("hex");
}

/** Returns true when it built, false when the folder was already up to date. */
export async function ensureAdminBuild(options: AdminBuildOptions): Promise<boolean> {
  const stamp = await adminBuildFingerprint(options);
  const previous = await fsp.readFile(path.join(options.outDir, ADMIN_BUILD_STAMP), "utf8").catch(() => "");
  if (previous === stamp) return false;
  options.log?.("› building the admin (once; unchanged sources are not rebuilt)");
  await new Promise<void>((resolve, reject) => {
    const child = spawn("pnpm", ["--filter", "@botox/admin", "exec", "vite", "build", "--outDir", options.outDir, "--emptyOutDir", "--logLevel", "warn"], {
      cwd: repoRoot,
      // eslint-disable-next-line no-restricted-properties -- the build inherits this process's environment (PATH, ...), plus the admin's two settings
      env: { ...process.env, VITE_API_URL: options.apiUrl, VITE_SITE_URL: options.siteUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`the admin build failed (${code}):\n${out.slice(-4000)}`))));
  });
  await fsp.writeFile(path.join(options.outDir, ADMIN_BUILD_STAMP), stamp);
  return true;
}
