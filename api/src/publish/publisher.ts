import { EventEmitter } from "node:events";
import path from "node:path";
import fs from "node:fs/promises";
import type { PublishBuild as BuildSummary, PublishStatus } from "@botox/core";
import type { Sql } from "@botox/db";
import { LogTail, expandBuildCommand, runCommand } from "./build-runner.ts";
import { systemClock, type Clock } from "./clock.ts";
import type { PublishConfig } from "./config.ts";
import { postDeployHook } from "./hook.ts";
import { scheduleNightly, type NightlySchedule } from "./schedule.ts";
import { SiteFolder, countPages, hasPage } from "./site-folder.ts";

export type PublishTrigger = "content" | "webhook" | "rebuild" | "nightly" | "startup";

// The status shape is defined once, in @botox/core (the route documents it, the admin reads it).
export type { PublishBuild as BuildSummary, PublishStatus } from "@botox/core";

export type RollbackResult = { ok: true; id: number } | { ok: false; status: 404 | 409; error: string };

/** What one attempt to build ended as; "busy" means another instance holds the build lock. */
export type BuildOutcome = { kind: "built"; id: number; ok: boolean } | { kind: "busy" } | { kind: "skipped" };

interface PendingRequest {
  trigger: PublishTrigger;
  /** Builds even when no content changed (webhook, rebuild, nightly, startup). */
  force: boolean;
  requestedAt: number;
  lastDirtyAt: number;
  dueAt: number;
}

export interface PublisherOptions {
  sql: Sql;
  config: PublishConfig;
  /** Passed to the build as DATABASE_URL, so it reads the same database. */
  databaseUrl?: string;
  clock?: Clock;
  log?: (message: string) => void;
  /** How long a running build may go without a heartbeat before it counts as interrupted. */
  staleAfterMs?: number;
  heartbeatMs?: number;
}

// pg_try_advisory_lock(int, int): a key pair of our own so other users of the database are unaffected.
const LOCK_KEY_1 = 72635;
const LOCK_KEY_2 = 6;
const LIST_LIMIT = 20;
const LIST_LOG_TAIL = 8 * 1024;

type Row = {
  id: number;
  status: BuildSummary["status"];
  trigger: string;
  change_watermark: string | number;
  live: boolean;
  duration_ms: number | null;
  page_count: number | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  log_tail: string;
};

// Timestamps arrive as Date, or as text from an untyped subquery: normalise both.
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * Turns content changes and explicit requests into site builds:
 * - `markDirty` (admin writes, and content_changes rows seen by polling, so writes made through
 *   another API instance count too) waits for `debounceMs` of quiet, at most `maxWaitMs`;
 * - `request` (webhook, "Rebuild now", nightly, first start) builds even when nothing changed;
 * - one build at a time across instances: a session advisory lock on a reserved connection,
 *   plus a conditional insert of the `running` row (the embedded PGlite shares one session
 *   between connections, where advisory locks do not exclude each other);
 * - local mode builds into a new folder and switches the `live` symlink atomically; hook mode
 *   POSTs a deploy hook instead.
 */
export class Publisher extends EventEmitter {
  readonly config: PublishConfig;
  readonly folder: SiteFolder;
  private readonly sql: Sql;
  private readonly clock: Clock;
  private readonly log: (message: string) => void;
  private readonly databaseUrl: string | undefined;
  private readonly staleAfterMs: number;
  private readonly heartbeatMs: number;

  private pending: PendingRequest | null = null;
  private dueTimer: unknown;
  private pollTimer: unknown;
  private running: Promise<void> | null = null;
  private currentBuildId: number | null = null;
  private abort: AbortController | null = null;
  private nightly: NightlySchedule | null = null;
  private lastSeenChange = 0;
  private started = false;
  private stopped = false;
  /** True when the database gives each connection its own session (a real PostgreSQL). */
  private sessionsAreDistinct: boolean | null = null;

  constructor(options: PublisherOptions) {
    super();
    this.sql = options.sql;
    this.config = options.config;
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? ((m) => console.log(`[publish] ${m}`));
    this.databaseUrl = options.databaseUrl;
    this.staleAfterMs = options.staleAfterMs ?? 60_000;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.folder = new SiteFolder(this.config.siteDir);
  }

