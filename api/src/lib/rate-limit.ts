/**
 * Per-address rate limits for public writes (architecture.md §8), on hono-rate-limiter.
 * Keyed by `clientIp` (see client-ip.ts). With REDIS_URL the counters live in Redis
 * (hono-rate-limiter's RedisStore: atomic Lua scripts), so every API instance shares them;
 * otherwise each app (each `Deps`) keeps its own in memory. A Redis outage fails open: the
 * request goes through and a warning is logged, rather than every public write failing.
 */
import type { MiddlewareHandler } from "hono";
import { MemoryStore, RedisStore, rateLimiter, type ClientRateLimitInfo, type Store } from "hono-rate-limiter";
import { MSG, addressKey } from "@botox/core";
import type { Logger } from "@botox/core/logger";
import type { AppEnv, Deps } from "../context.ts";
import { sharedRedis } from "./redis.ts";
import { errorSummary } from "./logger.ts";

export interface RateLimitOptions {
  windowMs: number;
  /** Requests allowed per address per window; the next one answers 429. */
  limit: number;
  /** Names the counter ("ratings", "newsletter"); two limiters never share one. */
  keyPrefix: string;
}

function redisStore(url: string): Store<AppEnv> {
  const redis = sharedRedis(url);
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

/**
 * Middleware allowing `limit` requests per client address per `windowMs`, then 429
 * `{ error: MSG.api.rateLimited }` with Retry-After and RateLimit-* headers.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const perApp = new WeakMap<Deps, MiddlewareHandler<AppEnv>>();
  const build = (deps: Deps) =>
    rateLimiter<AppEnv>({
      windowMs: options.windowMs,
      limit: options.limit,
      // Per visitor (addressKey): an IPv4 address, an IPv6 /64 (one subscriber holds the whole prefix).
      keyGenerator: (c) => `${options.keyPrefix}:${addressKey(c.get("clientIp"))}`,
      message: { error: MSG.api.rateLimited },
      statusCode: 429,
      standardHeaders: "draft-6",
      store: deps.env.REDIS_URL ? new FailOpenStore(redisStore(deps.env.REDIS_URL), deps.logger) : new MemoryStore<AppEnv>(),
    });
  return async (c, next) => {
    const deps = c.get("deps");
    let limiter = perApp.get(deps);
    if (!limiter) perApp.set(deps, (limiter = build(deps)));
    return limiter(c, next);
  };
}
