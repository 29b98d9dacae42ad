/**
 * The executor: runs one build at a time across every instance on the database and switches the
 * live site. A facade over its parts, each a module of its own:
 * - taking a build: the publish lock and the claim of its row (build-claim.ts);
 * - running it: here (local-build.ts: targeted, or full in the background with its catch-up) or
 *   by a deploy hook (hook.ts), with its heartbeat and its record (below);
 * - switching live and clearing after (live-switch.ts), the spare copy the next targeted publish
 *   takes (spare-copy.ts);
 * - recovery: interrupted builds and rollback (recovery.ts).
 * When builds happen is the scheduler's business (scheduler.ts).
 */
import path from "node:path";
import { finishBuild, recordBuildProgress, type BuildRetryPolicy, type Database, type Sql } from "@botox/db";
import type { Logger } from "@botox/core/logger";
import { BuildClaim, type BuildOutcome, type ClaimedBuild, type LockHandle, type PublishTrigger } from "./build-claim.ts";
import { LogTail } from "./build-runner.ts";
import type { PublishConfig } from "./config.ts";
import { runHook } from "./hook.ts";
import { LiveSwitch } from "./live-switch.ts";
import { LocalBuild, type LocalResult } from "./local-build.ts";
import { recoverInterrupted, rollback, type RollbackResult } from "./recovery.ts";
import { SiteFolder, countPages } from "./site-folder.ts";
import { SpareCopy } from "./spare-copy.ts";
import { indexPageCount } from "./targeted.ts";

export { PUBLISH_TRIGGERS, type BuildOutcome, type PublishTrigger } from "./build-claim.ts";
export type { RollbackResult } from "./recovery.ts";

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

export class BuildExecutor {
  readonly config: PublishConfig;
  readonly folder: SiteFolder;
  private readonly db: Database;
  private readonly options: BuildExecutorOptions;
  private readonly claim: BuildClaim;
  private readonly live: LiveSwitch;
  private readonly spare: SpareCopy;
  private readonly local: LocalBuild;
  /** The builds this process runs now (a full build in the background and a targeted one beside it), each with its abort. */
  private readonly runningBuilds = new Map<number, AbortController>();

  constructor(options: BuildExecutorOptions) {
    this.options = options;
    this.db = options.db;
    this.config = options.config;
    this.folder = new SiteFolder(this.config.siteDir);
    this.claim = new BuildClaim({ ...options, folder: this.folder });
    this.live = new LiveSwitch(this.folder, this.db, this.config.keepBuilds);
    this.spare = new SpareCopy(this.folder);
    this.local = new LocalBuild({
      db: this.db,
      config: this.config,
      folder: this.folder,
      live: this.live,
      spare: this.spare,
      databaseUrl: options.databaseUrl,
      countPages: (id, outDir) => this.pageCount(id, outDir),
    });
  }

  /** Folder of the live build, for the static server. */
  get liveDir(): string {
    return path.join(this.folder.root, "live");
  }

  /** Marks every `running` row failed (the caller knows no process is building) and drops the cache if any was. */
  async recoverInterrupted(): Promise<void> {
    await recoverInterrupted(this.db, this.folder);
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
   * One build attempt (BuildClaim.attempt): takes the lock and claims a row, or leaves a forced
   * request queued for the holder. A full build releases the lock while its site builds and calls
   * `onBackground` then; this resolves when it has caught up and switched.
   */
  attempt(trigger: PublishTrigger, force: boolean, onBackground?: () => void): Promise<BuildOutcome> {
    return this.claim.attempt(trigger, force, (claimed, lock) => this.run(claimed, lock), onBackground);
  }

  /** Runs the build for a claimed row and records the result. Never throws for a failed build. */
  private async run({ id, trigger, changeWatermark: watermark }: ClaimedBuild, lock: LockHandle): Promise<boolean | "withdrawn"> {
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
          ? await runHook(this.config.hookUrl, { buildId: id, trigger, changeWatermark: watermark }, log)
          : await this.local.build(id, trigger, watermark, log, abort.signal, lock);
    } catch (err) {
      log.push(`\n[publish] ${err instanceof Error ? err.message : String(err)}\n`);
      if (this.config.mode === "local") await this.live.discard(id).catch(() => undefined);
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
    if (live) await this.live.prune();
    if (this.config.mode === "local" && this.config.targeted !== false) await this.spare.start();
    const outcome = { buildId: id, durationMs, ...(pageCount !== null ? { pageCount } : {}) };
    if (ok) this.options.logger.info(outcome, "build succeeded");
    else this.options.logger.warn(outcome, "build failed");
    return ok;
  }

  /**
   * Build `id`'s HTML pages, from its page index, else by walking its folder: counted for its
   * record once the new pages are served (a walk of 250,000 files takes seconds).
   */
  private async pageCount(id: number, outDir: string): Promise<number> {
    return (await indexPageCount(this.folder.indexFile(id))) ?? (await countPages(outDir));
  }

  /** Waits until the spare copy (if one is being made) is ready: bench:publish and the tests use it. */
  async whenSpareReady(): Promise<void> {
    await this.spare.whenReady();
  }

  /** Stops making the spare copy (the publisher is stopping); the next start removes what it left. */
  async stopSpare(): Promise<void> {
    await this.spare.stop();
  }

  /** Makes a kept successful build live again (local mode). */
  rollback(id: number): Promise<RollbackResult> {
    return rollback({ db: this.db, config: this.config, folder: this.folder, live: this.live, logger: this.options.logger }, id);
  }
}
