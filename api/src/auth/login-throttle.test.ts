import { describe, expect, it } from "vitest";
import { testLogger } from "@botox/core/testing";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../context.ts";
import { rateLimit } from "../lib/rate-limit.ts";
import { LOGIN_MAX_FAILURES, LOGIN_MAX_PER_ADDRESS, LOGIN_SLOWED_QUEUE, LoginThrottle, MemoryThrottleStore } from "./login-throttle.ts";

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
const tick = () => new Promise((r) => setImmediate(r));

describe("login throttle: slowed attempts on one username run one at a time", () => {
  it("lets one slowed check run at a time across addresses, and refuses those beyond the queue", async () => {
    const throttle = new LoginThrottle(new MemoryThrottleStore(), testLogger());
    const sleeps: { ms: number; wake: () => void }[] = [];
    throttle.sleep = (ms) => {
      const d = deferred();
      sleeps.push({ ms, wake: d.resolve });
      return d.promise;
    };
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await throttle.reserve("admin", `192.0.2.${i}`);
    let checking = 0;
    let peak = 0;
    let checks = 0;
    const check = async () => {
      checking++;
      peak = Math.max(peak, checking);
      checks++;
      await tick();
      checking--;
      return false;
    };
    // 40 addresses at once, each past the free attempts on this username.
    const attempts = await Promise.all(Array.from({ length: 40 }, (_, i) => throttle.reserve("Admin", `198.51.100.${i}`)));
    const runs = attempts.map((r) => (r.allowed ? throttle.slowed("admin", r.delayMs, check) : Promise.resolve(undefined)));
    await tick();
    expect(sleeps).toHaveLength(1); // the others wait their turn, not their own parallel sleep
    while (sleeps.length > 0) {
      sleeps.shift()!.wake();
      await expect.poll(() => sleeps.length > 0 || checking === 0).toBe(true);
      await tick();
    }
    const results = await Promise.all(runs);
    expect(results.filter((r) => r !== undefined)).toHaveLength(LOGIN_SLOWED_QUEUE);
    expect(checks).toBe(LOGIN_SLOWED_QUEUE);
    expect(peak).toBe(1);
  });

  it("runs attempts that need no slow-down at once, side by side", async () => {
    const throttle = new LoginThrottle(new MemoryThrottleStore(), testLogger());
    throttle.sleep = () => Promise.reject(new Error("no sleep expected"));
    const gate = deferred();
    let started = 0;
    const runs = [0, 1, 2].map(() =>
      throttle.slowed("bob", 0, async () => {
        started++;
        await gate.promise;
        return started;
      }),
    );
    await expect.poll(() => started).toBe(3);
    gate.resolve();
    expect((await Promise.all(runs)).map((r) => r?.value)).toEqual([3, 3, 3]);
  });
});

describe("per-address limits count an IPv6 client by its /64", () => {
  it("login throttle: addresses of one /64 share the per-address and per-pair counts", async () => {
    const throttle = new LoginThrottle(new MemoryThrottleStore(), testLogger());
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await throttle.reserve("eve", `2001:db8:5:6::${i + 1}`)).allowed).toBe(true);
    expect((await throttle.reserve("eve", "2001:db8:5:6:ffff:1:2:3")).allowed).toBe(false);
    for (let i = 0; i < LOGIN_MAX_PER_ADDRESS - LOGIN_MAX_FAILURES - 1; i++) await throttle.reserve(`user${i}`, `2001:db8:5:6::a:${i}`);
    expect((await throttle.reserve("zed", "2001:db8:5:6::beef")).allowed).toBe(false);
    // Another /64 is another network.
    expect((await throttle.reserve("zed", "2001:db8:5:7::1")).allowed).toBe(true);
  });

  it("rate limits: a second address of the same /64 finds the limit used up; another /64 does not", async () => {
    const deps = { env: { REDIS_URL: undefined } } as unknown as Deps;
    let ip = "";
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set("deps", deps);
        c.set("clientIp", ip);
        await next();
      })
      .use(rateLimit({ windowMs: 60_000, limit: 2, keyPrefix: "v6-test" }))
      .get("/", (c) => c.text("ok"));
    const from = async (address: string) => {
      ip = address;
      return (await app.request("/")).status;
    };
    expect(await from("2001:db8:1:2::1")).toBe(200);
    expect(await from("2001:db8:1:2:aaaa::9")).toBe(200);
    expect(await from("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(429);
    expect(await from("2001:db8:1:3::1")).toBe(200);
    expect(await from("198.51.100.7")).toBe(200);
  });
});
