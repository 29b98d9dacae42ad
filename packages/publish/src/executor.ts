import fs from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  DEFAULT_BUILD_RETRY,
  absorbQueuedBuilds,
  backgroundBuildRunning,
  bringBuildToForeground,
  claimBuild,
  clinicsOfChanges,
  contentBuildNeeded,
  enqueueBuild,
  failInterruptedBuilds,
  findLiveBuild,
  findPublishBuild,
  finishBuild,
  markBuildLive,
  latestContentChangeId,
  recentSucceededBuildIds,
  recordBuildProgress,
  releasePublishLock,
  runningBuildIds,
  sendBuildToBackground,
  sessionsAreDistinct,
  tryPublishLock,
  withdrawBuild,
  type BuildRetryPolicy,
  type Database,
  type Sql,
} from "@botox/db";
import type { Logger } from "@botox/core/logger";
import { fullBuildEnv, targetedBuildEnv, writeTargetFile } from "@botox/site-build/contract";
import { LogTail, expandBuildCommand, runCommand, type CommandResult } from "./build-runner.ts";
import { DEFAULT_TARGETED_MAX_CLINICS, type PublishConfig } from "./config.ts";
import { postDeployHook } from "./hook.ts";
import { SiteFolder, countPages, hasPage } from "./site-folder.ts";
import { indexFingerprint, indexPageCount, linkTree, overlay, readTargetReport, removePages, siteFingerprint } from "./targeted.ts";

export const PUBLISH_TRIGGERS = ["content", "webhook", "rebuild", "nightly", "startup"] as const;
export type PublishTrigger = (typeof PUBLISH_TRIGGERS)[number];

/** What one attempt to build ended as; "busy" means another instance holds the build lock. */
export type BuildOutcome = { kind: "built"; id: number; ok: boolean } | { kind: "busy" } | { kind: "skipped" };

export type RollbackResult = { ok: true; id: number } | { ok: false; status: 404 | 409; error: string };

/**
 * Niceness of a full build's processes (decision 208): a targeted publish beside it gets the
 * CPU first, and so do the API's requests.
 */
export const FULL_BUILD_NICE = 10;
/** How often a full build that finished its site build tries to take the publish lock back. */
const LOCK_RETRY_MS = 100;

/**
 * How a full build leaves the publish lock while its site builds and takes it back to catch up
 * and switch (decision 208).
 */
interface LockHandle {
  /** Moves the claimed build to the background and releases the lock; false when another full build is there. */
  toBackground(id: number): Promise<boolean>;
  /** Takes the lock back, waiting for the targeted publish holding it; false when stopped or the row was failed meanwhile. */
  toForeground(id: number, signal: AbortSignal): Promise<boolean>;
}

/** What a local build ended as; `withdrawn`: a full build that did not start (another runs in the background). */
type LocalResult = { ok: boolean; pageCount: number | null; changeWatermark?: number; withdrawn?: true };

export interface BuildExecutorOptions {
  sql: Sql;
  /** The same database through drizzle. */
  db: Database;
  config: PublishConfig;
  /** Passed to the build as DATABASE_URL, so it reads the same database. */
  databaseUrl?: string | undefined;
  logger: Logger;
  /** How long a running build may go without a heartbeat before it counts as interrupted. */
  staleAfterMs: number;
  heartbeatMs: number;
  /** When a failed or interrupted build's changes are tried again (by any instance). */
  retry?: BuildRetryPolicy;
}

/**
 * Runs one build at a time across every instance on the database, and switches the live site:
 * - the lock: a session advisory lock on a reserved connection, plus a conditional insert of
 *   the `running` row (the embedded PGlite shares one session between connections, where
 *   advisory locks do not exclude each other);
 * - the build: local mode builds into a new folder and switches the `live` symlink atomically
 *   (then prunes old folders); hook mode POSTs a deploy hook instead;
 * - rollback to a kept build.
 * When builds happen is the scheduler's business (scheduler.ts).
 */
