/**
 * The publisher's rows (publish_builds, read with content_changes): one function per question
 * the publisher asks, so its SQL lives with the schema. Builds are claimed with one conditional
 * insert, atomic on the embedded database too, where advisory locks do not exclude connections
 * (they share one session); on a real PostgreSQL the advisory lock of `tryPublishLock` does.
 * A full build's row is `background` while its site builds (decision 208): it does not hold the
 * lock then, and a targeted publish may claim a row beside it.
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import type { Database, Sql } from "../connection/client.ts";
import * as schema from "../schema/schema.ts";
import { contentChanges, publishBuilds } from "../schema/schema.ts";

export type PublishBuildStatus = (typeof publishBuilds.$inferSelect)["status"];

/** A build as the status page lists it, with the tail of its log. */
export interface PublishBuildListRow {
  id: number;
  status: PublishBuildStatus;
  trigger: string;
  changeWatermark: number;
  live: boolean;
  durationMs: number | null;
  pageCount: number | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  logTail: string;
}

const INTERRUPTED_NOTE = "\n[publish] interrupted (the building process stopped)\n";
// pg_try_advisory_lock(int, int): a key pair of our own so other users of the database are unaffected.
export const PUBLISH_LOCK_KEYS = [72635, 6] as const;

const newestChange = sql<number>`(select coalesce(max(${contentChanges.id}), 0) from ${contentChanges})`;
const queuedCount = sql<number>`(select count(*) from ${publishBuilds} where ${publishBuilds.status} = 'queued')`;
const num = (v: string | number | null | undefined) => Number(v ?? 0);

/** A drizzle database over a postgres.js pool (the publisher is given the pool, which it also reserves connections of). */
export function databaseOn(connection: Sql): Database {
  return drizzle(connection, { schema });
}

/** Whether each pooled connection has its own session (a real PostgreSQL; not the embedded one). */
export async function sessionsAreDistinct(pool: Sql): Promise<boolean> {
  const a = await pool.reserve();
  const b = await pool.reserve();
  try {
    const [[pa], [pb]] = await Promise.all([a<{ pid: number }[]>`select pg_backend_pid() as pid`, b<{ pid: number }[]>`select pg_backend_pid() as pid`]);
    return pa?.pid !== pb?.pid;
  } finally {
    a.release();
    b.release();
  }
}

/** Takes the session-level build lock on this connection; false when another session holds it. */
export async function tryPublishLock(connection: postgres.ReservedSql): Promise<boolean> {
  const [lock] = await connection<{ ok: boolean }[]>`select pg_try_advisory_lock(${PUBLISH_LOCK_KEYS[0]}, ${PUBLISH_LOCK_KEYS[1]}) as ok`;
  return lock?.ok === true;
}

export async function releasePublishLock(connection: postgres.ReservedSql): Promise<void> {
  await connection`select pg_advisory_unlock(${PUBLISH_LOCK_KEYS[0]}, ${PUBLISH_LOCK_KEYS[1]})`;
}

/**
 * Marks `running` rows failed as interrupted; returns how many. `staleAfterMs` null: every one
 * (no build can be running); otherwise only those whose heartbeat is older than that.
 * `backgroundStaleAfterMs`: background rows (decision 208) by their heartbeat only, whatever
 * `staleAfterMs` says (the publish lock does not tell whether a background build runs).
 */
export async function failInterruptedBuilds(db: Database, staleAfterMs: number | null, backgroundStaleAfterMs?: number): Promise<number> {
  const olderThan = (ms: number) =>
    sql`${publishBuilds.startedAt} + make_interval(secs => coalesce(${publishBuilds.durationMs}, 0) / 1000.0) < now() - make_interval(secs => ${ms / 1000})`;
  const foreground = staleAfterMs === null ? sql`true` : olderThan(staleAfterMs);
  const stale =
    backgroundStaleAfterMs === undefined
      ? foreground
      : sql`(case when ${publishBuilds.background} then ${olderThan(backgroundStaleAfterMs)} else ${foreground} end)`;
  const rows = await db
    .update(publishBuilds)
    .set({ status: "failed", background: false, finishedAt: sql`now()`, log: sql`${publishBuilds.log} || ${INTERRUPTED_NOTE}` })
    .where(and(eq(publishBuilds.status, "running"), stale))
    .returning({ id: publishBuilds.id });
  return rows.length;
}

