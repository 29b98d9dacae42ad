import type { Logger } from "@botox/core/logger";
import type { Clock } from "./clock.ts";
import type { BuildOutcome, PublishTrigger } from "./executor.ts";
import { scheduleNightly, type NightlySchedule } from "./schedule.ts";

/** The one request waiting to run (requests coalesce into it). */
export interface PendingRequest {
  trigger: PublishTrigger;
  /** Builds even when no content changed (webhook, rebuild, nightly, startup). */
  force: boolean;
  requestedAt: number;
  lastDirtyAt: number;
  dueAt: number;
}

export interface SchedulerOptions {
  /** Quiet time after the last content write; at most `maxWaitMs` after the first. */
  debounceMs: number;
  maxWaitMs: number;
  clock: Clock;
  /** Runs one due request (the executor's attempt); a thrown error counts as skipped. */
  run: (trigger: PublishTrigger, force: boolean) => Promise<BuildOutcome>;
  /** Called after each attempt that built, before the next due request is taken. */
  afterBuild?: (buildId: number) => Promise<void>;
  logger: Logger;
}

/**
 * Decides when builds run, one at a time in this process:
 * - `markDirty` (content writes) waits for `debounceMs` of quiet, at most `maxWaitMs`;
 * - `request` (webhook, "Rebuild now", nightly, first start) runs as soon as possible;
 * - a request made while a build runs is kept and runs after it;
 * - the nightly schedule (cron) turns into requests.
 * Time comes from the injected clock, so tests move it instead of waiting.
 */
export class BuildScheduler {
  private readonly options: SchedulerOptions;
  private readonly clock: Clock;
  private pendingRequest: PendingRequest | null = null;
  private dueTimer: unknown;
  private running: Promise<void> | null = null;
  private nightly: NightlySchedule | null = null;
  private stopped = false;

  constructor(options: SchedulerOptions) {
    this.options = options;
    this.clock = options.clock;
  }

  /** The request waiting to run, if any. */
  get pending(): Readonly<PendingRequest> | null {
    return this.pendingRequest;
  }

  /** Whether an attempt is running (or about to start). */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Requests a build at each time the cron expression matches. */
  startNightly(cron: string, timezone?: string): void {
    this.nightly?.stop();
    this.nightly = scheduleNightly({ cron, ...(timezone ? { timezone } : {}), clock: this.clock, onTick: () => this.request("nightly") });
  }

  nextNightlyRun(): Date | null {
    return this.nightly?.nextRun() ?? null;
  }

  /** Stops the timers and takes no more requests; resolves when the running attempt ends. */
  async stop(onStopping?: () => void): Promise<void> {
    this.stopped = true;
    this.nightly?.stop();
    if (this.dueTimer !== undefined) this.clock.clearTimeout(this.dueTimer);
    onStopping?.();
    await this.running;
  }

  /** A content write happened: build after a quiet period (coalescing bursts). */
  markDirty(trigger: PublishTrigger = "content"): void {
    if (this.stopped) return;
    const now = this.clock.now();
    const p = this.pendingRequest ?? { trigger, force: false, requestedAt: now, lastDirtyAt: now, dueAt: now };
    p.lastDirtyAt = now;
    if (!p.force) p.dueAt = Math.min(now + this.options.debounceMs, p.requestedAt + this.options.maxWaitMs);
    this.pendingRequest = p;
    this.armDue();
  }

  /** An explicit request (webhook, admin, nightly, first start): build as soon as possible. */
  request(trigger: PublishTrigger): void {
    if (this.stopped) return;
    const now = this.clock.now();
    const prev = this.pendingRequest;
    this.pendingRequest = { trigger, force: true, requestedAt: prev?.requestedAt ?? now, lastDirtyAt: prev?.lastDirtyAt ?? now, dueAt: now };
    this.armDue();
  }

  /** Resolves when no build runs and no request is due (a debounced one may still wait). */
  async whenIdle(pollMs = 20): Promise<void> {
    while (this.running || (this.pendingRequest && this.pendingRequest.dueAt <= this.clock.now())) {
      if (this.running) await this.running;
      // A due request whose timer has not fired yet: wait for the event loop to run it.
      else await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  /** Runs a pending request now, ignoring the rest of its debounce. */
  async flush(): Promise<void> {
    if (this.pendingRequest) this.pendingRequest.dueAt = this.clock.now();
    this.drain();
    await this.running;
  }

  private armDue(): void {
    if (this.dueTimer !== undefined) this.clock.clearTimeout(this.dueTimer);
    this.dueTimer = undefined;
    if (!this.pendingRequest || this.running) return;
    const wait = Math.max(0, this.pendingRequest.dueAt - this.clock.now());
    this.dueTimer = this.clock.setTimeout(() => {
      this.dueTimer = undefined;
      this.drain();
    }, wait);
  }

  private drain(): void {
    if (this.running || this.stopped) return;
    // The body starts after the assignment: run synchronously (nothing due, e.g. a timer that
    // fired a millisecond early), its `finally` would clear `running` before it was set, and the
    // scheduler would never build again.
    this.running = Promise.resolve().then(async () => {
      try {
        while (!this.stopped && this.pendingRequest && this.pendingRequest.dueAt <= this.clock.now()) {
          const job = this.pendingRequest;
          this.pendingRequest = null;
          const outcome = await this.options.run(job.trigger, job.force).catch((err: unknown): BuildOutcome => {
            this.options.logger.warn({ error: err instanceof Error ? err.message : String(err) }, "build attempt failed");
            return { kind: "skipped" };
          });
          if (outcome.kind === "built" && !this.stopped) await this.options.afterBuild?.(outcome.id);
        }
      } finally {
        this.running = null;
        this.armDue();
      }
    });
  }
}
