import path from "node:path";
import { silentLogger } from "@botox/core/logger";
import { testLogger } from "@botox/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { createApp } from "../../app.ts";
import { Publisher } from "@botox/publish";
import { startStaticServer } from "@botox/publish/static-server";
import { createFakeSite, type FakeSite } from "@botox/publish/testing";
import { ORIGIN, createAdminTestContext, sessionCookieOf, type AdminTestContext } from "../../test/admin-app.ts";
import { createDeps } from "../../deps.ts";
import { WEBHOOK_RATE_LIMIT, secretMatches } from "./publish.routes.ts";

const SECRET = "webhook-secret-for-tests-0123456789";

let ctx: AdminTestContext;
let site: FakeSite;
let publisher: Publisher;
let cookie: string;

beforeAll(async () => {
  ctx = await createAdminTestContext({ PUBLISH_WEBHOOK_SECRET: SECRET });
  site = createFakeSite();
  publisher = new Publisher({ sql: ctx.db.sql, config: site.config(), logger: silentLogger });
  ctx.deps.publisher = publisher;
  cookie = await ctx.login();
});
afterAll(async () => {
  await publisher.stop();
  await ctx.close();
  site.cleanup();
});

/** Server-to-server: no Origin, no cookie. */
const webhook = (headers: Record<string, string> = {}) => ctx.app.request("/api/v1/publish/webhook", { method: "POST", headers });

