import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testLogger } from "@botox/core/testing";
import { MSG } from "@botox/core";
import { adminUsers, hashPassword, sessions } from "@botox/db";
import { ORIGIN, createAdminTestContext, sessionCookieOf, type AdminTestContext } from "../../test/admin-app.ts";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import {
  LOGIN_DEVICE_COOKIE,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_PER_ADDRESS,
  LOGIN_SLOWED_QUEUE,
  LoginThrottle,
  MemoryThrottleStore,
  VerificationGate,
  issueDeviceToken,
  knownDeviceId,
  slowdownFor,
} from "../../auth/login-throttle.ts";
import { socketEnv } from "../../test/public-app.ts";
import { throttleFor } from "../../auth/password-check.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../auth/session.ts";
import { hashToken } from "../../lib/token-hash.ts";
import { createApp } from "../../app.ts";
import { readApiEnv } from "../../env.ts";

// Two apps on one database: failed logins in `throttled` must not throttle the other's address.
let t: AdminTestContext;
let throttled: AdminTestContext;
beforeAll(async () => {
  t = await createAdminTestContext();
  throttled = await createAdminTestContext();
});
afterAll(async () => {
  await Promise.all([t?.close(), throttled?.close()]);
});

const tokenOf = (cookie: string) => cookie.slice("session=".length);

describe("POST /login", () => {
  it("signs in, sets a hardened cookie and stores only the token's hash", async () => {
    const res = await t.request("POST", "/login", { body: { username: t.username, password: t.password } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { username: string }; expiresAt: string };
    expect(body.user.username).toBe(t.username);
    const expiresIn = new Date(body.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(SESSION_IDLE_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(SESSION_IDLE_MS);

    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // localhost only
    const token = tokenOf(sessionCookieOf(res));
    expect(token).toMatch(/^[a-z2-7]{32}$/);

    const rows = await t.db.db.select().from(sessions);
    expect(rows.some((r) => r.id === hashToken(token))).toBe(true);
    expect(rows.some((r) => r.id === token)).toBe(false);
  });

  it("issues a new token at every login", async () => {
    const a = await t.login();
    const b = await t.login();
    expect(a).not.toBe(b);
  });

  it("marks the cookie Secure from configuration, whatever the Host header says", async () => {
    const login = (env: Record<string, string>, url: string) =>
      createApp({ ...t.deps, env: readApiEnv({ NODE_ENV: "test", ALLOWED_ORIGINS: "https://admin.example.test", ...env }) }).request(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://admin.example.test" },
        body: JSON.stringify({ username: t.username, password: t.password }),
      });
    // Behind a proxy that forwards `Host: 127.0.0.1`, a production cookie keeps Secure.
    const configured: Record<string, string>[] = [{ PUBLIC_API_URL: "https://api.example.test/api/v1" }, { NODE_ENV: "production" }];
    for (const env of configured) {
      const res = await login(env, "http://127.0.0.1/api/v1/login");
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toMatch(/; Secure/);
      expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/);
    }
    // Plain-http development stays usable even when the Host header names another machine.
    const dev = await login({}, "https://api.example.test/api/v1/login");
    expect(dev.headers.get("set-cookie")).not.toMatch(/; Secure/);
  });

  it("answers 400 with the spec's message when a field is missing", async () => {
    for (const body of [{}, { username: t.username }, { username: "", password: "x" }]) {
      const res = await t.request("POST", "/login", { body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: MSG.admin.loginRequired });
    }
  });

  it("answers 401 alike for a wrong password and an unknown user", async () => {
    const wrong = await throttled.request("POST", "/login", { body: { username: t.username, password: "nope" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: MSG.admin.invalidLogin });
    const unknown = await throttled.request("POST", "/login", { body: { username: "nobody-here", password: "nope" } });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: MSG.admin.invalidLogin });
  });

  it("throttles after 5 attempts of one username from one address, even with the right password", async () => {
    const username = "throttled-user";
    const password = "correct horse";
    await throttled.db.db.insert(adminUsers).values({ username, passwordHash: await hashPassword(password) });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const res = await throttled.request("POST", "/login", { body: { username, password: "bad" } });
      expect(res.status).toBe(401);
    }
    const blocked = await throttled.request("POST", "/login", { body: { username, password } });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: MSG.admin.loginThrottled });
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("LoginThrottle", () => {
  it("refuses the 6th attempt of one username from one address, and the 21st of one address on any usernames", async () => {
    const throttle = new LoginThrottle(new MemoryThrottleStore(), testLogger());
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await throttle.reserve("Alice", "10.0.0.1")).allowed).toBe(true);
    const refused = await throttle.reserve("alice", "10.0.0.1");
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(800);
    // The same username from elsewhere is slowed down, never refused.
    const elsewhere = await throttle.reserve("alice", "10.0.0.2");
    expect(elsewhere).toEqual({ allowed: true, delayMs: expect.any(Number) });
    expect(elsewhere.allowed && elsewhere.delayMs).toBeGreaterThan(0);
    for (let i = 0; i < LOGIN_MAX_PER_ADDRESS; i++) await throttle.reserve(`user${i}`, "10.0.0.50");
    expect((await throttle.reserve("carol", "10.0.0.50")).allowed).toBe(false);
    await throttle.recordSuccess("alice", "10.0.0.1");
    expect(await throttle.reserve("alice", "10.0.0.1")).toEqual({ allowed: true, delayMs: 0 });
  });

  it("forgets attempts when the window ends", async () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(new MemoryThrottleStore(60_000, () => now), testLogger());
    for (let i = 0; i <= LOGIN_MAX_FAILURES; i++) await throttle.reserve("dave", "10.0.1.1");
    expect((await throttle.reserve("dave", "10.0.1.1")).allowed).toBe(false);
    now += 60_001;
    expect((await throttle.reserve("dave", "10.0.1.1")).allowed).toBe(true);
  });

  it("slows a username down more with each attempt past the limit, capped", () => {
    expect(slowdownFor(LOGIN_MAX_FAILURES)).toBe(0);
    expect(slowdownFor(LOGIN_MAX_FAILURES + 1)).toBe(500);
    expect(slowdownFor(LOGIN_MAX_FAILURES + 2)).toBe(1000);
    expect(slowdownFor(1000)).toBe(8000);
  });
});

