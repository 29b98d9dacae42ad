/**
 * Rate limits and the login throttle shared through Redis (REDIS_URL): two apps standing for
 * two API instances share their counters, and an unreachable Redis lets requests through.
 * Needs the Redis at REDIS_TEST_URL (default redis://127.0.0.1:6379); skipped when none answers.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import type { Logger } from "@botox/core/logger";
import { recordingLogger } from "@botox/core/testing";
import { adminUsers, hashPassword } from "@botox/db";
import { createApp } from "../app.ts";
import { readApiEnv } from "../env.ts";
import { LOGIN_DEVICE_COOKIE, LOGIN_MAX_FAILURES, RedisThrottleStore } from "../auth/login-throttle.ts";
import { throttleFor } from "../auth/password-check.ts";
import { closeRedisConnections } from "./redis.ts";
import { createPublicTestContext, socketEnv, TEST_ORIGIN, type PublicTestContext } from "../test/public-app.ts";
import { redisAnswers } from "../test/redis.ts";

const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

const available = await redisAnswers(REDIS_URL);

let t: PublicTestContext;
let redis: Redis;
/** Unique per run, so parallel or repeated runs never share a window. */
const run = randomBytes(4).toString("hex");
const ip = `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

beforeAll(async () => {
  t = await createPublicTestContext();
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  const keys = [...(await redis.keys(`rl:*${ip}`)), ...(await redis.keys(`login-attempt:*${run}*`))];
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await closeRedisConnections(t.deps.state.redis);
  await t?.close();
});

/** A new app (an "instance") on the same database, with its own in-process state. */
const instance = (env: Record<string, string>, logger: Logger = t.deps.logger) =>
  createApp({ ...t.deps, env: readApiEnv({ NODE_ENV: "test", ...env }), logger });
const post = (app: ReturnType<typeof instance>, path: string, body: unknown, from = ip, cookie?: string) =>
  app.request(
    `/api/v1${path}`,
    { method: "POST", headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) },
    socketEnv(from),
  );

describe.skipIf(!available)("with REDIS_URL", () => {
  it("two instances share one address's newsletter limit (5 a minute)", async () => {
    const a = instance({ REDIS_URL });
    const b = instance({ REDIS_URL });
    for (let i = 0; i < 5; i++) expect((await post(i % 2 ? a : b, "/newsletter/subscribe", { email: `shared${i}-${run}@example.com` })).status).toBe(200);
    const limited = await post(a, "/newsletter/subscribe", { email: `shared5-${run}@example.com` });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: MSG.api.rateLimited });
    expect(Number(await redis.get(`rl:newsletter:${ip}`))).toBe(6);
    // Another address, and an instance without Redis, keep counters of their own.
    expect((await post(b, "/newsletter/subscribe", { email: `other-${run}@example.com` }, "198.18.255.254")).status).toBe(200);
    expect((await post(instance({}), "/newsletter/subscribe", { email: `local-${run}@example.com` })).status).toBe(200);
  });

  it("two instances share the login throttle, counted atomically", async () => {
    const username = `throttle-${run}`;
    await t.db.db.insert(adminUsers).values({ username, passwordHash: await hashPassword("right password") });
    const a = instance({ REDIS_URL });
    const b = instance({ REDIS_URL });
    const from = `198.18.200.${randomBytes(1)[0]}`;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await post(i % 2 ? a : b, "/login", { username, password: "wrong" }, from)).status).toBe(401);
    }
    const blocked = await post(a, "/login", { username, password: "right password" }, from);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: MSG.admin.loginThrottled });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(60);

    const store = new RedisThrottleStore(REDIS_URL, t.deps.state.redis, 60_000);
    const key = `burst-${run}`;
    const hits = await Promise.all(Array.from({ length: 30 }, () => store.hit(key)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(Math.min(...hits.map((h) => h.resetInMs))).toBeGreaterThan(50_000);
  });
});

describe.skipIf(!available)("with REDIS_URL, a known device", () => {
  it("keeps its own lane on every instance: the owner is not slowed by guesses counted through Redis", async () => {
    const username = `device-${run}`;
    await t.db.db.insert(adminUsers).values({ username, passwordHash: await hashPassword("right password") });
    const depsA = { ...t.deps, env: readApiEnv({ NODE_ENV: "test", REDIS_URL }) };
    const depsB = { ...t.deps, env: readApiEnv({ NODE_ENV: "test", REDIS_URL }) };
    const [a, b] = [createApp(depsA), createApp(depsB)];
    const waits: number[] = [];
    throttleFor(depsA).sleep = async (ms) => void waits.push(ms);
    throttleFor(depsB).sleep = async (ms) => void waits.push(ms);
    const signedIn = await post(a, "/login", { username, password: "right password" }, "198.18.210.1");
    expect(signedIn.status).toBe(200);
    const device = /login_device=[^;]+/.exec(signedIn.headers.get("set-cookie") ?? "")?.[0];
    expect(device).toMatch(new RegExp(`^${LOGIN_DEVICE_COOKIE}=`));
    // Guesses from new addresses on both instances slow the username down for everyone else.
    for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i++) await post(i % 2 ? a : b, "/login", { username, password: "wrong" }, `198.18.211.${i}`);
    expect(waits.length).toBeGreaterThan(0);
    waits.length = 0;
    expect((await post(b, "/login", { username, password: "right password" }, "198.18.212.1", device)).status).toBe(200);
    expect(waits).toEqual([]);
    // The username's count survived the owner's sign-in: the next guess is still slowed.
    await post(a, "/login", { username, password: "wrong" }, "198.18.213.1");
    expect(waits.length).toBe(1);
  });
});

describe("with REDIS_URL pointing at no Redis", () => {
  it("lets public writes and logins through, warning once, rather than failing", async () => {
    const logger = recordingLogger();
    const app = instance({ REDIS_URL: "redis://127.0.0.1:1" }, logger);
    for (let i = 0; i < 7; i++) expect((await post(app, "/newsletter/subscribe", { email: `open${i}-${run}@example.com` }, "198.18.201.1")).status).toBe(200);
    expect((await post(app, "/login", { username: "nobody", password: "wrong" }, "198.18.201.1")).status).toBe(401);
    expect(logger.lines.map((l) => `${l.level} ${l.message}`)).toEqual([
      "warn rate-limit store unavailable; not limiting",
      "warn login throttle store unavailable; not throttling",
    ]);
  });
});
