/**
 * Two API instances as deployed (`node api/src/index.ts`, the command of `npm run serve:api`
 * and of the API containers), sharing one PostgreSQL database and one Redis, on loopback:
 * sessions, shared rate limits, cached reads, one build at a time, an instance killed during
 * a burst, and Redis stopped mid-run. Runs in the PostgreSQL pass (TEST_DATABASE_URL, which CI
 * sets) with a Redis of its own (`redis-server` on a free port, so stopping it never touches
 * the machine's); skipped, saying why, when either is missing.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "@botox/db";
import { ensureAdmin } from "@botox/db/admin-user";
import { createTestDatabase, type TestDatabase } from "@botox/db/testing";
import { ENTRY_POINTS } from "../../../scripts/entry-points.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const redisBinary = spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
const MACHINE_REDIS_PORT = 6379;
/** Without redis-server to start (and stop), the machine's Redis serves all but the outage test. */
const machineRedis = !redisBinary && (await portAnswers(MACHINE_REDIS_PORT));
const skipReason = !serverUrl
  ? "TEST_DATABASE_URL is not set (no PostgreSQL server): the multi-instance test runs in the PostgreSQL pass"
  : !redisBinary && !machineRedis
    ? "no Redis: redis-server is not installed and nothing answers on 127.0.0.1:6379"
    : null;
// Notes, not warnings: a warning would fail the file's first test (fail-on-console).
if (skipReason) console.info(`[multi-instance] skipped: ${skipReason}`);
else if (!redisBinary)
  console.info("[multi-instance] redis-server is not installed: using 127.0.0.1:6379 and skipping the Redis outage test (it never stops the machine's Redis)");

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
  });
}

const ORIGIN = "http://127.0.0.1:4321";
const PASSWORD = randomBytes(12).toString("base64url");
const USERNAME = "mi-admin";
const CITY = `Multiville ${[...randomBytes(4)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Instance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

let db: TestDatabase;
let tmp: string;
let redisPort: number;
let redis: ChildProcess | null = null;
let env: NodeJS.ProcessEnv;
let trace: string;
const instances: Instance[] = [];
let a: Instance;
let b: Instance;

function startRedis(): ChildProcess {
  const child = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", tmp], {
    stdio: "ignore",
  });
  return child;
}

async function redisUp(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new net.Socket();
    socket.once("error", () => resolve(false));
    socket.connect(redisPort, "127.0.0.1", () => {
      socket.write("PING\r\n");
      socket.once("data", (d: Buffer) => {
        socket.destroy();
        resolve(d.toString().startsWith("+PONG"));
      });
    });
  });
}

function startInstance(name: string, port: number): Instance {
  const [entry] = ENTRY_POINTS.api;
  const child = spawn(process.execPath, [entry], { cwd: repoRoot, env: { ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  let partial = "";
  const collect = (d: Buffer) => {
    partial += d.toString();
    const lines = partial.split("\n");
    partial = lines.pop() ?? "";
    output.push(...lines.filter(Boolean));
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const instance = { name, port, base: `http://127.0.0.1:${port}/api/v1`, child, output, exited };
  instances.push(instance);
  return instance;
}

