/**
 * What the listing brings (decision 277): the beacon's counts and who may read them.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTING_EVENTS, MSG, type ListingEventWeeks, type Stats } from "@botox/core";
import { silentLogger } from "@botox/core/logger";
import { adminUsers, hashPassword } from "@botox/db";
import { createApp } from "../../app.ts";
import { readApiEnv } from "../../env.ts";
import { ListingEventBatches } from "../../lib/listing-event-batches.ts";
import { answerHeaders } from "../../lib/middleware.ts";
import { closeRedisConnections } from "../../lib/redis.ts";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { makeOwner, signInOwner } from "../../test/owners.ts";
import { createPublicTestContext, socketEnv, TEST_ORIGIN, type PublicTestContext } from "../../test/public-app.ts";
import { redisAnswers } from "../../test/redis.ts";
import { beaconFirst } from "./beacon-first.ts";

const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
/** A Wednesday: its week starts on Monday 2026-11-23. */
const WEDNESDAY = new Date("2026-11-25T15:00:00Z");

let t: PublicTestContext;
let clinicA: number;
let clinicB: number;
let admin: string;
let ownerA: string;
let clock = WEDNESDAY;

let ipSeq = 0;
/** A network of its own per test, so no test meets another's cap. */
const freshIp = () => `203.0.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;

/**
 * The beacon's request: JSON sent as text/plain, from a browser, with its Content-Length as a
 * browser declares it (so the ordinary beacon is answered before routing, beacon-first.ts);
 * `undeclared` leaves the length out, as a streamed body would, which only the route takes.
 */
function beacon(body: unknown, options: { ip: string; type?: string; userAgent?: string | null; headers?: Record<string, string>; undeclared?: boolean }) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = { "Content-Type": options.type ?? "text/plain;charset=UTF-8", ...options.headers };
  if (!options.undeclared) headers["Content-Length"] = String(Buffer.byteLength(text));
  if (options.userAgent !== null) headers["User-Agent"] = options.userAgent ?? BROWSER;
  return t.request("POST", "/events", { body: text, ip: options.ip, headers });
}

async function countOf(clinicId: number, type: string, weekStart = "2026-11-23"): Promise<number> {
  const [row] = await t.db.sql<{ count: number }[]>`
    select count from clinic_event_counts where clinic_id = ${clinicId} and type = ${type} and week_start = ${weekStart}::date`;
  return Number(row?.count ?? 0);
}
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.now = () => clock;
  const [a, b] = await t.insertClinics([
    { name: "Counted Clinic", city: "Countville", state: "TX" },
    { name: "Other Counted Clinic", city: "Countville", state: "TX" },
  ]);
  clinicA = a!.id;
  clinicB = b!.id;
  await t.db.db.insert(adminUsers).values({ username: "events-admin", passwordHash: await hashPassword("events-admin-password") });
  admin = sessionCookieOf(await t.request("POST", "/login", { body: { username: "events-admin", password: "events-admin-password" } }));
  await makeOwner(t.db.sql, "a@counted.test", [clinicA]);
  await makeOwner(t.db.sql, "b@counted.test", [clinicB]);
  ownerA = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "a@counted.test");
});
afterAll(() => t?.close());

describe("POST /events", () => {
  it("counts each kind per clinic and week, from text/plain and JSON bodies, with no cookie read or set", async () => {
    for (const type of ["view", "call", "website", "directions", "booking", "deal-view"]) {
      const res = await beacon({ clinicId: clinicA, type }, { ip: freshIp(), headers: { Cookie: "visitor_id=abcdefghijklmnopqrstuvwx" } });
      expect(res.status, type).toBe(204);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(await res.text()).toBe("");
    }
    expect((await beacon({ clinicId: clinicA, type: "view" }, { ip: freshIp(), type: "application/json" })).status).toBe(204);
    expect(await countOf(clinicA, "view")).toBe(2);
    expect(await countOf(clinicA, "deal-view")).toBe(1);
    // Only counts are kept: a row is a clinic, a week, a kind and a number.
    const columns = await t.db.sql<{ column_name: string }[]>`
      select column_name from information_schema.columns where table_name = 'clinic_event_counts' order by ordinal_position`;
    expect(columns.map((c) => c.column_name)).toEqual(["clinic_id", "week_start", "type", "count"]);
  });

  it("lets a page of another site send it: its answer's resource policy is cross-origin (the rest of the API stays same-site)", async () => {
    // A same-site policy has the browser block the beacon's empty answer and report a failed load.
    const res = await beacon({ clinicId: clinicA, type: "view" }, { ip: freshIp() });
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect((await t.request("GET", `/clinics/${clinicA}`)).headers.get("cross-origin-resource-policy")).toBe("same-site");
  });

  it("counts into the week of the day it arrives (Monday to Sunday, UTC)", async () => {
    clock = new Date("2026-11-30T00:30:00Z");
    try {
      await beacon({ clinicId: clinicB, type: "call" }, { ip: freshIp() });
    } finally {
      clock = WEDNESDAY;
    }
    expect(await countOf(clinicB, "call", "2026-11-30")).toBe(1);
    expect(await countOf(clinicB, "call")).toBe(0);
  });

  it(`counts at most ${LISTING_EVENTS.perAddressPerClinicPerDay} of a kind from one address for one clinic a day, answering 204 all the same`, async () => {
    const ip = freshIp();
    const before = await countOf(clinicB, "view");
    for (let i = 0; i < LISTING_EVENTS.perAddressPerClinicPerDay + 3; i++) expect((await beacon({ clinicId: clinicB, type: "view" }, { ip })).status).toBe(204);
    expect(await countOf(clinicB, "view")).toBe(before + LISTING_EVENTS.perAddressPerClinicPerDay);
    // Another kind, another clinic and another address each have their own.
    await beacon({ clinicId: clinicB, type: "website" }, { ip });
    expect(await countOf(clinicB, "website")).toBe(1);
    const otherClinic = await countOf(clinicA, "view");
    await beacon({ clinicId: clinicA, type: "view" }, { ip });
    expect(await countOf(clinicA, "view")).toBe(otherClinic + 1);
    await beacon({ clinicId: clinicB, type: "view" }, { ip: freshIp() });
    expect(await countOf(clinicB, "view")).toBe(before + LISTING_EVENTS.perAddressPerClinicPerDay + 1);
    // The next day (UTC) the address counts again.
    clock = new Date("2026-11-26T00:01:00Z");
    try {
      await beacon({ clinicId: clinicB, type: "view" }, { ip });
    } finally {
      clock = WEDNESDAY;
    }
    expect(await countOf(clinicB, "view")).toBe(before + LISTING_EVENTS.perAddressPerClinicPerDay + 2);
  });

  it("caps an IPv6 /64 as one address", async () => {
    const before = await countOf(clinicA, "directions");
    for (let i = 1; i <= LISTING_EVENTS.perAddressPerClinicPerDay + 2; i++) {
      await beacon({ clinicId: clinicA, type: "directions" }, { ip: `2001:db8:77:1::${i.toString(16)}` });
    }
    expect(await countOf(clinicA, "directions")).toBe(before + LISTING_EVENTS.perAddressPerClinicPerDay);
  });

  it("does not count known bots or requests without a User-Agent", async () => {
    const before = await countOf(clinicA, "call");
    for (const undeclared of [false, true]) {
      for (const userAgent of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "HeadlessChrome/120.0", "curl/8.5.0", null]) {
        expect((await beacon({ clinicId: clinicA, type: "call" }, { ip: freshIp(), userAgent, undeclared })).status).toBe(204);
      }
    }
    expect(await countOf(clinicA, "call")).toBe(before);
  });

  it("answers an unknown clinic 204 and counts nothing", async () => {
    const res = await beacon({ clinicId: 2_000_000_000, type: "view" }, { ip: freshIp() });
    expect(res.status).toBe(204);
    const [row] = await t.db.sql<{ n: number }[]>`select count(*)::int as n from clinic_event_counts where clinic_id = 2000000000`;
    expect(row?.n).toBe(0);
  });

  it("refuses bad bodies with 400 and a clear message", async () => {
    const cases: [unknown, string][] = [
      [{ type: "view" }, MSG.events.clinicId],
      [{ clinicId: "12", type: "view" }, MSG.events.clinicId],
      [{ clinicId: -1, type: "view" }, MSG.events.clinicId],
      [{ clinicId: 2 ** 31, type: "view" }, MSG.events.clinicId],
      [{ clinicId: clinicA }, MSG.events.type],
      [{ clinicId: clinicA, type: "purchase" }, MSG.events.type],
      ["{not json", MSG.api.invalidJson],
      ["", MSG.api.invalidJson],
      [[1, 2], MSG.api.bodyNotObject],
      [null, MSG.api.bodyNotObject],
    ];
    for (const [body, message] of cases) {
      for (const undeclared of [false, true]) {
        const res = await beacon(body === null ? "null" : body, { ip: freshIp(), undeclared });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(await errorOf(res), JSON.stringify(body)).toBe(message);
      }
    }
  });

  it("refuses another body type (415), a body over 1 KB (413) and a foreign origin (403)", async () => {
    for (const undeclared of [false, true]) {
      const form = await beacon("clinicId=1&type=view", { ip: freshIp(), type: "application/x-www-form-urlencoded", undeclared });
      expect([form.status, await errorOf(form)]).toEqual([415, MSG.events.bodyType]);
      const big = await beacon(JSON.stringify({ clinicId: clinicA, type: "view", pad: "x".repeat(LISTING_EVENTS.bodyMaxBytes) }), {
        ip: freshIp(),
        undeclared,
      });
      expect([big.status, await errorOf(big)]).toEqual([413, MSG.api.payloadTooLarge]);
      const foreign = await beacon({ clinicId: clinicA, type: "view" }, { ip: freshIp(), headers: { Origin: "https://elsewhere.example" }, undeclared });
      expect([foreign.status, await errorOf(foreign)]).toEqual([403, MSG.api.forbiddenOrigin]);
    }
  });

  it("answers before routing as the route does: the same status and headers", async () => {
    const headers = { "X-Request-Id": "same-request-id" };
    const first = await beacon({ clinicId: clinicA, type: "website" }, { ip: freshIp(), headers });
    const routed = await beacon({ clinicId: clinicA, type: "website" }, { ip: freshIp(), headers, undeclared: true });
    // How long the flood guard's window has left may have ticked over a second between the two.
    const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== "ratelimit-reset");
    expect(first.status).toBe(204);
    expect([first.status, headersOf(first)]).toEqual([routed.status, headersOf(routed)]);
    expect(first.headers.get("ratelimit-remaining")).toBe("299");
    expect(first.headers.get("access-control-allow-origin")).toBe(TEST_ORIGIN);
  });

  it("refuses an address past its flood guard (300 a minute) with 429, whichever way its beacons come", async () => {
    const ip = freshIp();
    for (let i = 0; i < 300; i++) {
      const res = await beacon({ clinicId: clinicB, type: "deal-view" }, { ip, undeclared: i % 2 === 1 });
      expect(res.status, String(i)).toBe(204);
    }
    for (const undeclared of [false, true]) {
      const res = await beacon({ clinicId: clinicB, type: "deal-view" }, { ip, undeclared });
      expect([res.status, await errorOf(res)]).toEqual([429, MSG.api.rateLimited]);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.headers.get("ratelimit-remaining")).toBe("0");
    }
  });

  it("takes only the ordinary beacon before routing, and leaves the rest to the route with its body", async () => {
    const routed: { body: string; headers: Headers }[] = [];
    const first = beaconFirst(t.deps, answerHeaders(t.deps.env), async (request) => {
      routed.push({ body: await request.text(), headers: request.headers });
      return new Response(null, { status: 418 });
    });
    const post = (body: string, headers: Record<string, string> = {}, path = "/api/v1/events") =>
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { "Content-Type": "text/plain", "Content-Length": String(Buffer.byteLength(body)), Origin: TEST_ORIGIN, "User-Agent": BROWSER, ...headers },
        body,
      });
    const env = socketEnv(freshIp());
    const event = JSON.stringify({ clinicId: clinicA, type: "view" });
    expect((await first(post(event), env))?.status).toBe(204);
    // Not the ordinary beacon: left to the route at once.
    expect(first(new Request("http://localhost/api/v1/events", { method: "GET" }), env)).toBeNull();
    expect(first(post(event, {}, "/api/v1/events?x=1"), env)).toBeNull();
    expect(first(post(event, { "Content-Type": "application/x-www-form-urlencoded" }), env)).toBeNull();
    expect(first(post(event, { Origin: "https://elsewhere.example" }), env)).toBeNull();
    expect(first(post(event, { "Content-Length": "2000" }), env)).toBeNull();
    expect(
      first(
        new Request("http://localhost/api/v1/events", { method: "POST", headers: { "Content-Type": "text/plain", Origin: TEST_ORIGIN }, body: event }),
        env,
      ),
    ).toBeNull();
    expect(routed).toEqual([]);
    // Read, then left to the route with the body it read.
    expect((await first(post('{"clinicId":1}'), env))?.status).toBe(418);
    expect(routed.map((r) => r.body)).toEqual(['{"clinicId":1}']);
    expect(routed[0]?.headers.get("user-agent")).toBe(BROWSER);
  });

  it("over a real socket, takes a declared and a chunked body and refuses either past 1 KB (the node adapter's paths)", async () => {
    const api = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    const port = (api.address() as AddressInfo).port;
    const post = (body: string, framing: "declared" | "chunked") =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: "/api/v1/events",
            method: "POST",
            headers: {
              "Content-Type": "text/plain;charset=UTF-8",
              Origin: TEST_ORIGIN,
              "User-Agent": BROWSER,
              ...(framing === "declared" ? { "Content-Length": String(Buffer.byteLength(body)) } : { "Transfer-Encoding": "chunked" }),
            },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (text += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on("error", reject);
        // A chunked body in two chunks, as a stream would send it.
        if (framing === "chunked") req.write(body.slice(0, 8));
        req.end(framing === "chunked" ? body.slice(8) : body);
      });
    try {
      const before = await countOf(clinicA, "booking");
      expect(await post(JSON.stringify({ clinicId: clinicA, type: "booking" }), "declared")).toEqual({ status: 204, text: "" });
      expect(await post(JSON.stringify({ clinicId: clinicA, type: "booking" }), "chunked")).toEqual({ status: 204, text: "" });
      expect(await countOf(clinicA, "booking")).toBe(before + 2);
      const big = JSON.stringify({ clinicId: clinicA, type: "booking", pad: "x".repeat(LISTING_EVENTS.bodyMaxBytes) });
      for (const framing of ["declared", "chunked"] as const) {
        const res = await post(big, framing);
        expect([res.status, JSON.parse(res.text)], framing).toEqual([413, { error: MSG.api.payloadTooLarge }]);
      }
      const broken = await post("{not json", "declared");
      expect([broken.status, JSON.parse(broken.text)]).toEqual([400, { error: MSG.api.invalidJson }]);
      expect(await countOf(clinicA, "booking")).toBe(before + 2);
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it("is documented with both body types", async () => {
    const doc = (await (await t.request("GET", "/openapi.json")).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown> }>>;
    };
    const post = doc.paths["/events"]?.post;
    expect(Object.keys(post?.requestBody?.content ?? {}).sort()).toEqual(["application/json", "text/plain"]);
    expect(Object.keys(post?.responses ?? {})).toContain("204");
    expect(doc.paths["/clinics/{id}/events"]?.get).toBeDefined();
  });
});

describe("GET /clinics/{id}/events", () => {
  beforeAll(async () => {
    // Older weeks, written as the beacon would have.
    await t.db.sql`insert into clinic_event_counts (clinic_id, week_start, type, count) values
      (${clinicA}, '2026-11-09', 'view', 40), (${clinicA}, '2026-11-09', 'booking', 2), (${clinicA}, '2026-09-07', 'call', 9)`;
  });

  it("answers the team the clinic's weeks, oldest first, zero-filled, ending with this week", async () => {
    const res = await t.get<ListingEventWeeks>(`/clinics/${clinicA}/events?weeks=3`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body.weeks.map((w) => w.weekStart)).toEqual(["2026-11-09", "2026-11-16", "2026-11-23"]);
    expect(res.body.weeks[0]).toEqual({ weekStart: "2026-11-09", view: 40, call: 0, website: 0, directions: 0, booking: 2, "deal-view": 0 });
    expect(res.body.weeks[1]).toEqual({ weekStart: "2026-11-16", view: 0, call: 0, website: 0, directions: 0, booking: 0, "deal-view": 0 });
    expect(res.body.weeks[2]?.view).toBe(await countOf(clinicA, "view"));
  });

  it("answers 12 weeks by default and up to 52", async () => {
    const twelve = await t.get<ListingEventWeeks>(`/clinics/${clinicA}/events`, { cookie: admin });
    expect(twelve.body.weeks).toHaveLength(12);
    expect(twelve.body.weeks[0]?.weekStart).toBe("2026-09-07");
    expect(twelve.body.weeks[0]?.call).toBe(9);
    expect((await t.get<ListingEventWeeks>(`/clinics/${clinicA}/events?weeks=52`, { cookie: admin })).body.weeks).toHaveLength(52);
    for (const weeks of ["0", "53", "two"]) {
      const res = await t.get<{ error: string }>(`/clinics/${clinicA}/events?weeks=${weeks}`, { cookie: admin });
      expect([res.status, res.body.error]).toEqual([400, MSG.events.weeks]);
    }
  });

  it("answers the clinic's owner, refuses another clinic's owner and anyone without a session", async () => {
    expect((await t.get(`/clinics/${clinicA}/events`, { cookie: ownerA })).status).toBe(200);
    expect([403, 404]).toContain((await t.get(`/clinics/${clinicB}/events`, { cookie: ownerA })).status);
    const anonymous = await t.get<{ error: string }>(`/clinics/${clinicA}/events`);
    expect([anonymous.status, anonymous.body.error]).toEqual([401, MSG.api.unauthorized]);
    expect((await t.get(`/clinics/2000000000/events`, { cookie: admin })).status).toBe(404);
  });
});

describe("in batches (the API as deployed, lib/listing-event-batches.ts)", () => {
  it("answers at once, counts at the flush, and shows an instance its own events", async () => {
    const batches = new ListingEventBatches({ sql: t.db.sql, logger: silentLogger, flushMs: 60_000 });
    t.deps.listingEvents = batches;
    try {
      const before = await countOf(clinicB, "website");
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await beacon({ clinicId: clinicB, type: "website" }, { ip })).status).toBe(204);
      expect(await countOf(clinicB, "website")).toBe(before);
      // The weeks read flushes first: the events sent to this instance are in it.
      const weeks = await t.get<ListingEventWeeks>(`/clinics/${clinicB}/events?weeks=1`, { cookie: admin });
      expect(weeks.body.weeks[0]?.website).toBe(before + 3);
    } finally {
      await batches.close();
      delete t.deps.listingEvents;
    }
  });
});

describe("the dashboard", () => {
  it("sums every clinic's counts of this week and last", async () => {
    await t.db.sql`insert into clinic_event_counts (clinic_id, week_start, type, count) values
      (${clinicA}, '2026-11-16', 'call', 3), (${clinicB}, '2026-11-16', 'call', 4)`;
    const thisWeek = await t.db.sql<
      { n: number }[]
    >`select coalesce(sum(count), 0)::int as n from clinic_event_counts where week_start = '2026-11-23' and type = 'view'`;
    const stats = await t.get<Stats>("/stats", { cookie: admin });
    expect(stats.body.eventsThisWeek?.view).toBe(thisWeek[0]?.n);
    expect(stats.body.eventsLastWeek).toEqual({ view: 0, call: 7, website: 0, directions: 0, booking: 0, "deal-view": 0 });
  });
});

// The cap's state in Redis (REDIS_URL): shared by instances, keyed by hashes only.

describe.skipIf(!(await redisAnswers(REDIS_URL)))("with REDIS_URL", () => {
  afterAll(() => closeRedisConnections(t.deps.state.redis));

  it("two instances share the cap, and the store holds neither the address nor the clinic", async () => {
    const redis = new Redis(REDIS_URL);
    try {
      // A secret of this run's own: its keys are new whatever earlier runs left.
      const secret = randomBytes(16).toString("hex");
      const instance = () => createApp({ ...t.deps, secret, env: readApiEnv({ NODE_ENV: "test", REDIS_URL }) });
      const [a, b] = [instance(), instance()];
      const ip = "198.18.99.7";
      const send = (app: ReturnType<typeof instance>) =>
        app.request(
          "/api/v1/events",
          {
            method: "POST",
            headers: { "Content-Type": "text/plain", Origin: TEST_ORIGIN, "User-Agent": BROWSER },
            body: JSON.stringify({ clinicId: clinicB, type: "booking" }),
          },
          socketEnv(ip),
        );
      const before = await countOf(clinicB, "booking");
      for (let i = 0; i < LISTING_EVENTS.perAddressPerClinicPerDay + 2; i++) expect((await send(i % 2 ? a : b)).status).toBe(204);
      expect(await countOf(clinicB, "booking")).toBe(before + LISTING_EVENTS.perAddressPerClinicPerDay);
      // The key: a keyed hash of the day, the clinic, the kind and the address, gone within a day.
      const hash = createHmac("sha256", secret).update(`2026-11-25|${clinicB}|booking|${ip}`).digest("base64url");
      const key = `rl:events-cap:${hash}`;
      expect(Number(await redis.get(key))).toBe(LISTING_EVENTS.perAddressPerClinicPerDay + 2);
      expect(await redis.pttl(key)).toBeGreaterThan(0);
      expect(await redis.pttl(key)).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
      expect((await redis.keys("rl:events-cap:*")).filter((k) => k.includes(ip))).toEqual([]);
      await redis.del(key, `rl:events:${ip}`);
    } finally {
      redis.disconnect();
    }
  });
});
