/**
 * The hard-linked copy of the live build that the next targeted publish takes (decision 190):
 * made after each build, off the edit's path, since linking 52,000 files and folders takes
 * from seconds to a minute on a busy disk.
 */
import fs from "node:fs/promises";
import type { SiteFolder } from "./site-folder.ts";
import { linkTree } from "./targeted.ts";

/** A link of the live build into a new folder: how long it took (or was waited for), or why it failed. */
export type Linked = { ok: true; seconds: number; spare: boolean } | { ok: false; err: unknown };

export class SpareCopy {
  private readonly folder: SiteFolder;
  /** Null when none is made or it was taken. */
  private spare: { sourceId: number; dir: string; ready: Promise<Linked>; stop: AbortController } | null = null;

  constructor(folder: SiteFolder) {
    this.folder = folder;
  }

  /**
   * Starts linking a copy of the live build into spare/<live id> for the next targeted publish
   * (in the background: the build is finished and recorded). A copy of another build, or one
   * that failed, is removed first. Nothing writes into a finished build, so the copy stays valid
   * for as long as that build is live.
   */
  async start(): Promise<void> {
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

  /** Waits until the spare copy (if one is being made) is ready. */
  async whenReady(): Promise<void> {
    await this.spare?.ready;
  }

  /** Stops making the spare copy (the publisher is stopping); the next start removes what it left. */
  async stop(): Promise<void> {
    this.spare?.stop.abort();
    await this.spare?.ready;
  }

  /**
   * Fills the empty folder `to` with hard links to every file of build `liveId`: by taking the
   * spare copy when it is of that build (a rename, once it is ready), else by linking now.
   */
  async linkLive(liveId: number, to: string): Promise<Linked> {
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
}
