import { silentLogger } from "@botox/core/logger";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect, contentBuildNeeded, databaseOn, type DbHandle } from "@botox/db";
import { createTestDatabase, type TestDatabase } from "@botox/db/testing";
import { Publisher } from "./publisher.ts";
import { startStaticServer, type RunningStaticServer } from "./static-server.ts";
import { ManualClock, buildRows, createFakeSite, recordChange, type FakeSite } from "./testing.ts";

let db: TestDatabase;
let site: FakeSite;
const publishers: Publisher[] = [];

function publisher(options: Partial<ConstructorParameters<typeof Publisher>[0]> = {}): Publisher {
  const p = new Publisher({ sql: db.sql, config: site.config(), logger: silentLogger, ...options });
  publishers.push(p);
  return p;
}

/** A first build that succeeds, then one set up to go wrong; the two rows, checked. */
async function goodThenBadBuild(p: Publisher, failure: Parameters<FakeSite["set"]>[0]) {
  p.request("startup");
  await p.flush();
  site.set(failure);
  p.request("rebuild");
  await p.flush();
  const rows = await buildRows(db.sql);
  expect(rows.map((r) => [r.status, r.live])).toEqual([
    ["succeeded", true],
    ["failed", false],
  ]);
  return rows;
}

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.sql`delete from publish_builds`;
  await db.sql`delete from content_changes`;
  site = createFakeSite();
});
afterEach(async () => {
  await Promise.all(publishers.splice(0).map((p) => p.stop()));
  site.cleanup();
});

describe("coalescing", () => {
  it("turns a burst of writes into one build after the quiet period", async () => {
    const clock = new ManualClock(Date.now());
    const p = publisher({ clock });
    for (let i = 0; i < 10; i++) {
      await recordChange(db.sql);
      p.markDirty();
      clock.advance(1_000); // writes 1 s apart: never 5 s of quiet
    }
    await p.whenIdle();
    expect(await buildRows(db.sql)).toHaveLength(0);
    clock.advance(4_000);
    await p.whenIdle();
    const rows = await buildRows(db.sql);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "succeeded", trigger: "content", live: true });
    expect(site.journal().filter((l) => l.what === "start")).toHaveLength(1);
  });

  it("builds after the longest wait even while writes keep coming", async () => {
    const clock = new ManualClock(Date.now());
    const p = publisher({ clock });
    for (let i = 0; i < 15; i++) {
      await recordChange(db.sql);
      p.markDirty();
      clock.advance(4_000);
    }
    // 15 × 4 s = 60 s: the longest wait has passed although the writes never paused.
    await p.whenIdle();
    expect(await buildRows(db.sql)).toHaveLength(1);
  });

  it("keeps building after a flush with nothing due", async () => {
    const p = publisher();
    await p.flush(); // nothing pending: must not leave the publisher looking busy
    p.request("rebuild");
    await p.flush();
    expect(await buildRows(db.sql)).toHaveLength(1);
    await p.whenIdle();
  });

  it("skips a content build when another build already covered the changes", async () => {
    const p = publisher();
    await recordChange(db.sql);
    p.request("rebuild");
    await p.flush();
    expect(await p.attempt("content", false)).toEqual({ kind: "skipped" });
    expect(await buildRows(db.sql)).toHaveLength(1);
  });
});