describe("VerificationGate", () => {
  it("runs at most `limit` at once and refuses past a full queue", async () => {
    const gate = new VerificationGate(2, 3);
    let peak = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      new Promise<number>((resolve) => {
        peak = Math.max(peak, gate.running);
        releases.push(() => resolve(1));
      });
    const runs = Array.from({ length: 5 }, () => gate.run(work));
    expect(await gate.run(work)).toBeUndefined(); // 2 running + 3 waiting: the 6th is refused
    while (releases.length > 0 || peak === 0) {
      await new Promise((r) => setImmediate(r));
      releases.shift()?.();
    }
    expect((await Promise.all(runs)).every((r) => r?.value === 1)).toBe(true);
    expect(peak).toBeLessThanOrEqual(2);
  });
});

describe("login attacks", () => {
  const loginFrom = (ctx: AdminTestContext, ip: string, body: { username: string; password: string }, cookie?: string) =>
    ctx.app.request(
      "/api/v1/login",
      { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) },
      socketEnv(ip),
    );
  const newAdmin = async (ctx: AdminTestContext) => {
    const username = `victim-${randomBytes(4).toString("hex")}`;
    const password = "correct horse battery";
    await ctx.db.db.insert(adminUsers).values({ username, passwordHash: await hashPassword(password) });
    return { username, password };
  };

  it("a simultaneous burst from one address gets 5 real checks; the right password inside it is refused too", async () => {
    const { username, password } = await newAdmin(throttled);
    const burst = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => loginFrom(throttled, "198.51.100.10", { username, password: i === 20 ? password : `wrong-${i}` })),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_MAX_FAILURES);
    expect(statuses[20]).toBe(429);
    expect(Number(burst.find((r) => r.status === 429)?.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("wrong passwords from one address do not lock the admin out elsewhere: 429 with Retry-After there, slowed down here", async () => {
    const { username, password } = await newAdmin(throttled);
    const waits: number[] = [];
    throttleFor(throttled.deps).sleep = async (ms) => void waits.push(ms);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await loginFrom(throttled, "198.51.100.20", { username, password: "bad" })).status).toBe(401);
    const attacker = await loginFrom(throttled, "198.51.100.20", { username, password });
    expect(attacker.status).toBe(429);
    expect(await attacker.json()).toEqual({ error: MSG.admin.loginThrottled });
    expect(Number(attacker.headers.get("retry-after"))).toBeGreaterThan(60);

    const admin = await loginFrom(throttled, "203.0.113.99", { username, password });
    expect(admin.status).toBe(200);
    expect(waits.length).toBeGreaterThan(0); // the username was slowed down, not blocked
  });

  it("40 addresses guessing one username at once get their slowed checks one at a time, at most LOGIN_SLOWED_QUEUE of them", async () => {
    const { username } = await newAdmin(throttled);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await loginFrom(throttled, `192.0.2.${i}`, { username, password: "bad" })).status).toBe(401);
    const sleeps: (() => void)[] = [];
    throttleFor(throttled.deps).sleep = () => new Promise<void>((resolve) => sleeps.push(resolve));
    const answered: number[] = [];
    const burst = Array.from({ length: 40 }, (_, i) =>
      Promise.resolve(loginFrom(throttled, `198.51.100.${100 + i}`, { username, password: `guess-${i}` })).then((r) => (answered.push(r.status), r)),
    );
    // Those beyond the line are refused at once; of the rest only the first is waiting out its slow-down.
    await expect.poll(() => answered.length).toBe(40 - LOGIN_SLOWED_QUEUE);
    expect(answered.every((s) => s === 429)).toBe(true);
    expect(sleeps).toHaveLength(1);
    while (answered.length < 40) {
      await expect.poll(() => sleeps.length).toBe(1);
      sleeps.shift()!();
      const before = answered.length;
      await expect.poll(() => answered.length).toBe(before + 1);
    }
    const statuses = (await Promise.all(burst)).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_SLOWED_QUEUE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_SLOWED_QUEUE);
  });

  const deviceCookieOf = (res: Response) => {
    const m = new RegExp(`${LOGIN_DEVICE_COOKIE}=([^;]+)`).exec(res.headers.get("set-cookie") ?? "");
    return m ? `${LOGIN_DEVICE_COOKIE}=${m[1]}` : undefined;
  };

  it("a successful login marks the device with a signed HttpOnly cookie for that username only", async () => {
    const { username, password } = await newAdmin(throttled);
    const res = await loginFrom(throttled, "203.0.113.40", { username, password });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(new RegExp(`${LOGIN_DEVICE_COOKIE}=[^;]+;.*HttpOnly`));
    expect(setCookie).toMatch(/SameSite=Strict/);
    const token = deviceCookieOf(res)!.slice(LOGIN_DEVICE_COOKIE.length + 1);
    const secret = throttled.deps.secret;
    expect(knownDeviceId(secret, username, token)).toBeDefined();
    expect(knownDeviceId(secret, username.toUpperCase(), token)).toBeDefined();
    expect(knownDeviceId(secret, "someone-else", token)).toBeUndefined();
    expect(knownDeviceId("another secret", username, token)).toBeUndefined();
    const [id, mac] = token.split(".");
    expect(knownDeviceId(secret, username, `${id}.${mac!.slice(0, -2)}AA`)).toBeUndefined();
    expect(knownDeviceId(secret, username, `${id}.${mac}.x`)).toBeUndefined();
    expect(knownDeviceId(secret, username, "")).toBeUndefined();
    // A known device is not marked again.
    const again = await loginFrom(throttled, "203.0.113.41", { username, password }, deviceCookieOf(res));
    expect(again.status).toBe(200);
    expect(deviceCookieOf(again)).toBeUndefined();
  });

  it("a distributed guess (one wrong password every 0.7 s, each from a new address, for 60 s) never keeps the owner's known device out", async () => {
    const { username, password } = await newAdmin(throttled);
    const device = deviceCookieOf(await loginFrom(throttled, "203.0.113.50", { username, password }));
    expect(device).toBeDefined();
    // A fake clock: the throttle's slow-downs wait on it, and the test moves it on.
    let now = 0;
    const timers: { at: number; fire: () => void }[] = [];
    const who = new AsyncLocalStorage<"owner">();
    let ownerSlept = 0;
    let ownerQueued = 0;
    let onOwnerQueued = () => {};
    const throttle = throttleFor(throttled.deps);
    throttle.sleep = (ms) => {
      if (who.getStore() === "owner") ownerSlept += ms;
      return new Promise<void>((fire) => timers.push({ at: now + ms, fire }));
    };
    const slowed = throttle.slowed.bind(throttle);
    throttle.slowed = (user, delayMs, check) => {
      if (who.getStore() === "owner" && delayMs > 0) {
        ownerQueued += 1;
        onOwnerQueued();
      }
      return slowed(user, delayMs, check);
    };
    const advance = (ms: number) => {
      now += ms;
      for (const timer of timers.filter((x) => x.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.fire();
      }
    };
    try {
      const guesses: Promise<Response>[] = [];
      const owner: { status: number; at: number; answeredAt: number }[] = [];
      for (let step = 0; now < 60_000; step++) {
        guesses.push(Promise.resolve(loginFrom(throttled, `198.51.${100 + (step >> 8)}.${step & 255}`, { username, password: `guess-${step}` })));
        // The owner signs in every 5.6 s, from a new address each time, while the guesses wait their turn.
        if (step % 8 === 7) {
          const at = now;
          const attempt = Promise.resolve(who.run("owner", () => loginFrom(throttled, `203.0.113.${60 + step / 8}`, { username, password }, device)));
          // Put in the line, it would wait for the clock: note that and let it finish with the guesses.
          const res = await Promise.race([attempt, new Promise<undefined>((resolve) => (onOwnerQueued = () => resolve(undefined)))]);
          if (!res) guesses.push(attempt);
          owner.push({ status: res?.status ?? 0, at, answeredAt: now });
        }
        advance(700);
        await new Promise((r) => setImmediate(r));
      }
      expect(owner.length).toBeGreaterThanOrEqual(10);
      expect(owner.every((o) => o.status === 200)).toBe(true);
      // The clock never moved while the owner waited: no slow-down and no place in the line.
      expect(owner.every((o) => o.answeredAt - o.at <= 5_000)).toBe(true);
      expect([ownerSlept, ownerQueued]).toEqual([0, 0]);
      // The guesses themselves stayed slowed: at most a line's worth of them were ever checked at once.
      let settled = 0;
      for (const g of guesses) void g.then(() => (settled += 1));
      // Each guess in the line sleeps only once the one before it is answered: move the clock on until all are.
      while (settled < guesses.length) {
        advance(10_000);
        await new Promise((r) => setTimeout(r, 5));
      }
      const statuses = (await Promise.all(guesses)).map((r) => r.status);
      expect(statuses.every((st) => st === 401 || st === 429 || st === 200)).toBe(true);
      expect(statuses.filter((st) => st === 429).length).toBeGreaterThan(statuses.length / 2);
    } finally {
      throttle.slowed = slowed;
    }
  });

  it("a known device's own wrong passwords are limited: past the limit it waits in the username's line like any other", async () => {
    const { username, password } = await newAdmin(throttled);
    const device = deviceCookieOf(await loginFrom(throttled, "203.0.113.80", { username, password }));
    const waits: number[] = [];
    throttleFor(throttled.deps).sleep = async (ms) => void waits.push(ms);
    // Others' guesses have slowed the username down.
    for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i++) await loginFrom(throttled, `198.51.110.${i}`, { username, password: "bad" });
    waits.length = 0;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await loginFrom(throttled, `203.0.113.${90 + i}`, { username, password: "bad" }, device)).status).toBe(401);
    }
    expect(waits).toEqual([]);
    // A forged device cookie, and the real one past its own limit, get the username's slow-down.
    const forged = `${LOGIN_DEVICE_COOKIE}=${issueDeviceToken("not the app secret", username)}`;
    expect((await loginFrom(throttled, "203.0.113.100", { username, password: "bad" }, forged)).status).toBe(401);
    expect(waits).toHaveLength(1);
    expect((await loginFrom(throttled, "203.0.113.101", { username, password }, device)).status).toBe(200);
    expect(waits).toHaveLength(2);
  });

  it("a new login ends the session the browser held before", async () => {
    const first = await t.login();
    const res = await loginFrom(t, "203.0.113.7", { username: t.username, password: t.password }, first);
    expect(res.status).toBe(200);
    expect((await t.request("GET", "/stats", { cookie: first })).status).toBe(401);
    expect((await t.request("GET", "/stats", { cookie: sessionCookieOf(res) })).status).toBe(200);
  });
});

