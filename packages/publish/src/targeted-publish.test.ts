/**
 * The targeted publish through the publisher and the real site build (decision 039): a content
 * edit renders only the pages its clinic appears on, lays them over a hard-linked copy of the
 * live build, and the result is, file for file and byte for byte, what a full build of the same
 * data writes. Samples: rename, move to another city, close, price change, a staff member and
 * a deal added (each names its clinic in packages/db `clinicsOfChanges`). And an edit saved
 * while the nightly full build runs (decision 208): published beside it, then caught up.
 */
import { silentLogger } from "@botox/core/logger";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "@botox/db";
import { createTestDatabase, type TestDatabase } from "@botox/db/testing";
import { readPageIndex } from "@botox/site-build/contract";
import { runCommand } from "./build-runner.ts";
import { DEFAULT_BUILD_COMMAND } from "./config.ts";
import { Publisher } from "./publisher.ts";
import { changedFiles, fingerprintTree, until } from "./testing.ts";
import { pageFiles, readTargetReport } from "./targeted.ts";

let db: TestDatabase;
let dir: string;
let publisher: Publisher;
/**
 * Files that steer the build command: with `hold`, a full build stops after its site build
 * (its pages have the data of before) and touches `held` until `release` exists; with
 * `failCatchUp`, a full build's catch-up render (its page index ends in .catch-up) fails.
 */
const control = { hold: "", held: "", release: "", failCatchUp: "" };

const CLINICS = [
  { name: "Alpha Glow Spa", slug: "alpha-glow-spa", city: "Incrementon", citySlug: "incrementon", state: "OH", zip: "43001", lat: 40.1, lon: -82.1 },
  { name: "Beta Smooth Clinic", slug: "beta-smooth-clinic", city: "Incrementon", citySlug: "incrementon", state: "OH", zip: "43002", lat: 40.12, lon: -82.12 },
  { name: "Gamma Skin Bar", slug: "gamma-skin-bar", city: "Cachefield", citySlug: "cachefield", state: "TX", zip: "75001", lat: 32.9, lon: -96.8 },
  { name: "Delta Derm", slug: "delta-derm", city: "Linkport", citySlug: "linkport", state: "FL", zip: "33101", lat: 25.77, lon: -80.19 },
];

async function lastBuild() {
  const [row] = await db.sql<{ id: number; status: string; log: string; pageCount: number | null }[]>`
    select id, status, log, page_count as "pageCount" from publish_builds order by id desc limit 1`;
  return row!;
}

async function clinicId(slug: string): Promise<number> {
  const [row] = await db.sql<{ id: number }[]>`select id from clinics where slug = ${slug}`;
  return row!.id;
}

/** Records a content change as the API's write path does, then runs the next (debounced) build. */
async function publishChange(entity: string, entityId: number) {
  await db.sql`insert into content_changes (entity, entity_id, action) values (${entity}, ${entityId}, 'update')`;
  publisher.markDirty();
  await publisher.flush();
  const build = await lastBuild();
  expect(build.status, build.log.slice(-4000)).toBe("succeeded");
  return build;
}

/** A full build of the same database into a folder of its own (its own incremental cache). */
let fullBuilds = 0;
async function fullBuild(): Promise<string> {
  const out = path.join(dir, "full", String(++fullBuilds));
  const result = await runCommand({
    command: `env FORCE_COLOR=0 ${DEFAULT_BUILD_COMMAND}`,
    cwd: repoRoot,
    env: {
      ...process.env,
      OUT_DIR: out,
      DATABASE_URL: db.url,
      ASTRO_CACHE_DIR: path.join(dir, "full-cache"),
      SITE_PAGE_INDEX_OUT: path.join(dir, "full-index", `${fullBuilds}.json`),
    },
    timeoutMs: 5 * 60_000,
  });
  expect(result.ok, result.log.slice(-4000)).toBe(true);
  return out;
}

const contentOf = (print: string | undefined) => print?.split(":")[1];
const isPage = (file: string) => /\.(html|xml)$/.test(file);

/**
 * Publishes one edit by a targeted build and checks it against a full build of the same data:
 * the same files with the same bytes, and the pages written anew (not hard-linked from the
 * previous build) are the ones the edit affects: every page whose bytes changed is among them.
 */