export class BuildExecutor {
  readonly config: PublishConfig;
  readonly folder: SiteFolder;
  private readonly sql: Sql;
  private readonly db: Database;
  private readonly options: BuildExecutorOptions;
  /** The builds this process runs now (a full build in the background and a targeted one beside it), each with its abort. */
  private readonly runningBuilds = new Map<number, AbortController>();
  /**
   * The hard-linked copy of the live build that the next targeted publish takes (decision 190):
   * made after each build, off the edit's path, since linking 52,000 files and folders takes
   * from seconds to a minute on a busy disk. Null when none is made or it was taken.
   */
  private spare: { sourceId: number; dir: string; ready: Promise<Linked>; stop: AbortController } | null = null;
  /** True when the database gives each connection its own session (a real PostgreSQL). */
  private distinctSessions: boolean | null = null;

  constructor(options: BuildExecutorOptions) {
    this.options = options;
    this.sql = options.sql;
    this.db = options.db;
    this.config = options.config;
    this.folder = new SiteFolder(this.config.siteDir);
  }

  /** Folder of the live build, for the static server. */
  get liveDir(): string {
    return path.join(this.folder.root, "live");
  }

  /** Marks every `running` row failed (the caller knows no process is building) and drops the cache if any was. */
  async recoverInterrupted(): Promise<void> {
    if ((await failInterruptedBuilds(this.db, null)) > 0) await this.folder.clearCache();
  }

  /** The build this process runs now, if any (the newest when a targeted one runs beside a full one). */
  get currentBuildId(): number | null {
    return [...this.runningBuilds.keys()].at(-1) ?? null;
  }

  /** Aborts the running builds (their rows are recorded as failed). */
  abortRunning(): void {
    for (const abort of this.runningBuilds.values()) abort.abort();
  }

  /**
   * One build attempt. Takes the lock; when another instance holds it, a forced request is left
   * as a `queued` row for the holder (which checks for them after its build) and this returns.
   * A full build releases the lock while its site builds (decision 208) and calls `onBackground`
   * then: the caller may run the next attempts (an edit's targeted publish) beside it; this
   * resolves when it has caught up and switched.
   */
  async attempt(trigger: PublishTrigger, force: boolean, onBackground?: () => void): Promise<BuildOutcome> {
    this.distinctSessions ??= await sessionsAreDistinct(this.sql);
    const distinct = this.distinctSessions;
    // The lock belongs to this connection's session; the statements below may use any other.
    const conn = await this.sql.reserve();
    const db = this.db;
    let locked = false;
    try {
      // The holder looks for queued rows when its build ends. When it ends between our failed
      // try and our row, nobody would see the row before the next poll: a forced request tries
      // once more after leaving it, and a build it then gets takes the row (`tookQueued`).
      let tookQueued = false;
      locked = await tryPublishLock(conn);
      if (!locked && force) {
        await enqueueBuild(db, trigger);
        locked = tookQueued = await tryPublishLock(conn);
      }
      if (!locked) return { kind: "busy" };
      // Holding the lock on a real server means no build runs elsewhere in the foreground: a
      // `running` row is a leftover of a crash. On the embedded database only a missing heartbeat
      // proves that, and for a full build in the background (decision 208) on both.
      const failed = await failInterruptedBuilds(db, distinct ? null : this.options.staleAfterMs, this.options.staleAfterMs);
      // Only full builds write the incremental cache, in the background: a running one's stays.
      if (failed > 0 && !(await backgroundBuildRunning(db))) await this.folder.clearCache();
      if (!force && !(await contentBuildNeeded(db, this.options.retry ?? DEFAULT_BUILD_RETRY))) return { kind: "skipped" };
      // A forced request while a full build runs in the background is run after it (its
      // follow-up takes the queued row); content still goes live beside it by targeted publishes.
      if (trigger !== "content" && this.config.mode === "local" && (await backgroundBuildRunning(db))) {
        await enqueueBuild(db, trigger);
        // As above: that build may have ended in between, its follow-up finding no row.
        if (await backgroundBuildRunning(db)) return { kind: "busy" };
        tookQueued = true;
      }
      let claimed = await claimBuild(db, trigger);
      if (!claimed && force) {
        // As with the lock: the running build may have ended between our claim and our row.
        await enqueueBuild(db, trigger);
        claimed = await claimBuild(db, trigger);
        tookQueued = claimed !== null;
      }
      if (!claimed) return { kind: "busy" };
      // Queued requests are forced ones: a full build takes them (a targeted publish leaves them
      // for the follow-up's full build), as does a forced build that queued its own row above.
      if (this.config.mode === "hook" || tookQueued) await absorbQueuedBuilds(db, claimed.id, trigger);
      const lock: LockHandle = {
        toBackground: async (id) => {
          if (!(await sendBuildToBackground(db, id))) return false;
          await absorbQueuedBuilds(db, id, trigger);
          await releasePublishLock(conn);
          locked = false;
          onBackground?.();
          return true;
        },
        toForeground: async (id, signal) => {
          while (!signal.aborted) {
            if (await tryPublishLock(conn)) {
              const moved = await bringBuildToForeground(db, id);
              if (moved === "ok") {
                locked = true;
                return true;
              }
              await releasePublishLock(conn);
              if (moved === "gone") return false;
            }
            await sleep(LOCK_RETRY_MS, undefined, { signal }).catch(() => undefined);
          }
          return false;
        },
      };
      const ok = await this.build(claimed.id, trigger, claimed.changeWatermark, lock);
      if (ok === "withdrawn") {
        // Another full build runs in the background: this one runs after it.
        await withdrawBuild(db, claimed.id);
        await enqueueBuild(db, trigger);
        return { kind: "busy" };
      }
      return { kind: "built", id: claimed.id, ok };
    } finally {
      if (locked) await releasePublishLock(conn).catch(() => undefined);
      conn.release();
    }
  }

