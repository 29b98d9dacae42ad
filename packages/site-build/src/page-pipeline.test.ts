/**
 * The page pipeline's own rules (page-pipeline.ts, decision 226): how many render
 * processes, where a page and its cache entry go (the same files as Astro's loop), and that a
 * failed share fails the build and leaves no cache manifest naming entries it may have replaced.
 * Whole builds through it are compared with Astro's loop byte for byte in
 * packages/publish/src/targeted-publish.test.ts and incremental-build.test.ts.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  PAGE_TEXT_HOOK,
  YIELD_FRESH_MS,
  cacheFileOf,
  endPauses,
  pauseWhileYielding,
  outFileOf,
  renderProcesses,
  runPagePipeline,
  urlOf,
  yieldWanted,
} from "./page-pipeline.ts";

/** Waits until `ok()` holds (every 10 ms, 10 s at most). */
async function until(ok: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-pipeline-test-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Astro's own file and URL rules, from the astro package this site builds with. */
async function astroRules() {
  const root = path.dirname(fileURLToPath(import.meta.resolve("astro/package.json")));
  const common = (await import(pathToFileURL(path.join(root, "dist/core/build/common.js")).href)) as {
    getOutFolder: (settings: unknown, pathname: string, route: unknown) => URL;
    getOutFile: (format: string, folder: URL, pathname: string, route: unknown) => URL;
  };
  const outDir = pathToFileURL("/out/");
  const settings = { buildOutput: "static", config: { outDir, build: { format: "directory" } } };
  return (pathname: string, type: string) => {
    const encoded = encodeURI(pathname);
    const route = { type };
    const file = common.getOutFile("directory", common.getOutFolder(settings, encoded, route), encoded, route);
    return file.href.slice(outDir.href.length);
  };
}

describe("page pipeline", () => {
  it("uses one render process per core, two at most, unless SITE_RENDER_PROCESSES says otherwise", () => {
    expect(renderProcesses({}, 2)).toBe(2);
    expect(renderProcesses({}, 8)).toBe(2);
    expect(renderProcesses({}, 1)).toBe(1);
    expect(renderProcesses({ SITE_RENDER_PROCESSES: "0" }, 2)).toBe(0);
    expect(renderProcesses({ SITE_RENDER_PROCESSES: "3" }, 2)).toBe(3);
    for (const bad of ["two", "-1", "1.5", "65"]) expect(() => renderProcesses({ SITE_RENDER_PROCESSES: bad }, 2), bad).toThrow(/SITE_RENDER_PROCESSES/);
  });

  it("writes each page to the file Astro's loop writes it to", async () => {
    const astroFile = await astroRules();
    const pages: [string, string][] = [
      ["/", "page"],
      ["/about", "page"],
      ["/botox-clinic/austin/glow-spa", "page"],
      ["/blog/über-uns", "page"],
      ["/404", "page"],
      ["/sitemap.xml", "endpoint"],
      ["/sitemap-2.xml", "endpoint"],
      ["/robots.txt", "endpoint"],
    ];
    for (const [pathname, type] of pages) expect(outFileOf(pathname, type), pathname).toBe(astroFile(pathname, type));
  });

  it("renders pages at their directory URL and endpoints at their file URL", () => {
    const origin = "https://botox.example";
    expect(urlOf("/", "page", origin, "ignore").href).toBe("https://botox.example/");
    expect(urlOf("/zip/78701", "page", origin, "ignore").href).toBe("https://botox.example/zip/78701/");
    expect(urlOf("/zip/78701", "page", origin, "never").href).toBe("https://botox.example/zip/78701");
    expect(urlOf("/sitemap-1.xml", "endpoint", origin, "ignore").href).toBe("https://botox.example/sitemap-1.xml");
  });

  it("keeps each page's cache entry in a file of its own, 256 folders in all", () => {
    const files = ["index.html", "zip/78701/index.html", "zip/78702/index.html", "sitemap.xml"].map((f) => cacheFileOf("/cache", f));
    expect(new Set(files).size).toBe(files.length);
    for (const f of files) expect(f).toMatch(/^\/cache\/pages\/[0-9a-f]{2}\/[0-9a-f]{62}\.page$/);
    expect(cacheFileOf("/cache", "zip/78701/index.html")).toBe(files[1]);
  });

  it("pauses for a targeted build while its yield file is fresh, and not for a stale one its publisher left", () => {
    const file = path.join(tempDir(), "full-build.yield");
    expect(yieldWanted(null)).toBe(false);
    expect(yieldWanted(file)).toBe(false);
    fs.writeFileSync(file, "");
    expect(yieldWanted(file)).toBe(true);
    const old = new Date(Date.now() - YIELD_FRESH_MS - 1000);
    fs.utimesSync(file, old, old);
    expect(yieldWanted(file)).toBe(false);
    // Nor for one dated ahead of the clock: it would stop the full build until then.
    const ahead = new Date(Date.now() + 24 * 3600_000);
    fs.utimesSync(file, ahead, ahead);
    expect(yieldWanted(file)).toBe(false);
  });

  it("stops the build's processes while a targeted build asks it to, continues them after, and ignores a stale yield file", async () => {
    const dir = tempDir();
    const file = path.join(dir, "full-build.yield");
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      const state = () => /\) (\w) /.exec(fs.readFileSync(`/proc/${child.pid}/stat`, "utf8"))?.[1];
      await until(() => state() !== undefined);
      const pause = pauseWhileYielding(file, () => [child.pid], 10);
      // No file, then a stale one its publisher left: the process runs on.
      await new Promise((r) => setTimeout(r, 100));
      expect(state()).not.toBe("T");
      fs.writeFileSync(file, "");
      const old = new Date(Date.now() - YIELD_FRESH_MS - 1000);
      fs.utimesSync(file, old, old);
      await new Promise((r) => setTimeout(r, 100));
      expect(state()).not.toBe("T");
      // A fresh one: stopped until it goes.
      fs.writeFileSync(file, "");
      await until(() => state() === "T");
      fs.rmSync(file);
      await until(() => state() !== "T");
      // Stopped again, and continued by end() (the build stops or is told to).
      fs.writeFileSync(file, "");
      await until(() => state() === "T");
      expect(pause.end()).toBeGreaterThan(0);
      expect(state()).not.toBe("T");
      // endPauses() ends every pause still in force (the build told to stop).
      const again = pauseWhileYielding(file, () => [child.pid], 10);
      await until(() => state() === "T");
      endPauses();
      expect(state()).not.toBe("T");
      expect(again.end()).toBeGreaterThan(0);
      expect(pauseWhileYielding(null, () => [child.pid]).end()).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("is handed each page's text by the astro it builds with (the project's patch), not only its encoded Response", () => {
    // Without the hunk every page is still written, from the Response's bytes, but a full build
    // takes longer and more memory (decision 227): an Astro upgrade must port it.
    const root = path.dirname(fileURLToPath(import.meta.resolve("astro/package.json")));
    const renderPage = fs.readFileSync(path.join(root, "dist/runtime/server/render/page.js"), "utf8");
    expect(renderPage).toContain(`globalThis[Symbol.for("${PAGE_TEXT_HOOK.description}")]`);
  });

  it("fails the build when a share fails, and leaves no manifest naming cache entries it may have replaced", async () => {
    const dir = tempDir();
    const cacheDir = path.join(dir, "cache");
    fs.mkdirSync(cacheDir);
    const entry = path.join(dir, "bundle.mjs");
    fs.writeFileSync(entry, 'throw new Error("the bundle is broken");\n');
    const hashes = { configHash: "c", lockfileHash: "l" };
    fs.writeFileSync(path.join(cacheDir, "page-pipeline.json"), JSON.stringify({ version: 1, ...hashes, scriptSets: [], routes: {} }));
    const stash = {
      entryUrl: pathToFileURL(entry).href,
      astroRoot: path.dirname(fileURLToPath(import.meta.resolve("astro/package.json"))),
      styles: [],
      entries: [],
      scripts: [],
      outDir: "",
      cacheDir,
      publicFiles: [],
      origin: "https://botox.example",
      trailingSlash: "ignore",
      force: false,
      ...hashes,
      dependencyHashes: {},
    };
    fs.writeFileSync(path.join(dir, "job.json"), JSON.stringify(stash));
    const log = { info: () => undefined, warn: () => undefined };
    await expect(runPagePipeline(dir, { outDir: path.join(dir, "out"), processes: 2, log })).rejects.toThrow(/share [12]\/2 failed: .*the bundle is broken/s);
    expect(fs.existsSync(path.join(cacheDir, "page-pipeline.json"))).toBe(false);
  });
});
