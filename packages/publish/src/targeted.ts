/**
 * Targeted publishing (decision 039): a content edit renders only the pages it affects, with the
 * site's own build (packages/site-build picks the pages from the live build's page index),
 * and those pages are laid over a new folder that hard-links every other file of the live build.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { pageIndexSchema, parseContractJson, targetReportSchema, type TargetReport } from "@botox/site-build/contract";

/**
 * What decides how a page looks besides the data: the site's code, its packages and the public
 * settings it is built with. A targeted publish reuses the live build's other pages only when
 * this is what it was built with; otherwise the full build runs.
 */
const FINGERPRINT_PATHS = [
  "site/src",
  "site/public",
  "site/astro.config.mjs",
  "site/package.json",
  "packages/site-build/src",
  "packages/core/src",
  "packages/db/src",
  "pnpm-lock.yaml",
  "patches",
];

/** Settings a page shows (site/src/env.ts reads these; the cache keys hash the same ones). */
const fingerprintEnv = (env: NodeJS.ProcessEnv) =>
  Object.entries(env)
    .filter(([k]) => k === "SITE_URL" || k === "NODE_ENV" || k.startsWith("PUBLIC_"))
    .sort(([a], [b]) => a.localeCompare(b));

async function filesUnder(root: string, rel: string): Promise<string[]> {
  const full = path.join(root, rel);
  const stat = await fs.stat(full).catch(() => null);
  if (!stat) return [];
  if (stat.isFile()) return [rel];
  const entries = await fs.readdir(full, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** A hash of the files under `paths` (relative to `root`: names and contents) and the site's public settings. */
export async function siteFingerprint(root: string, env: NodeJS.ProcessEnv, paths: readonly string[] = FINGERPRINT_PATHS): Promise<string> {
  const hash = createHash("sha256");
  const files = (await Promise.all(paths.map((p) => filesUnder(root, p)))).flat().sort();
  for (const file of files)
    hash
      .update(file)
      .update("\u0000")
      .update(await fs.readFile(path.join(root, file)))
      .update("\u0000");
  hash.update(JSON.stringify(fingerprintEnv(env)));
  return hash.digest("base64url").slice(0, 32);
}

/** The parts of a page index the publisher reads: each is checked alone, the rest not parsed at all. */
const indexFingerprintSchema = pageIndexSchema.pick({ fingerprint: true });
const indexPathsSchema = pageIndexSchema.pick({ paths: true });

/** The fingerprint a build's page index records (null when unreadable). */
export async function indexFingerprint(file: string): Promise<string | null> {
  try {
    return parseContractJson(indexFingerprintSchema, await fs.readFile(file, "utf8"), "page index", file).fingerprint;
  } catch {
    return null;
  }
}

/**
 * How many HTML pages a build holds, from its page index (every path its routes wrote, with the
 * file each is written to: `pageFiles`), or null when it has none the publisher can read (a
 * build command that writes no index: the folder is walked then). A walk of a 50,000-clinic
 * build's folders took 3 s, counted in the build's time and, in a targeted publish, while it
 * held the publish lock (decision 227). Files of the site's public folder are not pages (it holds no HTML).
 */
export async function indexPageCount(file: string): Promise<number | null> {
  try {
    const { paths } = parseContractJson(indexPathsSchema, await fs.readFile(file, "utf8"), "page index", file);
    return paths.filter((p) => (pageFiles(p)[0] ?? "").endsWith(".html")).length;
  } catch {
    return null;
  }
}

/** Runs `fn` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A copy of the tree `from` at `to` made of hard links: no page is written, and nothing ever
 * writes into a finished build's files, so sharing them is safe. GNU `cp -al` does it in one
 * process (a page per folder makes 50,000 folders and 50,000 links: seconds of thread-pool round
 * trips in Node); elsewhere, or when it fails, the same is done here.
 */
export async function linkTree(from: string, to: string, signal?: AbortSignal): Promise<void> {
  // Already stopped: start nothing (a child spawned with an aborted signal is killed only after
  // it started, and a small tree can be copied by then).
  signal?.throwIfAborted();
  await fs.mkdir(to, { recursive: true });
  const copied = await new Promise<boolean>((resolve) => {
    const child = spawn("cp", ["-al", `${from}/.`, `${to}/`], { stdio: "ignore", ...(signal ? { signal } : {}) });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
  });
  // Stopped (the publisher is stopping): no fallback copy.
  signal?.throwIfAborted();
  if (copied) return;
  await fs.rm(to, { recursive: true, force: true });
  await linkTreeHere(from, to);
}

/**
 * linkTree in Node (a copy across filesystems). Returns the number of files.
 * @internal Exported for its tests.
 */
export async function linkTreeHere(from: string, to: string): Promise<number> {
  const entries = await fs.readdir(from, { recursive: true, withFileTypes: true });
  const dirs = new Set<string>([to]);
  const files: string[] = [];
  for (const e of entries) {
    const rel = path.relative(from, path.join(e.parentPath, e.name));
    if (e.isDirectory()) dirs.add(path.join(to, rel));
    else if (e.isFile()) files.push(rel);
  }
  for (const dir of [...dirs].sort((a, b) => a.length - b.length)) await fs.mkdir(dir, { recursive: true });
  await eachLimited(files, 64, async (rel) => {
    const src = path.join(from, rel);
    const dest = path.join(to, rel);
    await fs.link(src, dest).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== "EXDEV" && err.code !== "EPERM") throw err;
      await fs.copyFile(src, dest);
    });
  });
  return files.length;
}