async function ready(instance: Instance): Promise<void> {
  await until(`${instance.name} to be ready`, 90_000, async () => {
    if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited:\n${instance.output.join("\n")}`);
    const res = await fetch(`${instance.base}/ready`);
    return res.status === 200 ? true : undefined;
  }).catch((err: unknown) => {
    throw new Error(`${(err as Error).message}\n${instance.output.slice(-20).join("\n")}`);
  });
}

interface CallOptions {
  cookie?: string;
  body?: unknown;
  forwardedFor?: string;
}
async function call(instance: Instance, method: string, pathname: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${instance.base}${pathname}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(10_000),
  });
}

async function login(instance: Instance): Promise<string> {
  const res = await call(instance, "POST", "/login", { body: { username: USERNAME, password: PASSWORD }, forwardedFor: randomIp() });
  expect(res.status).toBe(200);
  // The answer also sets the known-device cookie: pick the session's.
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("session="))
    ?.split(";")[0];
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0] ?? 0}.${b[1] ?? 0}.${b[2] ?? 0}`;
}

async function createClinic(instance: Instance, cookie: string, name: string): Promise<Response> {
  return call(instance, "POST", "/clinics", { cookie, body: { name, city: CITY, state: "IL", latitude: 41.9, longitude: -87.6 } });
}

async function cityNames(instance: Instance): Promise<{ names: string[]; cache: string | null }> {
  const slug = CITY.toLowerCase().replace(/\s+/g, "-");
  const res = await call(instance, "GET", `/proxy/clinics-by-city/${slug}?limit=100`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { clinics: { name: string }[] };
  return { names: body.clinics.map((c) => c.name), cache: res.headers.get("x-cache") };
}

async function stopInstance(instance: Instance, signal: NodeJS.Signals): Promise<number | null> {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill(signal);
  return instance.exited;
}

describe.skipIf(skipReason !== null)("two API instances on one PostgreSQL and one Redis", () => {
  beforeAll(async () => {
    db = await createTestDatabase();
    await ensureAdmin(db.db, { username: USERNAME, password: PASSWORD });
    tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "botox-multi-"));
    trace = path.join(tmp, "builds.trace");
    redisPort = redisBinary ? await freePort() : MACHINE_REDIS_PORT;
    if (redisBinary) {
      redis = startRedis();
      await until("redis-server", 10_000, async () => ((await redisUp()) ? true : undefined));
    }
    const build = `node ${JSON.stringify(path.join(repoRoot, "api/src/serve/fixtures/fake-site-build.ts"))} {outDir} '${db.url}' ${JSON.stringify(trace)}`;
    env = {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: db.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      APP_SECRET: randomBytes(32).toString("hex"),
      SITE_URL: "https://botox.example.test",
      ALLOWED_ORIGINS: ORIGIN,
      TRUSTED_PROXIES: "127.0.0.1",
      SITE_DIR: path.join(tmp, "site"),
      UPLOADS_DIR: path.join(tmp, "uploads"),
      SERVE_SITE: "false",
      SITE_BUILD_COMMAND: build,
      PUBLISH_DEBOUNCE_MS: "300",
      PUBLISH_MAX_WAIT_MS: "2000",
      PUBLISH_POLL_MS: "300",
      PUBLISH_CRON: "off",
      SHUTDOWN_TIMEOUT_MS: "5000",
      // Production asks for a mail relay or capture on purpose; captured mail stays in this run's folder.
      MAIL_MODE: "capture",
      MAIL_FROM: "Botox Near Me <mail@botox.example.test>",
      MAIL_POSTAL_ADDRESS: "1 Test Street, Austin, TX 78701",
      DATA_DIR: tmp,
    };
    const [portA, portB] = [await freePort(), await freePort()];
    a = startInstance("A", portA);
    b = startInstance("B", portB);
    await Promise.all([ready(a), ready(b)]);
  }, 200_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => stopInstance(i, "SIGKILL")));
    redis?.kill("SIGKILL");
    await db?.close();
    if (tmp) await fsp.rm(tmp, { recursive: true, force: true });
  }, 30_000);

  it("a session made on A is valid on B, and logging out on B ends it on A", async () => {
    const cookie = await login(a);
    expect((await call(b, "GET", "/stats", { cookie })).status).toBe(200);
    expect((await call(b, "POST", "/logout", { cookie })).status).toBeLessThan(300);
    expect((await call(a, "GET", "/stats", { cookie })).status).toBe(401);
  });

  it("shares the newsletter's rate limit (5 a minute per address) across both", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(i % 2 === 0 ? a : b, "POST", "/newsletter/subscribe", { forwardedFor: ip, body: { email: `rl${i}-${ip}@example.test` } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s >= 200 && s < 300)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  // B's answer is cached for READ_CACHE_TTL_MS (60 s by default): seeing the write well before
  // that proves B's change poll (every second) cleared it. The bound is far from the poll's
  // second so a loaded machine cannot fail it, and far below the lifetime so expiry cannot pass it.
  it("a content write through A shows in B's cached public reads through B's change poll, long before the answer expires", async () => {
    const cookie = await login(a);
    const first = `Cache Probe ${randomBytes(3).toString("hex")}`;
    expect((await createClinic(a, cookie, first)).status).toBe(201);
    // Until B answers from its cache with the first clinic: a fresh answer read between A's
    // commit and B's next poll lists it too, and that poll then drops it (a MISS after it).
    await until("B to answer the first clinic from its cache", 20_000, async () => {
      const { names, cache } = await cityNames(b);
      return names.includes(first) && cache === "HIT" ? true : undefined;
    });
    const second = `Cache Probe ${randomBytes(3).toString("hex")}`;
    const written = Date.now();
    expect((await createClinic(a, cookie, second)).status).toBe(201);
    await until("B to list the second clinic", 30_000, async () => ((await cityNames(b)).names.includes(second) ? true : undefined));
    expect(Date.now() - written).toBeLessThan(30_000);
  }, 60_000);

  it("a burst of writes through both builds one at a time, and the site ends up with all of them", async () => {
    const cookies = [await login(a), await login(b)];
    const names = Array.from({ length: 12 }, (_, i) => `Burst ${i} ${randomBytes(3).toString("hex")}`);
    const results = await Promise.all(names.map((name, i) => createClinic(i % 2 === 0 ? a : b, cookies[i % 2] ?? "", name)));
    expect(results.map((r) => r.status)).toEqual(names.map(() => 201));
    const live = path.join(tmp, "site", "live", "index.html");
    await until("a live site with every write", 30_000, async () => {
      const html = await fsp.readFile(live, "utf8");
      return names.every((n) => html.includes(n)) ? true : undefined;
    });
    const events = (await fsp.readFile(trace, "utf8"))
      .trim()
      .split("\n")
      .map((line) => line.split(" "));
    let running = 0;
    for (const [kind] of events) {
      running += kind === "start" ? 1 : -1;
      expect(running).toBeLessThanOrEqual(1);
    }
    const overlapping = await db.sql`
      select 1 from publish_builds x join publish_builds y on x.id < y.id
      where x.started_at < coalesce(y.finished_at, now()) and y.started_at < coalesce(x.finished_at, now())`;
    expect(overlapping.length).toBe(0);
  }, 60_000);

  it("killing A during a burst: B keeps answering, no write is lost, A restarts and rejoins", async () => {
    const cookieB = await login(b);
    const cookieA = await login(a);
    const names = Array.from({ length: 16 }, (_, i) => `Survivor ${i} ${randomBytes(3).toString("hex")}`);
    const readsOnB: number[] = [];
    const reads = (async () => {
      for (let i = 0; i < 20; i++) readsOnB.push((await call(b, "GET", "/cities/popular")).status);
    })();
    // Two clients writing one after another, one through each instance; A is killed once it
    // has acknowledged three writes, with the rest of its stream still to come.
    let acknowledgedByA = 0;
    const write = async (name: string, viaA: boolean): Promise<number> => {
      const first = await createClinic(viaA ? a : b, viaA ? cookieA : cookieB, name).catch(() => null);
      if (first?.status === 201) {
        if (viaA && ++acknowledgedByA === 3) a.child.kill("SIGKILL");
        return 201;
      }
      // What a load balancer does when an instance drops a request: send it to another one.
      const retried = await createClinic(b, cookieB, name);
      return retried.status === 409 ? 201 : retried.status;
    };
    const stream = async (list: string[], viaA: boolean) => {
      const statuses: number[] = [];
      for (const name of list) statuses.push(await write(name, viaA));
      return statuses;
    };
    const statuses = (await Promise.all([stream(names.slice(0, 8), true), stream(names.slice(8), false)])).flat();
    expect(statuses).toEqual(names.map(() => 201));
    expect(acknowledgedByA).toBe(3);
    await reads;
    expect(readsOnB.every((s) => s === 200)).toBe(true);
    const stored = await db.sql<{ name: string }[]>`select name from clinics where name like 'Survivor %'`;
    expect(new Set(stored.map((r) => r.name))).toEqual(new Set(names));

    await a.exited;
    a = startInstance("A", a.port);
    await ready(a);
    expect((await call(a, "GET", "/stats", { cookie: cookieB })).status).toBe(200);
    const seen = await cityNames(a);
    for (const name of names) expect(seen.names).toContain(name);
  }, 150_000);

  it.skipIf(!redisBinary)(
    "Redis stopped mid-run: both keep answering (limits fail open), and limit again once it returns",
    async () => {
      const cookie = await login(a);
      redis?.kill("SIGKILL");
      await until("Redis to be down", 5_000, async () => ((await redisUp()) ? undefined : true));
      const ip = randomIp();
      for (let i = 0; i < 8; i++) {
        const res = await call(i % 2 === 0 ? a : b, "POST", "/newsletter/subscribe", { forwardedFor: ip, body: { email: `down${i}-${ip}@example.test` } });
        expect(res.status, `subscribe ${i} while Redis is down`).toBeLessThan(300);
      }
      for (const instance of [a, b]) {
        expect((await call(instance, "GET", "/cities/popular")).status).toBe(200);
        expect((await call(instance, "GET", "/health")).status).toBe(200);
        // Sessions live in PostgreSQL: a signed-in admin keeps working on either instance.
        expect((await call(instance, "GET", "/stats", { cookie })).status).toBe(200);
      }

      redis = startRedis();
      await until("Redis to be back", 10_000, async () => ((await redisUp()) ? true : undefined));
      // Once both have reconnected, a fresh address is limited again after 5, across both.
      await until("the shared limit to apply again", 15_000, async () => {
        const again = randomIp();
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) {
          const res = await call(i % 2 === 0 ? a : b, "POST", "/newsletter/subscribe", {
            forwardedFor: again,
            body: { email: `up${i}-${again}@example.test` },
          });
          statuses.push(res.status);
        }
        return statuses[5] === 429 && statuses.slice(0, 5).every((s) => s < 300) ? true : undefined;
      });
    },
    60_000,
  );

  it("logs JSON lines per request (id, method, path, status, duration) without secrets or personal data", () => {
    const lines = instances.flatMap((i) => i.output);
    const requests = lines
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === "request");
    expect(requests.length).toBeGreaterThan(50);
    const sample = requests.find((r) => r.path === "/api/v1/login");
    expect(sample).toMatchObject({ method: "POST", status: 200 });
    expect(typeof sample?.requestId).toBe("string");
    expect(typeof sample?.durationMs).toBe("number");
    const all = lines.join("\n");
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain("@example.test");
    expect(all).not.toContain("session=");
    expect(all).not.toContain(String(env.APP_SECRET));
  });

  it("stops on SIGTERM: answers the request whose body is still arriving (Connection: close, no reset), closes, exits 0", async () => {
    // A login whose body is half sent when the signal comes.
    const body = JSON.stringify({ username: USERNAME, password: "wrong-password-at-shutdown" });
    const socket = net.connect(b.port, "127.0.0.1");
    let answer = "";
    let socketError: Error | null = null;
    socket.on("data", (d: Buffer) => (answer += d.toString()));
    socket.on("error", (e) => (socketError = e));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\nX-Forwarded-For: ${randomIp()}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
    );
    // A round trip on another connection: by its answer the server has read the bytes above.
    expect((await call(b, "GET", "/health")).status).toBe(200);
    const exited = stopInstance(b, "SIGTERM");
    socket.write(body.slice(10));
    await closed;
    expect(socketError).toBeNull();
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain("connection: close\r\n");
    expect(answer).toContain('"error"');
    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve("timeout"), 40_000))]);
    expect(code).toBe(0);
    expect(b.output.some((l) => l.includes('"msg":"api stopped"'))).toBe(true);
  }, 60_000);
});

describe("the production entry point", () => {
  // No short kill timer: on a loaded 2-core machine loading the API's modules alone has taken
  // over 20 s, and a killed child reads as status null. The test's own timeout bounds it.
  it("refuses to start in production without APP_SECRET, DATABASE_URL and SITE_URL, naming them", () => {
    const bare = { PATH: process.env.PATH, NODE_ENV: "production" };
    const run = spawnSync(process.execPath, [ENTRY_POINTS.api[0]], { cwd: repoRoot, env: bare, encoding: "utf8", timeout: 110_000 });
    expect(run.error).toBeUndefined();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("APP_SECRET, DATABASE_URL, SITE_URL");
    expect(fs.existsSync(path.join(repoRoot, ENTRY_POINTS.api[0]))).toBe(true);
  }, 120_000);
});