describe("one build at a time across API instances", () => {
  let second: DbHandle;
  beforeAll(() => {
    second = connect(db.url);
  });
  afterAll(async () => {
    await second.close();
  });

  it("never runs two builds at once; the holder runs the request the other left queued", async () => {
    site.set({ delayMs: 600 });
    const a = publisher();
    const b = publisher({ sql: second.sql, config: site.config({ siteDir: path.join(site.dir, "site-b") }) });
    await recordChange(db.sql);
    a.request("rebuild");
    const aFlushed = a.flush();
    // B asks once A's build has started, so one build cannot cover both: a request made before
    // a build starts may rightly be taken by it (one build for both), which would make the
    // count depend on which instance the machine ran first.
    await expect.poll(() => site.journal().length, { timeout: 30_000 }).toBe(1);
    b.request("webhook");
    await Promise.all([aFlushed, b.flush()]);
    await Promise.all([a.whenIdle(), b.whenIdle()]);
    await a.whenIdle();
    const journal = site.journal();
    // Strictly alternating start/end: no build started while another was running.
    expect(journal.map((l) => l.what)).toEqual(["start", "end", "start", "end"]);
    const rows = await buildRows(db.sql);
    expect(rows.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
  });

  it("builds content changes once when both instances saw them", async () => {
    site.set({ delayMs: 300 });
    const a = publisher();
    const b = publisher({ sql: second.sql, config: site.config({ siteDir: path.join(site.dir, "site-b") }) });
    await recordChange(db.sql);
    a.markDirty();
    b.markDirty();
    await Promise.all([a.flush(), b.flush()]);
    await Promise.all([a.whenIdle(), b.whenIdle()]);
    expect(await buildRows(db.sql)).toHaveLength(1);
  });

  it("turns a burst of writes through both instances into one build", async () => {
    site.set({ delayMs: 300 });
    const clock = new ManualClock(Date.now());
    const config = site.config({ debounceMs: 400, maxWaitMs: 10_000 });
    const a = publisher({ config, clock });
    const b = publisher({ sql: second.sql, clock, config: { ...config, siteDir: path.join(site.dir, "site-b") } });
    for (let i = 0; i < 6; i++) {
      await recordChange(i % 2 ? second.sql : db.sql);
      (i % 2 ? b : a).markDirty();
    }
    // Both debounces fall due at the same moment: one builds, the other finds the lock taken
    // or the changes already covered. Nothing else is due until the clock moves again.
    clock.advance(400);
    await Promise.all([a.whenIdle(), b.whenIdle()]);
    await Promise.all([a.whenIdle(), b.whenIdle()]);
    expect([(await a.status()).queue, (await b.status()).queue]).toEqual([[], []]);
    const rows = await buildRows(db.sql);
    expect(rows.map((r) => r.status)).toEqual(["succeeded"]);
    expect(site.journal().filter((l) => l.what === "start")).toHaveLength(1);
  });

  // PGlite gives every connection the same session, where advisory locks do not exclude each
  // other (the conditional insert of the `running` row does the job there, tested above).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "a full build leaves the PostgreSQL advisory lock while its site builds (decision 208), and takes it back to switch",
    async () => {
      site.set({ hold: true });
      const p = publisher();
      p.request("rebuild");
      const building = p.flush();
      await expect.poll(() => site.journal().length, { timeout: 5_000 }).toBe(1);
      const other = await second.sql.reserve();
      let releasedAt = 0;
      try {
        // Free while the site builds: a targeted publish could take it.
        const [during] = await other<{ ok: boolean }[]>`select pg_try_advisory_lock(72635, 6) as ok`;
        expect(during?.ok).toBe(true);
        site.release();
        await expect.poll(() => site.journal().length, { timeout: 5_000 }).toBe(2);
        releasedAt = Date.now();
        await other`select pg_advisory_unlock(72635, 6)`;
      } finally {
        other.release();
      }
      await building;
      // It could not switch while another session held the lock.
      const [row] = await db.sql<{ status: string; live: boolean; finished_at: string }[]>`select status, live, finished_at from publish_builds`;
      expect(row).toMatchObject({ status: "succeeded", live: true });
      expect(new Date(row!.finished_at).getTime()).toBeGreaterThanOrEqual(releasedAt);
    },
  );

  it("sees writes made through another instance by polling content_changes", async () => {
    const p = publisher({ config: site.config({ pollMs: 100, debounceMs: 50 }) });
    await p.start({ buildOnStart: false, nightly: false });
    await second.sql`insert into content_changes (entity, entity_id, action) values ('post', 7, 'update')`;
    await expect.poll(async () => (await buildRows(db.sql)).length, { timeout: 10_000 }).toBe(1);
  });
});

