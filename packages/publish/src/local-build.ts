/**
 * Running a build here (local mode): a targeted publish of the pages a content edit affects
 * (decision 039), or a full build in the background that catches up with the edits published
 * beside it before it switches (decision 208). The site's own build does the rendering
 * (packages/site-build, through the build contract); this lays its output over the live build's
 * links, or takes its folder, and switches.
 */
import fs from "node:fs/promises";
import { clinicsOfChanges, findLiveBuild, latestContentChangeId, type Database } from "@botox/db";
import { fullBuildEnv, targetedBuildEnv, writeTargetFile } from "@botox/site-build/contract";
import type { LockHandle } from "./build-claim.ts";
import { expandBuildCommand, runCommand, type CommandResult, type LogTail } from "./build-runner.ts";
import { DEFAULT_TARGETED_MAX_CLINICS, type PublishConfig } from "./config.ts";
import type { LiveSwitch } from "./live-switch.ts";
import { hasPage, type SiteFolder } from "./site-folder.ts";
import type { Linked, SpareCopy } from "./spare-copy.ts";
import { indexFingerprint, overlay, readTargetReport, removePages, siteFingerprint } from "./targeted.ts";

/**
 * Niceness of a full build's processes (decision 208): a targeted publish beside it gets the
 * CPU first, and so do the API's requests.
 * @internal Exported for its tests.
 */
export const FULL_BUILD_NICE = 10;

/** What a local build ended as; `withdrawn`: a full build that did not start (another runs in the background). */
export type LocalResult = { ok: boolean; pageCount: number | null; changeWatermark?: number; withdrawn?: true };

export class LocalBuild {
  private readonly db: Database;
  private readonly config: PublishConfig;
  private readonly folder: SiteFolder;
  private readonly live: LiveSwitch;
  private readonly spare: SpareCopy;
  /** Passed to the build as DATABASE_URL, so it reads the same database. */
  private readonly databaseUrl: string | undefined;
  /** Counts a build's pages once it is live (the executor's, which records the build). */
  private readonly countPages: (id: number, outDir: string) => Promise<number>;

  constructor(o: {
    db: Database;
    config: PublishConfig;
    folder: SiteFolder;
    live: LiveSwitch;
    spare: SpareCopy;
    databaseUrl?: string | undefined;
    countPages: (id: number, outDir: string) => Promise<number>;
  }) {
    this.db = o.db;
    this.config = o.config;
    this.folder = o.folder;
    this.live = o.live;
    this.spare = o.spare;
    this.databaseUrl = o.databaseUrl;
    this.countPages = o.countPages;
  }

  /** The environment of a site build: this process's (the site's env.ts validates what it reads) and the run's own. */
  private buildEnv(id: number, extra: Record<string, string>): NodeJS.ProcessEnv {
    return {
      // The build is the site's own process: it inherits this one's environment.
      // eslint-disable-next-line no-restricted-properties
      ...process.env,
      SITE_BUILD_ID: String(id),
      ...(this.databaseUrl ? { DATABASE_URL: this.databaseUrl } : {}),
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
   * A full build, or a targeted one for a content edit (decision 039); switches `live` when it
   * wrote pages. A full build runs in the background, without the publish lock (decision 208),
   * and catches up with the edits saved meanwhile before it switches.
   */
  async build(id: number, trigger: string, watermark: number, log: LogTail, signal: AbortSignal, lock: LockHandle): Promise<LocalResult> {
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
        await this.live.switchTo(id, caught?.changeWatermark);
        stage("switch");
        // Counted once the new pages are served: a walk of 250,000 files takes seconds.
        return { ok: true, pageCount: await this.countPages(id, outDir), ...(caught ? { changeWatermark: caught.changeWatermark } : {}) };
      }
      log.push("\n[publish] the build wrote no HTML pages; the live site is unchanged\n");
    } else {
      log.push(`\n[publish] build failed (exit ${result.exitCode ?? result.signal}); the live site is unchanged\n`);
    }
    await this.live.discard(id);
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
      linking = this.spare.linkLive(target.liveId, outDir);
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
      await this.live.switchTo(id);
      stage("switch");
      return { ok: true, pageCount: await this.countPages(id, outDir) };
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
}

/** Logs each stage's seconds ("[publish] stage render 3.2 s"): bench:publish reads them from the build's log. */
function stageClock(log: LogTail): (name: string) => void {
  let last = Date.now();
  return (name) => {
    const now = Date.now();
    log.push(`[publish] stage ${name} ${((now - last) / 1000).toFixed(1)} s\n`);
    last = now;
  };
}