/**
 * Moves every file of `from` into `to`, each renamed over the link it replaces (so the linked
 * file, still the live build's, is never written). `keep` names files of `to` left as they
 * are: `_headers` hashes the inline scripts of every page, which only a full build sees.
 * Returns the number of files moved.
 */
export async function overlay(from: string, to: string, keep: ReadonlySet<string> = new Set(["_headers"])): Promise<number> {
  const entries = await fs.readdir(from, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(from, path.join(e.parentPath, e.name)));
  let moved = 0;
  await eachLimited(files, 32, async (rel) => {
    if (keep.has(rel)) return;
    const src = path.join(from, rel);
    const dest = path.join(to, rel);
    await fs.mkdir(path.dirname(dest), { recursive: true });
    await fs.rename(src, dest).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== "EXDEV") throw err;
      const tmp = `${dest}.${process.pid}.tmp`;
      await fs.copyFile(src, tmp);
      await fs.rename(tmp, dest);
    });
    moved++;
  });
  return moved;
}

/**
 * The file a page path is written to (build.format "directory": `/a/b` → a/b/index.html; `/x.xml` as is; `/404` → 404.html).
 * @internal Exported for its tests.
 */
export function pageFiles(pathname: string): string[] {
  const rel = pathname.replace(/^\/+/, "").replace(/\/+$/, "");
  if (rel === "") return ["index.html"];
  if (/\.[a-z0-9]+$/i.test(path.posix.basename(rel))) return [rel];
  return [path.posix.join(rel, "index.html"), `${rel}.html`];
}

/** Removes the pages `paths` from a build folder, and the folders they leave empty. */
export async function removePages(root: string, paths: readonly string[]): Promise<number> {
  let removed = 0;
  for (const p of paths) {
    for (const rel of pageFiles(p)) {
      const file = path.join(root, rel);
      if (!file.startsWith(root + path.sep)) continue;
      const gone = await fs.rm(file).then(
        () => true,
        () => false,
      );
      if (!gone) continue;
      removed++;
      for (let dir = path.dirname(file); dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
        if (
          !(await fs.rmdir(dir).then(
            () => true,
            () => false,
          ))
        )
          break;
      }
    }
  }
  return removed;
}

/** What the site's targeted build decided (the build engine writes it, packages/site-build). */
export async function readTargetReport(file: string): Promise<TargetReport> {
  const text = await fs.readFile(file, "utf8").catch(() => {
    throw new Error(`the targeted build wrote no plan (${file})`);
  });
  return parseContractJson(targetReportSchema, text, "targeted build plan", file);
}