describe("a build that fails or is interrupted leaves its changes pending for every instance", () => {
  let second: DbHandle;
  beforeAll(() => {
    second = connect(db.url);
  });
  afterAll(async () => {
    await second.close();
  });
  const liveLabel = (p: Publisher) => {
    const file = path.join(p.liveDir, "index.html");
    return fs.existsSync(file) ? (/<h1>(.*)<\/h1>/.exec(fs.readFileSync(file, "utf8"))?.[1] ?? null) : null;
  };

  it("instance A builds the edit whose build instance B was stopped in the middle of", async () => {
    const b = publisher({ sql: second.sql, config: site.config({ siteDir: path.join(site.dir, "site-b"), debounceMs: 0 }) });
    b.request("startup");
    await b.flush();
    const a = publisher({ config: site.config({ debounceMs: 0, pollMs: 50 }) });
    a.request("startup");
    await a.flush();

    // An edit saved through B; B's build of it is under way when B stops (SIGTERM).
    await recordChange(second.sql);
    site.set({ label: "v2", hold: true });
    b.markDirty();
    const building = b.flush();
    await expect.poll(() => site.journal().filter((l) => l.what === "start").length).toBe(3);
    // A polls from here on: it sees B's build alive (a fresh heartbeat) and leaves it alone.
    await a.start({ buildOnStart: false, nightly: false });
    site.set({ hold: false });
    await b.stop();
    await building;
    // B's row (A may already have started its own build after it).
    expect((await buildRows(db.sql)).find((r) => r.trigger === "content")).toMatchObject({ status: "failed" });

    await expect.poll(() => liveLabel(a)).toBe("v2");
    await a.whenIdle();
    const rows = await buildRows(db.sql);
    expect(rows.slice(0, 3).map((r) => [r.status, r.trigger])).toEqual([
      ["succeeded", "startup"],
      ["succeeded", "startup"],
      ["failed", "content"],
    ]);
    // A built it: one build, or on a loaded machine sometimes two, every one of them good.
    expect(rows.slice(3).length).toBeGreaterThanOrEqual(1);
    expect(rows.slice(3).every((r) => r.status === "succeeded" && r.trigger === "content")).toBe(true);
    expect((await a.status()).dirty).toBe(false);
  });

  it("instance A builds the edit of an instance killed mid-build (its running row has no heartbeat)", async () => {
    // The planted row is a minute old: stale at once even with a bound a loaded machine keeps.
    const a = publisher({ config: site.config({ debounceMs: 0, pollMs: 50 }), staleAfterMs: 20_000, heartbeatMs: 1_000 });
    a.request("startup");
    await a.flush();
    site.set({ label: "v2" });
    // What `kill -9` of B leaves: the change, and B's build row still `running`, its heartbeat stopped.
    await recordChange(second.sql);
    await second.sql`insert into publish_builds (status, trigger, change_watermark, started_at, duration_ms)
      values ('running', 'content', (select max(id) from content_changes), now() - interval '1 minute', 2000)`;
    await a.start({ buildOnStart: false, nightly: false });
    await expect.poll(() => liveLabel(a)).toBe("v2");
    await a.whenIdle();
    const rows = await buildRows(db.sql);
    expect(rows.slice(0, 2).map((r) => r.status)).toEqual(["succeeded", "failed"]);
    expect(rows[1]!.log).toContain("interrupted");
    expect(rows.slice(2).length).toBeGreaterThanOrEqual(1);
    expect(rows.slice(2).every((r) => r.status === "succeeded")).toBe(true);
  });

  it("tries a build that always fails a bounded number of times, then waits for the next change", async () => {
    const p = publisher({ config: site.config({ debounceMs: 0 }), retry: { baseMs: 0, maxAttempts: 3 } });
    p.request("startup");
    await p.flush();
    await p.start({ buildOnStart: false, poll: false, nightly: false });
    site.set({ fail: true });
    await recordChange(db.sql);
    const failed = async () => (await buildRows(db.sql)).filter((r) => r.status === "failed").length;
    for (let i = 0; i < 8; i++) {
      await p.poll();
      await p.flush();
    }
    expect(await failed()).toBe(3);
    // A new change is tried again (and again at most three times).
    await recordChange(db.sql);
    for (let i = 0; i < 8; i++) {
      await p.poll();
      await p.flush();
    }
    expect(await failed()).toBe(6);
    expect(await p.attempt("content", false)).toEqual({ kind: "skipped" });
  });

  it("waits longer after each failure (by the database's clock), from any instance", async () => {
    const retry = { baseMs: 60_000, maxAttempts: 4 };
    const publisherDb = databaseOn(second.sql);
    await recordChange(db.sql);
    const fail = (agoSeconds: number) =>
      db.sql`insert into publish_builds (status, trigger, change_watermark, started_at, finished_at, duration_ms)
        values ('failed', 'content', (select max(id) from content_changes), now() - interval '5 minutes', now() - make_interval(secs => ${agoSeconds}), 1000)`;
    expect(await contentBuildNeeded(publisherDb, retry)).toBe(true);
    await fail(0);
    // One failure: tried again at once (an interrupted build is no fault of the build).
    expect(await contentBuildNeeded(publisherDb, retry)).toBe(true);
    await fail(0);
    expect(await contentBuildNeeded(publisherDb, retry)).toBe(false);
    await db.sql`update publish_builds set finished_at = now() - interval '61 seconds'`;
    expect(await contentBuildNeeded(publisherDb, retry)).toBe(true);
    await fail(61);
    expect(await contentBuildNeeded(publisherDb, retry)).toBe(false);
    await db.sql`update publish_builds set finished_at = now() - interval '241 seconds'`;
    expect(await contentBuildNeeded(publisherDb, retry)).toBe(true);
    await fail(3600);
    expect(await contentBuildNeeded(publisherDb, retry)).toBe(false);
    // A build alive on the newest change holds the poll back, not the lock holder.
    await recordChange(db.sql);
    await db.sql`insert into publish_builds (status, trigger, change_watermark, started_at, duration_ms) values ('running', 'content', (select max(id) from content_changes), now(), 0)`;
    expect(await contentBuildNeeded(publisherDb, retry, { unlessRunningWithinMs: 15_000 })).toBe(false);
    expect(await contentBuildNeeded(publisherDb, retry)).toBe(true);
  });

  it("labels the build that runs another instance's queued request with that request's trigger", async () => {
    const enqueue = (trigger: string) => second.sql`insert into publish_builds (status, trigger) values ('queued', ${trigger})`;
    const p = publisher();
    await p.start({ buildOnStart: false, poll: false, nightly: false });
    // Left by an instance that started while this one built: seen by the poll.
    await enqueue("startup");
    await p.poll();
    await p.flush();
    // Left while this one's full build ran: taken by its follow-up.
    site.set({ hold: true });
    p.request("rebuild");
    const building = p.flush();
    await expect.poll(() => site.journal().filter((l) => l.what === "start").length).toBe(2);
    await enqueue("nightly");
    site.release();
    await building;
    await p.whenIdle();
    expect((await buildRows(db.sql)).map((r) => [r.status, r.trigger])).toEqual([
      ["succeeded", "startup"],
      ["succeeded", "rebuild"],
      ["succeeded", "nightly"],
    ]);
  });
});