/** Whether a full build is building in the background (decision 208): the incremental cache is its. */
export async function backgroundBuildRunning(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: publishBuilds.id })
    .from(publishBuilds)
    .where(and(eq(publishBuilds.status, "running"), eq(publishBuilds.background, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Moves a claimed full build to the background (it then builds without the publish lock),
 * unless another background build runs: one statement, so atomic on the embedded database too.
 */
export async function sendBuildToBackground(db: Database, id: number): Promise<boolean> {
  const rows = await db.execute<{ id: number }>(sql`
    update ${publishBuilds} set background = true
    where id = ${id} and status = 'running'
      and not exists (select 1 from ${publishBuilds} where status = 'running' and background and id <> ${id})
    returning id`);
  return rows.length > 0;
}

/**
 * Brings a background build back (holding the publish lock) unless another build runs in the
 * foreground (the embedded database's shared session lets the lock through). "gone": its row
 * is no longer running (recorded as interrupted).
 */
export async function bringBuildToForeground(db: Database, id: number): Promise<"ok" | "busy" | "gone"> {
  const rows = await db.execute<{ status: string; moved: boolean }>(sql`
    with moved as (
      update ${publishBuilds} set background = false
      where id = ${id} and status = 'running'
        and not exists (select 1 from ${publishBuilds} where status = 'running' and not background and id <> ${id})
      returning id)
    select (select status from ${publishBuilds} where id = ${id}) as status, exists (select 1 from moved) as moved`);
  const row = rows[0];
  if (row?.moved) return "ok";
  return row?.status === "running" ? "busy" : "gone";
}

/** Ids of the running builds (their folders are being written). */
export async function runningBuildIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: publishBuilds.id }).from(publishBuilds).where(eq(publishBuilds.status, "running"));
  return rows.map((r) => r.id);
}

/** The highest content change a successful build published (0 when none did). */
export async function publishedWatermark(db: Database): Promise<number> {
  const [row] = await db
    .select({ built: sql<number>`coalesce(max(${publishBuilds.changeWatermark}), 0)` })
    .from(publishBuilds)
    .where(eq(publishBuilds.status, "succeeded"));
  return num(row?.built);
}

const queuedTrigger = sql<
  string | null
>`(select ${publishBuilds.trigger} from ${publishBuilds} where ${publishBuilds.status} = 'queued' order by ${publishBuilds.id} limit 1)`;

/** The requests other instances left queued: how many (at most one) and what asked for it ("startup", "webhook"…). */
export interface QueuedRequests {
  queued: number;
  queuedTrigger: string | null;
}

/** The newest content change and the requests other instances left queued. */
export async function changesAndQueue(db: Database): Promise<{ newest: number } & QueuedRequests> {
  const [row] = await db.execute<{ newest: string | number; queued: string | number; queued_trigger: string | null }>(
    sql`select ${newestChange} as newest, ${queuedCount} as queued, ${queuedTrigger} as queued_trigger`,
  );
  return { newest: num(row?.newest), queued: num(row?.queued), queuedTrigger: row?.queued_trigger ?? null };
}

/** After a build: its watermark, the newest change and the queued requests. */
export async function afterBuildState(db: Database, buildId: number): Promise<({ watermark: number; newest: number } & QueuedRequests) | null> {
  const [row] = await db.execute<{ watermark: string | number; newest: string | number; queued: string | number; queued_trigger: string | null }>(sql`
    select (select ${publishBuilds.changeWatermark} from ${publishBuilds} where ${publishBuilds.id} = ${buildId}) as watermark,
           ${queuedCount} as queued,
           ${queuedTrigger} as queued_trigger,
           ${newestChange} as newest`);
  return row ? { watermark: num(row.watermark), newest: num(row.newest), queued: num(row.queued), queuedTrigger: row.queued_trigger } : null;
}

/**
 * How often a build that failed (or was interrupted: its instance stopped) is tried again for
 * the same changes, by any instance: once at once (an interrupted build is no fault of the
 * build), then after `baseMs`, 4 times longer each time, at most `maxAttempts` builds in all; a
 * newer change starts the count again.
 */
export interface BuildRetryPolicy {
  baseMs: number;
  maxAttempts: number;
}

export const DEFAULT_BUILD_RETRY: BuildRetryPolicy = { baseMs: 60_000, maxAttempts: 4 };