async function expectTargeted(entity: string, entityId: number, expected: { rendered: string[]; linked: string[]; collected?: string[]; spare?: boolean }) {
  const previousId = (await publisher.folder.liveId())!;
  // The copy of the live build linked after the last build is ready (decision 190).
  await publisher.whenSpareReady();
  const previous = fingerprintTree(publisher.folder.buildDir(previousId));
  const build = await publishChange(entity, entityId);
  expect(build.log).toContain("[publish] targeted publish from build");
  expect(build.log).not.toContain("[publish] full build:");
  expect(await publisher.folder.liveId()).toBe(build.id);
  // The new folder is the copy linked after the last build, unless that was of another build.
  if (expected.spare === false) expect(build.log).toContain("[publish] linking the live build took");
  else expect(build.log).toContain(`[publish] took the copy of build #${previousId} linked after the last build`);
  const targeted = fingerprintTree(publisher.folder.buildDir(build.id));
  // The build's page count, read from its page index (decision 227), is its folder's HTML files.
  expect(build.pageCount).toBe([...targeted.keys()].filter((file) => file.endsWith(".html")).length);
  const full = fingerprintTree(await fullBuild());

  // Byte for byte what the full build wrote, and no file more or less.
  expect([...targeted.keys()].sort()).toEqual([...full.keys()].sort());
  for (const [file, print] of full) expect(contentOf(targeted.get(file)), file).toBe(contentOf(print));

  const rendered = [...targeted].filter(([file, print]) => isPage(file) && previous.get(file) !== print).map(([file]) => file);
  const changed = [...full].filter(([file, print]) => isPage(file) && contentOf(previous.get(file)) !== contentOf(print)).map(([file]) => file);
  for (const file of changed) expect(rendered, `${file} changed but was not re-rendered`).toContain(file);
  for (const page of expected.rendered) expect(rendered).toContain(pageFiles(page)[0]);
  for (const page of expected.linked) expect(rendered).not.toContain(pageFiles(page)[0]);
  // Unaffected pages are the previous build's files, not copies.
  for (const page of expected.linked) expect(targeted.get(pageFiles(page)[0]!)).toBe(previous.get(pageFiles(page)[0]!));
  // …and their routes were not even asked for them (decision 190): the clinic, city and ZIP
  // routes returned only the changed clinics' places, so no props or keys of other places were computed.
  const report = await readTargetReport(`${publisher.folder.targetedDir(build.id)}.report.json`);
  for (const page of [...expected.rendered, ...(expected.collected ?? [])]) expect(report.collected).toContain(page);
  for (const page of expected.linked) expect(report.collected, `${page} was collected`).not.toContain(page);
  // Both builds' page indexes parse with the build contract's schema (decision 294): what a real build writes.
  const index = readPageIndex(publisher.folder.indexFile(build.id));
  expect(report.collected.length).toBeLessThan(index.paths.length);
  // The new build's page index (the previous one with the collected places replaced) is what a full build of the same data records.
  const fullIndex = readPageIndex(path.join(dir, "full-index", `${fullBuilds}.json`));
  expect({ paths: index.paths, keys: index.keys, clinics: index.clinics, cityFigures: index.cityFigures }).toEqual({
    paths: fullIndex.paths,
    keys: fullIndex.keys,
    clinics: fullIndex.clinics,
    cityFigures: fullIndex.cityFigures,
  });
  return { build, rendered, previous, targeted };
}

