/**
 * bench:api: seeds a throwaway PostgreSQL database with 100,000 clinics, serves the
 * API from a child process on a loopback port, loads zip-search, clinics-by-city,
 * clinics/nearby and clinic-by-slug with autocannon (50 connections), and writes
 * reports/bench-api.md and reports/bench-api.json: p50/p95/p99 latency, requests per second,
 * errors, and the query plans of the radius queries (which must use the GiST index).
 *
 * The beacon: POST /events as the clinic page sends it (JSON in a text/plain body, a browser's
 * User-Agent), over the sampled clinics and every kind, each request from its own address, so
 * every event is counted (one upsert); its goal is stated apart: at least BEACON_GOAL.eventsPerSecond
 * events a second on one instance with a p95 of at most BEACON_GOAL.p95Ms (reported, not asserted).
 *
 * With prices: zip-search and clinics-by-city with the price filter and sort, in 25
 * miles and at any distance, price-index, and the admin's /stats (signed in as the seeded admin).
 * With staff: zip-search and clinics-by-city with the credential filter (a physician,
 * MD or DO, whose licence check is current) in 25 miles and at any distance.
 *
 * Same-run comparison: --baseline <commit>[,<commit>…] extracts each commit (optionally named:
 * `no-cache=<commit>`, e.g. a branch with one layer turned off) into a temporary
 * folder (git archive; its packages linked to this checkout's installed dependencies), serves
 * it beside this code on the same database, and measures each scenario on both, alternating
 * (baseline, now, baseline, now: half the duration each), so the machine's load falls on both
 * alike. Each scenario's queries per request are counted for each code: its requests sent one
 * by one to a server whose database connection goes through a counting relay (simple queries
 * and extended-protocol executions), with the read cache off.
 *
 * Usage: pnpm --filter @botox/api bench [--clinics N] [--duration S] [--connections C] [--only NAMES]
 *        [--keep] [--database URL (an already seeded database: no seeding, never dropped)]
 *        [--baseline [NAME=]COMMIT,…] [--modes on,off (read cache; default both)] [--admin-password P (the admin of a --database, for the stats scenario)]
 * Database server: TEST_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
 * Not a test: nothing here asserts timings; the report states the targets and the verdicts.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { LISTING_EVENT_TYPES, isoDay } from "@botox/core";
import {
  findClinicBySlugOrId,
  listClinicsNear,
  priceIndexInCity,
  priceIndexNear,
  repoRoot,
  schema,
  searchClinicsInCity,
  searchClinicsNearZip,
  searchClinicsNearZipByPrice,
} from "@botox/db";
import { createBenchDatabase, seedClinics } from "./database.ts";
import { pacedLoad, type Raw } from "./paced-load.ts";

const TARGET_P95_MS = 25;
/** The listing beacon's goal on one instance (decision 277). */
const BEACON_GOAL = { eventsPerSecond: 2_000, p95Ms: 20 } as const;
const BEACON = "beacon";
/**
 * The beacon offered at the goal's rate, paced: one request every 1/2,000 s whether or not the
 * earlier ones were answered (an open loop, as visitors arrive), each timed from its sending.
 * The plain scenario measures the most one instance takes, with its 50 connections always
 * waiting, which is a latency of 50 / throughput. autocannon's own rate option is no help
 * here: each connection sends its second's quota at once and then waits for the next second
 * (its httpClient.js resets `reqsMadeThisSecond` on a one-second interval), so every second
 * starts with a burst served at full load, and the latencies are those of saturation.
 */
const BEACON_AT_GOAL = "beacon at 2000/s";
/** A browser's User-Agent: the beacon does not count known bots or requests without one. */
const BROWSER_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
/** The price filter's ceiling in the price scenarios, dollars per unit (demo prices run $9–$20). */
const MAX_UNIT_PRICE = 15;
/** The price searches measured: the listings' default radius and "any distance" (no radius). */
const PRICE_SEARCHES = [
  { label: "25 miles", param: "25", radiusMiles: 25 },
  { label: "any distance", param: "any", radiusMiles: null },
] as const;
const today = isoDay(new Date());
const GEO_INDEX = "clinics_earth_idx";

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    clinics: { type: "string", default: "100000" },
    duration: { type: "string", default: "15" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    keep: { type: "boolean", default: false },
    /** Load only the scenarios with these names (comma-joined), e.g. --only clinics/nearby. */
    only: { type: "string" },
    /** An already seeded database to load instead of a new one (kept; no seeding). */
    database: { type: "string" },
    /** The seeded admin's password of a --database (the stats scenario signs in with it). */
    "admin-password": { type: "string" },
    /** The read cache modes to measure: `on`, `off` or both (comma-joined). */
    modes: { type: "string", default: "on,off" },
    /**
     * Commits to measure in the same run, alternating with this code: comma-joined, each
     * optionally named (`name=commit`, e.g. a branch that turns one layer off).
     */
    baseline: { type: "string" },
  },
});
const CLINICS = Number(args.clinics);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const CONNECTIONS = Number(args.connections);

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const apiDir = path.resolve(import.meta.dirname, "..");
const reportsDir = path.join(repoRoot, "reports");

