/**
 * The real site build through the publisher, twice: after an edit to one clinic, Astro's
 * incremental build (site/astro.config.mjs, cache keys in site/src/lib/cache-key.ts)
 * re-renders only the pages that show that clinic, and links every other page from the cache.
 */
import { silentLogger } from "@botox/core/logger";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "@botox/db";
import { createTestDatabase, type TestDatabase } from "@botox/db/testing";
import { readPageIndex } from "@botox/site-build/contract";
import { DEFAULT_BUILD_COMMAND } from "./config.ts";
import { Publisher } from "./publisher.ts";
import { changedFiles, fingerprintTree } from "./testing.ts";

let db: TestDatabase;
let dir: string;
let publisher: Publisher;

const CLINICS = [
  { name: "Alpha Glow Spa", slug: "alpha-glow-spa", city: "Incrementon", citySlug: "incrementon", state: "OH", zip: "43001", lat: 40.1, lon: -82.1 },
  { name: "Beta Smooth Clinic", slug: "beta-smooth-clinic", city: "Incrementon", citySlug: "incrementon", state: "OH", zip: "43002", lat: 40.12, lon: -82.12 },
  { name: "Gamma Skin Bar", slug: "gamma-skin-bar", city: "Cachefield", citySlug: "cachefield", state: "TX", zip: "75001", lat: 32.9, lon: -96.8 },
];

/**
 * Pages the build wrote, split into rendered and restored, from Astro's per-page log: "├─ path"
 * then " (restored)" at once for a reused page, or " (+12ms)" when a rendered one is done (with
 * build.concurrency, other pages' lines may come in between).
 */
