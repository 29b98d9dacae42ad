/**
 * The beacon's counts, written in batches (decision 289). POST /events adds its event here and
 * answers at once; a flush writes every count added since the last one in one statement
 * (@botox/db countListingEvents), `flushMs` after the first waiting event, or at once when
 * `maxKeys` counts wait. One statement per flush instead of one transaction per event is what
 * lets one instance take the beacon's rate (docs/benchmarks/289-the-beacon-in-batches.md).
 *
 * What it keeps: the counts not yet written (clinic, week and kind → how many) and, for each,
 * what to undo if its clinic turns out not to exist (the route's cap keys).
 * How it stays right: every reader of one clinic's counts (GET /clinics/{id}/events) flushes
 * first, so an instance reads its own events; another instance's appear within `flushMs`, like
 * the dashboard's totals (kept for a second anyway). A failed flush puts its counts back for the
 * next one. close() flushes. A process killed without closing loses at most `flushMs` of events,
 * as the commit without a disk flush already allowed (decision 277): counts, never a visitor's
 * data, and the beacon's 204 never said an event was counted.
 * Proved by: listing-event-batches.test.ts (a batch counts what one-by-one writes count) and the
 * route's tests in routes/events.
 */
import type { Logger } from "@botox/core/logger";
import type { ListingEventType } from "@botox/core";
import { countListingEvents, type ListingEventCount, type Sql } from "@botox/db";

export interface ListingEventBatchesOptions {
  sql: Sql;
  logger: Logger;
  /** How long the first waiting event waits for others; 0 writes each event as it comes. */
  flushMs: number;
  /** Counts (distinct clinic, week and kind) that start a flush at once. */
  maxKeys?: number;
  /** Counts kept across failed flushes at most (the database is down): beyond it new events are dropped. */
  maxPending?: number;
}

type ListingEvent = { clinicId: number; weekStart: string; type: ListingEventType };

/**
 * Counts one event: through the app's batches when it has them, else written at once (most
 * tests). `onUnknown` runs if its clinic does not exist.
 */
export async function countListingEvent(
  batches: ListingEventBatches | undefined,
  sql: Sql,
  event: ListingEvent,
  onUnknown: () => Promise<void>,
): Promise<void> {
  if (batches) return batches.add(event, onUnknown);
  if (!(await countListingEvents(sql, [{ ...event, count: 1 }])).has(event.clinicId)) await onUnknown();
}

interface Pending extends ListingEventCount {
  /** Called when the flush finds the clinic gone or unknown. */
  unknown: (() => Promise<void>)[];
}

const DEFAULT_MAX_KEYS = 2_000;
const DEFAULT_MAX_PENDING = 100_000;

export class ListingEventBatches {
  private readonly options: Required<ListingEventBatchesOptions>;
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(options: ListingEventBatchesOptions) {
    this.options = { maxKeys: DEFAULT_MAX_KEYS, maxPending: DEFAULT_MAX_PENDING, ...options };
  }

  /**
   * Counts one event. Resolves once it is written when events are written one by one
   * (`flushMs` 0), else at once. `onUnknown` runs if its clinic does not exist.
   */
  async add(event: ListingEvent, onUnknown: () => Promise<void>): Promise<void> {
    if (this.options.flushMs === 0 || this.closed) return countListingEvent(undefined, this.options.sql, event, onUnknown);
    const key = `${event.clinicId}|${event.weekStart}|${event.type}`;
    const kept = this.pending.get(key);
    if (kept) {
      kept.count += 1;
      kept.unknown.push(onUnknown);
    } else if (this.pending.size < this.options.maxPending) {
      this.pending.set(key, { ...event, count: 1, unknown: [onUnknown] });
    } else {
      // Only while flushes fail (the database is away): memory stays bounded.
      return;
    }
    if (this.pending.size >= this.options.maxKeys) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref();
  }

  /** Writes every waiting count; resolves when what was waiting at the call is written (or put back after a failure). */
  async flush(): Promise<void> {
    // One flush at a time: a second waits for the running one, then writes what came since.
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.write(batch).finally(() => (this.flushing = undefined));
    await this.flushing;
  }

  /** Writes what waits; later events are written one by one. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private async write(batch: Pending[]): Promise<void> {
    let counted: Set<number>;
    try {
      counted = await countListingEvents(
        this.options.sql,
        batch.map(({ clinicId, weekStart, type, count }) => ({ clinicId, weekStart, type, count })),
      );
    } catch (err) {
      this.options.logger.warn({ err, counts: batch.length }, "listing counts not written; kept for the next flush");
      for (const entry of batch) {
        const key = `${entry.clinicId}|${entry.weekStart}|${entry.type}`;
        const kept = this.pending.get(key);
        if (kept) {
          kept.count += entry.count;
          kept.unknown.push(...entry.unknown);
        } else this.pending.set(key, entry);
      }
      if (!this.closed) this.timer ??= setTimeout(() => void this.flush(), Math.max(this.options.flushMs, 1_000)).unref();
      return;
    }
    for (const entry of batch) if (!counted.has(entry.clinicId)) for (const undo of entry.unknown) await undo();
  }
}
