/**
 * Per-address rate limits for public writes (architecture.md §8), on hono-rate-limiter.
 * Keyed by `clientIp` (see client-ip.ts). With REDIS_URL the counters live in Redis
 * (hono-rate-limiter's RedisStore: atomic Lua scripts), so every API instance shares them;
 * otherwise each app (each `Deps`) keeps its own in memory. A Redis outage fails open: the
 * request goes through and a warning is logged, rather than every public write failing.
 * The same stores keep `dayCounter`s: counts per key for a day (the listing counts' cap per
 * address, clinic and day, decision 277).
 */
import type { MiddlewareHandler } from "hono";
import { MemoryStore, RedisStore, rateLimiter, type ClientRateLimitInfo, type Store } from "hono-rate-limiter";
import { MSG, addressKey } from "@botox/core";
import type { Logger } from "@botox/core/logger";
import type { AppEnv, Deps } from "../context.ts";
import { sharedRedis, type RedisConnections } from "./redis.ts";
import { errorSummary } from "./logger.ts";

export interface RateLimitOptions {
  windowMs: number;
  /** Requests allowed per address per window; the next one answers 429. */
  limit: number;
  /** Names the counter ("ratings", "newsletter"); two limiters never share one. */
  keyPrefix: string;
}

function redisStore(connections: RedisConnections, url: string): Store<AppEnv> {
  const redis = sharedRedis(connections, url);
  return new RedisStore<AppEnv>({
    prefix: "rl:",
    client: {
      scriptLoad: async (script) => String(await redis.script("LOAD", script)),
      evalsha: async <TArgs extends unknown[], TData = unknown>(sha: string, keys: string[], args: TArgs) =>
        (await redis.evalsha(sha, keys.length, ...keys, ...(args as (string | number)[]))) as TData,
      decr: (key) => redis.decr(key),
      del: (key) => redis.del(key),
    },
  });
}

/** Wraps a store so that its failures let the request through instead of answering 500. */
class FailOpenStore implements Store<AppEnv> {
  private warned = false;
  private readonly inner: Store<AppEnv>;
  private readonly logger: Logger;

  constructor(inner: Store<AppEnv>, logger: Logger) {
    this.inner = inner;
    this.logger = logger;
  }
  init(options: Parameters<NonNullable<Store<AppEnv>["init"]>>[0]) {
    this.inner.init?.(options);
  }
  async increment(key: string): Promise<ClientRateLimitInfo> {
    try {
      return await this.inner.increment(key);
    } catch (err) {
      if (!this.warned) this.logger.warn({ error: errorSummary(err) }, "rate-limit store unavailable; not limiting");
      this.warned = true;
      return { totalHits: 0 };
    }
  }
  async decrement(key: string) {
    await Promise.resolve(this.inner.decrement(key)).catch(() => {});
  }
  async resetKey(key: string) {
    await this.inner.resetKey(key);
  }
}

/** A new counter store: Redis's (shared by every instance) with REDIS_URL, else this app's memory. */
const newStore = (deps: Deps): Store<AppEnv> =>
  deps.env.REDIS_URL ? new FailOpenStore(redisStore(deps.state.redis, deps.env.REDIS_URL), deps.logger) : new MemoryStore<AppEnv>();

const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts per key that last a day, kept where the rate limits keep theirs. */
export interface DayCounter {
  /** Counts one more under `key` and answers the count, this one included. */
  hit(deps: Deps, key: string): Promise<number>;
  /** Forgets `key`'s count. */
  forget(deps: Deps, key: string): Promise<void>;
}

/**
 * A DayCounter named `keyPrefix` (two never share one). A key's count starts with its first
 * hit and is gone a day later (Redis expires it; the memory store drops it within two days).
 * Callers put the day in their keys when the count is per calendar day.
 */
export function dayCounter(keyPrefix: string): DayCounter {
  const perApp = new WeakMap<Deps, Store<AppEnv>>();
  const storeOf = (deps: Deps) => {
    let store = perApp.get(deps);
    if (!store) {
      store = newStore(deps);
      // The stores read only the window from the limiter's options.
      store.init?.({ windowMs: DAY_MS } as Parameters<NonNullable<Store<AppEnv>["init"]>>[0]);
      perApp.set(deps, store);
    }
    return store;
  };
  return {
    hit: async (deps, key) => (await storeOf(deps).increment(`${keyPrefix}:${key}`)).totalHits,
    forget: async (deps, key) => {
      await Promise.resolve(storeOf(deps).resetKey(`${keyPrefix}:${key}`)).catch(() => {});
    },
  };
}

/** A rate limit: the middleware, and the same count for a request answered without a Context. */
interface RateLimit extends MiddlewareHandler<AppEnv> {
  /**
   * Counts one request from `clientIp` as the middleware would. Under the limit: the RateLimit-*
   * headers the middleware would have set (lower-case names). Over it: null, and the request is
   * taken back out of the count, so that the middleware, asked next, counts and refuses it
   * exactly as if it had come to it first (the listing beacon answered before routing).
   */
  take(deps: Deps, clientIp: string): Promise<Record<string, string> | null>;
}

/**
 * Middleware allowing `limit` requests per client address per `windowMs`, then 429
 * `{ error: MSG.api.rateLimited }` with Retry-After and RateLimit-* headers.
 */
export function rateLimit(options: RateLimitOptions): RateLimit {
  const perApp = new WeakMap<Deps, { store: Store<AppEnv>; limiter: MiddlewareHandler<AppEnv> }>();
  // Per visitor (addressKey): an IPv4 address, an IPv6 /64 (one subscriber holds the whole prefix).
  const keyOf = (clientIp: string) => `${options.keyPrefix}:${addressKey(clientIp)}`;
  const of = (deps: Deps) => {
    let kept = perApp.get(deps);
    if (!kept) {
      const store = newStore(deps);
      const limiter = rateLimiter<AppEnv>({
        windowMs: options.windowMs,
        limit: options.limit,
        keyGenerator: (c) => keyOf(c.get("clientIp")),
        message: { error: MSG.api.rateLimited },
        statusCode: 429,
        standardHeaders: "draft-6",
        store,
      });
      perApp.set(deps, (kept = { store, limiter }));
    }
    return kept;
  };
  const middleware: MiddlewareHandler<AppEnv> = (c, next) => of(c.get("deps")).limiter(c, next);
  const windowSeconds = String(Math.ceil(options.windowMs / 1000));
  return Object.assign(middleware, {
    async take(deps: Deps, clientIp: string) {
      const { store } = of(deps);
      const key = keyOf(clientIp);
      const { totalHits, resetTime } = await store.increment(key);
      if (totalHits > options.limit) {
        await store.decrement(key);
        return null;
      }
      // hono-rate-limiter's draft-6 headers (its setDraft6Headers), which the middleware sets.
      const headers: Record<string, string> = {
        "ratelimit-policy": `${options.limit};w=${windowSeconds}`,
        "ratelimit-limit": String(options.limit),
        "ratelimit-remaining": String(Math.max(options.limit - totalHits, 0)),
      };
      if (resetTime) {
        const resetSeconds = Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000));
        if (resetSeconds) headers["ratelimit-reset"] = String(resetSeconds);
      }
      return headers;
    },
  });
}