  /** Runs the build for a claimed row and records the result. Never throws for a failed build. */
  private async build(id: number, trigger: string, watermark: number, lock: LockHandle): Promise<boolean | "withdrawn"> {
    const started = Date.now();
    const log = new LogTail();
    const abort = new AbortController();
    this.runningBuilds.set(id, abort);
    this.options.logger.info({ buildId: id, trigger, mode: this.config.mode }, "build started");
    const heartbeat = setInterval(() => {
      void recordBuildProgress(this.db, id, Date.now() - started, log.toString()).catch(() => undefined);
    }, this.options.heartbeatMs);
    heartbeat.unref();
    let result: LocalResult = { ok: false, pageCount: null };
    try {
      result =
        this.config.mode === "hook"
          ? await this.callHook(id, trigger, watermark, log)
          : await this.buildLocally(id, trigger, watermark, log, abort.signal, lock);
    } catch (err) {
      log.push(`\n[publish] ${err instanceof Error ? err.message : String(err)}\n`);
      if (this.config.mode === "local") await this.discard(id).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
      this.runningBuilds.delete(id);
    }
    if (result.withdrawn) {
      this.options.logger.info({ buildId: id }, "full build deferred: another runs in the background");
      return "withdrawn";
    }
    const { ok, pageCount, changeWatermark } = result;
    const durationMs = Date.now() - started;
    const live = ok && this.config.mode === "local";
    await finishBuild(this.db, {
      id,
      ok,
      live,
      pageCount,
      durationMs,
      log: log.toString(),
      ...(ok && changeWatermark !== undefined ? { changeWatermark } : {}),
    });
    if (live) await this.prune();
    if (this.config.mode === "local") await this.startSpare();
    const outcome = { buildId: id, durationMs, ...(pageCount !== null ? { pageCount } : {}) };
    if (ok) this.options.logger.info(outcome, "build succeeded");
    else this.options.logger.warn(outcome, "build failed");
    return ok;
  }

