import {
  DEFAULT_BUILD_RETRY,
  afterBuildState,
  changesAndQueue,
  contentBuildNeeded,
  databaseOn,
  findLiveBuild,
  hasUnpublishedChanges,
  latestContentChangeId,
  listPublishBuilds,
  publishedWatermark,
  type BuildRetryPolicy,
  type Database,
  type PublishBuildListRow,
  type Sql,
} from "@botox/db";
import fs from "node:fs/promises";
import type { Logger } from "@botox/core/logger";
import { systemClock, type Clock } from "./clock.ts";
import type { PublishConfig } from "./config.ts";
import { BuildExecutor, PUBLISH_TRIGGERS, type BuildOutcome, type PublishTrigger, type RollbackResult } from "./executor.ts";
import { BuildScheduler } from "./scheduler.ts";
import type { SiteFolder } from "./site-folder.ts";

export interface BuildSummary {
  id: number;
  status: "queued" | "running" | "succeeded" | "failed";
  trigger: string;
  changeWatermark: number;
  live: boolean;
  durationMs: number | null;
  pageCount: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  logTail: string;
}

export interface PublishStatus {
  mode: PublishConfig["mode"];
  state: "idle" | "queued" | "running";
  /** Content changed since the last finished build (or a build is requested). */
  dirty: boolean;
  queue: { trigger: string; requestedAt: string; dueAt: string | null; buildId: number | null }[];
  live: { id: number; finishedAt: string | null } | null;
  nextNightlyRun: string | null;
  builds: BuildSummary[];
}

export interface PublisherOptions {
  sql: Sql;
  config: PublishConfig;
  /** Passed to the build as DATABASE_URL, so it reads the same database. */
  databaseUrl?: string;
  clock?: Clock;
  /** Where the publisher reports builds and failures (the API passes its own, tests a recorder). */
  logger: Logger;
  /** How long a running build may go without a heartbeat before it counts as interrupted. */
  staleAfterMs?: number;
  heartbeatMs?: number;
  /** When the changes of a failed or interrupted build are tried again (DEFAULT_BUILD_RETRY). */
  retry?: BuildRetryPolicy;
}

const LIST_LIMIT = 20;
const LIST_LOG_TAIL = 8 * 1024;

/**
 * The request that runs another instance's queued one takes that one's trigger (a queued
 * "startup" builds as "startup", not as a "webhook" nobody called); the build absorbs the row.
 */
const queuedAs = (trigger: string | null): PublishTrigger => PUBLISH_TRIGGERS.find((t) => t === trigger && t !== "content") ?? "rebuild";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const summary = (r: PublishBuildListRow): BuildSummary => ({
  id: r.id,
  status: r.status,
  trigger: r.trigger,
  changeWatermark: Number(r.changeWatermark),
  live: r.live,
  durationMs: r.durationMs,
  pageCount: r.pageCount,
  createdAt: r.createdAt.toISOString(),
  startedAt: iso(r.startedAt),
  finishedAt: iso(r.finishedAt),
  logTail: r.logTail,
});

/**
 * Publishing for one API process: the scheduler (scheduler.ts: debounce, queue, nightly) decides
 * when, the executor (executor.ts: lock, build, switch, hook) runs the builds. This adds what
 * ties them to the database: at start, changes no successful build published are built; while
 * running, content_changes is polled so writes made through other API instances count too, and
 * after a build, requests other instances left queued are run.
 */
export class Publisher {
  readonly config: PublishConfig;
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly executor: BuildExecutor;
  private readonly scheduler: BuildScheduler;
  private readonly retry: BuildRetryPolicy;
  private readonly heartbeatMs: number;
  private pollTimer: unknown;
  private lastSeenChange = 0;
  private started = false;
  private stopped = false;

  constructor(options: PublisherOptions) {
    this.config = options.config;
    this.db = databaseOn(options.sql);
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger;
    this.retry = options.retry ?? DEFAULT_BUILD_RETRY;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.executor = new BuildExecutor({
      sql: options.sql,
      db: this.db,
      config: this.config,
      databaseUrl: options.databaseUrl,
      logger: this.logger,
      staleAfterMs: options.staleAfterMs ?? 60_000,
      heartbeatMs: this.heartbeatMs,
      retry: this.retry,
    });
    this.scheduler = new BuildScheduler({
      debounceMs: this.config.debounceMs,
      maxWaitMs: this.config.maxWaitMs,
      clock: this.clock,
      logger: this.logger,
      run: (trigger, force, onBackground) => this.executor.attempt(trigger, force, onBackground),
      afterBuild: (id) => this.followUp(id),
    });
  }

  get folder(): SiteFolder {
    return this.executor.folder;
  }

  /** Folder of the live build, for the static server. */
  get liveDir(): string {
    return this.executor.liveDir;
  }