const log = (line: string) => process.stdout.write(`${line}\n`);

// ---- database ----

const createDatabase = () => createBenchDatabase(serverUrl, "bench_api");
const seed = (url: string, adminPassword: string) => seedClinics(url, CLINICS, adminPassword);

interface Inputs {
  zips: string[];
  /** Where those ZIPs' visitors are located by IP (GeoIP answers about a postal code's centroid). */
  zipPoints: { latitude: number; longitude: number }[];
  cities: { slug: string; latitude: number; longitude: number }[];
  clinics: { id: number; slug: string; citySlug: string }[];
}

/** Real request inputs from the seeded data, so every request finds something. */
async function sampleInputs(sql: postgres.Sql): Promise<Inputs> {
  const zips = await sql<{ zip: string; latitude: number; longitude: number }[]>`
    select z.zip, z.latitude, z.longitude from zip_codes z
    where z.zip in (select postal_code from clinics where postal_code is not null) order by 1 limit 2000`;
  const cities = await sql<{ slug: string; latitude: number; longitude: number }[]>`
    select city_slug as slug, avg(latitude) as latitude, avg(longitude) as longitude
    from clinics where latitude is not null group by city_slug order by 1`;
  const clinics = await sql<{ id: number; slug: string; citySlug: string }[]>`
    select id, slug, city_slug as "citySlug" from clinics order by md5(id::text) limit 5000`;
  return {
    zips: zips.map((z) => z.zip),
    zipPoints: zips.map((z) => ({ latitude: Number(z.latitude), longitude: Number(z.longitude) })),
    cities: cities.map((c) => ({ slug: c.slug, latitude: Number(c.latitude), longitude: Number(c.longitude) })),
    clinics,
  };
}

// ---- query plans ----

interface Plan {
  name: string;
  query: string;
  plan: string;
  radius: boolean;
  usesGeoIndex: boolean;
}

/**
 * Runs each endpoint's query function once on a client that records the SQL it sends, then
 * EXPLAIN ANALYZEs exactly those statements with the same parameters.
 */
async function explainPlans(url: string, inputs: Inputs): Promise<Plan[]> {
  const captured: { query: string; params: unknown[] }[] = [];
  const sql = postgres(url, { max: 1, onnotice: () => {}, debug: (_conn, query, params) => captured.push({ query, params: [...(params as unknown[])] }) });
  const db = drizzle(sql, { schema });
  const city = inputs.cities.find((c) => c.slug === "new-york") ?? inputs.cities[0]!;
  const clinic = inputs.clinics[0]!;
  const zip = (await sql<{ zip: string }[]>`select postal_code as zip from clinics where city_slug = ${city.slug} and postal_code is not null limit 1`)[0]!.zip;
  const endpoints: [string, () => Promise<unknown>][] = [
    ["zip-search (25 miles, operational)", () => searchClinicsNearZip(db, { postalCode: zip, page: 1, limit: 10, radiusMiles: 25, statuses: ["OPERATIONAL"] })],
    [
      "clinics-by-city (5 miles of the centre)",
      () => searchClinicsInCity(db, { city: city.slug, page: 1, limit: 10, radiusMiles: 5, statuses: ["OPERATIONAL"], sortBy: "reviews", sortOrder: "desc" }),
    ],
    ["clinics/nearby (100 miles, 50 nearest)", () => listClinicsNear(db, { origin: city, radiusMiles: 100, limit: 50 })],
    ["clinic-by-slug", () => findClinicBySlugOrId(db, clinic.slug, clinic.citySlug)],
    // Prices: the price filter and sort, in a radius and at any distance.
    ...PRICE_SEARCHES.flatMap(({ label, radiusMiles }): [string, () => Promise<unknown>][] => [
      [
        `zip-search by price (${label})`,
        () =>
          searchClinicsNearZipByPrice(db, {
            postalCode: zip,
            page: 1,
            limit: 10,
            radiusMiles,
            statuses: ["OPERATIONAL"],
            sortBy: "price",
            price: { brand: "botox", today, maxUnitCents: MAX_UNIT_PRICE * 100 },
          }),
      ],
      [
        `clinics-by-city by price (${label})`,
        () =>
          searchClinicsInCity(db, {
            city: city.slug,
            page: 1,
            limit: 10,
            radiusMiles,
            statuses: ["OPERATIONAL"],
            sortBy: "price",
            price: { brand: "botox", today, maxUnitCents: MAX_UNIT_PRICE * 100 },
          }),
      ],
    ]),
    ["price-index (city)", () => priceIndexInCity(db, city.slug, "botox", today)],
    ["price-index (25 miles of a ZIP)", () => priceIndexNear(db, city, 25, "botox", today)],
  ];
  const plans: Plan[] = [];
  for (const [name, call] of endpoints) {
    captured.length = 0;
    await call();
    const statements = [...captured];
    for (const [i, s] of statements.entries()) {
      const rows = await sql.unsafe<{ "QUERY PLAN": string }[]>(`explain (analyze, buffers) ${s.query}`, s.params as never[]);
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      // A radius prefilter (earth_box) or a nearest-first order (the cube distance operator).
      const radius = s.query.includes("earth_box") || s.query.includes("<->");
      plans.push({ name: statements.length > 1 ? `${name}, statement ${i + 1}` : name, query: s.query, plan, radius, usesGeoIndex: plan.includes(GEO_INDEX) });
    }
  }
  await sql.end();
  return plans;
}

