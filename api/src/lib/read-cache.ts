/**
 * Answers of the public clinic reads (zip-search, clinics-by-city, clinic by slug, popular
 * cities, and clinics/nearby by its point) kept in memory as encoded JSON. Encoding a 75 KB
 * answer on every hit cost a quarter of the CPU of serving it, hence bytes, not text.
 * The answers depend on the request alone, never on who asks, and change only when clinics
 * do, while a dense ZIP's answer costs milliseconds of database work (its total count reads
 * thousands of index entries): bench:api could not reach its latency target without this on
 * a 2-core machine.
 *
 * Staleness is bounded three ways:
 *  - a content write made through this API clears, as it commits, the answers it can change
 *    (writeContent): each answer is kept with its scope (the clinic it shows, the
 *    city it lists, the circle it searches, or everything), and a write that names the clinics
 *    it touched drops only the answers whose scope holds one of them, before or after the
 *    write; a write that names none clears everything;
 *  - every `pollMs` the newest content_changes id is read, so writes made by another API
 *    instance, an import or a seed clear it within that interval;
 *  - an entry expires after `ttlMs` whatever happens (a change made by hand in SQL).
 * Only successful answers are kept, never errors. Concurrent misses for one address share one
 * computation, and anything computed across a clearing is returned but not kept. Memory is
 * bounded by entries and bytes (READ_CACHE_MAX_MB), the least recently used going first.
 *
 * Proved equivalent to reading without it: read-cache.test.ts (the same body from memory, cleared
 * by this instance's and another's writes) and read-cache-scope.test.ts (what a write clears).
 */
import { LRUCache } from "lru-cache";
import { distanceMiles } from "@botox/core";
import type { Logger } from "@botox/core/logger";
import { latestContentChangeId, parseCitySlug, type ClinicFacts, type Database } from "@botox/db";
import type { ApiEnv } from "../env.ts";
import { errorSummary } from "./logger.ts";

export type Bytes = Uint8Array<ArrayBuffer>;

export interface ReadCacheOptions {
  /** How long an entry may be served at most. */
  ttlMs: number;
  /** How often content_changes is checked for writes made elsewhere. */
  pollMs: number;
  maxEntries?: number;
  /** Total memory kept, in bytes. */
  maxBytes?: number;
  /** The clock entries expire by, in milliseconds (tests move it by hand). */
  now?: () => number;
  /** Told once when content_changes cannot be read, and not again until it can. */
  logger: Logger;
}

export const encodeJson = (value: unknown): Bytes => Buffer.from(JSON.stringify(value));

/**
 * What a kept answer depends on, so a clinic write drops only the answers it can change:
 *  - `all`: every clinic (popular cities, a search at any distance, a route that names no scope);
 *  - `none`: no clinic (an unknown ZIP's empty answer);
 *  - `clinic`: the clinic a /clinic/{segment} read names (its slug, or its id);
 *  - `city`: a city route segment's clinics (`new-york`, or `new-york-ny`: New York, NY);
 *  - `near`: the clinics within `miles` of a point (a radius search, its total included).
 */
export type AnswerScope =
  | { kind: "all" }
  | { kind: "none" }
  | { kind: "clinic"; segment: string }
  | { kind: "city"; segment: string }
  | { kind: "near"; latitude: number; longitude: number; miles: number };

/** A search's scope: within `miles` of the point, or everything when there is no limit. */
export const nearScope = (origin: { latitude: number; longitude: number }, miles: number | null): AnswerScope =>
  miles == null ? { kind: "all" } : { kind: "near", latitude: origin.latitude, longitude: origin.longitude, miles };

/** Rounding slack for `near`: a clinic on the circle's edge is dropped rather than missed. */
const EDGE_MILES = 0.01;

/**
 * Whether an answer of `scope` can change when a clinic with these facts (before or after a write) changes.
 * @internal Exported for its tests.
 */
export function scopeHolds(scope: AnswerScope, clinic: ClinicFacts): boolean {
  switch (scope.kind) {
    case "all":
      return true;
    case "none":
      return false;
    case "clinic":
      return scope.segment === clinic.slug || scope.segment === String(clinic.id);
    case "city": {
      const key = parseCitySlug(scope.segment);
      return clinic.citySlug === key.slug || clinic.citySlug === key.withoutState;
    }
    case "near":
      return (
        clinic.latitude != null &&
        clinic.longitude != null &&
        distanceMiles(scope, { latitude: clinic.latitude, longitude: clinic.longitude }) <= scope.miles + EDGE_MILES
      );
  }
}