beforeAll(async () => {
  db = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "publish-targeted-"));
  for (const name of Object.keys(control) as (keyof typeof control)[]) control[name] = path.join(dir, name);
  const catchUpFails = `case "$SITE_PAGE_INDEX_OUT" in *.catch-up) if [ -e '${control.failCatchUp}' ]; then echo 'catch-up fails on purpose'; exit 7; fi;; esac`;
  const hold = `if [ -z "$SITE_TARGET_FILE" ] && [ -e '${control.hold}' ]; then touch '${control.held}'; while [ ! -e '${control.release}' ]; do sleep 0.05; done; fi`;
  // What the builds are told of the full build's pauses (decision 226): a full build where the
  // yield file is, a targeted build finds it there while it runs.
  const yieldFile = path.join(dir, "site", "full-build.yield");
  const yieldProbe = `if [ -n "$SITE_TARGET_FILE" ]; then if [ -e '${yieldFile}' ]; then touch '${dir}/yield-seen'; fi; else echo "$SITE_PIPELINE_YIELD_FILE" > '${dir}/yield-env'; fi`;
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
      keepBuilds: 10,
      buildTimeoutMs: 5 * 60_000,
      siteDir: path.join(dir, "site"),
      buildCommand: `${catchUpFails}; ${yieldProbe}; env FORCE_COLOR=0 ${DEFAULT_BUILD_COMMAND} && ${hold}`,
      cwd: repoRoot,
    },
  });
  publisher.request("startup");
  await publisher.flush();
  const first = await lastBuild();
  expect(first.status, first.log.slice(-4000)).toBe("succeeded");
  expect(fs.existsSync(publisher.folder.indexFile(first.id))).toBe(true);
  expect(first.pageCount).toBe([...fingerprintTree(publisher.folder.buildDir(first.id)).keys()].filter((file) => file.endsWith(".html")).length);
}, 300_000);
afterAll(async () => {
  await publisher?.stop();
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("targeted publish", () => {
  it("renames a clinic: its page, its city page and the ZIP pages around it; the other cities' pages and its city's other clinic pages stay linked", async () => {
    const id = await clinicId("alpha-glow-spa");
    await db.sql`update clinics set name = 'Alpha Glow Spa Renamed', updated_at = now() where id = ${id}`;
    const { build } = await expectTargeted("clinic", id, {
      rendered: ["/botox-clinic/incrementon/alpha-glow-spa", "/botox-near-me/incrementon", "/zip/43001", "/zip/43002", "/", "/sitemap.xml"],
      // The city's figures did not move (decision 194), so its other clinic page was not even collected.
      linked: [
        "/botox-clinic/incrementon/beta-smooth-clinic",
        "/botox-clinic/cachefield/gamma-skin-bar",
        "/botox-near-me/cachefield",
        "/zip/75001",
        "/botox-near-me/linkport",
        "/zip/33101",
      ],
    });
    expect(fs.readFileSync(path.join(publisher.folder.buildDir(build.id), "botox-clinic/incrementon/alpha-glow-spa/index.html"), "utf8")).toContain(
      "Alpha Glow Spa Renamed",
    );
    // A full build's page pipeline is told where a targeted build asks it to pause; the targeted
    // build made that file while it ran and removed it after (decision 226).
    expect(fs.readFileSync(path.join(dir, "yield-env"), "utf8").trim()).toBe(publisher.folder.yieldFile);
    expect(fs.existsSync(path.join(dir, "yield-seen"))).toBe(true);
    expect(fs.existsSync(publisher.folder.yieldFile)).toBe(false);
  }, 300_000);

  it("moves a clinic to another city: its old page and its old ZIP's page go, both city pages and the ZIP pages of both places are rendered", async () => {
    const id = await clinicId("beta-smooth-clinic");
    await db.sql`
      update clinics set city = 'Cachefield', city_slug = 'cachefield', state = 'TX', postal_code = '75001', latitude = 32.91, longitude = -96.81,
        full_address = '2 Main St, Cachefield, TX 75001', updated_at = now()
      where id = ${id}`;
    const { targeted } = await expectTargeted("clinic", id, {
      rendered: ["/botox-clinic/cachefield/beta-smooth-clinic", "/botox-near-me/incrementon", "/botox-near-me/cachefield", "/zip/43001", "/zip/75001"],
      linked: ["/botox-near-me/linkport", "/zip/33101", "/botox-clinic/linkport/delta-derm"],
    });
    expect(targeted.has("botox-clinic/incrementon/beta-smooth-clinic/index.html")).toBe(false);
    // No clinic has that postal code any more, so it has no page (as in the full build).
    expect(targeted.has("zip/43002/index.html")).toBe(false);
  }, 300_000);

  it("closes a clinic", async () => {
    const id = await clinicId("delta-derm");
    await db.sql`update clinics set business_status = 'PERMANENTLY_CLOSED', updated_at = now() where id = ${id}`;
    await expectTargeted("clinic", id, {
      rendered: ["/botox-clinic/linkport/delta-derm", "/botox-near-me/linkport", "/zip/33101"],
      linked: ["/botox-clinic/cachefield/gamma-skin-bar", "/botox-near-me/incrementon", "/zip/43001"],
    });
  }, 300_000);

  it("changes a price: the change names its clinic through the price row", async () => {
    const id = await clinicId("gamma-skin-bar");
    const today = new Date().toISOString().slice(0, 10);
    const [price] = await db.sql<{ id: number }[]>`
      insert into clinic_prices (clinic_id, brand, model, unit_price_cents, per_unit_cents, source, observed_on)
      values (${id}, 'botox', 'per_unit', 1200, 1200, 'clinic', ${today}) returning id`;
    await expectTargeted("price", price!.id, {
      rendered: ["/botox-clinic/cachefield/gamma-skin-bar", "/botox-near-me/cachefield", "/zip/75001"],
      // The city's price figures moved: its other clinic page (moved there above) is asked for again.
      collected: ["/botox-clinic/cachefield/beta-smooth-clinic"],
      linked: ["/botox-clinic/incrementon/alpha-glow-spa", "/botox-near-me/linkport", "/zip/33101"],
    });
  }, 300_000);

  it("after a rollback, links the build made live instead of taking the copy of the other one", async () => {
    const liveId = (await publisher.folder.liveId())!;
    const { builds } = await publisher.status();
    const older = builds.find((b) => b.status === "succeeded" && b.id < liveId)!;
    await publisher.whenSpareReady();
    expect((await publisher.rollback(older.id)).ok).toBe(true);
    const id = await clinicId("gamma-skin-bar");
    await db.sql`update clinics set name = 'Gamma After Rollback', updated_at = now() where id = ${id}`;
    await expectTargeted("clinic", id, {
      rendered: ["/botox-clinic/cachefield/gamma-skin-bar", "/botox-near-me/cachefield", "/zip/75001"],
      linked: ["/botox-clinic/incrementon/alpha-glow-spa", "/botox-near-me/linkport", "/zip/33101"],
      spare: false,
    });
  }, 300_000);

  it("adds a staff member: the change names its clinic through the staff row", async () => {
    const id = await clinicId("gamma-skin-bar");
    const today = new Date().toISOString().slice(0, 10);
    const [staff] = await db.sql<{ id: number }[]>`
      insert into clinic_staff (clinic_id, name, role, credential, license_state, license_number, license_status, verified_via, verified_on, verified_by)
      values (${id}, 'Dana Staffcheck', 'medical_director', 'MD', 'TX', 'X1234', 'active', 'npi_registry', ${today}, 'test') returning id`;
    const { build } = await expectTargeted("staff", staff!.id, {
      // The ZIP page's card shows the verified staff: its key moves with them (cache-key.ts `stamp`).
      rendered: ["/botox-clinic/cachefield/gamma-skin-bar", "/zip/75001"],
      linked: ["/botox-clinic/cachefield/beta-smooth-clinic", "/botox-clinic/incrementon/alpha-glow-spa", "/botox-near-me/linkport", "/zip/33101"],
    });
    expect(fs.readFileSync(path.join(publisher.folder.buildDir(build.id), "botox-clinic/cachefield/gamma-skin-bar/index.html"), "utf8")).toContain(
      "Dana Staffcheck",
    );
  }, 300_000);

  it("adds a deal: the change names its clinic through the deal row", async () => {
    const id = await clinicId("alpha-glow-spa");
    const today = new Date().toISOString().slice(0, 10);
    const ends = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const [deal] = await db.sql<{ id: number }[]>`
      insert into clinic_deals (clinic_id, title, brand, model, unit_price_cents, per_unit_cents, starts_on, ends_on)
      values (${id}, 'Winter Dealcheck', 'botox', 'per_unit', 900, 900, ${today}, ${ends}) returning id`;
    const { build } = await expectTargeted("deal", deal!.id, {
      rendered: ["/botox-clinic/incrementon/alpha-glow-spa"],
      linked: ["/botox-clinic/cachefield/gamma-skin-bar", "/botox-near-me/cachefield", "/botox-near-me/linkport", "/zip/33101"],
    });
    expect(fs.readFileSync(path.join(publisher.folder.buildDir(build.id), "botox-clinic/incrementon/alpha-glow-spa/index.html"), "utf8")).toContain(
      "Winter Dealcheck",
    );
  }, 300_000);

  /**
   * Starts the nightly build and holds it once its site build is done; renames a clinic then
   * and waits for the targeted publish beside it. Returns the nightly row, the edit's build and
   * the fingerprint of the edit's build folder.
   */
  async function editDuringNightly(slug: string, name: string) {
    for (const file of Object.values(control)) fs.rmSync(file, { force: true });
    const before = (await publisher.folder.liveId())!;
    await publisher.whenSpareReady();
    fs.writeFileSync(control.hold, "");
    publisher.request("nightly");
    await until(() => fs.existsSync(control.held));
    const [nightly] = await db.sql<{ id: number; background: boolean }[]>`select id, background from publish_builds where status = 'running'`;
    expect(nightly?.background).toBe(true);
    const id = await clinicId(slug);
    await db.sql`update clinics set name = ${name}, updated_at = now() where id = ${id}`;
    await db.sql`insert into content_changes (entity, entity_id, action) values ('clinic', ${id}, 'update')`;
    publisher.markDirty();
    await until(async () => {
      const last = await lastBuild();
      return last.id > nightly!.id && last.status !== "running";
    });
    const edit = await lastBuild();
    expect(edit.status, edit.log.slice(-4000)).toBe("succeeded");
    expect(edit.log).toContain(`[publish] targeted publish from build #${before}`);
    // Live while the nightly build still runs.
    expect(await publisher.folder.liveId()).toBe(edit.id);
    const [still] = await db.sql<{ status: string }[]>`select status from publish_builds where id = ${nightly!.id}`;
    expect(still?.status).toBe("running");
    return { nightly: nightly!, edit, editPrint: fingerprintTree(publisher.folder.buildDir(edit.id)) };
  }
  const clinicPage = async (buildId: number, slug: string) => {
    const [row] = await db.sql<{ city_slug: string }[]>`select city_slug from clinics where slug = ${slug}`;
    return fs.readFileSync(path.join(publisher.folder.buildDir(buildId), "botox-clinic", row!.city_slug, slug, "index.html"), "utf8");
  };

  it("publishes an edit saved during the nightly build beside it; the nightly build catches up with it before it goes live", async () => {
    const { nightly, edit, editPrint } = await editDuringNightly("alpha-glow-spa", "Alpha During Nightly");
    expect(await clinicPage(edit.id, "alpha-glow-spa")).toContain("Alpha During Nightly");
    fs.writeFileSync(control.release, "");
    await publisher.flush();
    const [done] = await db.sql<{ status: string; live: boolean; change_watermark: string; log: string }[]>`
      select status, live, change_watermark, log from publish_builds where id = ${nightly.id}`;
    expect(done?.status, done?.log.slice(-4000)).toBe("succeeded");
    expect(done?.log).toContain("[publish] catching up with changes");
    const [newest] = await db.sql<{ id: string }[]>`select max(id) as id from content_changes`;
    expect(Number(done?.change_watermark)).toBe(Number(newest!.id));
    // Live with the edit: the site never went back to the data the nightly build read.
    expect(await publisher.folder.liveId()).toBe(nightly.id);
    expect(await clinicPage(nightly.id, "alpha-glow-spa")).toContain("Alpha During Nightly");
    // File for file and byte for byte what a full build of the same data writes.
    const caughtUp = fingerprintTree(publisher.folder.buildDir(nightly.id));
    const full = fingerprintTree(await fullBuild());
    expect([...caughtUp.keys()].sort()).toEqual([...full.keys()].sort());
    for (const [file, print] of full) expect(contentOf(caughtUp.get(file)), file).toBe(contentOf(print));
    // The catch-up wrote nothing in place: the edit's build (hard links shared with older builds) is as it was.
    expect(changedFiles(editPrint, fingerprintTree(publisher.folder.buildDir(edit.id)))).toEqual([]);
    // Nothing was left to build.
    expect((await lastBuild()).id).toBe(edit.id);
  }, 300_000);

  it("keeps the edit's build live when the nightly build's catch-up fails", async () => {
    const { nightly, edit, editPrint } = await editDuringNightly("delta-derm", "Delta During Nightly");
    fs.writeFileSync(control.failCatchUp, "");
    fs.writeFileSync(control.release, "");
    await publisher.flush();
    const [done] = await db.sql<{ status: string; live: boolean; log: string }[]>`select status, live, log from publish_builds where id = ${nightly.id}`;
    expect(done?.status).toBe("failed");
    expect(done?.log).toContain("catch-up fails on purpose");
    expect(done?.log).toContain("the live site is unchanged");
    expect(await publisher.folder.liveId()).toBe(edit.id);
    expect(await publisher.folder.exists(nightly.id)).toBe(false);
    expect(changedFiles(editPrint, fingerprintTree(publisher.folder.buildDir(edit.id)))).toEqual([]);
    expect(await clinicPage(edit.id, "delta-derm")).toContain("Delta During Nightly");
    fs.rmSync(control.failCatchUp, { force: true });
    fs.rmSync(control.hold, { force: true });
  }, 300_000);

  it("catches up only to the live build when a change saved during the nightly build is not about one clinic; the next full build publishes it", async () => {
    const { nightly, edit } = await editDuringNightly("gamma-skin-bar", "Gamma During Nightly");
    const [post] = await db.sql<{ id: number }[]>`select id from blog_posts limit 1`;
    await db.sql`insert into content_changes (entity, entity_id, action) values ('category', ${post?.id ?? 1}, 'update')`;
    const [editRow] = await db.sql<{ change_watermark: string }[]>`select change_watermark from publish_builds where id = ${edit.id}`;
    fs.writeFileSync(control.release, "");
    fs.rmSync(control.hold, { force: true });
    await publisher.flush();
    const [done] = await db.sql<{ status: string; change_watermark: string; log: string }[]>`
      select status, change_watermark, log from publish_builds where id = ${nightly.id}`;
    expect(done?.status, done?.log.slice(-4000)).toBe("succeeded");
    // Up to what the edit's build published, not back before it, and not past what it can render.
    expect(done?.change_watermark).toBe(editRow!.change_watermark);
    expect(await clinicPage(nightly.id, "gamma-skin-bar")).toContain("Gamma During Nightly");
    // A full build after it published the rest (asked for by the follow-up of the edit's build
    // or of the nightly build, whichever saw the change first).
    const [newest] = await db.sql<{ id: string }[]>`select max(id) as id from content_changes`;
    const next = await lastBuild();
    expect(next.id).toBeGreaterThan(nightly.id);
    expect(next.status).toBe("succeeded");
    expect(next.log).toContain("[publish] building in the background");
    const [nextRow] = await db.sql<{ change_watermark: string }[]>`select change_watermark from publish_builds where id = ${next.id}`;
    expect(Number(nextRow!.change_watermark)).toBe(Number(newest!.id));
    expect(await publisher.folder.liveId()).toBe(next.id);
  }, 300_000);

  it("runs the full build for a change that is not about one clinic, and keeps the live site when a targeted build fails", async () => {
    const [post] = await db.sql<{ id: number }[]>`select id from blog_posts limit 1`;
    await db.sql`insert into content_changes (entity, entity_id, action) values ('category', ${post?.id ?? 1}, 'update')`;
    publisher.markDirty();
    await publisher.flush();
    const full = await lastBuild();
    expect(full.status, full.log.slice(-4000)).toBe("succeeded");
    expect(full.log).toContain("[publish] full build: a change is not about one clinic");

    // A page index that no longer parses: the targeted build fails, recorded like any build.
    const liveId = (await publisher.folder.liveId())!;
    const before = fingerprintTree(publisher.folder.buildDir(liveId));
    const index = publisher.folder.indexFile(liveId);
    const saved = fs.readFileSync(index, "utf8");
    fs.writeFileSync(index, saved.replace(/"paths":\[/, '"paths":7,"x":['));
    const id = await clinicId("alpha-glow-spa");
    await db.sql`update clinics set name = 'Alpha Again', updated_at = now() where id = ${id}`;
    await db.sql`insert into content_changes (entity, entity_id, action) values ('clinic', ${id}, 'update')`;
    publisher.markDirty();
    await publisher.flush();
    const failed = await lastBuild();
    expect(failed.status).toBe("failed");
    expect(failed.log).toContain("the live site is unchanged");
    expect(await publisher.folder.liveId()).toBe(liveId);
    expect(fingerprintTree(publisher.folder.buildDir(liveId))).toEqual(before);
    expect(fs.existsSync(publisher.folder.buildDir(failed.id))).toBe(false);
    const status = await publisher.status();
    expect(status.builds.find((b) => b.id === failed.id)?.status).toBe("failed");
  }, 300_000);
});
