/**
 * Switching the live site (decision 010): the `live` symlink and the database's record of the
 * live build change in one step, and what a build leaves behind is cleared after it.
 */
import { markBuildLive, recentSucceededBuildIds, runningBuildIds, type Database } from "@botox/db";
import type { SiteFolder } from "./site-folder.ts";

export class LiveSwitch {
  private readonly folder: SiteFolder;
  private readonly db: Database;
  private readonly keepBuilds: number;

  constructor(folder: SiteFolder, db: Database, keepBuilds: number) {
    this.folder = folder;
    this.db = db;
    this.keepBuilds = keepBuilds;
  }

  /**
   * Serves build `id` and records it live in the same step: the page count, the spare copy and
   * the rest of the build's ending come after. Recorded only at the end, the publish status
   * still named the previous build as live while its pages were already served: for seconds on
   * a loaded machine, where a status read just after the new page showed the old build.
   */
  async switchTo(id: number, changeWatermark?: number): Promise<void> {
    await this.folder.switchTo(id);
    await markBuildLive(this.db, id, changeWatermark);
  }

  /** Keeps the folders of the newest `keepBuilds` successful builds, the live one and those being written (decision 208). */
  async prune(): Promise<void> {
    await this.folder.prune([...(await recentSucceededBuildIds(this.db, this.keepBuilds)), ...(await runningBuildIds(this.db))]);
  }

  /** Removes a failed build's folder and the incremental cache it may have left half-written. */
  async discard(id: number): Promise<void> {
    await this.folder.remove(id);
    await this.folder.clearCache();
  }
}