// ---- the API under load ----

async function startServer(url: string, readCache: boolean, dir: string = apiDir): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/server.ts"], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: url,
      REDIS_URL: "",
      // Production asks for a mail relay or capture on purpose: the bench sends no mail.
      MAIL_MODE: "capture",
      MAIL_WORKER: "false",
      MAIL_FROM: "Botox Near Me <mail@botox.example.test>",
      MAIL_POSTAL_ADDRESS: "1 Bench Street, Austin, TX 78701",
      // autocannon stands for many visitors behind one proxy: each request carries its own
      // X-Forwarded-For, so the per-address limits see many clients, not one.
      TRUSTED_PROXIES: "127.0.0.1",
      // Off: every request reaches the database (the query path's own speed); the beacon's
      // events too, each written as it comes instead of in batches.
      // On: the answers a scenario's warm-up kept stay kept while the other codes take their
      // turns (with several codes a turn comes minutes after its warm-up, past the 60 s default,
      // and a code measured later would find more of its answers kept), so every code is
      // measured answering from memory alike.
      ...(readCache ? { READ_CACHE_TTL_MS: "1800000" } : { READ_CACHE_TTL_MS: "0", EVENTS_FLUSH_MS: "0" }),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.on("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { port, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

interface Scenario {
  name: string;
  method: "GET" | "POST";
  /** Extra headers on every request (the admin scenario's session cookie). */
  headers?: Record<string, string>;
  /** Requests a second, paced evenly (`pacedLoad`); none: autocannon, as fast as answered. */
  overallRate?: number;
  /** The next request: a path, and a body for POST. */
  next(i: number): { path: string; body?: string };
}

function scenarios(inputs: Inputs, session: string | null): Scenario[] {
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  const priceParams = `sortBy=price&maxUnitPrice=${MAX_UNIT_PRICE}&brand=botox`;
  return [
    {
      name: "zip-search",
      method: "GET",
      next: (i) => ({ path: `/api/v1/zip-search?postalCode=${pick(inputs.zips, i)}&page=1&limit=10&distance=25&businessStatus=OPERATIONAL` }),
    },
    {
      // Open now in the 20 first sampled ZIPs (the busy ones): its answer is kept under the minute it
      // is true for, so each is computed again every minute, and found by the route's own
      // kept-answer step in between (at 100,000 clinics one costs about 0.4 s of database time).
      name: "zip-search open now",
      method: "GET",
      next: (i) => ({
        path: `/api/v1/zip-search?postalCode=${pick(inputs.zips.slice(0, 20), i)}&page=1&limit=10&distance=25&businessStatus=OPERATIONAL&openNow=true`,
      }),
    },
    {
      name: "clinics-by-city",
      method: "GET",
      next: (i) => ({
        path: `/api/v1/proxy/clinics-by-city/${pick(inputs.cities, i).slug}?page=${1 + (i % 3)}&limit=10&distance=5&businessStatus=OPERATIONAL&sortBy=reviews&sortOrder=desc`,
      }),
    },
    {
      // The home page's default: the visitor located by IP, so visitors of one place share a point.
      name: "clinics/nearby",
      method: "POST",
      next: (i) => {
        const p = pick(inputs.zipPoints, i);
        return { path: "/api/v1/clinics/nearby", body: JSON.stringify({ latitude: p.latitude, longitude: p.longitude, radius: 100 }) };
      },
    },
    {
      // "Use my precise location": every request a point of its own, within ~7 miles of a centre.
      name: "clinics/nearby precise",
      method: "POST",
      next: (i) => {
        const c = pick(inputs.cities, i);
        // Two well-spread fractions of i (Weyl sequences): no point ever comes back.
        const u = (i * 0.6180339887498949) % 1;
        const v = (i * 0.7548776662466927) % 1;
        return {
          path: "/api/v1/clinics/nearby",
          body: JSON.stringify({ latitude: c.latitude + (u - 0.5) * 0.2, longitude: c.longitude + (v - 0.5) * 0.2, radius: 100 }),
        };
      },
    },
    {
      name: "clinic-by-slug",
      method: "GET",
      next: (i) => {
        const c = pick(inputs.clinics, i * 31);
        return { path: `/api/v1/proxy/clinic/${c.slug}?city=${c.citySlug}` };
      },
    },
    // Prices: cheapest first among clinics at most $MAX_UNIT_PRICE a unit.
    ...PRICE_SEARCHES.flatMap(({ label, param }): Scenario[] => [
      {
        name: `zip-search price ${label}`,
        method: "GET",
        next: (i) => ({
          path: `/api/v1/zip-search?postalCode=${pick(inputs.zips, i)}&page=1&limit=10&distance=${param}&businessStatus=OPERATIONAL&${priceParams}`,
        }),
      },
      {
        name: `clinics-by-city price ${label}`,
        method: "GET",
        next: (i) => ({
          path: `/api/v1/proxy/clinics-by-city/${pick(inputs.cities, i).slug}?page=1&limit=10&distance=${param}&businessStatus=OPERATIONAL&${priceParams}`,
        }),
      },
    ]),
    // Who injects here: only clinics with a currently verified physician.
    ...PRICE_SEARCHES.flatMap(({ label, param }): Scenario[] => [
      {
        name: `zip-search credential ${label}`,
        method: "GET",
        next: (i) => ({
          path: `/api/v1/zip-search?postalCode=${pick(inputs.zips, i)}&page=1&limit=10&distance=${param}&businessStatus=OPERATIONAL&credential=MD,DO`,
        }),
      },
      {
        name: `clinics-by-city credential ${label}`,
        method: "GET",
        next: (i) => ({
          path: `/api/v1/proxy/clinics-by-city/${pick(inputs.cities, i).slug}?page=1&limit=10&distance=${param}&businessStatus=OPERATIONAL&credential=MD,DO`,
        }),
      },
    ]),
    {
      name: "price-index city",
      method: "GET",
      next: (i) => ({ path: `/api/v1/price-index?city=${pick(inputs.cities, i).slug}&brand=botox` }),
    },
    {
      name: "price-index ZIP 25 miles",
      method: "GET",
      next: (i) => ({ path: `/api/v1/price-index?postalCode=${pick(inputs.zips, i)}&distance=25&brand=botox` }),
    },
    ...[BEACON, BEACON_AT_GOAL].map((name): Scenario => ({
      // The clinic page's beacon: every kind on the sampled clinics (each request its own address, so none is capped).
      name,
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER_UA },
      ...(name === BEACON_AT_GOAL ? { overallRate: BEACON_GOAL.eventsPerSecond } : {}),
      next: (i) => ({
        path: "/api/v1/events",
        body: JSON.stringify({ clinicId: pick(inputs.clinics, i).id, type: pick([...LISTING_EVENT_TYPES], Math.floor(i / inputs.clinics.length)) }),
      }),
    })),
    // The admin dashboard's counts (pending reports, clinics with stale prices): one session.
    ...(session ? [{ name: "stats (admin)", method: "GET" as const, headers: { cookie: session }, next: () => ({ path: "/api/v1/stats" }) }] : []),
  ];
}

