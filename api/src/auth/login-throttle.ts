/**
 * Login throttle. Every attempt is *reserved* before the password is checked (one atomic
 * increment), so a burst of simultaneous guesses cannot all pass a "check, verify, count"
 * gap; a success clears the counters it touched.
 *
 * - per username + address: at most 5 attempts per 15 minutes, then 429 with Retry-After;
 * - per address (any usernames): at most 20, then 429 with Retry-After;
 * - per username alone (any addresses): never a hard lock (anyone could lock the real admin
 *   out by guessing from elsewhere); past 5 attempts each further one waits longer first
 *   (0.5 s doubling, at most 8 s), which with the bounded argon2 verifications keeps a
 *   distributed guess slow while the admin still signs in. These slowed attempts run one at a
 *   time per username (`slowed`): run side by side, 40 addresses got 29 password checks in
 *   8.5 s; in a line, each waits its turn, and at most LOGIN_SLOWED_QUEUE wait (more get 429).
 * - a known device (the signed `login_device` cookie from an earlier successful login of this
 *   username, decision 232) has a lane of its own: it is neither counted on the username nor
 *   slowed by others' guesses, so the owner signs in during a distributed guess at once. Its own
 *   wrong attempts are counted per device; past LOGIN_MAX_FAILURES it is treated as unknown.
 *
 * "Address" is the client's per-visitor key (addressKey): an IPv4 address, an IPv6 /64.
 *
 * In memory by default; with REDIS_URL the counters live in Redis so several API instances
 * share them. An unreachable Redis fails open (logged): argon2id keeps each guess slow.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Logger } from "@botox/core/logger";
import { addressKey } from "@botox/core/network";
import type { ApiEnv } from "../env.ts";
import { errorSummary } from "../lib/logger.ts";
import { sharedRedis, type RedisConnections } from "../lib/redis.ts";

/** @internal Exported for its tests. */
export const LOGIN_MAX_FAILURES = 5;
/** @internal Exported for its tests. */
export const LOGIN_MAX_PER_ADDRESS = 20;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_SLOWDOWN_BASE_MS = 500;
const LOGIN_SLOWDOWN_MAX_MS = 8_000;
/**
 * Slowed attempts on one username that may wait their turn at once (in one process).
 * @internal Exported for its tests.
 */
export const LOGIN_SLOWED_QUEUE = 4;

interface Hit {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface ThrottleStore {
  /** Counts one attempt atomically and answers the count including it. */
  hit(key: string): Promise<Hit>;
  reset(key: string): Promise<void>;
}

/** @internal Exported for its tests. */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(windowMs = LOGIN_WINDOW_MS, now: () => number = Date.now) {
    this.windowMs = windowMs;
    this.now = now;
  }