describe("atomic switch, failures and rollback", () => {
  let server: RunningStaticServer;
  afterEach(async () => {
    await server?.close();
  });
  const get = async (p = "/") => {
    const res = await fetch(`${server.url}${p}`);
    return { status: res.status, body: await res.text() };
  };

  it("answers every request during a build from the old complete site, then the new one", async () => {
    const p = publisher();
    server = await startStaticServer({ liveDir: p.liveDir, port: 0 });
    expect((await get()).status).toBe(503); // nothing built yet: the "building" page
    p.request("startup");
    await p.flush();
    expect((await get()).body).toContain("<h1>v1</h1>");

    // The next build stops half-written until released: every request meanwhile sees v1 whole.
    site.set({ label: "v2", hold: true });
    p.request("rebuild");
    const building = p.flush();
    await expect.poll(() => site.journal().filter((l) => l.what === "start").length, { timeout: 5_000 }).toBe(2);
    for (let i = 0; i < 10; i++) {
      const { status, body } = await get();
      expect(status).toBe(200);
      expect(body).toMatch(/<h1>v1<\/h1>.*<\/html>/s);
    }
    site.release();
    await building;
    expect((await get()).body).toContain("<h1>v2</h1>");
  });

  it("keeps the live site and records the log when a build fails", async () => {
    const p = publisher();
    server = await startStaticServer({ liveDir: p.liveDir, port: 0 });
    const rows = await goodThenBadBuild(p, { label: "broken", fail: true });
    expect(rows[1]!.log).toContain("fake build failed on purpose");
    expect((await get()).body).toContain("<h1>v1</h1>");
    expect(fs.existsSync(p.folder.buildDir(rows[1]!.id))).toBe(false);
    const status = await p.status();
    expect(status.live?.id).toBe(rows[0]!.id);
    expect(status.builds[0]).toMatchObject({ status: "failed", logTail: expect.stringContaining("failed on purpose") });
  });

  it("refuses a build that exits successfully without writing a page", async () => {
    const p = publisher();
    const rows = await goodThenBadBuild(p, { empty: true });
    expect(rows[1]!.log).toContain("the build wrote no HTML pages");
    expect(await p.folder.liveId()).toBe(rows[0]!.id);
  });

  it("rolls back to a kept build and refuses unknown or failed ones", async () => {
    const p = publisher();
    server = await startStaticServer({ liveDir: p.liveDir, port: 0 });
    p.request("startup");
    await p.flush();
    site.set({ label: "v2" });
    p.request("rebuild");
    await p.flush();
    site.set({ fail: true });
    p.request("rebuild");
    await p.flush();
    const [first, second, failed] = await buildRows(db.sql);
    expect((await get()).body).toContain("<h1>v2</h1>");
    expect(await p.rollback(first!.id)).toEqual({ ok: true, id: first!.id });
    expect((await get()).body).toContain("<h1>v1</h1>");
    expect((await p.status()).live?.id).toBe(first!.id);
    expect(await p.rollback(second!.id)).toMatchObject({ ok: true });
    expect(await p.rollback(failed!.id)).toMatchObject({ ok: false, status: 409 });
    expect(await p.rollback(999_999)).toMatchObject({ ok: false, status: 404 });
  });

  it("keeps only the last five successful builds", async () => {
    const p = publisher();
    for (let i = 0; i < 7; i++) {
      p.request("rebuild");
      await p.flush();
    }
    const rows = await buildRows(db.sql);
    expect(rows).toHaveLength(7);
    const kept = (await p.folder.folderIds()).sort((x, y) => x - y);
    expect(kept).toEqual(rows.slice(2).map((r) => r.id));
    expect(await p.folder.liveId()).toBe(rows[6]!.id);
  });
});

