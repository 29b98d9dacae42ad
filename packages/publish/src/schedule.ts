import { Cron } from "croner";
import type { Clock } from "./clock.ts";

export interface NightlySchedule {
  /** Next time the schedule fires, or null when it never will. */
  nextRun(): Date | null;
  stop(): void;
}

// Long waits are re-armed in steps so a clock change or suspended host never leaves a stale timer.
const MAX_STEP_MS = 60 * 60 * 1000;

/**
 * Fires `onTick` at each time the cron expression matches in `timezone`. croner computes the
 * next run; the wait runs on the injected clock, so tests move time instead of waiting.
 */
export function scheduleNightly(options: { cron: string; timezone?: string; clock: Clock; onTick: () => void }): NightlySchedule {
  const { clock, onTick } = options;
  // paused: croner only computes dates here; it never starts its own timer.
  const pattern = new Cron(options.cron, { paused: true, ...(options.timezone ? { timezone: options.timezone } : {}) });
  let handle: unknown;
  let target: number | null = null;
  let stopped = false;

  const computeNext = (after: number) => pattern.nextRun(new Date(after))?.getTime() ?? null;

  const arm = () => {
    if (stopped || target === null) return;
    const wait = Math.min(Math.max(0, target - clock.now()), MAX_STEP_MS);
    handle = clock.setTimeout(() => {
      if (stopped || target === null) return;
      if (clock.now() >= target) {
        const fired = target;
        target = computeNext(fired);
        onTick();
      }
      arm();
    }, wait);
  };

  target = computeNext(clock.now());
  arm();
  return {
    nextRun: () => (target === null ? null : new Date(target)),
    stop() {
      stopped = true;
      pattern.stop();
      if (handle !== undefined) clock.clearTimeout(handle);
    },
  };
}