  private async callHook(id: number, trigger: string, watermark: number, log: LogTail): Promise<{ ok: boolean; pageCount: null }> {
    if (!this.config.hookUrl) {
      log.push("[publish] PUBLISH_HOOK_URL is not set\n");
      return { ok: false, pageCount: null };
    }
    const res = await postDeployHook(this.config.hookUrl, { buildId: id, trigger, changeWatermark: watermark });
    log.push(res.log);
    return { ok: res.ok, pageCount: null };
  }

  /** The environment of a site build: this process's (the site's env.ts validates what it reads) and the run's own. */
  private buildEnv(id: number, extra: Record<string, string>): NodeJS.ProcessEnv {
    return {
      // The build is the site's own process: it inherits this one's environment.
      // eslint-disable-next-line no-restricted-properties
      ...process.env,
      SITE_BUILD_ID: String(id),
      ...(this.options.databaseUrl ? { DATABASE_URL: this.options.databaseUrl } : {}),
      ...extra,
    };
  }

  /**
   * A targeted publish is possible when the change is content only: a content trigger, a live
   * build with a page index made from the same code and settings, and changes since it that
   * each name one clinic (at most `targetedMaxClinics`). Otherwise null (with the reason logged).
   */
  private async targetFor(trigger: string, watermark: number, fingerprint: string, log: LogTail): Promise<{ liveId: number; clinicIds: number[] } | null> {
    if (this.config.targeted === false || this.config.mode !== "local" || trigger !== "content") return null;
    const why = (reason: string) => {
      log.push(`[publish] full build: ${reason}\n`);
      return null;
    };
    const liveId = await this.folder.liveId();
    const live = await findLiveBuild(this.db);
    if (liveId === null || !live || live.id !== liveId) return why("no live build to start from");
    if ((await indexFingerprint(this.folder.indexFile(liveId))) !== fingerprint)
      return why(`the site's code or settings differ from build #${liveId}'s (or it has no page index)`);
    const clinicIds = await clinicsOfChanges(this.db, Number(live.changeWatermark), watermark);
    if (clinicIds === null) return why("a change is not about one clinic");
    const most = this.config.targetedMaxClinics ?? DEFAULT_TARGETED_MAX_CLINICS;
    if (clinicIds.length > most) return why(`${clinicIds.length} clinics changed (more than ${most})`);
    return { liveId, clinicIds };
  }

  /**
   * Starts linking a copy of the live build into spare/<live id> for the next targeted publish
   * (in the background: the build is finished and recorded). A copy of another build, or one
   * that failed, is removed first. Nothing writes into a finished build, so the copy stays valid
   * for as long as that build is live.
   */
  private async startSpare(): Promise<void> {
    if (this.config.targeted === false) return;
    const liveId = await this.folder.liveId();
    const old = this.spare;
    if (liveId === null || (old && old.sourceId === liveId)) return;
    this.spare = null;
    const dir = this.folder.spareDir(liveId);
    const started = Date.now();
    const stop = new AbortController();
    const ready = (async (): Promise<Linked> => {
      if (old) await old.ready;
      // Leftovers of other runs and stale copies (their builds are no longer live) go first.
      await this.folder.clearSpares();
      await linkTree(this.folder.buildDir(liveId), dir, stop.signal);
      return { ok: true as const, seconds: (Date.now() - started) / 1000, spare: true };
    })().catch((err: unknown) => ({ ok: false as const, err }));
    this.spare = { sourceId: liveId, dir, ready, stop };
  }

  /** Waits until the spare copy (if one is being made) is ready: bench:publish and the tests use it. */
  async whenSpareReady(): Promise<void> {
    await this.spare?.ready;
  }

  /** Stops making the spare copy (the publisher is stopping); the next start removes what it left. */
  async stopSpare(): Promise<void> {
    this.spare?.stop.abort();
    await this.spare?.ready;
  }

