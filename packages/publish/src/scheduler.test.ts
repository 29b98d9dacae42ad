import { describe, expect, it } from "vitest";
import { recordingLogger } from "@botox/core/testing";
import type { BuildOutcome, PublishTrigger } from "./executor.ts";
import { BuildScheduler } from "./scheduler.ts";
import { ManualClock, until } from "./testing.ts";

/** A scheduler on a manual clock whose attempts are recorded and can be held open. */
function setup(options: { debounceMs?: number; maxWaitMs?: number; start?: number } = {}) {
  const clock = new ManualClock(options.start ?? Date.parse("2026-11-22T12:00:00Z"));
  const runs: { trigger: PublishTrigger; force: boolean; at: number }[] = [];
  const followed: number[] = [];
  const logger = recordingLogger();
  let hold: Promise<void> | null = null;
  let outcome: () => BuildOutcome = () => ({ kind: "built", id: runs.length, ok: true });
  /** Triggers whose attempt goes to the background (a full build, decision 208) and waits for the returned release. */
  const background = new Map<PublishTrigger, Promise<void>>();
  const scheduler = new BuildScheduler({
    debounceMs: options.debounceMs ?? 5_000,
    maxWaitMs: options.maxWaitMs ?? 60_000,
    clock,
    logger,
    run: async (trigger, force, onBackground) => {
      runs.push({ trigger, force, at: clock.now() });
      const id = runs.length;
      const untilReleased = background.get(trigger);
      if (untilReleased) {
        onBackground();
        await untilReleased;
        return { kind: "built", id, ok: true };
      }
      if (hold) await hold;
      return outcome();
    },
    afterBuild: async (id) => {
      followed.push(id);
    },
  });
  return {
    clock,
    scheduler,
    runs,
    followed,
    logged: logger.lines,
    /** The next attempts wait until the returned function is called. */
    holdRuns() {
      let release = () => {};
      hold = new Promise<void>((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
    answer(next: () => BuildOutcome) {
      outcome = next;
    },
    /** Attempts of `trigger` go to the background until the returned function is called. */
    inBackground(trigger: PublishTrigger) {
      let release = () => {};
      background.set(trigger, new Promise<void>((r) => (release = r)));
      return release;
    },
  };
}

describe("BuildScheduler", () => {
  it("waits for the quiet period after the last write, then runs one unforced attempt", async () => {
    const t = setup();
    for (let i = 0; i < 5; i++) {
      t.scheduler.markDirty();
      t.clock.advance(4_000);
    }
    await t.scheduler.whenIdle();
    expect(t.runs).toHaveLength(0);
    t.clock.advance(1_000);
    await t.scheduler.whenIdle();
    expect(t.runs).toEqual([{ trigger: "content", force: false, at: t.clock.now() }]);
    expect(t.followed).toEqual([1]);
  });

  it("runs at the longest wait while writes keep coming", async () => {
    const t = setup({ debounceMs: 5_000, maxWaitMs: 20_000 });
    // Writes every 3 s: never 5 s of quiet. The 7th step passes 20 s after the first write.
    const counts: number[] = [];
    for (let i = 0; i < 10; i++) {
      t.scheduler.markDirty();
      t.clock.advance(3_000);
      await t.scheduler.whenIdle();
      counts.push(t.runs.length);
    }
    expect(counts).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
  });

  it("runs an explicit request at once, forced, taking over a debounced write", async () => {
    const t = setup();
    t.scheduler.markDirty();
    t.scheduler.request("webhook");
    expect(t.scheduler.pending).toMatchObject({ trigger: "webhook", force: true });
    t.clock.advance(0);
    await t.scheduler.whenIdle();
    expect(t.runs).toEqual([{ trigger: "webhook", force: true, at: t.clock.now() }]);
  });

  it("keeps a request made during an attempt and runs it after", async () => {
    const t = setup();
    const release = t.holdRuns();
    t.scheduler.request("rebuild");
    const first = t.scheduler.flush();
    await Promise.resolve();
    expect(t.scheduler.busy).toBe(true);
    t.scheduler.request("webhook");
    release();
    await first;
    await t.scheduler.whenIdle();
    expect(t.runs.map((r) => r.trigger)).toEqual(["rebuild", "webhook"]);
    expect(t.scheduler.busy).toBe(false);
  });

  it("runs the next requests beside an attempt gone to the background, and follows that one up when it ends", async () => {
    const t = setup({ debounceMs: 0 });
    const release = t.inBackground("nightly");
    t.scheduler.request("nightly");
    t.clock.advance(0);
    await until(() => t.scheduler.backgroundBusy);
    expect(t.scheduler.busy).toBe(false);
    // An edit during it: its attempt runs (and is followed up) while the nightly one still runs.
    t.scheduler.markDirty();
    t.clock.advance(0);
    await until(() => t.followed.length === 1);
    expect(t.runs.map((r) => r.trigger)).toEqual(["nightly", "content"]);
    expect(t.followed).toEqual([2]);
    expect(t.scheduler.backgroundBusy).toBe(true);
    // whenIdle (and flush, stop) wait for it too.
    let idle = false;
    const waiting = t.scheduler.whenIdle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    release();
    await waiting;
    expect(t.followed).toEqual([2, 1]);
    expect(t.scheduler.backgroundBusy).toBe(false);
  });

  it("flush runs a debounced request now, and with nothing pending leaves the scheduler idle", async () => {
    const t = setup();
    await t.scheduler.flush();
    expect(t.scheduler.busy).toBe(false);
    t.scheduler.markDirty();
    await t.scheduler.flush();
    expect(t.runs).toHaveLength(1);
    t.scheduler.request("rebuild");
    await t.scheduler.flush();
    expect(t.runs).toHaveLength(2);
  });

  it("counts a failing attempt as skipped and keeps scheduling", async () => {
    const t = setup();
    t.answer(() => {
      throw new Error("database went away");
    });
    t.scheduler.request("rebuild");
    await t.scheduler.flush();
    expect(t.logged).toEqual([{ level: "warn", fields: { error: "database went away" }, message: "build attempt failed" }]);
    expect(t.followed).toEqual([]);
    t.answer(() => ({ kind: "busy" }));
    t.scheduler.request("rebuild");
    await t.scheduler.flush();
    expect(t.runs).toHaveLength(2);
    expect(t.followed).toEqual([]);
  });

  it("requests a nightly build at the cron time in the configured zone", async () => {
    // 02:59 in New York (EST, UTC−5).
    const t = setup({ start: Date.parse("2026-11-22T07:59:00Z") });
    t.scheduler.startNightly("0 3 * * *", "America/New_York");
    expect(t.scheduler.nextNightlyRun()?.toISOString()).toBe("2026-11-22T08:00:00.000Z");
    t.clock.advance(59_000);
    await t.scheduler.whenIdle();
    expect(t.runs).toHaveLength(0);
    t.clock.advance(1_000);
    await t.scheduler.whenIdle();
    expect(t.runs).toEqual([{ trigger: "nightly", force: true, at: Date.parse("2026-11-22T08:00:00Z") }]);
    expect(t.scheduler.nextNightlyRun()?.toISOString()).toBe("2026-11-23T08:00:00.000Z");
  });

  it("stop waits for the running attempt and takes no more requests", async () => {
    const t = setup();
    const release = t.holdRuns();
    t.scheduler.request("rebuild");
    t.clock.advance(0);
    while (t.runs.length === 0) await Promise.resolve(); // the attempt has started
    let stopped = false;
    let stopping = false;
    const stop = t.scheduler.stop(() => (stopping = true)).then(() => (stopped = true));
    expect(stopping).toBe(true);
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stop;
    t.scheduler.markDirty();
    t.scheduler.request("webhook");
    t.clock.advance(60_000);
    expect(t.scheduler.busy).toBe(false);
    expect(t.runs).toHaveLength(1);
    expect(t.scheduler.pending).toBeNull();
    // The attempt under way when stop was called does not follow up.
    expect(t.followed).toEqual([]);
    expect(t.clock.pending()).toBe(0);
  });
});