/** The wait after `failures` failed builds of the newest change, or null when no more are tried. */
function retryDelayMs(policy: BuildRetryPolicy, failures: number): number | null {
  if (failures >= policy.maxAttempts) return null;
  if (failures <= 1) return 0;
  return policy.baseMs * 4 ** (failures - 2);
}

/**
 * Whether a content build has anything to do: queued requests, or changes no successful build
 * published whose failed builds (if any) are due for another try under `retry`. A failed or
 * interrupted build leaves its changes pending, for any instance. `unlessRunningWithinMs`: not
 * while a `running` row covering the newest change has a heartbeat that recent (the poll's
 * question, which must not take the lock from a build in progress on every tick).
 */
export async function contentBuildNeeded(db: Database, retry: BuildRetryPolicy, options: { unlessRunningWithinMs?: number } = {}): Promise<boolean> {
  const fresh = options.unlessRunningWithinMs;
  const [row] = await db.execute<{
    newest: string | number;
    published: string | number;
    queued: string | number;
    failures: string | number;
    since_ms: string | number | null;
    running: boolean;
  }>(sql`
    with state as (select ${newestChange} as newest)
    select state.newest as newest,
           (select coalesce(max(${publishBuilds.changeWatermark}), 0) from ${publishBuilds} where ${publishBuilds.status} = 'succeeded') as published,
           ${queuedCount} as queued,
           (select count(*) from ${publishBuilds} where ${publishBuilds.status} = 'failed' and ${publishBuilds.changeWatermark} >= state.newest) as failures,
           (select extract(epoch from now() - max(${publishBuilds.finishedAt})) * 1000 from ${publishBuilds}
             where ${publishBuilds.status} = 'failed' and ${publishBuilds.changeWatermark} >= state.newest) as since_ms,
           ${
             fresh === undefined
               ? sql`false`
               : sql`exists (select 1 from ${publishBuilds} where ${publishBuilds.status} = 'running' and ${publishBuilds.changeWatermark} >= state.newest
                   and ${publishBuilds.startedAt} + make_interval(secs => coalesce(${publishBuilds.durationMs}, 0) / 1000.0) > now() - make_interval(secs => ${fresh / 1000}))`
           } as running
    from state`);
  if (!row) return true;
  if (num(row.queued) !== 0) return true;
  if (num(row.newest) <= num(row.published) || row.running) return false;
  const wait = retryDelayMs(retry, num(row.failures));
  return wait !== null && (row.since_ms === null || num(row.since_ms) >= wait);
}

/**
 * Inserts the `running` row of a new build unless one runs in the foreground (one statement,
 * so it is atomic on the embedded database too); null when another build runs. A background
 * full build (decision 208) does not count: an edit's targeted publish runs beside it.
 */
export async function claimBuild(db: Database, trigger: string): Promise<{ id: number; changeWatermark: number } | null> {
  const [row] = await db.execute<{ id: number; change_watermark: string | number }>(sql`
    insert into ${publishBuilds} (status, trigger, change_watermark, started_at, duration_ms)
    select 'running', ${trigger}, ${newestChange}, now(), 0
    where not exists (select 1 from ${publishBuilds} where ${publishBuilds.status} = 'running' and not ${publishBuilds.background})
    returning id, change_watermark`);
  return row ? { id: row.id, changeWatermark: num(row.change_watermark) } : null;
}

/** Deletes the queued requests a claimed build covers and adds their triggers to its own ("a+b"). */
export async function absorbQueuedBuilds(db: Database, buildId: number, trigger: string): Promise<void> {
  const absorbed = await db.delete(publishBuilds).where(eq(publishBuilds.status, "queued")).returning({ trigger: publishBuilds.trigger });
  if (!absorbed.length) return;
  const all = [...new Set([trigger, ...absorbed.map((r) => r.trigger)])].join("+");
  await db.update(publishBuilds).set({ trigger: all }).where(eq(publishBuilds.id, buildId));
}

/** Deletes a claimed row that will not build (a full build while another runs in the background). */
export async function withdrawBuild(db: Database, id: number): Promise<void> {
  await db.delete(publishBuilds).where(and(eq(publishBuilds.id, id), eq(publishBuilds.status, "running")));
}

/** Leaves a request for the instance holding the lock (at most one queued row). */
export async function enqueueBuild(db: Database, trigger: string): Promise<void> {
  await db.execute(sql`
    insert into ${publishBuilds} (status, trigger)
    select 'queued', ${trigger}
    where not exists (select 1 from ${publishBuilds} where ${publishBuilds.status} = 'queued')`);
}