describe("restart, stop and timeouts", () => {
  it("serves the last good build at once after a restart and builds only what changed meanwhile", async () => {
    const first = publisher();
    first.request("startup");
    await first.flush();
    await first.stop();
    const [built] = await buildRows(db.sql);

    // Nothing changed while stopped: no build, the same live folder.
    const again = publisher({ config: site.config({ debounceMs: 0 }) });
    await again.start({ poll: false, nightly: false, recoverInterrupted: true });
    await again.whenIdle();
    expect(await buildRows(db.sql)).toHaveLength(1);
    expect(await again.folder.liveId()).toBe(built!.id);
    expect(await again.status()).toMatchObject({ state: "idle", dirty: false, live: { id: built!.id } });
    await again.stop();

    // A write while stopped (another instance, a CLI import): built at the next start.
    await recordChange(db.sql);
    const third = publisher({ config: site.config({ debounceMs: 0 }) });
    await third.start({ poll: false, nightly: false, recoverInterrupted: true });
    await expect.poll(async () => (await buildRows(db.sql)).length, { timeout: 10_000 }).toBe(2);
    await third.whenIdle();
    const rows = await buildRows(db.sql);
    expect(rows[1]).toMatchObject({ status: "succeeded", trigger: "content", live: true });
  });

  it("records a build interrupted by a crash as failed at the next start and drops its cache", async () => {
    const p = publisher();
    p.request("startup");
    await p.flush();
    await db.sql`insert into publish_builds (status, trigger, started_at, duration_ms) values ('running', 'content', now(), 0)`;
    fs.mkdirSync(p.folder.cacheDir, { recursive: true });
    const restarted = publisher();
    await restarted.start({ buildOnStart: false, poll: false, nightly: false, recoverInterrupted: true });
    const rows = await buildRows(db.sql);
    expect(rows.map((r) => [r.status, r.live])).toEqual([
      ["succeeded", true],
      ["failed", false],
    ]);
    expect(rows[1]!.log).toContain("interrupted");
    expect(fs.existsSync(restarted.folder.cacheDir)).toBe(false);
  });

  it("stop() kills a running build, records it as failed and leaves the live site", async () => {
    const p = publisher();
    p.request("startup");
    await p.flush();
    site.set({ label: "v2", delayMs: 30_000 });
    p.request("rebuild");
    void p.flush();
    await expect.poll(() => site.journal().filter((l) => l.what === "start").length, { timeout: 5_000 }).toBe(2);
    const pid = site.journal().at(-1)!.pid;
    await p.stop();
    const rows = await buildRows(db.sql);
    expect(rows.map((r) => [r.status, r.live])).toEqual([
      ["succeeded", true],
      ["failed", false],
    ]);
    expect(rows[1]!.log).toContain("build aborted");
    expect(await p.folder.liveId()).toBe(rows[0]!.id);
    expect(fs.existsSync(p.folder.buildDir(rows[1]!.id))).toBe(false);
    // Gone, or a zombie waiting for a parent to reap it.
    const state = () => (fs.existsSync(`/proc/${pid}/stat`) ? fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]![0] : "gone");
    await expect.poll(state, { timeout: 5_000 }).toMatch(/gone|Z/);
  });

  it("builds at the next start the changes an interrupted build did not publish", async () => {
    const p = publisher();
    p.request("startup");
    await p.flush();
    await recordChange(db.sql);
    site.set({ label: "v2", delayMs: 30_000 });
    p.markDirty();
    void p.flush();
    await expect.poll(() => site.journal().filter((l) => l.what === "start").length, { timeout: 5_000 }).toBe(2);
    await p.stop(); // Ctrl-C in the middle of the build

    site.set({ delayMs: 0 });
    const restarted = publisher();
    await restarted.start({ poll: false, nightly: false, recoverInterrupted: true });
    await expect.poll(async () => (await buildRows(db.sql)).length, { timeout: 10_000 }).toBe(3);
    await restarted.whenIdle();
    const rows = await buildRows(db.sql);
    expect(rows.map((r) => [r.status, r.live])).toEqual([
      ["succeeded", false],
      ["failed", false],
      ["succeeded", true],
    ]);
    const res = fs.readFileSync(path.join(restarted.liveDir, "index.html"), "utf8");
    expect(res).toContain("<h1>v2</h1>");
  });

  it("fails a build that runs past its timeout", async () => {
    site.set({ delayMs: 10_000 });
    const p = publisher({ config: site.config({ buildTimeoutMs: 1_000 }) });
    p.request("rebuild");
    await p.flush();
    const [row] = await buildRows(db.sql);
    expect(row).toMatchObject({ status: "failed", live: false });
    expect(row!.log).toContain("timed out after 1000 ms");
  });

  it("gives each site folder its own Astro cache and drops it after a failed build", async () => {
    const p = publisher();
    p.request("rebuild");
    await p.flush();
    const manifest = path.join(p.folder.cacheDir, "manifest.json");
    expect(JSON.parse(fs.readFileSync(manifest, "utf8"))).toEqual({ label: "v1" });
    // A failed build may have rewritten cached pages without the manifest that describes them.
    site.set({ fail: true });
    p.request("rebuild");
    await p.flush();
    expect(fs.existsSync(p.folder.cacheDir)).toBe(false);
  });
});

