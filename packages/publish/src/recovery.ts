/**
 * Recovery: builds that a crash or a stop left `running` are recorded as failed (with the
 * incremental cache they may have left half-written), and a kept build can be made live again.
 */
import { backgroundBuildRunning, failInterruptedBuilds, findPublishBuild, type Database } from "@botox/db";
import type { Logger } from "@botox/core/logger";
import type { PublishConfig } from "./config.ts";
import type { LiveSwitch } from "./live-switch.ts";
import type { SiteFolder } from "./site-folder.ts";

export type RollbackResult = { ok: true; id: number } | { ok: false; status: 404 | 409; error: string };

/** Marks every `running` row failed (the caller knows no process is building) and drops the cache if any was. */
export async function recoverInterrupted(db: Database, folder: SiteFolder): Promise<void> {
  if ((await failInterruptedBuilds(db, null)) > 0) await folder.clearCache();
}

/**
 * Run by the publish lock's new holder. Holding the lock on a real server means no build runs
 * elsewhere in the foreground: a `running` row is a leftover of a crash. On the embedded database
 * only a missing heartbeat proves that, and for a full build in the background (decision 208) on both.
 */
export async function failBuildsLeftRunning(db: Database, folder: SiteFolder, distinctSessions: boolean, staleAfterMs: number): Promise<void> {
  const failed = await failInterruptedBuilds(db, distinctSessions ? null : staleAfterMs, staleAfterMs);
  // Only full builds write the incremental cache, in the background: a running one's stays.
  if (failed > 0 && !(await backgroundBuildRunning(db))) await folder.clearCache();
}

/** Makes a kept successful build live again (local mode). */
export async function rollback(
  { db, config, folder, live, logger }: { db: Database; config: PublishConfig; folder: SiteFolder; live: LiveSwitch; logger: Logger },
  id: number,
): Promise<RollbackResult> {
  const row = await findPublishBuild(db, id);
  if (!row) return { ok: false, status: 404, error: "Build not found" };
  if (config.mode !== "local") return { ok: false, status: 409, error: "Rollback is only available when the site is built here (PUBLISH_MODE=local)" };
  if (row.status !== "succeeded" || !(await folder.exists(id))) {
    return { ok: false, status: 409, error: "Only a kept successful build can be made live" };
  }
  await live.switchTo(id);
  logger.info({ buildId: id }, "rolled back");
  return { ok: true, id };
}