  /**
   * Fills the empty folder `to` with hard links to every file of build `liveId`: by taking the
   * spare copy when it is of that build (a rename, once it is ready), else by linking now.
   */
  private async linkLive(liveId: number, to: string): Promise<Linked> {
    const spare = this.spare;
    this.spare = null;
    const started = Date.now();
    try {
      if (spare) {
        const made = await spare.ready;
        if (made.ok && spare.sourceId === liveId) {
          await fs.rmdir(to);
          await fs.rename(spare.dir, to);
          return { ok: true, seconds: (Date.now() - started) / 1000, spare: true };
        }
        await fs.rm(spare.dir, { recursive: true, force: true });
      }
      await linkTree(this.folder.buildDir(liveId), to);
      return { ok: true, seconds: (Date.now() - started) / 1000, spare: false };
    } catch (err) {
      return { ok: false, err };
    }
  }

  /**
   * A full build, or a targeted one for a content edit (decision 039); switches `live` when it
   * wrote pages. A full build runs in the background, without the publish lock (decision 208),
   * and catches up with the edits saved meanwhile before it switches.
   */
  private async buildLocally(id: number, trigger: string, watermark: number, log: LogTail, signal: AbortSignal, lock: LockHandle): Promise<LocalResult> {
    const fingerprint = await siteFingerprint(this.config.cwd, this.buildEnv(id, {}));
    const target = await this.targetFor(trigger, watermark, fingerprint, log);
    if (target) return this.buildTargeted(id, target, fingerprint, log, signal);
    if (!(await lock.toBackground(id))) return { ok: false, pageCount: null, withdrawn: true };
    log.push("[publish] building in the background: edits go live beside it by targeted publishes\n");
    return this.buildFull(id, fingerprint, log, signal, (outDir, stage) => this.catchUp(id, watermark, fingerprint, outDir, log, signal, lock, stage));
  }

  /** `beforeSwitch`: the catch-up (decision 208), timed on this build's stage clock; `ok: false` leaves the live site as it is. */
  private async buildFull(
    id: number,
    fingerprint: string,
    log: LogTail,
    signal: AbortSignal,
    beforeSwitch?: (outDir: string, stage: (name: string) => void) => Promise<{ ok: true; changeWatermark: number } | { ok: false }>,
  ): Promise<LocalResult> {
    const stage = stageClock(log);
    const outDir = await this.folder.prepare(id);
    const command = expandBuildCommand(this.config.buildCommand, outDir);
    log.push(`$ ${command}\n`);
    const result = await runCommand({
      nice: FULL_BUILD_NICE,
      command,
      cwd: this.config.cwd,
      env: this.buildEnv(
        id,
        fullBuildEnv({ outDir, cacheDir: this.folder.cacheDir, pageIndexOut: this.folder.indexFile(id), fingerprint, yieldFile: this.folder.yieldFile }),
      ),
      timeoutMs: this.config.buildTimeoutMs,
      log,
      signal,
    });
    stage("build");
    if (result.ok) {
      if (await hasPage(outDir)) {
        const caught = beforeSwitch ? await beforeSwitch(outDir, stage) : null;
        if (caught?.ok === false) {
          // The site build is sound (the incremental cache stays); its folder is not.
          await this.folder.remove(id);
          return { ok: false, pageCount: null };
        }
        await this.switchLive(id, caught?.changeWatermark);
        stage("switch");
        // Counted once the new pages are served: a walk of 250,000 files takes seconds.
        return { ok: true, pageCount: await this.pageCount(id, outDir), ...(caught ? { changeWatermark: caught.changeWatermark } : {}) };
      }
      log.push("\n[publish] the build wrote no HTML pages; the live site is unchanged\n");
    } else {
      log.push(`\n[publish] build failed (exit ${result.exitCode ?? result.signal}); the live site is unchanged\n`);
    }
    await this.discard(id);
    return { ok: false, pageCount: null };
  }