describe("nightly regeneration", () => {
  it("fires at 03:00 in the configured time zone even when nothing changed", async () => {
    // 02:59:00 in New York (EST, UTC−5) on 2026-11-22.
    const clock = new ManualClock(Date.parse("2026-11-22T07:59:00Z"));
    const p = publisher({ clock, config: site.config({ cron: "0 3 * * *", timezone: "America/New_York" }) });
    await p.start({ buildOnStart: false, poll: false });
    expect(p.nextNightlyRun()?.toISOString()).toBe("2026-11-22T08:00:00.000Z");
    clock.advance(59_000);
    await p.whenIdle();
    expect(await buildRows(db.sql)).toHaveLength(0);
    clock.advance(1_000);
    await p.whenIdle();
    expect((await buildRows(db.sql)).map((r) => r.trigger)).toEqual(["nightly"]);
    expect(p.nextNightlyRun()?.toISOString()).toBe("2026-11-23T08:00:00.000Z");
    clock.advance(24 * 60 * 60 * 1000);
    await p.whenIdle();
    expect((await buildRows(db.sql)).map((r) => r.trigger)).toEqual(["nightly", "nightly"]);
  });
});

describe("hook mode", () => {
  let hook: http.Server;
  let hookUrl: string;
  const received: { body: string; path: string }[] = [];
  let answer = 200;
  beforeAll(async () => {
    hook = http.createServer((req, res) => {
      let body = "";
      req.on("data", (d: Buffer) => (body += d.toString()));
      req.on("end", () => {
        received.push({ body, path: req.url ?? "" });
        res.writeHead(answer, { "content-type": "application/json" });
        res.end(JSON.stringify({ job: { id: "j1" } }));
      });
    });
    await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks/secret-token`;
  });
  afterAll(() => new Promise<void>((r) => hook.close(() => r())));

  it("POSTs the deploy hook instead of building and records the answer", async () => {
    const p = publisher({ config: site.config({ mode: "hook", hookUrl }) });
    p.request("webhook");
    await p.flush();
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe("/hooks/secret-token");
    expect(JSON.parse(received[0]!.body)).toMatchObject({ trigger: "webhook" });
    answer = 500;
    p.request("rebuild");
    await p.flush();
    const rows = await buildRows(db.sql);
    expect(rows.map((r) => r.status)).toEqual(["succeeded", "failed"]);
    expect(rows[0]!.log).toContain("→ 200");
    expect(rows[0]!.log).not.toContain("secret-token");
    expect(rows.every((r) => !r.live)).toBe(true);
    expect(site.journal()).toHaveLength(0);
  });

  it("records a failed build when no deploy-hook URL is configured", async () => {
    const p = publisher({ config: site.config({ mode: "hook" }) });
    p.request("rebuild");
    await p.flush();
    const [row] = await buildRows(db.sql);
    expect(row).toMatchObject({ status: "failed", live: false });
    expect(row!.log).toContain("PUBLISH_HOOK_URL is not set");
  });
});