/** Signs the seeded admin in once; its session cookie is what the stats scenario sends. */
async function signIn(port: number, password: string | null): Promise<string | null> {
  if (!password) return null;
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:4321" },
    body: JSON.stringify({ username: "admin", password }),
  });
  if (!res.ok) throw new Error(`bench:api: admin sign-in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The API as deployed (read cache on, the beacon's events in batches), then with every request reaching the database. */
const MODES = [
  { name: "read cache on", readCache: true },
  { name: "read cache off", readCache: false },
] as const;

interface Measured {
  name: string;
  mode: string;
  /** "now", or "baseline <sha>". */
  code: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  meetsTarget: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * How many different requests a scenario cycles through (its first 20,000 looked at): the
 * warm-up makes each of them once, so the measurement sees the steady state, where each
 * answer is computed once per read-cache TTL. null: every request is new (nothing to warm).
 */
function distinctRequests(s: Scenario): number | null {
  const seen = new Set<string>();
  const horizon = 20_000;
  for (let i = 0; i < horizon; i++) {
    const r = s.next(i);
    seen.add(`${r.path} ${r.body ?? ""}`);
  }
  return seen.size === horizon ? null : seen.size;
}

/** Requests made so far in a scenario: the measurement goes on where the warm-up stopped. */
interface Cursor {
  i: number;
}

async function load(port: number, s: Scenario, run: { seconds: number } | { amount: number }, cursor: Cursor): Promise<Raw> {
  if (s.overallRate) {
    const paced = {
      method: s.method,
      headers: { "content-type": "application/json", origin: "http://localhost:4321", ...s.headers },
      next: (i: number) => s.next(i),
    };
    return pacedLoad(port, paced, s.overallRate, "seconds" in run ? run.seconds : run.amount / s.overallRate, cursor);
  }
  let ip = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    ...("seconds" in run ? { duration: run.seconds } : { amount: run.amount }),
    method: s.method,
    headers: { "content-type": "application/json", origin: "http://localhost:4321" },
    requests: [
      {
        setupRequest: (req) => {
          const { path: p, body } = s.next(cursor.i++);
          ip = (ip + 1) % 65_536;
          return { ...req, path: p, body, headers: { ...req.headers, ...s.headers, "x-forwarded-for": `198.18.${ip >> 8}.${ip & 255}` } };
        },
      },
    ],
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await instance;
  return { requests: result.requests.total, seconds: result.duration, latencies, errors: result.errors, non2xx: result.non2xx, timeouts: result.timeouts };
}

function summarize(name: string, mode: string, code: string, raws: Raw[]): Measured {
  const latencies = raws.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const sum = (f: (r: Raw) => number) => raws.reduce((n, r) => n + f(r), 0);
  const measured = {
    name,
    mode,
    code,
    requests: sum((r) => r.requests),
    rps: Math.round(
      sum((r) => r.requests) /
        Math.max(
          sum((r) => r.seconds),
          1e-9,
        ),
    ),
    p50: round2(percentile(latencies, 50)),
    p95: round2(percentile(latencies, 95)),
    p99: round2(percentile(latencies, 99)),
    max: round2(latencies.at(-1) ?? NaN),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
    timeouts: sum((r) => r.timeouts),
  };
  return { ...measured, meetsTarget: measured.p95 <= TARGET_P95_MS && measured.errors + measured.non2xx + measured.timeouts === 0 };
}

/** Whether a beacon measurement meets its own goal (reported, not asserted). */
const meetsBeaconGoal = (r: Measured) =>
  // Paced at the goal's rate, a run answers a hair under it (its last answers are awaited).
  r.rps >= BEACON_GOAL.eventsPerSecond * (r.name === BEACON_AT_GOAL ? 0.97 : 1) && r.p95 <= BEACON_GOAL.p95Ms && r.errors + r.non2xx + r.timeouts === 0;

/** The report's lines on the beacon's goal, when it was measured. */
function beaconVerdicts(results: Measured[]): string[] {
  const rows = results.filter((r) => r.name === BEACON || r.name === BEACON_AT_GOAL);
  if (rows.length === 0) return [];
  return [
    "",
    `Beacon goal (decision 277): at least ${BEACON_GOAL.eventsPerSecond.toLocaleString("en-US")} events a second on one instance, p95 at most ${BEACON_GOAL.p95Ms} ms, every answer 204.`,
    "",
    ...rows.map((r) => `- ${r.name}, ${r.mode}, ${r.code}: ${r.rps} events/s, p95 ${r.p95} ms: ${meetsBeaconGoal(r) ? "met" : "**missed**"}`),
  ];
}

// ---- the baseline code ----

/** This checkout's workspace folders, by package name (their node_modules are what the baseline borrows). */
const WORKSPACE_DIRS = [".", "api", "site", "admin", "packages/core", "packages/db", "packages/publish", "packages/site-build", "packages/e2e"];

/**
 * `commit`'s tree in a temporary folder, runnable: each workspace folder gets a node_modules
 * whose entries link to this checkout's installed packages, except the workspace's own
 * packages (@botox/*), which link to the baseline's. Read-only for the repository: no
 * worktree is registered, nothing is checked out here.
 */
function extractBaseline(commit: string): { dir: string; sha: string; remove(): void } {
  const sha = execFileSync("git", ["rev-parse", "--short", `${commit}^{commit}`], { cwd: repoRoot, encoding: "utf8" }).trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-api-baseline-${sha}-`));
  const tar = path.join(dir, "tree.tar");
  execFileSync("git", ["archive", "--format=tar", "-o", tar, sha], { cwd: repoRoot });
  execFileSync("tar", ["-xf", tar, "-C", dir]);
  fs.rmSync(tar);
  const ownPackages = new Map<string, string>();
  for (const ws of WORKSPACE_DIRS) {
    const manifest = path.join(dir, ws, "package.json");
    if (fs.existsSync(manifest)) ownPackages.set((JSON.parse(fs.readFileSync(manifest, "utf8")) as { name: string }).name, path.join(dir, ws));
  }
  // Every package installed anywhere in this checkout, for a dependency that moved between folders since.
  const installed = new Map<string, string>();
  const entriesOf = (folder: string) =>
    fs.existsSync(folder)
      ? fs.readdirSync(folder).flatMap((entry) => (entry.startsWith("@") ? fs.readdirSync(path.join(folder, entry)).map((n) => `${entry}/${n}`) : [entry]))
      : [];
  for (const ws of WORKSPACE_DIRS) {
    for (const name of entriesOf(path.join(repoRoot, ws, "node_modules"))) {
      if (!installed.has(name)) installed.set(name, fs.realpathSync(path.join(repoRoot, ws, "node_modules", name)));
    }
  }
  for (const ws of WORKSPACE_DIRS) {
    const manifest = path.join(dir, ws, "package.json");
    if (!fs.existsSync(manifest)) continue;
    const { dependencies = {}, devDependencies = {} } = JSON.parse(fs.readFileSync(manifest, "utf8")) as Record<string, Record<string, string> | undefined>;
    const from = path.join(repoRoot, ws, "node_modules");
    const to = path.join(dir, ws, "node_modules");
    const linked = new Map<string, string>();
    for (const name of entriesOf(from)) linked.set(name, fs.realpathSync(path.join(from, name)));
    for (const name of [...Object.keys(dependencies), ...Object.keys(devDependencies)]) {
      const found = installed.get(name);
      if (!linked.has(name) && found) linked.set(name, found);
    }
    for (const [name, target] of linked) {
      const own = ownPackages.get(name);
      if (name.startsWith("@botox/") && !own) continue;
      fs.mkdirSync(path.dirname(path.join(to, name)), { recursive: true });
      fs.symlinkSync(own ?? target, path.join(to, name));
    }
  }
  return { dir, sha, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

// ---- queries per request ----

/** The PostgreSQL message types that run a statement: a simple query, an extended-protocol Execute. */
const STATEMENT_MESSAGES = new Set(["Q".charCodeAt(0), "E".charCodeAt(0)]);
const SSL_REQUEST_CODE = 80_877_103;

/**
 * A loopback relay to the database server that counts the statements its clients run (the
 * frontend's Query and Execute messages). A server pointed at it is measured, not timed.
 */
async function countingRelay(target: URL): Promise<{ url(database: string): string; statements(): number; close(): Promise<void> }> {
  let statements = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let buffer = Buffer.alloc(0);
    // The startup (and SSL request) messages carry no type byte.
    let untyped = true;
    client.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const header = untyped ? 4 : 5;
        if (buffer.length < header) break;
        const length = buffer.readInt32BE(untyped ? 0 : 1);
        const size = untyped ? length : length + 1;
        if (buffer.length < size) break;
        if (untyped) untyped = buffer.readInt32BE(4) === SSL_REQUEST_CODE;
        else if (STATEMENT_MESSAGES.has(buffer[0]!)) statements++;
        buffer = buffer.subarray(size);
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url(database) {
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    statements: () => statements,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const COUNTED_REQUESTS = 100;

/** Statements per request of each scenario on the code in `dir` (read cache off; requests one by one). */
async function queriesPerRequest(dir: string, database: string, inputs: Inputs, names: string[], adminPassword: string | null): Promise<Map<string, number>> {
  const relay = await countingRelay(new URL(serverUrl));
  const started = await startServer(relay.url(database), false, dir);
  const out = new Map<string, number>();
  try {
    const session = await signIn(started.port, adminPassword);
    for (const s of scenarios(inputs, session).filter((x) => names.includes(x.name))) {
      const before = relay.statements();
      for (let i = 0; i < COUNTED_REQUESTS; i++) {
        const { path: p, body } = s.next(i);
        const res = await fetch(`http://127.0.0.1:${started.port}${p}`, {
          method: s.method,
          headers: { "content-type": "application/json", origin: "http://localhost:4321", "x-forwarded-for": `198.19.${i >> 8}.${i & 255}`, ...s.headers },
          body,
        });
        await res.arrayBuffer();
      }
      out.set(s.name, round2((relay.statements() - before) / COUNTED_REQUESTS));
    }
  } finally {
    await stopServer(started.child);
    await relay.close();
  }
  return out;
}

// ---- report ----

interface Machine {
  cpus: number;
  node: string;
  /** 1-minute load average when the load started and when it ended. */
  loadBefore: number;
  loadAfter: number;
}

function writeReport(data: {
  database: string;
  clinics: number;
  results: Measured[];
  /** Statements per request, by code and scenario (read cache off). */
  queries: Record<string, Record<string, number>>;
  plans: Plan[];
  startedAt: string;
  seedSeconds: number;
  postgresVersion: string;
  machine: Machine;
}) {
  fs.mkdirSync(reportsDir, { recursive: true });
  const json = {
    ...data,
    targets: { p95Ms: TARGET_P95_MS, errors: 0, radiusQueriesOnGeoIndex: true, beacon: BEACON_GOAL },
    settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S },
    radiusQueriesOnGeoIndex: data.plans.filter((p) => p.radius).every((p) => p.usesGeoIndex),
  };
  fs.writeFileSync(path.join(reportsDir, "bench-api.json"), `${JSON.stringify(json, null, 2)}\n`);

  const lines = [
    "# bench:api",
    "",
    `${data.startedAt} · ${data.clinics.toLocaleString("en-US")} clinics on ${data.postgresVersion} (throwaway database \`${data.database}\`, seeded in ${data.seedSeconds} s) · autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint after a warm-up (each of the endpoint's distinct requests once, then ${WARMUP_S} s), loopback.`,
    "",
    `Machine: ${data.machine.cpus} CPUs shared by PostgreSQL, the API (one Node ${data.machine.node} process) and autocannon; 1-minute load average ${data.machine.loadBefore} before the load, ${data.machine.loadAfter} after (other work on the machine inflates latency).`,
    "",
    `Targets: p95 ≤ ${TARGET_P95_MS} ms, zero errors, every radius query on the GiST index \`${GEO_INDEX}\`.`,
    "",
    "With the read cache on (the API as deployed), repeated public reads are answered from memory: GET reads by address, clinics/nearby by its point. `clinics/nearby` sends the points of visitors located by IP (2,000 ZIP centroids, shared by each place's visitors); `clinics/nearby precise` sends a new point with every request, as browser geolocation would, so the cache never helps it. With the cache off, every request reaches PostgreSQL.",
    "",
    "With `--baseline`, every code was served side by side on the same database and each scenario measured on them alternately (baselines, now, baselines, now; half the duration each); `queries/req` is the statements the API sent per request (requests one by one, read cache off, counted by a relay in front of PostgreSQL).",
    "",
    "| endpoint | mode | code | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | non-2xx | timeouts | queries/req | target |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...data.results.map(
      (r) =>
        `| ${r.name} | ${r.mode} | ${r.code} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.errors} | ${r.non2xx} | ${r.timeouts} | ${data.queries[r.code]?.[r.name] ?? ""} | ${r.meetsTarget ? "met" : "**missed**"} |`,
    ),
    ...beaconVerdicts(data.results),
    "",
    `Radius queries on \`${GEO_INDEX}\`: ${json.radiusQueriesOnGeoIndex ? "yes, all of them" : "**no**"}.`,
    "",
    "## Query plans",
    "",
    "Each endpoint's query function run once (New York, or the first city) and its statements explained with `EXPLAIN (ANALYZE, BUFFERS)`.",
    "",
    ...data.plans.flatMap((p) => [
      `### ${p.name}${p.radius ? ` — radius query, ${p.usesGeoIndex ? "uses" : "**does not use**"} \`${GEO_INDEX}\`` : ""}`,
      "",
      "```sql",
      p.query,
      "```",
      "",
      "```",
      p.plan,
      "```",
      "",
    ]),
  ];
  fs.writeFileSync(path.join(reportsDir, "bench-api.md"), `${lines.join("\n")}\n`);
}