  /**
   * Renders the pages the changed clinics appear on (the site's own build, told which clinics
   * by SITE_TARGET_FILE) into targeted/<id> while builds/<id> is filled with hard links to every
   * file of the live build: the spare copy linked after the last build (decision 190), else a
   * link made now beside the render (rendering is CPU, linking is file system work, and the live
   * build cannot change while this build holds the lock), then lays the rendered pages over
   * the links, removes the pages that are gone, and switches. A failure leaves the live site
   * and the incremental cache as they were.
   */
  private async buildTargeted(
    id: number,
    target: { liveId: number; clinicIds: number[] },
    fingerprint: string,
    log: LogTail,
    signal: AbortSignal,
  ): Promise<{ ok: boolean; pageCount: number | null }> {
    const stage = stageClock(log);
    log.push(`[publish] targeted publish from build #${target.liveId}: clinics ${target.clinicIds.join(", ") || "(none)"}\n`);
    let linking: Promise<Linked> | null = null;
    const yielding = await this.askFullBuildToYield();
    try {
      await this.startWork(id);
      const outDir = await this.folder.prepare(id);
      linking = this.linkLive(target.liveId, outDir);
      const result = await this.renderTargeted(id, target.clinicIds, this.folder.indexFile(target.liveId), this.folder.indexFile(id), fingerprint, log, signal);
      stage("render");
      const linked = await linking;
      // The link ran beside the render; this stage is only the wait for it to finish.
      stage("link");
      if (linked.ok)
        log.push(
          linked.spare
            ? `[publish] took the copy of build #${target.liveId} linked after the last build (${linked.seconds.toFixed(1)} s waited)\n`
            : `[publish] linking the live build took ${linked.seconds.toFixed(1)} s\n`,
        );
      if (!result.ok) {
        log.push(`\n[publish] targeted build failed (exit ${result.exitCode ?? result.signal}); the live site is unchanged\n`);
        await this.folder.remove(id);
        return { ok: false, pageCount: null };
      }
      if (!linked.ok) throw linked.err;
      const { report, written, removed } = await this.layOver(id, outDir);
      stage("overlay");
      log.push(
        `[publish] ${report.collected.length} paths collected, ${report.render.length} pages rendered, ${written} files laid over build #${target.liveId}'s links, ${removed} removed\n`,
      );
      await this.switchLive(id);
      stage("switch");
      return { ok: true, pageCount: await this.pageCount(id, outDir) };
    } catch (err) {
      log.push(`\n[publish] targeted publish failed: ${err instanceof Error ? err.message : String(err)}; the live site is unchanged\n`);
      // The folder is removed once nothing writes into it any more.
      if (linking) await linking;
      await this.folder.remove(id);
      return { ok: false, pageCount: null };
    } finally {
      await yielding.stop();
      await this.endWork(id);
    }
  }

  /**
   * Serves build `id` and records it live in the same step: the page count, the spare copy and
   * the rest of the build's ending come after. Recorded only at the end, the publish status
   * still named the previous build as live while its pages were already served: for seconds on
   * a loaded machine, where a status read just after the new page showed the old build.
   */
  private async switchLive(id: number, changeWatermark?: number): Promise<void> {
    await this.folder.switchTo(id);
    await markBuildLive(this.db, id, changeWatermark);
  }

  /**
   * Asks a full build running beside this targeted one to pause (decisions 226, 228): its
   * processes, Astro's bundling then the two render processes, would otherwise take both cores,
   * nice or not (the file system's work is not niced), and an edit during the nightly build took
   * twice as long as one alone. The site build stops them while the file is fresh. It is touched
   * every 5 s; one older than 30 s is ignored, so an instance that dies here leaves the full
   * build paused for 30 s at most.
   */
  private async askFullBuildToYield(): Promise<{ stop: () => Promise<void> }> {
    const file = this.folder.yieldFile;
    const touch = () => fs.writeFile(file, "").catch(() => undefined);
    await touch();
    const timer = setInterval(() => void touch(), 5_000);
    return {
      stop: async () => {
        clearInterval(timer);
        await fs.rm(file, { force: true }).catch(() => undefined);
      },
    };
  }

  /** Clears the last targeted render's leftovers and makes targeted/<id> for this one. */
  private async startWork(id: number): Promise<void> {
    await this.folder.clearTargeted();
    await fs.mkdir(this.folder.targetedDir(id), { recursive: true });
  }