/** A running build's heartbeat: its duration so far and its log. */
export async function recordBuildProgress(db: Database, id: number, durationMs: number, log: string): Promise<void> {
  await db
    .update(publishBuilds)
    .set({ durationMs, log })
    .where(and(eq(publishBuilds.id, id), eq(publishBuilds.status, "running")));
}

/**
 * Records a finished build; a live one replaces the previous live build in the same transaction.
 * `changeWatermark`: the changes it covers when more than it claimed (a full build's catch-up, decision 208).
 */
export async function finishBuild(
  db: Database,
  result: { id: number; ok: boolean; live: boolean; pageCount: number | null; durationMs: number; log: string; changeWatermark?: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (result.live)
      await tx
        .update(publishBuilds)
        .set({ live: false })
        .where(and(eq(publishBuilds.live, true), ne(publishBuilds.id, result.id)));
    await tx
      .update(publishBuilds)
      .set({
        status: result.ok ? "succeeded" : "failed",
        background: false,
        ...(result.changeWatermark !== undefined ? { changeWatermark: result.changeWatermark } : {}),
        live: result.live,
        pageCount: result.pageCount,
        durationMs: result.durationMs,
        log: result.log,
        finishedAt: sql`now()`,
      })
      .where(eq(publishBuilds.id, result.id));
  });
}

/** Ids of the newest `limit` successful builds. */
export async function recentSucceededBuildIds(db: Database, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: publishBuilds.id })
    .from(publishBuilds)
    .where(eq(publishBuilds.status, "succeeded"))
    .orderBy(desc(publishBuilds.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function findPublishBuild(db: Database, id: number): Promise<{ id: number; status: PublishBuildStatus } | undefined> {
  const [row] = await db.select({ id: publishBuilds.id, status: publishBuilds.status }).from(publishBuilds).where(eq(publishBuilds.id, id));
  return row;
}

/**
 * Makes one build the live one (and no other), as its pages start to be served: a rollback, or a
 * build at its switch (with the watermark it caught up to, when it did). A build stays `running`
 * until finishBuild records it succeeded with its page count, duration and log: readers take
 * `succeeded` to mean the build has ended.
 */
export async function markBuildLive(db: Database, id: number, changeWatermark?: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(publishBuilds)
      .set({ live: false })
      .where(and(eq(publishBuilds.live, true), ne(publishBuilds.id, id)));
    await tx
      .update(publishBuilds)
      .set({ live: true, ...(changeWatermark !== undefined ? { changeWatermark } : {}) })
      .where(eq(publishBuilds.id, id));
  });
}

const listColumns = (logTailBytes: number) => ({
  id: publishBuilds.id,
  status: publishBuilds.status,
  trigger: publishBuilds.trigger,
  changeWatermark: publishBuilds.changeWatermark,
  live: publishBuilds.live,
  durationMs: publishBuilds.durationMs,
  pageCount: publishBuilds.pageCount,
  createdAt: publishBuilds.createdAt,
  startedAt: publishBuilds.startedAt,
  finishedAt: publishBuilds.finishedAt,
  logTail: logTailBytes > 0 ? sql<string>`right(${publishBuilds.log}, ${logTailBytes})` : sql<string>`''`,
});

/** The newest builds, newest first, each with the last `logTailBytes` characters of its log. */
export async function listPublishBuilds(db: Database, limit: number, logTailBytes: number): Promise<PublishBuildListRow[]> {
  return db.select(listColumns(logTailBytes)).from(publishBuilds).orderBy(desc(publishBuilds.id)).limit(limit);
}

/** The live build (without its log), when there is one. */
export async function findLiveBuild(db: Database): Promise<PublishBuildListRow | undefined> {
  const [row] = await db.select(listColumns(0)).from(publishBuilds).where(eq(publishBuilds.live, true)).limit(1);
  return row;
}

/** Whether content changed since the last successful build. */
export async function hasUnpublishedChanges(db: Database): Promise<boolean> {
  const [row] = await db.execute<{ newest: string | number; built: string | number }>(sql`
    select ${newestChange} as newest,
           (select coalesce(max(${publishBuilds.changeWatermark}), 0) from ${publishBuilds} where ${publishBuilds.status} = 'succeeded') as built`);
  return num(row?.newest) > num(row?.built);
}
