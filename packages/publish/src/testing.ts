import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Sql } from "@botox/db";
import type { Clock } from "./clock.ts";
import type { PublishConfig } from "./config.ts";

const fakeBuild = fileURLToPath(new URL("./fixtures/fake-build.mjs", import.meta.url));

export interface FakeSite {
  dir: string;
  control: string;
  set(control: { label?: string; delayMs?: number; fail?: boolean; empty?: boolean; hold?: boolean }): void;
  /** Lets a build started with `hold` finish. */
  release(): void;
  /** "start"/"end" lines written by the fake build, in order, with its niceness. */
  journal(): { what: string; pid: number; at: number; nice: number }[];
  config(overrides?: Partial<PublishConfig>): PublishConfig;
  cleanup(): void;
}

/** A temporary site folder and a control file for the fake build command. */
export function createFakeSite(): FakeSite {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "publish-test-"));
  const control = path.join(dir, "control.json");
  let current = { label: "v1", delayMs: 0, fail: false, empty: false, hold: false };
  const site: FakeSite = {
    dir,
    control,
    set(next) {
      current = { ...current, ...next };
      fs.rmSync(`${control}.release`, { force: true });
      fs.writeFileSync(control, JSON.stringify(current));
    },
    release() {
      fs.writeFileSync(`${control}.release`, "");
    },
    journal() {
      const text = fs.existsSync(`${control}.log`) ? fs.readFileSync(`${control}.log`, "utf8") : "";
      return text
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((l) => {
          const [what, pid, at, nice] = l.split(" ");
          return { what: what ?? "", pid: Number(pid), at: Number(at), nice: Number(nice) };
        });
    },
    config(overrides = {}) {
      return {
        mode: "local",
        debounceMs: 5_000,
        maxWaitMs: 60_000,
        pollMs: 60_000,
        cron: null,
        keepBuilds: 5,
        buildTimeoutMs: 30_000,
        siteDir: path.join(dir, "site"),
        buildCommand: `"${process.execPath}" "${fakeBuild}" {outDir} "${control}"`,
        cwd: dir,
        ...overrides,
      };
    },
    cleanup() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  site.set({});
  return site;
}

/**
 * Resolves once `check` holds, looking every 10 ms (for what another process or a background
 * build does). It gives up after `timeoutMs` with an error, so a build that failed (and will
 * never touch the file a test waits for) fails the test instead of holding the suite.
 */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${timeoutMs} ms: ${check.toString().slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function recordChange(sql: Sql): Promise<void> {
  await sql`insert into content_changes (entity, entity_id, action) values ('clinic', 1, 'update')`;
}

export async function buildRows(sql: Sql) {
  return sql<{ id: number; status: string; trigger: string; live: boolean; log: string; page_count: number | null }[]>`
    select id, status, trigger, live, log, page_count from publish_builds order by id`;
}

/**
 * Every file under a folder as `inode:sha256`, by path. A finished build must keep this
 * exactly: restored pages are hard links into the incremental cache (patches/astro@*.patch), so
 * a write into a cached file in place would change the page of every build that links it.
 */
export function fingerprintTree(dir: string): Map<string, string> {
  const prints = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const hash = createHash("sha256").update(fs.readFileSync(file)).digest("hex");
    prints.set(path.relative(dir, file), `${fs.statSync(file).ino}:${hash}`);
  }
  return prints;
}

/** Paths whose inode or content differ between two fingerprints, or that one of them lacks. */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}

/** A clock that only moves when told to: `advance(ms)` runs every timer that falls due. */
export class ManualClock implements Clock {
  private timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;
  private current: number;

  constructor(current: number) {
    this.current = current;
  }

  now(): number {
    return this.current;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.current + Math.max(0, ms), fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Moves time forward, firing due timers in order (timers they set are honoured too). */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      let due: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
      if (!due) break;
      this.timers.delete(due[0]);
      this.current = Math.max(this.current, due[1].at);
      due[1].fn();
    }
    this.current = end;
  }
  pending(): number {
    return this.timers.size;
  }
}