  /**
   * Lays the pages rendered into targeted/<id> over `outDir` (renames: its files may be hard
   * links shared with other builds) and removes the pages the plan says are gone.
   */
  private async layOver(id: number, outDir: string): Promise<{ report: Awaited<ReturnType<typeof readTargetReport>>; written: number; removed: number }> {
    const work = this.folder.targetedDir(id);
    const report = await readTargetReport(`${work}.report.json`);
    const written = await overlay(work, outDir);
    const removed = await removePages(outDir, report.remove);
    return { report, written, removed };
  }

  /** Build `id`'s HTML pages, from its page index, else by walking its folder. */
  private async pageCount(id: number, outDir: string): Promise<number> {
    return (await indexPageCount(this.folder.indexFile(id))) ?? (await countPages(outDir));
  }

  /** Removes targeted/<id> and its target file; the report stays until the next targeted render (clearTargeted): what the last one collected and rendered. */
  private async endWork(id: number): Promise<void> {
    const work = this.folder.targetedDir(id);
    await fs.rm(work, { recursive: true, force: true }).catch(() => undefined);
    await fs.rm(`${work}.target.json`, { force: true }).catch(() => undefined);
  }

  /**
   * Renders the pages of `clinicIds` from the page index `previousIndex` (the site's own build,
   * told which clinics by SITE_TARGET_FILE) into targeted/<id>; the plan goes to
   * targeted/<id>.report.json and the new page index to `indexOut`.
   */
  private async renderTargeted(
    id: number,
    clinicIds: number[],
    previousIndex: string,
    indexOut: string,
    fingerprint: string,
    log: LogTail,
    signal: AbortSignal,
  ): Promise<CommandResult> {
    const work = this.folder.targetedDir(id);
    const targetFile = `${work}.target.json`;
    writeTargetFile(targetFile, { clinicIds, previousIndex, report: `${work}.report.json` });
    const command = expandBuildCommand(this.config.buildCommand, work);
    log.push(`$ ${command}\n`);
    return runCommand({
      command,
      cwd: this.config.cwd,
      env: this.buildEnv(id, targetedBuildEnv({ outDir: work, cacheDir: this.folder.targetedCacheDir, targetFile, pageIndexOut: indexOut, fingerprint })),
      timeoutMs: this.config.buildTimeoutMs,
      log,
      signal,
    });
  }

