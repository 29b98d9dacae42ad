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
  /**
   * Runs one due request (the executor's attempt); a thrown error counts as skipped. A full
   * build calls `onBackground` once it builds without the publish lock (decision 208): the next
   * requests run beside it, and its outcome is followed up when it ends.
   */
  run: (trigger: PublishTrigger, force: boolean, onBackground: () => void) => Promise<BuildOutcome>;
  /** Called after each attempt that built, before the next due request is taken. */
  afterBuild?: (buildId: number) => Promise<void>;
  logger: Logger;
}

/**
 * Decides when builds run, one at a time in this process:
 * - `markDirty` (content writes) waits for `debounceMs` of quiet, at most `maxWaitMs`;
 * - `request` (webhook, "Rebuild now", nightly, first start) runs as soon as possible;
 * - a request made while a build runs is kept and runs after it, unless that build is a full
 *   build gone to the background (decision 208): then it runs beside it;
 * - the nightly schedule (cron) turns into requests.
 * Time comes from the injected clock, so tests move it instead of waiting.
 */
export class BuildScheduler {
  private readonly options: SchedulerOptions;
  private readonly clock: Clock;
  private pendingRequest: PendingRequest | null = null;
  private dueTimer: unknown;
  private running: Promise<void> | null = null;
  /** Attempts gone to the background (a full build), each until it ended and was followed up. */
  private readonly background = new Set<Promise<void>>();
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

  /** Whether an attempt is running (or about to start) in the foreground. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Whether a full build of this process runs in the background (decision 208). */
  get backgroundBusy(): boolean {
    return this.background.size > 0;
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
    await this.settled();
  }

  /** Resolves when no attempt runs, in the foreground or the background. */
  private async settled(): Promise<void> {
    while (this.running || this.background.size) await Promise.all([this.running, ...this.background]);
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
    while (this.running || this.background.size || (this.pendingRequest && this.pendingRequest.dueAt <= this.clock.now())) {
      if (this.running || this.background.size) await this.settled();
      // A due request whose timer has not fired yet: wait for the event loop to run it.
      else await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  /** Runs a pending request now, ignoring the rest of its debounce. */
  async flush(): Promise<void> {
    if (this.pendingRequest) this.pendingRequest.dueAt = this.clock.now();
    this.drain();
    await this.settled();
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
          let toBackground = () => {};
          const inBackground = new Promise<"background">((resolve) => (toBackground = () => resolve("background")));
          const attempt = this.options
            .run(job.trigger, job.force, () => toBackground())
            .catch((err: unknown): BuildOutcome => {
              this.options.logger.warn({ error: err instanceof Error ? err.message : String(err) }, "build attempt failed");
              return { kind: "skipped" };
            });
          const followUp = async (outcome: BuildOutcome) => {
            if (outcome.kind === "built" && !this.stopped) await this.options.afterBuild?.(outcome.id);
          };
          if ((await Promise.race([attempt, inBackground])) !== "background") {
            await followUp(await attempt);
            continue;
          }
          // A full build gone to the background: the next requests run beside it.
          const tail: Promise<void> = attempt
            .then(followUp)
            .catch((err: unknown) => this.options.logger.warn({ error: err instanceof Error ? err.message : String(err) }, "follow-up failed"))
            .finally(() => {
              this.background.delete(tail);
              // What its follow-up requested runs now, so flush and whenIdle, which wait
              // for this, see it running (as after a foreground attempt).
              if (this.pendingRequest && this.pendingRequest.dueAt <= this.clock.now()) this.drain();
              else this.armDue();
            });
          this.background.add(tail);
        }
      } finally {
        this.running = null;
        this.armDue();
      }
    });
  }
}