  /**
   * Starts polling and the nightly schedule. With `buildOnStart` (default) a local site with no
   * live build gets a first build at once, and changes made while no publisher ran are built.
   */
  async start(options: { buildOnStart?: boolean; poll?: boolean; nightly?: boolean; recoverInterrupted?: boolean } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    await fs.mkdir(this.folder.buildsDir, { recursive: true });
    // The caller knows no other process can be building (it just started the database).
    if (options.recoverInterrupted) await this.executor.recoverInterrupted();
    // Changes no successful build published: made while no publisher ran, or covered only by a
    // build that failed or was interrupted (a restart may follow a fix). Built once at start;
    // while running, the poll tries a failed build's changes again (DEFAULT_BUILD_RETRY).
    const published = await publishedWatermark(this.db);
    const newest = await latestContentChangeId(this.db);
    this.lastSeenChange = newest;
    if (options.buildOnStart !== false) {
      const needsFirstBuild = this.config.mode === "local" && (await this.folder.liveId()) === null;
      if (needsFirstBuild) this.request("startup");
      else if (newest > published) this.request("content");
    }
    if (options.poll !== false) this.schedulePoll();
    if (options.nightly !== false && this.config.cron) this.scheduler.startNightly(this.config.cron, this.config.timezone);
  }

  /** Stops timers, aborts a running build (its row is marked failed) and waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.scheduler.stop(() => {
      if (this.pollTimer !== undefined) this.clock.clearTimeout(this.pollTimer);
      this.executor.abortRunning();
    });
    await this.executor.stopSpare();
  }

  /** Resolves once the copy of the live build the next targeted publish takes is linked (decision 190). */
  whenSpareReady(): Promise<void> {
    return this.executor.whenSpareReady();
  }

  nextNightlyRun(): Date | null {
    return this.scheduler.nextNightlyRun();
  }

  /** A content write happened: build after a quiet period (coalescing bursts). */
  markDirty(trigger: PublishTrigger = "content"): void {
    this.scheduler.markDirty(trigger);
  }

  /** An explicit request (webhook, admin, nightly, first start): build as soon as possible. */
  request(trigger: PublishTrigger): void {
    this.scheduler.request(trigger);
  }

  /** Resolves when no build runs and no request is due (a debounced one may still wait). */
  whenIdle(pollMs?: number): Promise<void> {
    return this.scheduler.whenIdle(pollMs);
  }

  /** Runs a pending request now, ignoring the rest of its debounce. */
  flush(): Promise<void> {
    return this.scheduler.flush();
  }

  /** One build attempt now, outside the schedule (see BuildExecutor.attempt). */
  attempt(trigger: PublishTrigger, force: boolean): Promise<BuildOutcome> {
    return this.executor.attempt(trigger, force);
  }

  /** Makes a kept successful build live again (local mode). */
  rollback(id: number): Promise<RollbackResult> {
    return this.executor.rollback(id);
  }

  /** After our build: rebuild when content changed meanwhile or another instance queued a request. */
  private async followUp(buildId: number): Promise<void> {
    const state = await afterBuildState(this.db, buildId);
    if (!state) return;
    if (state.queued > 0) this.request(queuedAs(state.queuedTrigger));
    else if (state.newest > state.watermark && !this.scheduler.pending) this.markDirty("content");
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.pollTimer = this.clock.setTimeout(() => {
      void this.poll().finally(() => this.schedulePoll());
    }, this.config.pollMs);
  }

  /**
   * Sees writes made through other API instances (and queued requests they could not run), and
   * changes a failed or interrupted build of any instance left unpublished, once their retry is
   * due (not while a build covering them is alive).
   */
  async poll(): Promise<void> {
    try {
      const { newest, queued, queuedTrigger } = await changesAndQueue(this.db);
      const idle = () => !this.scheduler.pending && !this.scheduler.busy;
      if (newest > this.lastSeenChange) {
        this.lastSeenChange = newest;
        // Beside a full build in the background too: the edit goes live by a targeted publish (decision 208).
        if (idle()) this.markDirty("content");
      } else if (queued === 0 && idle() && (await contentBuildNeeded(this.db, this.retry, { unlessRunningWithinMs: 3 * this.heartbeatMs }))) {
        this.markDirty("content");
      }
      // A queued request waits for our full build in the background, whose follow-up runs it.
      if (queued > 0 && idle() && !this.scheduler.backgroundBusy) this.request(queuedAs(queuedTrigger));
    } catch (err) {
      this.logger.warn({ error: err instanceof Error ? err.message : String(err) }, "poll failed");
    }
  }

  async status(): Promise<PublishStatus> {
    const rows = await listPublishBuilds(this.db, LIST_LIMIT, LIST_LOG_TAIL);
    const unpublished = await hasUnpublishedChanges(this.db);
    const pending = this.scheduler.pending;
    const queue: PublishStatus["queue"] = [];
    if (pending) {
      queue.push({
        trigger: pending.trigger,
        requestedAt: new Date(pending.requestedAt).toISOString(),
        dueAt: new Date(pending.dueAt).toISOString(),
        buildId: null,
      });
    }
    for (const r of rows) if (r.status === "queued") queue.push({ trigger: r.trigger, requestedAt: r.createdAt.toISOString(), dueAt: null, buildId: r.id });
    const running = this.scheduler.busy || this.scheduler.backgroundBusy || this.executor.currentBuildId !== null || rows.some((r) => r.status === "running");
    const liveRow = rows.find((r) => r.live) ?? (await findLiveBuild(this.db));
    return {
      mode: this.config.mode,
      state: running ? "running" : queue.length ? "queued" : "idle",
      dirty: pending !== null || unpublished,
      queue,
      live: liveRow ? { id: liveRow.id, finishedAt: iso(liveRow.finishedAt) } : null,
      nextNightlyRun: iso(this.nextNightlyRun()),
      builds: rows.map(summary),
    };
  }
}
