/**
 * Login throttle: at most 5 failed attempts per 15 minutes per username and, separately,
 * per client address; further attempts answer 429 until the window ends. A success clears
 * the username's counter. In memory by default; with REDIS_URL the counters live in Redis
 * so several API instances share them. An unreachable Redis fails open (logged): admins can
 * still sign in, and argon2id keeps each guess slow.
 */
import type { ApiEnv } from "../env.ts";
import { sharedRedis } from "../lib/redis.ts";

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface ThrottleStore {
  /** Failures recorded in the current window. */
  failures(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export class MemoryThrottleStore implements ThrottleStore {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  private readonly windowMs: number;

  constructor(windowMs = LOGIN_WINDOW_MS) {
    this.windowMs = windowMs;
  }

  async failures(key: string): Promise<number> {
    const e = this.entries.get(key);
    if (!e) return 0;
    if (e.resetAt <= Date.now()) {
      this.entries.delete(key);
      return 0;
    }
    return e.count;
  }

  async recordFailure(key: string): Promise<void> {
    const now = Date.now();
    const e = this.entries.get(key);
    if (!e || e.resetAt <= now) this.entries.set(key, { count: 1, resetAt: now + this.windowMs });
    else e.count += 1;
    if (this.entries.size > 50_000) this.sweep(now);
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private sweep(now: number) {
    for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
  }
}

/** Fixed window in Redis: INCR, with the expiry set by the first failure of a window. */
export class RedisThrottleStore implements ThrottleStore {
  private readonly url: string;
  private readonly windowMs: number;

  constructor(url: string, windowMs = LOGIN_WINDOW_MS) {
    this.url = url;
    this.windowMs = windowMs;
  }

  async failures(key: string): Promise<number> {
    const value = await sharedRedis(this.url).get(`login-fail:${key}`);
    return value ? Number(value) : 0;
  }

  async recordFailure(key: string): Promise<void> {
    const redis = sharedRedis(this.url);
    const k = `login-fail:${key}`;
    const n = await redis.incr(k);
    if (n === 1) await redis.pexpire(k, this.windowMs);
  }

  async reset(key: string): Promise<void> {
    await sharedRedis(this.url).del(`login-fail:${key}`);
  }
}

export function createThrottleStore(env: ApiEnv): ThrottleStore {
  return env.REDIS_URL ? new RedisThrottleStore(env.REDIS_URL) : new MemoryThrottleStore();
}

export class LoginThrottle {
  private readonly store: ThrottleStore;
  private warned = false;

  constructor(store: ThrottleStore) {
    this.store = store;
  }

  private keys(username: string, address: string) {
    return { user: `user:${username.toLowerCase()}`, address: `ip:${address}` };
  }

  /** Runs a store call; a failing store is reported once and treated as "no failures". */
  private async guard<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (!this.warned) console.warn("[api] login throttle store unavailable; not throttling", err);
      this.warned = true;
      return fallback;
    }
  }

  async isBlocked(username: string, address: string): Promise<boolean> {
    const k = this.keys(username, address);
    return this.guard(async () => {
      const [u, a] = await Promise.all([this.store.failures(k.user), this.store.failures(k.address)]);
      return u >= LOGIN_MAX_FAILURES || a >= LOGIN_MAX_FAILURES;
    }, false);
  }

  async recordFailure(username: string, address: string): Promise<void> {
    const k = this.keys(username, address);
    await this.guard(async () => {
      await Promise.all([this.store.recordFailure(k.user), this.store.recordFailure(k.address)]);
    }, undefined);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.guard(() => this.store.reset(this.keys(username, "").user), undefined);
  }
}