  /**
   * A full build's catch-up (decision 208): its site build read the data as of its claim
   * (watermark `claimed`) while edits went live beside it by targeted publishes. With the
   * publish lock taken back, the pages of the clinics changed since are rendered from the full
   * build's own page index and moved over its folder (renames: its files may be hard links
   * shared with the incremental cache and older builds, never written in place), so it goes
   * live with every change up to the newest: the live site never goes back. When that is not
   * possible (a change not about one clinic, too many clinics, the site's code changed), it
   * catches up to the live build's watermark instead, or switches at its own when the live build
   * is not newer (the follow-up builds the rest); otherwise it does not go live.
   */
  private async catchUp(
    id: number,
    claimed: number,
    fingerprint: string,
    outDir: string,
    log: LogTail,
    signal: AbortSignal,
    lock: LockHandle,
    stage: (name: string) => void,
  ): Promise<{ ok: true; changeWatermark: number } | { ok: false }> {
    if (!(await lock.toForeground(id, signal))) {
      log.push("\n[publish] stopped (or recorded as interrupted) before the switch; the live site is unchanged\n");
      return { ok: false };
    }
    stage("lock");
    const newest = await latestContentChangeId(this.db);
    if (newest <= claimed) return { ok: true, changeWatermark: claimed };
    const live = await findLiveBuild(this.db);
    const liveWatermark = live ? Number(live.changeWatermark) : 0;
    const most = this.config.targetedMaxClinics ?? DEFAULT_TARGETED_MAX_CLINICS;
    const sameCode =
      (await indexFingerprint(this.folder.indexFile(id))) === fingerprint && (await siteFingerprint(this.config.cwd, this.buildEnv(id, {}))) === fingerprint;
    let plan: { upTo: number; clinicIds: number[] } | null = null;
    if (this.config.targeted !== false && sameCode)
      for (const upTo of new Set([newest, liveWatermark])) {
        if (upTo <= claimed) continue;
        const clinicIds = await clinicsOfChanges(this.db, claimed, upTo);
        if (clinicIds !== null && clinicIds.length <= most) {
          plan = { upTo, clinicIds };
          break;
        }
      }
    if (!plan) {
      if (liveWatermark <= claimed) {
        log.push(`[publish] changes after #${claimed} are not caught up here; the next build publishes them\n`);
        return { ok: true, changeWatermark: claimed };
      }
      log.push(
        `\n[publish] the changes published during the build (up to #${liveWatermark}) cannot be caught up (${sameCode ? "not each about one clinic, or too many clinics" : "the site's code or settings changed"}); the live site is unchanged\n`,
      );
      return { ok: false };
    }
    const indexOut = `${this.folder.indexFile(id)}.catch-up`;
    log.push(`[publish] catching up with changes #${claimed + 1}–#${plan.upTo}: clinics ${plan.clinicIds.join(", ")}\n`);
    try {
      await this.startWork(id);
      const result = await this.renderTargeted(id, plan.clinicIds, this.folder.indexFile(id), indexOut, fingerprint, log, signal);
      if (!result.ok) {
        log.push(`\n[publish] the catch-up failed (exit ${result.exitCode ?? result.signal}); the live site is unchanged\n`);
        return { ok: false };
      }
      const { report, written, removed } = await this.layOver(id, outDir);
      await fs.rename(indexOut, this.folder.indexFile(id));
      stage("catchup");
      log.push(`[publish] catch-up: ${report.render.length} pages rendered, ${written} files laid over, ${removed} removed\n`);
      return { ok: true, changeWatermark: plan.upTo };
    } catch (err) {
      log.push(`\n[publish] the catch-up failed: ${err instanceof Error ? err.message : String(err)}; the live site is unchanged\n`);
      return { ok: false };
    } finally {
      await this.endWork(id);
      await fs.rm(indexOut, { force: true }).catch(() => undefined);
    }
  }

  /** Removes a failed build's folder and the incremental cache it may have left half-written. */
  private async discard(id: number): Promise<void> {
    await this.folder.remove(id);
    await this.folder.clearCache();
  }

  /** Keeps the folders of the newest `keepBuilds` successful builds, the live one and those being written (decision 208). */
  private async prune(): Promise<void> {
    await this.folder.prune([...(await recentSucceededBuildIds(this.db, this.config.keepBuilds)), ...(await runningBuildIds(this.db))]);
  }

  /** Makes a kept successful build live again (local mode). */
  async rollback(id: number): Promise<RollbackResult> {
    const row = await findPublishBuild(this.db, id);
    if (!row) return { ok: false, status: 404, error: "Build not found" };
    if (this.config.mode !== "local") return { ok: false, status: 409, error: "Rollback is only available when the site is built here (PUBLISH_MODE=local)" };
    if (row.status !== "succeeded" || !(await this.folder.exists(id))) {
      return { ok: false, status: 409, error: "Only a kept successful build can be made live" };
    }
    await this.switchLive(id);
    this.options.logger.info({ buildId: id }, "rolled back");
    return { ok: true, id };
  }
}

/** A link of the live build into a new folder: how long it took (or was waited for), or why it failed. */
type Linked = { ok: true; seconds: number; spare: boolean } | { ok: false; err: unknown };

/** Logs each stage's seconds ("[publish] stage render 3.2 s"): bench:publish reads them from the build's log. */
function stageClock(log: LogTail): (name: string) => void {
  let last = Date.now();
  return (name) => {
    const now = Date.now();
    log.push(`[publish] stage ${name} ${((now - last) / 1000).toFixed(1)} s\n`);
    last = now;
  };
}