  // Synchronous read-modify-write: no await between them, so concurrent requests cannot interleave.
  async hit(key: string): Promise<Hit> {
    const now = this.now();
    let e = this.entries.get(key);
    if (!e || e.resetAt <= now) {
      e = { count: 0, resetAt: now + this.windowMs };
      this.entries.set(key, e);
    }
    e.count += 1;
    if (this.entries.size > 50_000) this.sweep(now);
    return { count: e.count, resetInMs: e.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private sweep(now: number) {
    for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
  }
}

// INCR and the window's expiry in one script, so the two can never be separated.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/**
 * Fixed window in Redis.
 * @internal Exported for its tests.
 */
export class RedisThrottleStore implements ThrottleStore {
  private readonly url: string;
  private readonly connections: RedisConnections;
  private readonly windowMs: number;

  constructor(url: string, connections: RedisConnections, windowMs = LOGIN_WINDOW_MS) {
    this.url = url;
    this.connections = connections;
    this.windowMs = windowMs;
  }

  async hit(key: string): Promise<Hit> {
    const [count, ttl] = (await sharedRedis(this.connections, this.url).eval(HIT_SCRIPT, 1, `login-attempt:${key}`, String(this.windowMs))) as [number, number];
    return { count: Number(count), resetInMs: Number(ttl) };
  }

  async reset(key: string): Promise<void> {
    await sharedRedis(this.connections, this.url).del(`login-attempt:${key}`);
  }
}

export function createThrottleStore(env: ApiEnv, redis: RedisConnections): ThrottleStore {
  return env.REDIS_URL ? new RedisThrottleStore(env.REDIS_URL, redis) : new MemoryThrottleStore();
}

/** `deviceLane`: the attempt ran in a known device's own lane (not counted on the username). */
export type Reservation = { allowed: true; delayMs: number; deviceLane?: true } | { allowed: false; retryAfterSeconds: number };

/** The cookie naming a device that signed in before (its own lane in the throttle). */
export const LOGIN_DEVICE_COOKIE = "login_device";
export const LOGIN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

const deviceMac = (secret: string, username: string, id: string) =>
  createHmac("sha256", secret).update(`login-device\0${username.toLowerCase()}\0${id}`).digest("base64url");

/** A new device token for this username: a random id and its keyed MAC ("id.mac"). */
export function issueDeviceToken(secret: string, username: string): string {
  const id = randomBytes(16).toString("base64url");
  return `${id}.${deviceMac(secret, username, id)}`;
}

/** The device id when `token` was issued by this server for this username, else undefined. */
export function knownDeviceId(secret: string, username: string, token: string | undefined): string | undefined {
  if (!token) return undefined;
  const [id = "", mac = "", ...rest] = token.split(".");
  if (rest.length > 0 || !DEVICE_ID.test(id)) return undefined;
  const expected = Buffer.from(deviceMac(secret, username, id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

/**
 * The wait before checking the n-th attempt on one username from any addresses.
 * @internal Exported for its tests.
 */
export function slowdownFor(count: number): number {
  if (count <= LOGIN_MAX_FAILURES) return 0;
  return Math.min(LOGIN_SLOWDOWN_BASE_MS * 2 ** (count - LOGIN_MAX_FAILURES - 1), LOGIN_SLOWDOWN_MAX_MS);
}

export class LoginThrottle {
  private readonly store: ThrottleStore;
  private readonly logger: Logger;
  private warned = false;
  /** Replaceable in tests, so slow-downs take no real time. */
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  constructor(store: ThrottleStore, logger: Logger) {
    this.store = store;
    this.logger = logger;
  }

  /** Per username: the end of the line of slowed attempts, and how many are in it. */
  private readonly lanes = new Map<string, { tail: Promise<void>; queued: number }>();

  private keys(username: string, address: string, deviceId?: string) {
    const user = username.toLowerCase();
    const network = addressKey(address);
    return {
      pair: `pair:${network}|${user}`,
      address: `ip:${network}`,
      user: `user:${user}`,
      device: deviceId ? `device:${deviceId}|${user}` : undefined,
    };
  }

  /**
   * Runs an attempt's slow-down and password check. A slowed attempt (delayMs > 0) waits for
   * the slowed attempts on the same username before it, so their waits add up instead of
   * overlapping; undefined (refuse it) when LOGIN_SLOWED_QUEUE already wait.
   */
  async slowed<T>(username: string, delayMs: number, check: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (delayMs <= 0) return { value: await check() };
    const user = username.toLowerCase();
    let lane = this.lanes.get(user);
    if (!lane) this.lanes.set(user, (lane = { tail: Promise.resolve(), queued: 0 }));
    if (lane.queued >= LOGIN_SLOWED_QUEUE) return undefined;
    lane.queued += 1;
    const previous = lane.tail;
    let done!: () => void;
    lane.tail = new Promise<void>((resolve) => (done = resolve));
    try {
      await previous;
      await this.sleep(delayMs);
      return { value: await check() };
    } finally {
      done();
      if (--lane.queued === 0) this.lanes.delete(user);
    }
  }

  /** Runs a store call; a failing store is reported once and treated as "no attempts". */
  private async guard<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (!this.warned) this.logger.warn({ error: errorSummary(err) }, "login throttle store unavailable; not throttling");
      this.warned = true;
      return fallback;
    }
  }

  /**
   * Counts this attempt before its password is checked; refuses it past a limit. `deviceId`
   * (a verified login_device cookie) puts the attempt in that device's own lane.
   */
  async reserve(username: string, address: string, deviceId?: string): Promise<Reservation> {
    const k = this.keys(username, address, deviceId);
    return this.guard<Reservation>(
      async () => {
        const [pair, addr] = await Promise.all([this.store.hit(k.pair), this.store.hit(k.address)]);
        const over = [pair.count > LOGIN_MAX_FAILURES ? pair : null, addr.count > LOGIN_MAX_PER_ADDRESS ? addr : null].filter((h) => h !== null);
        if (over.length > 0) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...over.map((h) => h.resetInMs)) / 1000)) };
        }
        // The device's own lane while its own failures stay under the limit.
        if (k.device && (await this.store.hit(k.device)).count <= LOGIN_MAX_FAILURES) return { allowed: true, delayMs: 0, deviceLane: true };
        return { allowed: true, delayMs: slowdownFor((await this.store.hit(k.user)).count) };
      },
      { allowed: true, delayMs: 0 },
    );
  }

  /**
   * A correct password clears what this address and device had counted, and the username's
   * count too unless it came through the device's lane: others' guesses stay slowed then.
   */
  async recordSuccess(username: string, address: string, deviceId?: string, deviceLane = false): Promise<void> {
    const k = this.keys(username, address, deviceId);
    await this.guard(async () => {
      const cleared = [k.pair, k.address, k.device, deviceLane ? undefined : k.user];
      await Promise.all(cleared.flatMap((key) => (key ? [this.store.reset(key)] : [])));
    }, undefined);
  }
}

/**
 * At most `limit` argon2 verifications run at once (each takes a core for tens of ms), and
 * at most `queueLimit` wait; beyond that the attempt is refused rather than queued, so a
 * login burst cannot starve everything else the process serves.
 */
export class VerificationGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly limit: number;
  private readonly queueLimit: number;

  constructor(limit = 1, queueLimit = 16) {
    this.limit = limit;
    this.queueLimit = queueLimit;
  }

  /** Runs work inside the gate; undefined when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.active >= this.limit) {
      if (this.waiting.length >= this.queueLimit) return undefined;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return { value: await work() };
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` never overshoots.
      if (next) next();
      else this.active -= 1;
    }
  }

  get running(): number {
    return this.active;
  }
}