describe("sessions on admin routes", () => {
  it("accept a valid session", async () => {
    const cookie = await t.login();
    const res = await t.request("GET", "/stats", { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", apiVersion: "1", totalClinics: expect.any(Number), unreadMessages: 0 });
  });

  it("reject no cookie, a tampered token and an unknown token with 401", async () => {
    const cookie = await t.login();
    const token = tokenOf(cookie);
    const tampered = `session=${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`;
    for (const c of [undefined, tampered, "session=not-a-token", "session="]) {
      const res = await t.request("GET", "/stats", { cookie: c });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: MSG.api.unauthorized });
    }
  });

  it("reject an idle-expired session and delete it", async () => {
    const cookie = await t.login();
    const id = hashToken(tokenOf(cookie));
    await t.db.sql`update sessions set expires_at = now() - interval '1 second' where id = ${id}`;
    expect((await t.request("GET", "/stats", { cookie })).status).toBe(401);
    expect(await t.db.sql`select 1 from sessions where id = ${id}`).toHaveLength(0);
  });

  it("reject a session past its absolute lifetime even if its idle expiry is ahead", async () => {
    const cookie = await t.login();
    const id = hashToken(tokenOf(cookie));
    const created = new Date(Date.now() - SESSION_ABSOLUTE_MS - 1000);
    await t.db.sql`update sessions set created_at = ${created.toISOString()}::timestamptz, expires_at = now() + interval '1 hour' where id = ${id}`;
    expect((await t.request("GET", "/stats", { cookie })).status).toBe(401);
  });

  it("extend the idle expiry once more than half of it is used, never past the absolute cap", async () => {
    const cookie = await t.login();
    const id = hashToken(tokenOf(cookie));
    await t.db.sql`update sessions set expires_at = now() + interval '1 hour' where id = ${id}`;
    const res = await t.request("GET", "/stats", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/session=/);
    const [row] = await t.db.sql<{ expires_at: Date }[]>`select expires_at from sessions where id = ${id}`;
    expect(new Date(row!.expires_at).getTime()).toBeGreaterThan(Date.now() + SESSION_IDLE_MS - 60_000);

    const created = new Date(Date.now() - SESSION_ABSOLUTE_MS + 30 * 60_000);
    await t.db.sql`update sessions set created_at = ${created.toISOString()}::timestamptz, expires_at = now() + interval '10 minutes' where id = ${id}`;
    expect((await t.request("GET", "/stats", { cookie })).status).toBe(200);
    const [capped] = await t.db.sql<{ expires_at: Date }[]>`select expires_at from sessions where id = ${id}`;
    expect(new Date(capped!.expires_at).getTime()).toBeLessThanOrEqual(created.getTime() + SESSION_ABSOLUTE_MS + 1000);
  });

  it("reject the token after logout, which deletes the session and clears the cookie", async () => {
    const cookie = await t.login();
    const out = await t.request("POST", "/logout", { cookie });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    expect(out.headers.get("set-cookie")).toMatch(/session=;.*Max-Age=0/);
    expect(await t.db.sql`select 1 from sessions where id = ${hashToken(tokenOf(cookie))}`).toHaveLength(0);
    expect((await t.request("GET", "/stats", { cookie })).status).toBe(401);
  });
});

describe("npm start on other ports", () => {
  // Builds a second app and database inside the test: bounded for a loaded machine.
  it("lets the admin on its moved port sign in; the fixed default origins would refuse it", { timeout: 180_000 }, async () => {
    const ports = { PORT: "9100", SITE_PORT: "9200" };
    // The origins npm start derives for ADMIN_PORT 9300 (scripts/env.ts localProductUrls, checked in scripts/env.test.ts).
    const derived = { ALLOWED_ORIGINS: "http://localhost:9200,http://localhost:9300,http://127.0.0.1:9200,http://127.0.0.1:9300" };
    const moved = await createAdminTestContext({ ...ports, ...derived });
    const fixed = await createAdminTestContext(ports);
    try {
      const login = (ctx: AdminTestContext) =>
        ctx.app.request(
          "/api/v1/login",
          {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: "http://localhost:9300" },
            body: JSON.stringify({ username: ctx.username, password: ctx.password }),
          },
          socketEnv("203.0.113.77"),
        );
      expect((await login(moved)).status).toBe(200);
      expect((await login(fixed)).status).toBe(403);
    } finally {
      await Promise.all([moved.close(), fixed.close()]);
    }
  });
});
