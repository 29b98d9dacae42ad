import fs from "node:fs/promises";
import path from "node:path";

/**
 * The local site layout under `siteDir` (default `.data/site`):
 *   builds/<id>/   one folder per build
 *   live           symlink → builds/<id>, replaced atomically (rename of live.tmp)
 *   astro-cache/   Astro's incremental build cache (pages reused by the next build)
 *   page-index/<id>.json   what build <id> wrote, per clinic (a targeted publish starts from it)
 *   targeted/      a targeted publish's pages while they are rendered (decision 039)
 *   spare/<id>     a hard-linked copy of build <id>, made after each build for the next
 *                  targeted publish to take (decision 190)
 */
export class SiteFolder {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  get buildsDir(): string {
    return path.join(this.root, "builds");
  }
  /** Passed to the build as ASTRO_CACHE_DIR: one cache per site folder, never shared with other databases. */
  get cacheDir(): string {
    return path.join(this.root, "astro-cache");
  }
  /** After a failed or interrupted build the cache may hold pages its manifest does not describe. */
  async clearCache(): Promise<void> {
    await fs.rm(this.cacheDir, { recursive: true, force: true });
  }
  get livePath(): string {
    return path.join(this.root, "live");
  }
  buildDir(id: number): string {
    return path.join(this.buildsDir, String(id));
  }
  /** The page index build <id> wrote (`PageIndex`, packages/site-build's contract). */
  indexFile(id: number): string {
    return path.join(this.root, "page-index", `${id}.json`);
  }
  /** Where a targeted publish renders its pages before they are laid over the new build folder. */
  targetedDir(id: number): string {
    return path.join(this.root, "targeted", String(id));
  }
  /** Removes what an interrupted targeted publish left in targeted/ (only one build runs at a time). */
  async clearTargeted(): Promise<void> {
    const dir = path.join(this.root, "targeted");
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) if (name !== "astro-cache") await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
  /** Where the hard-linked copy of build <id> is made ahead of the next targeted publish. */
  spareDir(id: number): string {
    return path.join(this.root, "spare", String(id));
  }
  /** Removes every spare copy (what an interrupted run left, or copies of builds no longer live). */
  async clearSpares(): Promise<void> {
    await fs.rm(path.join(this.root, "spare"), { recursive: true, force: true });
  }
  /**
   * Present (and touched every few seconds) while a targeted build runs: a full build beside it
   * stops its processes until it goes (`pauseWhileYielding` in packages/site-build, decision 228).
   */
  get yieldFile(): string {
    return path.join(this.root, "full-build.yield");
  }

  /** Astro's cache folder for targeted builds: they never touch the full builds' incremental cache. */
  get targetedCacheDir(): string {
    return path.join(this.root, "targeted", "astro-cache");
  }

  /** A fresh, empty folder for a build (anything left there by an interrupted run is removed). */
  async prepare(id: number): Promise<string> {
    const dir = this.buildDir(id);
    await fs.rm(dir, { recursive: true, force: true });
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  /** Id of the build `live` points at, or null when there is none (or it dangles). */
  async liveId(): Promise<number | null> {
    try {
      const target = await fs.readlink(this.livePath);
      const id = Number(path.basename(target));
      if (!Number.isInteger(id)) return null;
      return (await this.exists(id)) ? id : null;
    } catch {
      return null;
    }
  }

  async exists(id: number): Promise<boolean> {
    return fs.stat(this.buildDir(id)).then(
      (s) => s.isDirectory(),
      () => false,
    );
  }

  /**
   * Points `live` at builds/<id>: a new symlink is written beside it and renamed over it, so a
   * reader sees either the old target or the new one, never a missing or half-written site.
   */
  async switchTo(id: number): Promise<void> {
    const tmp = path.join(this.root, "live.tmp");
    await fs.rm(tmp, { force: true });
    await fs.symlink(path.join("builds", String(id)), tmp, "dir");
    await fs.rename(tmp, this.livePath);
  }

  async remove(id: number): Promise<void> {
    await fs.rm(this.buildDir(id), { recursive: true, force: true });
    await fs.rm(this.indexFile(id), { force: true });
  }

  /** Build ids that have a folder. */
  async folderIds(): Promise<number[]> {
    const names = await fs.readdir(this.buildsDir).catch(() => [] as string[]);
    return names.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  }

  /** Keeps the folders of `keep` (and the live one); deletes every other build folder. */
  async prune(keep: Iterable<number>): Promise<number[]> {
    const kept = new Set(keep);
    const live = await this.liveId();
    if (live !== null) kept.add(live);
    const removed: number[] = [];
    for (const id of await this.folderIds()) {
      if (kept.has(id)) continue;
      await this.remove(id);
      removed.push(id);
    }
    return removed;
  }
}

/** Whether a folder tree holds at least one HTML page (stops at the first). */
export async function hasPage(dir: string): Promise<boolean> {
  const walk = await fs.opendir(dir, { recursive: true });
  for await (const e of walk) if (e.isFile() && e.name.endsWith(".html")) return true;
  return false;
}

/** Number of HTML pages in a folder tree. */
export async function countPages(dir: string): Promise<number> {
  let count = 0;
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  for (const e of entries) if (e.isFile() && e.name.endsWith(".html")) count++;
  return count;
}
