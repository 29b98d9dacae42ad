/**
 * The database goes away mid-run and comes back: while it is down every call that
 * needs it answers 503 with a clear JSON error (health reports it), the process stays up, and
 * once it is back the same app, with the same connection pool, answers normally again.
 *
 * Two outages: the embedded server stopped and restarted on its data folder (a real stop:
 * PGlite closes, the port is released), and the test database (PostgreSQL when
 * TEST_DATABASE_URL is set) cut off by closing a TCP proxy in front of it.
 */
import fs from "node:fs";
import { testLogger } from "@botox/core/testing";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { adminUsers, clinics, connect, hashPassword, runMigrations, startEmbeddedServer, type DbHandle, type EmbeddedServer } from "@botox/db";
import { createTestDatabase, type TestDatabase } from "@botox/db/testing";
import { createApp } from "../app.ts";
import { readApiEnv } from "../env.ts";
import { createAppState } from "./app-state.ts";
import { socketEnv, TEST_ORIGIN } from "../test/public-app.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

interface Outage {
  /** The URL the app connects to. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/** The embedded server on a data folder: stopped for real, restarted on the same port. */
async function embeddedOutage(): Promise<Outage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outage-"));
  let server: EmbeddedServer | undefined = await startEmbeddedServer({ dataDir, port: 0 });
  const port = server.port;
  await runMigrations(server.url);
  return {
    url: server.url,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async start() {
      server = await startEmbeddedServer({ dataDir, port });
    },
    async dispose() {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A TCP proxy in front of the test database; stopping it drops every connection and refuses new ones. */
async function proxiedOutage(): Promise<Outage & { db: TestDatabase }> {
  const db = await createTestDatabase();
  const target = new URL(db.url);
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => s.destroy());
  };
  const makeServer = () =>
    net.createServer((client) => {
      track(client);
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
  const listen = (server: net.Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
    });
  let server: net.Server | undefined = makeServer();
  const port = await listen(server, 0);
  const url = new URL(db.url);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  const stop = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    const closed = new Promise<void>((resolve) => s.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    db,
    url: url.toString(),
    stop,
    async start() {
      server = makeServer();
      await listen(server, port);
    },
    async dispose() {
      await stop();
      await db.close();
    },
  };
}

describe.each([
  ["the embedded server is stopped and restarted", embeddedOutage],
  ["the test database's connections are cut and restored", proxiedOutage],
])("when %s", (_name, makeOutage) => {
  let outage: Outage;
  let handle: DbHandle;
  let app: ReturnType<typeof createApp>;
  let cookie: string;
  let clinicId: number;

  beforeAll(async () => {
    outage = await makeOutage();
    handle = connect(outage.url);
    app = createApp({
      db: handle.db,
      sql: handle.sql,
      env: readApiEnv({ NODE_ENV: "test" }),
      secret: "outage-test-secret",
      logger: testLogger(),
      state: createAppState(),
    });
    const [row] = await handle.db
      .insert(clinics)
      .values({ name: "Survivor Clinic", slug: "survivor-clinic", city: "Omaha", citySlug: "omaha", state: "NE" })
      .returning();
    clinicId = row!.id;
    await handle.db.insert(adminUsers).values({ username: "outage-admin", passwordHash: await hashPassword("outage password") });
    const login = await call("POST", "/login", { username: "outage-admin", password: "outage password" });
    expect(login.status).toBe(200);
    cookie = /session=[^;]+/.exec(login.headers.get("set-cookie") ?? "")![0];
  });
  afterAll(async () => {
    await handle?.close();
    await outage?.dispose();
  });

  let ipSeq = 0;
  function call(method: string, p: string, body?: unknown, extra: Record<string, string> = {}, ip = `198.18.9.${++ipSeq}`) {
    const headers: Record<string, string> = { ...extra };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      headers.Origin = TEST_ORIGIN;
    }
    return app.request(`/api/v1${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, socketEnv(ip));
  }
  const beaconEvent = () => ({ clinicId, type: "view" });
  const everyKind = () => [
    call("GET", `/proxy/clinic/${clinicId}`),
    call("GET", "/cities/popular"),
    call("POST", "/clinics/nearby", { latitude: 41.25, longitude: -95.93 }),
    call("POST", "/newsletter/subscribe", { email: `outage${++ipSeq}@example.com` }),
    // One visitor (its cookie decides "already rated") rating before and after the outage.
    call("POST", `/clinics/${clinicId}/ratings`, { emoji: "smile" }, { Cookie: "visitor_id=outage-visitor-0000000000000" }, "198.18.10.1"),
    call("GET", "/stats", undefined, { Cookie: cookie }),
    call("POST", "/login", { username: "outage-admin", password: "outage password" }),
    // The listing beacon as browsers send it (a declared length: answered before routing), each event written as it comes.
    call("POST", "/events", beaconEvent(), { "Content-Length": String(JSON.stringify(beaconEvent()).length), "User-Agent": BROWSER }),
  ];

  it("answers normally while the database is up", async () => {
    const health = await call("GET", "/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "up" });
    const statuses = await Promise.all(everyKind().map(async (r) => (await r).status));
    expect(statuses).toEqual([200, 200, 200, 200, 201, 200, 200, 204]);
  });

  it("answers 503 with a clear JSON error while it is down, and the process stays up", async () => {
    await outage.stop();
    const health = await call("GET", "/health");
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "degraded", database: "down" });
    for (const pending of everyKind()) {
      const res = await pending;
      const text = await res.text();
      expect(res.status, text).toBe(503);
      expect(JSON.parse(text)).toEqual({ error: MSG.api.databaseUnavailable });
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    }
    // Calls that need no database still work.
    expect((await call("GET", "/openapi.json")).status).toBe(200);
    expect((await call("GET", "/location")).status).toBe(200);
  });

  it("recovers by itself once the database is back, with the same app and pool", async () => {
    await outage.start();
    // A retrying wait on what the app reports, not a fixed number of real-time sleeps (which
    // ran out on a loaded machine before the pool had reconnected).
    let health: Response | undefined;
    await expect
      .poll(
        async () => {
          health = await call("GET", "/health");
          return health.status;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(200);
    expect(await health!.json()).toEqual({ status: "ok", database: "up" });
    const results = await Promise.all(everyKind().map((r) => Promise.resolve(r)));
    const statuses = results.map((r) => r.status);
    // The rating is refused only because this visitor (same cookie) rated before the outage:
    // what was written then survived it.
    expect(statuses).toEqual([200, 200, 200, 200, 409, 200, 200, 204]);
    expect(await results[0]!.json()).toMatchObject({ id: clinicId, name: "Survivor Clinic" });
  });
});