  /**
   * Starts polling and the nightly schedule. With `buildOnStart` (default) a local site with no
   * live build gets a first build at once, and changes made while no publisher ran are built.
   */
  async start(options: { buildOnStart?: boolean; poll?: boolean; nightly?: boolean; recoverInterrupted?: boolean } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    await fs.mkdir(this.folder.buildsDir, { recursive: true });
    if (options.recoverInterrupted) {
      // The caller knows no other process can be building (it just started the database).
      const interrupted = await this.sql`
        update publish_builds set status = 'failed', finished_at = now(), log = log || ${"\n[publish] interrupted (the building process stopped)\n"}
        where status = 'running'`;
      if (interrupted.count > 0) await this.folder.clearCache();
    }
    // Changes no successful build published: made while no publisher ran, or covered only by a
    // build that failed or was interrupted (a restart may follow a fix). Built once at start;
    // while running, a failed build is not retried until the next change.
    const [row] = await this.sql<{ built: string | number }[]>`
      select coalesce(max(change_watermark), 0) as built from publish_builds where status = 'succeeded'`;
    const published = Number(row?.built ?? 0);
    const newest = await this.maxChangeId();
    this.lastSeenChange = newest;
    if (options.buildOnStart !== false) {
      const needsFirstBuild = this.config.mode === "local" && (await this.folder.liveId()) === null;
      if (needsFirstBuild) this.request("startup");
      else if (newest > published) this.request("content");
    }
    if (options.poll !== false) this.schedulePoll();
    if (options.nightly !== false && this.config.cron) {
      this.nightly = scheduleNightly({
        cron: this.config.cron,
        ...(this.config.timezone ? { timezone: this.config.timezone } : {}),
        clock: this.clock,
        onTick: () => this.request("nightly"),
      });
    }
  }

  /** Stops timers, aborts a running build (its row is marked failed) and waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.nightly?.stop();
    if (this.dueTimer !== undefined) this.clock.clearTimeout(this.dueTimer);
    if (this.pollTimer !== undefined) this.clock.clearTimeout(this.pollTimer);
    this.abort?.abort();
    await this.running;
  }

  nextNightlyRun(): Date | null {
    return this.nightly?.nextRun() ?? null;
  }

  /** A content write happened: build after a quiet period (coalescing bursts). */
  markDirty(trigger: PublishTrigger = "content"): void {
    if (this.stopped) return;
    const now = this.clock.now();
    const p = this.pending ?? { trigger, force: false, requestedAt: now, lastDirtyAt: now, dueAt: now };
    p.lastDirtyAt = now;
    if (!p.force) p.dueAt = Math.min(now + this.config.debounceMs, p.requestedAt + this.config.maxWaitMs);
    this.pending = p;
    this.armDue();
  }

  /** An explicit request (webhook, admin, nightly, first start): build as soon as possible. */
  request(trigger: PublishTrigger): void {
    if (this.stopped) return;
    const now = this.clock.now();
    const prev = this.pending;
    this.pending = { trigger, force: true, requestedAt: prev?.requestedAt ?? now, lastDirtyAt: prev?.lastDirtyAt ?? now, dueAt: now };
    this.armDue();
  }