function pagesOf(log: string): { rendered: Set<string>; restored: Set<string> } {
  const rendered = new Set<string>();
  const restored = new Set<string>();
  for (const m of log.replace(/\u001b\[[0-9;]*m/g, "").matchAll(/├─ (\/\S*?\.(?:html|xml|txt))(\s+\((?:restored|cached)\))?/g)) {
    (m[2] ? restored : rendered).add(m[1]!);
  }
  return { rendered, restored };
}

/** Renames a clinic the way a content write does (a change row), then runs the next build. */
async function renameAndRebuild(slug: string, name: string) {
  const [row] = await db.sql<{ id: number }[]>`update clinics set name = ${name}, updated_at = now() where slug = ${slug} returning id`;
  await db.sql`insert into content_changes (entity, entity_id, action) values ('clinic', ${row!.id}, 'update')`;
  publisher.markDirty();
  await publisher.flush();
  const build = await lastBuild();
  expect(build.status, build.log.slice(-3000)).toBe("succeeded");
  return build;
}

/** Every finished build's files (inode and content), checked again after each later build. */
const finished = new Map<number, Map<string, string>>();
function expectFinishedBuildsUntouched(latestId: number) {
  for (const [id, before] of finished) {
    expect(changedFiles(before, fingerprintTree(publisher.folder.buildDir(id))), `files of build ${id} changed after build ${latestId}`).toEqual([]);
  }
  finished.set(latestId, fingerprintTree(publisher.folder.buildDir(latestId)));
}

async function clinicIdOf(slug: string): Promise<number> {
  const [row] = await db.sql<{ id: number }[]>`select id from clinics where slug = ${slug}`;
  return row!.id;
}

async function lastBuild() {
  const [row] = await db.sql<{ id: number; status: string; log: string }[]>`select id, status, log from publish_builds order by id desc limit 1`;
  return row!;
}

beforeAll(async () => {
  db = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "publish-incremental-"));
  for (const c of CLINICS) {
    await db.sql`
      insert into clinics (name, slug, city, city_slug, state, postal_code, latitude, longitude, full_address)
      values (${c.name}, ${c.slug}, ${c.city}, ${c.citySlug}, ${c.state}, ${c.zip}, ${c.lat}, ${c.lon}, ${`1 Main St, ${c.city}, ${c.state} ${c.zip}`})`;
    await db.sql`insert into zip_codes (zip, city, state, latitude, longitude) values (${c.zip}, ${c.city}, ${c.state}, ${c.lat}, ${c.lon})`;
  }
  publisher = new Publisher({
    sql: db.sql,
    databaseUrl: db.url,
    logger: silentLogger,
    config: {
      mode: "local",
      debounceMs: 0,
      maxWaitMs: 0,
      pollMs: 60_000,
      cron: null,
      keepBuilds: 5,
      buildTimeoutMs: 5 * 60_000,
      siteDir: path.join(dir, "site"),
      buildCommand: `env FORCE_COLOR=0 ${DEFAULT_BUILD_COMMAND}`,
      cwd: repoRoot,
      // Astro's incremental cache of the full build is what this checks; content edits would
      // otherwise go through the targeted publish (targeted-publish.test.ts).
      targeted: false,
    },
  });
});
afterAll(async () => {
  await publisher?.stop();
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("incremental site build", () => {
  it("notices a write into a hard-linked file in place, not a new file renamed over the cached one", () => {
    const build = path.join(dir, "check", "build");
    const cached = path.join(dir, "check", "cache.html");
    fs.mkdirSync(build, { recursive: true });
    fs.writeFileSync(cached, "old page");
    fs.linkSync(cached, path.join(build, "page.html"));
    const before = fingerprintTree(build);
    fs.writeFileSync(`${cached}.tmp`, "new page");
    fs.renameSync(`${cached}.tmp`, cached);
    expect(changedFiles(before, fingerprintTree(build))).toEqual([]);
    fs.linkSync(cached, path.join(build, "other.html"));
    const linked = fingerprintTree(build);
    fs.writeFileSync(cached, "newer page"); // in place: the linked build's page changes
    expect(changedFiles(linked, fingerprintTree(build))).toEqual(["other.html"]);
  });

  it("re-renders only the pages an edited clinic appears on", async () => {
    publisher.request("startup");
    await publisher.flush();
    const first = await lastBuild();
    expect(first.status, first.log.slice(-3000)).toBe("succeeded");
    const firstPages = pagesOf(first.log);
    expect(firstPages.rendered).toContain("/botox-clinic/cachefield/gamma-skin-bar/index.html");
    expect(firstPages.restored.size).toBe(0);
    // The page index the real build wrote is what the build contract says (decision 294).
    const index = readPageIndex(publisher.folder.indexFile(first.id));
    expect(index.clinics[String(await clinicIdOf("gamma-skin-bar"))]).toMatchObject({
      page: "/botox-clinic/cachefield/gamma-skin-bar",
      city: "/botox-near-me/cachefield",
      zip: "75001",
    });
    expect(index.paths).toContain("/botox-clinic/cachefield/gamma-skin-bar");
    // A rendered page is written once: its cache entry is a hard link to it (packages/site-build page-pipeline-child.ts,
    // decision 226), and the later builds below show that no build writes into either name.
    const gammaPage = fs.statSync(path.join(publisher.folder.buildDir(first.id), "botox-clinic", "cachefield", "gamma-skin-bar", "index.html"));
    const cacheEntries = fs
      .readdirSync(publisher.folder.cacheDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => fs.statSync(path.join(e.parentPath, e.name)).ino);
    expect(cacheEntries).toContain(gammaPage.ino);
    expect(gammaPage.nlink).toBe(2);
    expectFinishedBuildsUntouched(first.id);
    // Islands are rendered by renderToString (site/astro.config.mjs); the patched renderer
    // (patches/@astrojs__react@*.patch) still gives React each island's prefix, so useId ids
    // carry it ("_r1R_0_", never "_R_0_") and match what the browser's hydration computes.
    const about = fs.readFileSync(path.join(publisher.folder.buildDir(first.id), "about", "index.html"), "utf8");
    const prefix = /<astro-island[^>]* prefix="(r\d+)"[^>]*component-url="[^"]*NewsletterForm/.exec(about)?.[1];
    expect(prefix).toBeDefined();
    expect(about).toContain(`id="_${prefix}R_`);
    expect(about).not.toMatch(/id="_R_/);

    const second = await renameAndRebuild("alpha-glow-spa", "Alpha Glow Spa Renamed");
    const { rendered, restored } = pagesOf(second.log);
    expectFinishedBuildsUntouched(second.id);

    // A rebuild without changes renders only the pages without a cache key (home, listings,
    // legal pages with today's date, sitemap): the pages every build renders.
    publisher.request("rebuild");
    await publisher.flush();
    const third = await lastBuild();
    expect(third.status, third.log.slice(-3000)).toBe("succeeded");
    expectFinishedBuildsUntouched(third.id);
    const always = pagesOf(third.log).rendered;
    expect(always).toContain("/index.html");
    expect(always).toContain("/sitemap.xml");
    expect(always).not.toContain("/botox-clinic/incrementon/alpha-glow-spa/index.html");

    // The edit re-rendered exactly those plus every page that shows the renamed clinic; all
    // other pages (the other clinics, the other city, their ZIP pages) came from the cache.
    const touched = [
      "/botox-clinic/incrementon/alpha-glow-spa/index.html",
      "/botox-near-me/incrementon/index.html",
      "/zip/43001/index.html",
      "/zip/43002/index.html",
    ];
    expect([...rendered].sort()).toEqual([...new Set([...always, ...touched])].sort());
    expect(restored).toContain("/botox-clinic/incrementon/beta-smooth-clinic/index.html");
    expect(restored).toContain("/botox-clinic/cachefield/gamma-skin-bar/index.html");
    expect(restored).toContain("/botox-near-me/cachefield/index.html");
    expect(restored).toContain("/zip/75001/index.html");

    // The new folder is complete: restored pages are there, byte for byte, beside the new ones.
    const read = (id: number, page: string) => fs.readFileSync(path.join(publisher.folder.buildDir(id), page), "utf8");
    expect(read(second.id, "/botox-clinic/cachefield/gamma-skin-bar/index.html")).toBe(read(first.id, "/botox-clinic/cachefield/gamma-skin-bar/index.html"));
    expect(read(second.id, "/botox-clinic/incrementon/alpha-glow-spa/index.html")).toContain("Alpha Glow Spa Renamed");
    expect(read(second.id, "/botox-near-me/incrementon/index.html")).toContain("Alpha Glow Spa Renamed");
    expect(await publisher.folder.liveId()).toBe(third.id);

    // Restored pages are hard links to the cache (patches/astro@*.patch), so a page that
    // changes later must get a new cached file: the earlier builds keep theirs (rollback).
    const gamma = "/botox-clinic/cachefield/gamma-skin-bar/index.html";
    expect(fs.statSync(path.join(publisher.folder.buildDir(third.id), gamma)).nlink).toBeGreaterThan(1);
    const fourth = await renameAndRebuild("gamma-skin-bar", "Gamma Skin Bar Renamed");
    expect(read(fourth.id, gamma)).toContain("Gamma Skin Bar Renamed");
    // Nothing wrote into any earlier build's files: every one keeps its inode and its bytes.
    expectFinishedBuildsUntouched(fourth.id);
    for (const earlier of [first.id, second.id, third.id]) expect(read(earlier, gamma)).not.toContain("Renamed");
  }, 300_000);
});
