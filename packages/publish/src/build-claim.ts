/**
 * Taking a build: one build at a time in the foreground across every instance on the database
 * (decision 092), by a session advisory lock on a reserved connection plus a conditional insert
 * of the `running` row (the embedded PGlite shares one session between connections, where
 * advisory locks do not exclude each other). A full build gives the lock up while its site builds
 * and takes it back to catch up and switch (decision 208): the `LockHandle` it is run with.
 */
import { setTimeout as sleep } from "node:timers/promises";
import {
  DEFAULT_BUILD_RETRY,
  absorbQueuedBuilds,
  backgroundBuildRunning,
  bringBuildToForeground,
  claimBuild,
  contentBuildNeeded,
  enqueueBuild,
  releasePublishLock,
  sendBuildToBackground,
  sessionsAreDistinct,
  tryPublishLock,
  withdrawBuild,
  type BuildRetryPolicy,
  type Database,
  type Sql,
} from "@botox/db";
import type { PublishConfig } from "./config.ts";
import { failBuildsLeftRunning } from "./recovery.ts";
import type { SiteFolder } from "./site-folder.ts";

export const PUBLISH_TRIGGERS = ["content", "webhook", "rebuild", "nightly", "startup"] as const;
export type PublishTrigger = (typeof PUBLISH_TRIGGERS)[number];

/** What one attempt to build ended as; "busy" means another instance holds the build lock. */
export type BuildOutcome = { kind: "built"; id: number; ok: boolean } | { kind: "busy" } | { kind: "skipped" };

/** How often a full build that finished its site build tries to take the publish lock back. */
const LOCK_RETRY_MS = 100;

/**
 * How a full build leaves the publish lock while its site builds and takes it back to catch up
 * and switch (decision 208).
 */
export interface LockHandle {
  /** Moves the claimed build to the background and releases the lock; false when another full build is there. */
  toBackground(id: number): Promise<boolean>;
  /** Takes the lock back, waiting for the targeted publish holding it; false when stopped or the row was failed meanwhile. */
  toForeground(id: number, signal: AbortSignal): Promise<boolean>;
}

/** A claimed build: its row and the newest change it publishes. */
export interface ClaimedBuild {
  id: number;
  trigger: PublishTrigger;
  changeWatermark: number;
}

/** Runs a claimed build and records it; "withdrawn": a full build that did not start (another runs in the background). */
export type RunClaimed = (claimed: ClaimedBuild, lock: LockHandle) => Promise<boolean | "withdrawn">;

export class BuildClaim {
  private readonly sql: Sql;
  private readonly db: Database;
  private readonly config: PublishConfig;
  private readonly folder: SiteFolder;
  private readonly staleAfterMs: number;
  private readonly retry: BuildRetryPolicy;
  /** True when the database gives each connection its own session (a real PostgreSQL). */
  private distinctSessions: boolean | null = null;

  constructor(o: { sql: Sql; db: Database; config: PublishConfig; folder: SiteFolder; staleAfterMs: number; retry?: BuildRetryPolicy | undefined }) {
    this.sql = o.sql;
    this.db = o.db;
    this.config = o.config;
    this.folder = o.folder;
    this.staleAfterMs = o.staleAfterMs;
    this.retry = o.retry ?? DEFAULT_BUILD_RETRY;
  }

  /**
   * One build attempt. Takes the lock; when another instance holds it, a forced request is left
   * as a `queued` row for the holder (which checks for them after its build) and this returns.
   * A full build releases the lock while its site builds (decision 208) and calls `onBackground`
   * then: the caller may run the next attempts (an edit's targeted publish) beside it; this
   * resolves when `run` has caught up and switched.
   */
  async attempt(trigger: PublishTrigger, force: boolean, run: RunClaimed, onBackground?: () => void): Promise<BuildOutcome> {
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
      await failBuildsLeftRunning(db, this.folder, distinct, this.staleAfterMs);
      if (!force && !(await contentBuildNeeded(db, this.retry))) return { kind: "skipped" };
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
      const ok = await run({ id: claimed.id, trigger, changeWatermark: claimed.changeWatermark }, lock);
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
}