interface Kept {
  body: Bytes;
  scope: AnswerScope;
}

export class ReadCache {
  /** Least recently used out first, within the entry and byte budgets; an answer larger than
   * the whole byte budget is not kept. */
  readonly #answers: LRUCache<string, Kept>;
  readonly #pending = new Map<string, Promise<Bytes>>();
  readonly #pollMs: number;
  readonly #logger: Logger;
  /** Bumped by every clearing: a computation that started before one is not kept. */
  #generation = 0;
  #lastChange: number | undefined;
  #timer: NodeJS.Timeout | undefined;
  #pollFailed = false;

  constructor(options: ReadCacheOptions) {
    this.#pollMs = options.pollMs;
    this.#logger = options.logger;
    this.#answers = new LRUCache<string, Kept>({
      max: options.maxEntries ?? 10_000,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      // lru-cache wants a positive size; an empty body still takes an entry.
      sizeCalculation: (kept) => Math.max(1, kept.body.byteLength),
      // An entry lives ttlMs from when it was kept; reading it does not extend that.
      ttl: options.ttlMs,
      // Read the clock at every check rather than lru-cache's 1 ms cached reading (a timer).
      ttlResolution: 0,
      perf: { now: options.now ?? Date.now },
    });
  }

  /** Answers kept. */
  get size(): number {
    return this.#answers.size;
  }

  /**
   * `compute()`'s answer for `key`, from memory when it is there; kept with `scope()` (read once
   * the answer is computed; default: every clinic).
   */
  async read(key: string, compute: () => Promise<Bytes>, scope: () => AnswerScope = () => ({ kind: "all" })): Promise<{ body: Bytes; hit: boolean }> {
    const kept = this.#answers.get(key);
    if (kept) return { body: kept.body, hit: true };
    const shared = this.#pending.get(key);
    if (shared) return { body: await shared, hit: false };
    const generation = this.#generation;
    const pending = compute();
    this.#pending.set(key, pending);
    try {
      const body = await pending;
      if (generation === this.#generation) this.#answers.set(key, { body, scope: scope() });
      return { body, hit: false };
    } finally {
      if (this.#pending.get(key) === pending) this.#pending.delete(key);
    }
  }

  /** The answer kept for `key`, if any (nothing is computed). */
  kept(key: string): Bytes | undefined {
    return this.#answers.get(key)?.body;
  }

  /** Forgets everything (a content write committed). */
  clear(): void {
    this.#generation++;
    this.#answers.clear();
    this.#pending.clear();
  }

  /**
   * Forgets the answers a write to these clinics can change (`facts`: each touched clinic as it
   * was before the write and as it is after). Answers being computed meanwhile are not kept,
   * whatever their scope: they may have read the clinics before the write.
   */
  clearFor(facts: readonly ClinicFacts[]): void {
    this.#generation++;
    this.#pending.clear();
    for (const [key, kept] of this.#answers.entries()) {
      if (kept.scope.kind === "all" || facts.some((f) => scopeHolds(kept.scope, f))) this.#answers.delete(key);
    }
  }

  /**
   * Reads the newest content change, then keeps checking it every `pollMs`; the first read is
   * awaited so that nothing is kept before the cache knows where content stands.
   */
  async watch(db: Database): Promise<void> {
    await this.poll(db);
    this.#timer = setInterval(() => void this.poll(db), this.#pollMs);
    this.#timer.unref();
  }

  /** One check of content_changes; clears the cache when it moved. */
  async poll(db: Database): Promise<void> {
    let latest: number;
    try {
      latest = await latestContentChangeId(db);
    } catch (err) {
      // The database is away: entries still expire by their TTL, and the next poll retries.
      if (!this.#pollFailed) this.#logger.warn({ error: errorSummary(err) }, "read cache: cannot read content_changes");
      this.#pollFailed = true;
      return;
    }
    this.#pollFailed = false;
    if (this.#lastChange !== undefined && latest !== this.#lastChange) this.clear();
    this.#lastChange = latest;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

/** The read cache a served API uses, watching `db`; undefined when READ_CACHE_TTL_MS is 0. */
export async function startReadCache(env: ApiEnv, db: Database, logger: Logger): Promise<ReadCache | undefined> {
  if (env.READ_CACHE_TTL_MS === 0) return undefined;
  const cache = new ReadCache({ ttlMs: env.READ_CACHE_TTL_MS, pollMs: env.READ_CACHE_POLL_MS, maxBytes: env.READ_CACHE_MAX_MB * 1024 * 1024, logger });
  await cache.watch(db);
  return cache;
}