describe("POST /publish/webhook", () => {
  it("answers 401 to a missing or wrong secret and queues nothing", async () => {
    const cases: Record<string, string>[] = [{}, { "X-Webhook-Secret": "wrong" }, { Authorization: "Bearer wrong" }, { "X-Webhook-Secret": `${SECRET}x` }];
    for (const headers of cases) {
      const res = await webhook(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(await res.json()).toEqual({ error: "Invalid webhook secret" });
    }
    expect((await publisher.status()).queue).toEqual([]);
  });

  it("queues a rebuild for the right secret, in either header, without an Origin", async () => {
    let res = await webhook({ "X-Webhook-Secret": SECRET });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ queued: true });
    expect((await publisher.status()).state).toMatch(/queued|running/);
    res = await webhook({ Authorization: `Bearer ${SECRET}` });
    expect(res.status).toBe(202);
    await publisher.flush();
    const status = await publisher.status();
    expect(status.builds[0]).toMatchObject({ status: "succeeded", trigger: "webhook" });
  });

  // Builds a second app and database inside the test: bounded for a loaded machine.
  it("is disabled (404) when no secret is configured", { timeout: 180_000 }, async () => {
    const other = await createAdminTestContext();
    try {
      const res = await other.app.request("/api/v1/publish/webhook", { method: "POST", headers: { "X-Webhook-Secret": "" } });
      expect(res.status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it("is rate limited per address, wrong secrets included", async () => {
    // The same database and publisher behind a fresh app: a rate limit of its own.
    const app = createApp({ ...ctx.deps, publisher });
    const send = (secret: string) => app.request("/api/v1/publish/webhook", { method: "POST", headers: { "X-Webhook-Secret": secret } });
    for (let i = 0; i < WEBHOOK_RATE_LIMIT.limit - 1; i++) expect((await send(`guess-${i}`)).status).toBe(401);
    expect((await send(SECRET)).status).toBe(202);
    for (const secret of ["another-guess", SECRET]) {
      const limited = await send(secret);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBeTruthy();
      expect(await limited.json()).toEqual({ error: MSG.api.rateLimited });
    }
    await publisher.flush();
  });

  it("compares secrets of any length", () => {
    expect(secretMatches(SECRET, SECRET)).toBe(true);
    expect(secretMatches("", SECRET)).toBe(false);
    expect(secretMatches(undefined, SECRET)).toBe(false);
    expect(secretMatches(SECRET.repeat(3), SECRET)).toBe(false);
  });
});

describe("admin publish routes", () => {
  it("require a session", async () => {
    expect((await ctx.request("GET", "/publish/status")).status).toBe(401);
    expect((await ctx.request("POST", "/publish/rebuild")).status).toBe(401);
    expect((await ctx.request("POST", "/publish/rollback/1")).status).toBe(401);
  });

  it("report the state, queue, live build and history", async () => {
    const res = await ctx.request("GET", "/publish/status", { cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Awaited<ReturnType<Publisher["status"]>>;
    expect(body).toMatchObject({ mode: "local", state: "idle", dirty: false, queue: [] });
    expect(body.live).toMatchObject({ id: body.builds[0]!.id });
    expect(body.builds[0]).toMatchObject({ status: "succeeded", pageCount: 3, logTail: expect.stringContaining("fake build") });
  });

  it("rebuild now queues a build (202); rollback answers 200, 404 and 409", async () => {
    site.set({ label: "v2" });
    const res = await ctx.request("POST", "/publish/rebuild", { cookie });
    expect(res.status).toBe(202);
    expect((await ctx.request("GET", "/publish/status", { cookie }).then((r) => r.json())) as { state: string }).toMatchObject({
      state: expect.stringMatching(/queued|running/),
    });
    await publisher.flush();
    site.set({ fail: true });
    publisher.request("rebuild");
    await publisher.flush();
    const { builds } = await publisher.status();
    const [failed, latest, first] = builds;
    expect(failed!.status).toBe("failed");
    // The admin sees the failure and the tail of its log; the live build is unchanged.
    const shown = (await (await ctx.request("GET", "/publish/status", { cookie })).json()) as Awaited<ReturnType<Publisher["status"]>>;
    expect(shown.builds[0]).toMatchObject({ id: failed!.id, status: "failed", live: false, logTail: expect.stringContaining("fake build failed on purpose") });
    expect(shown.builds[0]!.logTail).toContain("the live site is unchanged");
    expect(shown.live?.id).toBe(latest!.id);

    const ok = await ctx.request("POST", `/publish/rollback/${first!.id}`, { cookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ live: { id: first!.id } });
    expect((await publisher.status()).live?.id).toBe(first!.id);
    expect((await ctx.request("POST", `/publish/rollback/${latest!.id}`, { cookie })).status).toBe(200);
    expect((await ctx.request("POST", `/publish/rollback/${failed!.id}`, { cookie })).status).toBe(409);
    expect((await ctx.request("POST", "/publish/rollback/424242", { cookie })).status).toBe(404);
    expect((await ctx.request("POST", "/publish/rollback/abc", { cookie })).status).toBe(404);
  });

  it("content writes through the API mark the site dirty", async () => {
    const created = await ctx.request("POST", "/clinics", { cookie, body: { name: "Dirty Spa", city: "Columbus", state: "OH" } });
    expect(created.status).toBe(201);
    const status = await publisher.status();
    expect(status.dirty).toBe(true);
    expect(status.queue[0]).toMatchObject({ trigger: "content" });
  });

  it("are documented in the OpenAPI document", async () => {
    const doc = (await (await ctx.app.request("/api/v1/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const p of ["/publish/webhook", "/publish/status", "/publish/rebuild", "/publish/rollback/{id}"]) expect(doc.paths).toHaveProperty([p]);
  });
});

describe("publishing composed by createDeps (an API process)", () => {
  // Builds a second app and database inside the test: bounded for a loaded machine.
  it("builds the first site, serves it and rebuilds after content writes through the API", { timeout: 180_000 }, async () => {
    const other = await createAdminTestContext({
      SITE_DIR: path.join(site.dir, "api-process"),
      SITE_BUILD_COMMAND: site.config().buildCommand,
      PUBLISH_DEBOUNCE_MS: "0",
      PUBLISH_CRON: "off",
    });
    site.set({ label: "first", fail: false, delayMs: 0 });
    const composed = await createDeps({
      env: other.deps.env,
      database: other.db,
      secret: other.deps.secret,
      logger: testLogger(),
      publishLogger: silentLogger,
    });
    const publisher = composed.publisher;
    if (!publisher) throw new Error("createDeps made no publisher");
    const served = await startStaticServer({ liveDir: publisher.liveDir, port: 0 });
    try {
      await publisher.start();
      const home = async () => (await fetch(`${served.url}/`)).text();
      await expect.poll(home, { timeout: 10_000 }).toContain("<h1>first</h1>");
      site.set({ label: "edited" });
      const app = createApp(composed.deps);
      const send = (path: string, body: unknown, cookie = "") =>
        app.request(`/api/v1${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
          body: JSON.stringify(body),
        });
      const login = await send("/login", { username: other.username, password: other.password });
      expect(login.status).toBe(200);
      const created = await send("/clinics", { name: "Wired Spa", city: "Columbus", state: "OH" }, sessionCookieOf(login));
      expect(created.status).toBe(201);
      await expect.poll(home, { timeout: 10_000 }).toContain("<h1>edited</h1>");
    } finally {
      await composed.close();
      await served.close();
      await other.close();
    }
  });
});
