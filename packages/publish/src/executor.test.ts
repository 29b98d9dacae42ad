import { silentLogger } from "@botox/core/logger";
import fs from "node:fs";
import os from "node:os";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { PUBLISH_LOCK_KEYS, bringBuildToForeground, claimBuild, databaseOn, sendBuildToBackground, withdrawBuild } from "@botox/db";
import { createTestDatabase, type TestDatabase } from "@botox/db/testing";
import type { PublishConfig } from "./config.ts";
import { BuildExecutor } from "./executor.ts";
import { FULL_BUILD_NICE } from "./local-build.ts";
import { buildRows, createFakeSite, recordChange, until, type FakeSite } from "./testing.ts";

let db: TestDatabase;
let site: FakeSite;
/** The executors a test made: their spare copies are stopped before its folder goes. */
const executors: BuildExecutor[] = [];

function executor(config: PublishConfig = site.config()): BuildExecutor {
  const ex = new BuildExecutor({ sql: db.sql, db: databaseOn(db.sql), config, logger: silentLogger, staleAfterMs: 60_000, heartbeatMs: 5_000 });
  executors.push(ex);
  return ex;
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
// A successful build starts linking a spare copy of itself in the background (startSpare):
// removing the folder while that copy still writes into it failed with ENOTEMPTY.
afterEach(async () => {
  await Promise.all(executors.splice(0).map((ex) => ex.stopSpare()));
  site.cleanup();
});

describe("BuildExecutor", () => {
  it("builds into a new folder, switches live to it and records the build", async () => {
    const ex = executor();
    await recordChange(db.sql);
    const outcome = await ex.attempt("rebuild", true);
    const [row] = await buildRows(db.sql);
    expect(outcome).toEqual({ kind: "built", id: row!.id, ok: true });
    expect(row).toMatchObject({ status: "succeeded", trigger: "rebuild", live: true, page_count: 3 });
    expect(await ex.folder.liveId()).toBe(row!.id);
    expect(fs.readFileSync(`${ex.liveDir}/index.html`, "utf8")).toContain("<h1>v1</h1>");
    expect(ex.currentBuildId).toBeNull();
  });

  it("skips an unforced attempt when a finished build covered every change, and builds a forced one", async () => {
    const ex = executor();
    await recordChange(db.sql);
    await ex.attempt("content", false);
    expect(await ex.attempt("content", false)).toEqual({ kind: "skipped" });
    expect(await ex.attempt("nightly", true)).toMatchObject({ kind: "built", ok: true });
    expect((await buildRows(db.sql)).map((r) => r.trigger)).toEqual(["content", "nightly"]);
  });

  it("while another build runs, leaves a forced request queued (once) and an unforced one not at all", async () => {
    const ex = executor();
    // A build of another instance: it holds the lock (on PostgreSQL; the embedded database's one
    // session does not exclude) and its `running` row has a fresh heartbeat.
    const other = await db.sql.reserve();
    await other`select pg_advisory_lock(${PUBLISH_LOCK_KEYS[0]}, ${PUBLISH_LOCK_KEYS[1]})`;
    try {
      await db.sql`insert into publish_builds (status, trigger, started_at, duration_ms) values ('running', 'content', now(), 0)`;
      await recordChange(db.sql);
      expect(await ex.attempt("content", false)).toEqual({ kind: "busy" });
      expect(await ex.attempt("webhook", true)).toEqual({ kind: "busy" });
      expect(await ex.attempt("rebuild", true)).toEqual({ kind: "busy" });
    } finally {
      await other`select pg_advisory_unlock(${PUBLISH_LOCK_KEYS[0]}, ${PUBLISH_LOCK_KEYS[1]})`;
      other.release();
    }
    expect((await buildRows(db.sql)).map((r) => [r.status, r.trigger])).toEqual([
      ["running", "content"],
      ["queued", "webhook"],
    ]);
  });

  it("takes over a running row without a heartbeat, and absorbs queued requests into its trigger", async () => {
    const ex = executor();
    await db.sql`insert into publish_builds (status, trigger, started_at, duration_ms) values ('running', 'content', now() - interval '5 minutes', 0)`;
    await db.sql`insert into publish_builds (status, trigger) values ('queued', 'webhook')`;
    await ex.attempt("rebuild", true);
    const rows = await buildRows(db.sql);
    expect(rows.map((r) => [r.status, r.trigger])).toEqual([
      ["failed", "content"],
      ["succeeded", "rebuild+webhook"],
    ]);
    expect(rows[0]!.log).toContain("interrupted");
  });

  it("records a build live as it switches: no status read names the previous build while the new pages are served", async () => {
    const ex = executor();
    const first = await ex.attempt("startup", true);
    // What the database and the served folder say while the build ends after its switch (it
    // counts its pages then, which takes seconds at 250,000 files).
    const seen: { served: number | null; rows: Awaited<ReturnType<typeof buildRows>> }[] = [];
    const ending = ex as unknown as { pageCount(id: number, outDir: string): Promise<number> };
    const count = ending.pageCount.bind(ex);
    vi.spyOn(ending, "pageCount").mockImplementation(async (id, outDir) => {
      seen.push({ served: await ex.folder.liveId(), rows: await buildRows(db.sql) });
      return count(id, outDir);
    });
    const second = await ex.attempt("rebuild", true);
    if (first.kind !== "built" || second.kind !== "built") throw new Error("expected two builds");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.served).toBe(second.id);
    expect(seen[0]!.rows.map((r) => [r.id, r.status, r.live])).toEqual([
      [first.id, "succeeded", false],
      // Live from its switch; succeeded (with its log and page count) once it has ended.
      [second.id, "running", true],
    ]);
    expect((await buildRows(db.sql)).at(-1)).toMatchObject({ id: second.id, status: "succeeded", live: true, page_count: 3 });
  });

  it("keeps the live build when a build fails and removes the failed folder", async () => {
    const ex = executor();
    const first = await ex.attempt("startup", true);
    site.set({ fail: true });
    const second = await ex.attempt("rebuild", true);
    if (first.kind !== "built" || second.kind !== "built") throw new Error("expected two builds");
    expect(second.ok).toBe(false);
    expect(await ex.folder.liveId()).toBe(first.id);
    expect(await ex.folder.exists(second.id)).toBe(false);
  });

  it("rolls back to a kept successful build only", async () => {
    const ex = executor();
    const first = await ex.attempt("startup", true);
    await ex.attempt("rebuild", true);
    if (first.kind !== "built") throw new Error("expected a build");
    expect(await ex.rollback(first.id)).toEqual({ ok: true, id: first.id });
    expect(await ex.folder.liveId()).toBe(first.id);
    expect((await buildRows(db.sql)).map((r) => r.live)).toEqual([true, false]);
    expect(await ex.rollback(999_999)).toMatchObject({ ok: false, status: 404 });
  });

  it("in hook mode records a failed build when no hook URL is set, and refuses rollback", async () => {
    const ex = executor(site.config({ mode: "hook" }));
    const outcome = await ex.attempt("rebuild", true);
    const [row] = await buildRows(db.sql);
    expect(outcome).toEqual({ kind: "built", id: row!.id, ok: false });
    expect(row!.log).toContain("PUBLISH_HOOK_URL is not set");
    expect(site.journal()).toHaveLength(0);
    expect(await ex.rollback(row!.id)).toMatchObject({ ok: false, status: 409 });
  });

  it("runs a full build in the background at a lower priority: another instance claims beside it, but runs no second full build", async () => {
    const a = executor();
    const b = executor();
    const drizzle = databaseOn(db.sql);
    await recordChange(db.sql);
    site.set({ hold: true });
    let inBackground = false;
    const nightly = a.attempt("nightly", true, () => (inBackground = true));
    // Awaited in any case: after a failed expectation, the fake build stops holding once
    // afterEach removed its folder, and no build is left behind.
    onTestFinished(async () => {
      await nightly;
    });
    await until(() => inBackground && site.journal().length > 0);
    const [row] = await db.sql<{ id: number; status: string; background: boolean; change_watermark: string }[]>`
      select id, status, background, change_watermark from publish_builds`;
    expect(row).toMatchObject({ status: "running", background: true });
    // Its processes run niced (the fake build records its own niceness).
    expect(site.journal()[0]!.nice).toBe(Math.min(19, os.getPriority() + FULL_BUILD_NICE));

    // The publish lock is free: a forced request of the other instance is queued for after it,
    // and a content change that needs a full build (no page index here) is deferred the same way.
    expect(await b.attempt("rebuild", true)).toEqual({ kind: "busy" });
    await recordChange(db.sql);
    expect(await b.attempt("content", false)).toEqual({ kind: "busy" });
    // A targeted publish's claim is taken beside it (and a second background build refused);
    // while that claim runs, the full build cannot come back to switch.
    const beside = await claimBuild(drizzle, "content");
    expect(beside).not.toBeNull();
    expect(await sendBuildToBackground(drizzle, beside!.id)).toBe(false);
    expect(await bringBuildToForeground(drizzle, row!.id)).toBe("busy");
    await withdrawBuild(drizzle, beside!.id);
    // b's attempts did not take the background row for a leftover (on PostgreSQL they held the lock).
    expect((await buildRows(db.sql)).map((r) => [r.status, r.trigger])).toEqual([
      ["running", "nightly"],
      ["queued", "rebuild"],
    ]);

    site.release();
    expect(await nightly).toEqual({ kind: "built", id: row!.id, ok: true });
    expect(site.journal().filter((l) => l.what === "start")).toHaveLength(1);
    const [done] = await buildRows(db.sql);
    expect(done).toMatchObject({ status: "succeeded", live: true });
    // The second change is not caught up without a page index: switched at its own watermark,
    // the queued request builds it next.
    expect(done!.log).toContain("the next build publishes them");
    expect(await b.attempt("content", false)).toMatchObject({ kind: "built", ok: true });
    expect((await buildRows(db.sql)).map((r) => [r.status, r.trigger, r.live])).toEqual([
      ["succeeded", "nightly", false],
      ["succeeded", "content+rebuild", true],
    ]);
  });

  it("fails a background build whose heartbeat stopped, and only then", async () => {
    const ex = executor();
    await db.sql`insert into publish_builds (status, trigger, background, started_at, duration_ms) values ('running', 'nightly', true, now(), 0)`;
    await db.sql`insert into publish_builds (status, trigger, background, started_at, duration_ms) values ('running', 'nightly', true, now() - interval '5 minutes', 0)`;
    await recordChange(db.sql);
    // A forced full request waits for the fresh one; the stale one is recorded as interrupted.
    expect(await ex.attempt("rebuild", true)).toEqual({ kind: "busy" });
    expect((await buildRows(db.sql)).map((r) => [r.status, r.trigger])).toEqual([
      ["running", "nightly"],
      ["failed", "nightly"],
      ["queued", "rebuild"],
    ]);
  });

  it("marks every running row failed when recovering from an interrupted process", async () => {
    const ex = executor();
    await db.sql`insert into publish_builds (status, trigger, started_at, duration_ms) values ('running', 'content', now(), 0)`;
    fs.mkdirSync(ex.folder.cacheDir, { recursive: true });
    await ex.recoverInterrupted();
    expect((await buildRows(db.sql)).map((r) => r.status)).toEqual(["failed"]);
    expect(fs.existsSync(ex.folder.cacheDir)).toBe(false);
  });
});
