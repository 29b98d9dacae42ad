import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { adminUsers, hashPassword, sessions } from "@botox/db";
import { createAdminTestContext, sessionCookieOf, type AdminTestContext } from "../../auth/test-helpers.ts";
import { LOGIN_MAX_FAILURES, LoginThrottle, MemoryThrottleStore } from "../../auth/login-throttle.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, hashToken } from "../../auth/session.ts";
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

  it("marks the cookie Secure outside localhost", async () => {
    const app = createApp({ ...t.deps, env: readApiEnv({ NODE_ENV: "test", ALLOWED_ORIGINS: "https://admin.example.test" }) });
    const res = await app.request("https://api.example.test/api/v1/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://admin.example.test" },
      body: JSON.stringify({ username: t.username, password: t.password }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/; Secure/);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/);
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

  it("throttles after 5 failures (2 above), even with the right password", async () => {
    const username = "throttled-user";
    const password = "correct horse";
    await throttled.db.db.insert(adminUsers).values({ username, passwordHash: await hashPassword(password) });
    for (let i = 0; i < 3; i++) {
      const res = await throttled.request("POST", "/login", { body: { username, password: "bad" } });
      expect(res.status).toBe(401);
    }
    const blocked = await throttled.request("POST", "/login", { body: { username, password } });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: MSG.admin.loginThrottled });
  });
});

describe("LoginThrottle", () => {
  it("blocks a username after 5 failures from any addresses, and an address after 5 failures on any usernames", async () => {
    const throttle = new LoginThrottle(new MemoryThrottleStore());
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await throttle.recordFailure("Alice", `10.0.0.${i}`);
    expect(await throttle.isBlocked("alice", "10.0.0.99")).toBe(true);
    expect(await throttle.isBlocked("bob", "10.0.0.99")).toBe(false);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await throttle.recordFailure(`user${i}`, "10.0.0.50");
    expect(await throttle.isBlocked("carol", "10.0.0.50")).toBe(true);
    await throttle.recordSuccess("alice");
    expect(await throttle.isBlocked("alice", "10.0.0.99")).toBe(false);
  });

  it("forgets failures when the window ends", async () => {
    const throttle = new LoginThrottle(new MemoryThrottleStore(20));
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await throttle.recordFailure("dave", "10.0.1.1");
    expect(await throttle.isBlocked("dave", "10.0.1.2")).toBe(true);
    await new Promise((r) => setTimeout(r, 30));
    expect(await throttle.isBlocked("dave", "10.0.1.2")).toBe(false);
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