  /** Resolves when no build runs and no request is due (a debounced one may still wait). */
  async whenIdle(pollMs = 20): Promise<void> {
    while (this.running || (this.pending && this.pending.dueAt <= this.clock.now())) {
      if (this.running) await this.running;
      else await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  /** Runs a pending request now, ignoring the rest of its debounce. */
  async flush(): Promise<void> {
    if (this.pending) this.pending.dueAt = this.clock.now();
    this.drain();
    await this.running;
  }

  private armDue(): void {
    if (this.dueTimer !== undefined) this.clock.clearTimeout(this.dueTimer);
    this.dueTimer = undefined;
    if (!this.pending || this.running) return;
    const wait = Math.max(0, this.pending.dueAt - this.clock.now());
    this.dueTimer = this.clock.setTimeout(() => {
      this.dueTimer = undefined;
      this.drain();
    }, wait);
  }

  private drain(): void {
    if (this.running || this.stopped) return;
    // The body starts after the assignment: run synchronously (nothing due, e.g. a timer that
    // fired a millisecond early), its `finally` would clear `running` before it was set, and the
    // publisher would never build again.
    this.running = Promise.resolve().then(async () => {
      try {
        while (!this.stopped && this.pending && this.pending.dueAt <= this.clock.now()) {
          const job = this.pending;
          this.pending = null;
          const outcome = await this.attempt(job.trigger, job.force).catch((err: unknown) => {
            this.log(`build attempt failed: ${err instanceof Error ? err.message : String(err)}`);
            return { kind: "skipped" } as BuildOutcome;
          });
          this.emit("outcome", outcome);
          if (outcome.kind === "built") await this.followUp(outcome.id);
        }
      } finally {
        this.running = null;
        this.armDue();
      }
    });
  }

  /** After our build: rebuild when content changed meanwhile or another instance queued a request. */
  private async followUp(buildId: number): Promise<void> {
    if (this.stopped) return;
    const [row] = await this.sql<{ watermark: string | number; queued: string | number; newest: string | number }[]>`
      select
        (select change_watermark from publish_builds where id = ${buildId}) as watermark,
        (select count(*) from publish_builds where status = 'queued') as queued,
        (select coalesce(max(id), 0) from content_changes) as newest`;
    if (!row) return;
    if (Number(row.queued) > 0) this.request("webhook");
    else if (Number(row.newest) > Number(row.watermark) && !this.pending) this.markDirty("content");
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.pollTimer = this.clock.setTimeout(() => {
      void this.poll().finally(() => this.schedulePoll());
    }, this.config.pollMs);
  }

  /** Sees writes made through other API instances (and queued requests they could not run). */
  async poll(): Promise<void> {
    try {
      const [row] = await this.sql<{ newest: string | number; queued: string | number }[]>`
        select (select coalesce(max(id), 0) from content_changes) as newest,
               (select count(*) from publish_builds where status = 'queued') as queued`;
      if (!row) return;
      const newest = Number(row.newest);
      if (newest > this.lastSeenChange) {
        this.lastSeenChange = newest;
        if (!this.pending && !this.running) this.markDirty("content");
      }
      if (Number(row.queued) > 0 && !this.pending && !this.running) this.request("webhook");
    } catch (err) {
      this.log(`poll failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private async maxChangeId(): Promise<number> {
    const [row] = await this.sql<{ newest: string | number }[]>`select coalesce(max(id), 0) as newest from content_changes`;
    return Number(row?.newest ?? 0);
  }

  private async detectDistinctSessions(): Promise<boolean> {
    if (this.sessionsAreDistinct !== null) return this.sessionsAreDistinct;
    const a = await this.sql.reserve();
    const b = await this.sql.reserve();
    try {
      const [[pa], [pb]] = await Promise.all([a<{ pid: number }[]>`select pg_backend_pid() as pid`, b<{ pid: number }[]>`select pg_backend_pid() as pid`]);
      this.sessionsAreDistinct = pa?.pid !== pb?.pid;
    } finally {
      a.release();
      b.release();
    }
    return this.sessionsAreDistinct;
  }

  /**
   * One build attempt. Takes the lock; when another instance holds it, a forced request is left
   * as a `queued` row for the holder (which checks for them after its build) and this returns.
   */
  async attempt(trigger: PublishTrigger, force: boolean): Promise<BuildOutcome> {
    const distinct = await this.detectDistinctSessions();
    const conn = await this.sql.reserve();
    let locked = false;
    try {
      const [lock] = await conn<{ ok: boolean }[]>`select pg_try_advisory_lock(${LOCK_KEY_1}, ${LOCK_KEY_2}) as ok`;
      locked = lock?.ok === true;
      if (!locked) {
        if (force) await this.enqueue(conn, trigger);
        return { kind: "busy" };
      }
      // Holding the lock on a real server means no build runs elsewhere: a `running` row is a
      // leftover of a crash. On the embedded database only a missing heartbeat proves that.
      const interrupted = await conn`
        update publish_builds
        set status = 'failed', finished_at = now(), log = log || ${"\n[publish] interrupted (the building process stopped)\n"}
        where status = 'running'
          and (${distinct}::boolean
               or started_at + make_interval(secs => coalesce(duration_ms, 0) / 1000.0) < now() - make_interval(secs => ${this.staleAfterMs / 1000}))`;
      if (interrupted.count > 0) await this.folder.clearCache();
      if (!force) {
        const [need] = await conn<{ newest: string | number; built: string | number; queued: string | number }[]>`
          select (select coalesce(max(id), 0) from content_changes) as newest,
                 (select coalesce(max(change_watermark), 0) from publish_builds where status in ('succeeded', 'failed')) as built,
                 (select count(*) from publish_builds where status = 'queued') as queued`;
        if (need && Number(need.newest) <= Number(need.built) && Number(need.queued) === 0) return { kind: "skipped" };
      }
      // One statement, so it is atomic on the embedded database too.
      const [claimed] = await conn<{ id: number; change_watermark: string | number }[]>`
        insert into publish_builds (status, trigger, change_watermark, started_at, duration_ms)
        select 'running', ${trigger}, (select coalesce(max(id), 0) from content_changes), now(), 0
        where not exists (select 1 from publish_builds where status = 'running')
        returning id, change_watermark`;
      if (!claimed) {
        if (force) await this.enqueue(conn, trigger);
        return { kind: "busy" };
      }
      const absorbed = await conn<{ trigger: string }[]>`delete from publish_builds where status = 'queued' returning trigger`;
      if (absorbed.length) {
        const all = [...new Set([trigger, ...absorbed.map((r) => r.trigger)])].join("+");
        await conn`update publish_builds set trigger = ${all} where id = ${claimed.id}`;
      }
      const ok = await this.build(claimed.id, trigger, Number(claimed.change_watermark));
      return { kind: "built", id: claimed.id, ok };
    } finally {
      if (locked) await conn`select pg_advisory_unlock(${LOCK_KEY_1}, ${LOCK_KEY_2})`.catch(() => undefined);
      conn.release();
    }
  }

  private async enqueue(conn: Sql, trigger: string): Promise<void> {
    await conn`
      insert into publish_builds (status, trigger)
      select 'queued', ${trigger}
      where not exists (select 1 from publish_builds where status = 'queued')`;
  }

  /** Runs the build for a claimed row and records the result. Never throws for a failed build. */
  private async build(id: number, trigger: string, watermark: number): Promise<boolean> {
    const started = Date.now();
    const log = new LogTail();
    this.currentBuildId = id;
    this.abort = new AbortController();
    this.log(`build #${id} started (${trigger}, ${this.config.mode})`);
    this.emit("build-start", id);
    const heartbeat = setInterval(() => {
      void this.sql`update publish_builds set duration_ms = ${Date.now() - started}, log = ${log.toString()} where id = ${id} and status = 'running'`.catch(() => undefined);
    }, this.heartbeatMs);
    heartbeat.unref();
    let ok = false;
    let pageCount: number | null = null;
    try {
      if (this.config.mode === "hook") {
        if (!this.config.hookUrl) log.push("[publish] PUBLISH_HOOK_URL is not set\n");
        else {
          const res = await postDeployHook(this.config.hookUrl, { buildId: id, trigger, changeWatermark: watermark });
          log.push(res.log);
          ok = res.ok;
        }
      } else {
        const outDir = await this.folder.prepare(id);
        const command = expandBuildCommand(this.config.buildCommand, outDir);
        log.push(`$ ${command}\n`);
        const result = await runCommand({
          command,
          cwd: this.config.cwd,
          env: {
            ...process.env,
            OUT_DIR: outDir,
            SITE_BUILD_ID: String(id),
            ASTRO_CACHE_DIR: this.folder.cacheDir,
            ...(this.databaseUrl ? { DATABASE_URL: this.databaseUrl } : {}),
          },
          timeoutMs: this.config.buildTimeoutMs,
          log,
          signal: this.abort.signal,
        });
        if (result.ok) {
          if (!(await hasPage(outDir))) log.push("\n[publish] the build wrote no HTML pages; the live site is unchanged\n");
          else {
            await this.folder.switchTo(id);
            ok = true;
            // Counted once the new pages are served: a walk of 250,000 files takes seconds.
            pageCount = await countPages(outDir);
          }
        } else {
          log.push(`\n[publish] build failed (exit ${result.exitCode ?? result.signal}); the live site is unchanged\n`);
        }
        if (!ok) await this.discard(id);
      }
    } catch (err) {
      log.push(`\n[publish] ${err instanceof Error ? err.message : String(err)}\n`);
      if (this.config.mode === "local") await this.discard(id).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
      this.currentBuildId = null;
      this.abort = null;
    }
    const durationMs = Date.now() - started;
    const live = ok && this.config.mode === "local";
    await this.sql.begin(async (tx) => {
      if (live) await tx`update publish_builds set live = false where live and id <> ${id}`;
      await tx`
        update publish_builds
        set status = ${ok ? "succeeded" : "failed"}, live = ${live}, page_count = ${pageCount}, duration_ms = ${durationMs},
            log = ${log.toString()}, finished_at = now()
        where id = ${id}`;
    });
    if (ok && this.config.mode === "local") await this.prune();
    this.log(`build #${id} ${ok ? "succeeded" : "failed"} in ${(durationMs / 1000).toFixed(1)} s${pageCount !== null ? `, ${pageCount} pages` : ""}`);
    this.emit("build", { id, ok });
    return ok;
  }

  /** Removes a failed build's folder and the incremental cache it may have left half-written. */
  private async discard(id: number): Promise<void> {
    await this.folder.remove(id);
    await this.folder.clearCache();
  }

  /** Keeps the folders of the newest `keepBuilds` successful builds (and the live one). */
  private async prune(): Promise<void> {
    const rows = await this.sql<{ id: number }[]>`
      select id from publish_builds where status = 'succeeded' order by id desc limit ${this.config.keepBuilds}`;
    await this.folder.prune(rows.map((r) => r.id));
  }

  /** Makes a kept successful build live again (local mode). */
  async rollback(id: number): Promise<RollbackResult> {
    const [row] = await this.sql<{ id: number; status: string }[]>`select id, status from publish_builds where id = ${id}`;
    if (!row) return { ok: false, status: 404, error: "Build not found" };
    if (this.config.mode !== "local") return { ok: false, status: 409, error: "Rollback is only available when the site is built here (PUBLISH_MODE=local)" };
    if (row.status !== "succeeded" || !(await this.folder.exists(id))) {
      return { ok: false, status: 409, error: "Only a kept successful build can be made live" };
    }
    await this.folder.switchTo(id);
    await this.sql.begin(async (tx) => {
      await tx`update publish_builds set live = false where live and id <> ${id}`;
      await tx`update publish_builds set live = true where id = ${id}`;
    });
    this.log(`rolled back to build #${id}`);
    return { ok: true, id };
  }

  async status(): Promise<PublishStatus> {
    const rows = await this.sql<Row[]>`
      select id, status, trigger, change_watermark, live, duration_ms, page_count, created_at, started_at, finished_at,
             right(log, ${LIST_LOG_TAIL}) as log_tail
      from publish_builds order by id desc limit ${LIST_LIMIT}`;
    const [counts] = await this.sql<{ newest: string | number; built: string | number }[]>`
      select (select coalesce(max(id), 0) from content_changes) as newest,
             (select coalesce(max(change_watermark), 0) from publish_builds where status = 'succeeded') as built`;
    const queued = rows.filter((r) => r.status === "queued");
    const queue: PublishStatus["queue"] = [];
    if (this.pending) {
      queue.push({ trigger: this.pending.trigger, requestedAt: new Date(this.pending.requestedAt).toISOString(), dueAt: new Date(this.pending.dueAt).toISOString(), buildId: null });
    }
    for (const r of queued) queue.push({ trigger: r.trigger, requestedAt: iso(r.created_at)!, dueAt: null, buildId: r.id });
    const running = this.running !== null || this.currentBuildId !== null || rows.some((r) => r.status === "running");
    const liveRow = rows.find((r) => r.live) ?? (await this.sql<Row[]>`
      select id, status, trigger, change_watermark, live, duration_ms, page_count, created_at, started_at, finished_at, '' as log_tail
      from publish_builds where live limit 1`)[0];
    return {
      mode: this.config.mode,
      state: running ? "running" : queue.length ? "queued" : "idle",
      dirty: this.pending !== null || Number(counts?.newest ?? 0) > Number(counts?.built ?? 0),
      queue,
      live: liveRow ? { id: liveRow.id, finishedAt: iso(liveRow.finished_at) } : null,
      nextNightlyRun: iso(this.nextNightlyRun()),
      builds: rows.map((r) => ({
        id: r.id,
        status: r.status,
        trigger: r.trigger,
        changeWatermark: Number(r.change_watermark),
        live: r.live,
        durationMs: r.duration_ms,
        pageCount: r.page_count,
        createdAt: iso(r.created_at)!,
        startedAt: iso(r.started_at),
        finishedAt: iso(r.finished_at),
        logTail: r.log_tail,
      })),
    };
  }

  /** Folder of the live build, for the static server. */
  get liveDir(): string {
    return path.join(this.folder.root, "live");
  }
}