// ---- main ----

const startedAt = new Date().toISOString();
const database = args.database ? { name: new URL(args.database).pathname.slice(1), url: args.database, drop: async () => {} } : await createDatabase();
const servers: ChildProcess[] = [];
const cursors: Cursor[] = [];
const baselines: (ReturnType<typeof extractBaseline> & { code: string })[] = [];
try {
  const seedStart = performance.now();
  // The stats scenario signs in as the seeded admin: known when this run seeds (or given).
  const seededPassword = args.database ? null : randomBytes(12).toString("hex");
  const adminPassword = seededPassword ?? args["admin-password"] ?? process.env.ADMIN_PASSWORD ?? null;
  if (seededPassword) {
    log(`bench:api: database ${database.name} on ${new URL(serverUrl).host}; seeding ${CLINICS} clinics…`);
    await seed(database.url, seededPassword);
  }
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;

  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  const [row] = await sql<{ version: string }[]>`select split_part(version(), ' ', 1) || ' ' || split_part(version(), ' ', 2) as version`;
  const version = row?.version ?? "PostgreSQL";
  const inputs = await sampleInputs(sql);
  await sql.end();
  log(`  ${inputs.zips.length} ZIPs, ${inputs.cities.length} cities, ${inputs.clinics.length} clinic slugs to request`);

  const plans = await explainPlans(database.url, inputs);
  for (const p of plans.filter((x) => x.radius)) log(`  plan: ${p.name}: ${p.usesGeoIndex ? "GiST index" : "NO GiST INDEX"}`);

  const loadBefore = Math.round(os.loadavg()[0]! * 100) / 100;
  const results: Measured[] = [];
  const only = args.only?.split(",");
  // Every scenario's name (the admin's too when there is a password to sign in with).
  const names = scenarios(inputs, adminPassword ? "session" : null)
    .map((x) => x.name)
    .filter((n) => !only || only.includes(n));
  for (const spec of args.baseline?.split(",") ?? []) {
    const [name, commit] = spec.includes("=") ? (spec.split("=", 2) as [string, string]) : [undefined, spec];
    const extracted = extractBaseline(commit);
    baselines.push({ ...extracted, code: name ? `${name} ${extracted.sha}` : `baseline ${extracted.sha}` });
    log(`  ${baselines.at(-1)!.code} in ${extracted.dir}`);
  }
  const codes = [...baselines.map((b) => ({ code: b.code, dir: path.join(b.dir, "api") })), { code: "now", dir: apiDir }];
  const modes = args.modes.split(",");
  for (const mode of MODES.filter((m) => modes.includes(m.readCache ? "on" : "off"))) {
    const started = [];
    for (const c of codes) {
      const s = await startServer(database.url, mode.readCache, c.dir);
      servers.push(s.child);
      started.push({ ...c, port: s.port, session: await signIn(s.port, adminPassword) });
    }
    for (const name of names) {
      const raws = started.map(() => [] as Raw[]);
      // Each code warmed up, then measured in two halves, alternating: baselines, now, baselines, now.
      for (const [k, target] of started.entries()) {
        const s = scenarios(inputs, target.session).find((x) => x.name === name)!;
        const distinct = distinctRequests(s);
        const cursor = { i: 0 };
        // autocannon needs at least one request per connection.
        if (distinct) await load(target.port, s, { amount: Math.max(distinct, CONNECTIONS) }, cursor);
        await load(target.port, s, { seconds: WARMUP_S }, cursor);
        cursors[k] = cursor;
      }
      const halves = codes.length > 1 ? 2 : 1;
      for (let h = 0; h < halves; h++) {
        for (const [k, target] of started.entries()) {
          const s = scenarios(inputs, target.session).find((x) => x.name === name)!;
          raws[k]!.push(await load(target.port, s, { seconds: Math.max(1, Math.round(DURATION_S / halves)) }, cursors[k]!));
        }
      }
      for (const [k, target] of started.entries()) {
        const r = summarize(name, mode.name, target.code, raws[k]!);
        results.push(r);
        log(
          `  ${name.padEnd(34)} ${mode.name.padEnd(15)} ${target.code.padEnd(17)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  errors ${r.errors + r.non2xx + r.timeouts}  ${r.meetsTarget ? "ok" : "MISSED"}`,
        );
        if (name === BEACON || name === BEACON_AT_GOAL)
          log(
            `  ${"".padEnd(34)} beacon goal (${BEACON_GOAL.eventsPerSecond} events/s, p95 ≤ ${BEACON_GOAL.p95Ms} ms): ${meetsBeaconGoal(r) ? "met" : "MISSED"}`,
          );
      }
    }
    for (const child of servers.splice(0)) await stopServer(child);
  }
  // Statements per request of each code (read cache off), counted apart from the timed loads.
  const queries: Record<string, Record<string, number>> = {};
  for (const c of codes) {
    const counted = await queriesPerRequest(c.dir, database.name, inputs, names, adminPassword);
    queries[c.code] = Object.fromEntries(counted);
    for (const [name, n] of counted) log(`  queries per request  ${name.padEnd(34)} ${c.code.padEnd(17)} ${n}`);
  }
  const machine: Machine = { cpus: os.cpus().length, node: process.version, loadBefore, loadAfter: Math.round(os.loadavg()[0]! * 100) / 100 };
  writeReport({ database: database.name, clinics: CLINICS, results, queries, plans, startedAt, seedSeconds, postgresVersion: version, machine });
  log(`bench:api: report in ${path.relative(process.cwd(), path.join(reportsDir, "bench-api.md"))} and bench-api.json`);
} finally {
  for (const child of servers) await stopServer(child);
  for (const b of baselines) b.remove();
  if (args.keep) log(`bench:api: kept database ${database.url}`);
  else await database.drop();
}
