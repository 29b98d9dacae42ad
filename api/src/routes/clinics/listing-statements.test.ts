/**
 * One round trip per listing: with the read cache off, each public listing reads
 * its page, the page's current prices, its total and each clinic's verified staff in a single
 * statement, and clinic-by-slug in one. Counted at the driver (its debug hook sees every
 * statement sent), on a second connection pool to the same test database. Also the verified
 * staff as listings carry them: each (role, credential) once, medical directors first, the
 * demo people (never checked), stale and inactive checks left out.
 */
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ClinicListResponse, ZipSearchResponse } from "@botox/core";
import { clinicStaff, schema, type Database } from "@botox/db";
import { createApp } from "../../app.ts";
import { sendRequest } from "../../test/request.ts";
import { TEST_ORIGIN, createPublicTestContext, socketEnv, type PublicTestContext } from "../../test/public-app.ts";

const NOW = new Date("2026-06-15T12:00:00Z");
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10);

let t: PublicTestContext;
let counted: postgres.Sql;
let statements = 0;
/** The last statement sent on the counted connection, with its values (for its plan). */
let last: { text: string; params: unknown[] } | undefined;
let app: ReturnType<typeof createApp>;
const ids: number[] = [];

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.now = () => NOW;
  await t.insertZip("10001", 40.75, -74);
  const rows = await t.insertClinics(
    [0, 1, 2].map((i) => ({ name: `Staffed Clinic ${i}`, city: "Staffton", state: "NY", postalCode: "10001", latitude: 40.75 + i * 0.01, longitude: -74 })),
  );
  ids.push(...rows.map((r) => r.id));
  const [a, b] = ids;
  const person = (clinicId: number, over: Partial<typeof clinicStaff.$inferInsert>) => ({
    clinicId,
    name: "Pat Doe",
    role: "injector" as const,
    credential: "NP" as const,
    licenseStatus: "active" as const,
    verifiedOn: daysBefore(10),
    verifiedVia: "npi_registry" as const,
    source: "admin" as const,
    ...over,
  });
  await t.db.db.insert(clinicStaff).values([
    // a: an NP injector, a demo NP injector and a demo MD director (never checked), a stale RN, an inactive PA.
    person(a!, {}),
    person(a!, { source: "demo", verifiedOn: null, verifiedVia: null }),
    person(a!, { role: "medical_director", credential: "MD", source: "demo", verifiedOn: null, verifiedVia: null }),
    person(a!, { credential: "RN", verifiedOn: daysBefore(366) }),
    person(a!, { credential: "PA", licenseStatus: "inactive" }),
    // b: a check dated after today does not count yet.
    person(b!, { credential: "DO", verifiedOn: daysBefore(-1) }),
  ]);
  // One connection, opened (and its types read) before anything is counted.
  counted = postgres(t.db.url, {
    max: 1,
    onnotice: () => {},
    debug: (_connection, text, params) => {
      statements++;
      last = { text, params };
    },
  });
  await counted`SELECT 1`;
  const db: Database = drizzle({ client: counted, schema });
  app = createApp({ ...t.deps, db, sql: counted });
});

afterAll(async () => {
  await counted.end();
  await t.close();
});

async function statementsFor<T>(path: string): Promise<{ body: T; statements: number }> {
  const before = statements;
  const res = await sendRequest(app, TEST_ORIGIN, "GET", path, {}, socketEnv("203.0.113.9"));
  expect(res.status, path).toBe(200);
  return { body: (await res.json()) as T, statements: statements - before };
}

const expectedStaff = [[{ role: "injector", credential: "NP" }], [], []];

describe("one statement per listing request (read cache off)", () => {
  it("zip-search: page, prices, total and verified staff", async () => {
    for (const q of ["distance=25", "distance=any", "distance=25&sortBy=price", "distance=25&maxUnitPrice=20", "distance=any&credential=MD,NP"]) {
      const { body, statements: n } = await statementsFor<ZipSearchResponse>(`/zip-search?postalCode=10001&${q}`);
      expect(n, q).toBe(1);
      // No clinic has a price: the price filter leaves none; the credential filter leaves a.
      const expected = q.includes("maxUnitPrice") ? [] : q.includes("credential") ? expectedStaff.slice(0, 1) : expectedStaff;
      expect(
        body.clinics.map((c) => c.verifiedStaff),
        q,
      ).toEqual(expected);
    }
  });

  it("zip-search: the nearest-first page probes each clinic's credentials, never a semi-join over all verified staff", async () => {
    // As a semi-join PostgreSQL may build the set of every verified staff member and sort all
    // their clinics by distance for a page of 10 (decision 216); as a probe in the nearest-first index scan it stops at the tenth clinic that passes.
    for (const q of ["distance=any&credential=MD,NP", "distance=25&credential=DO"]) {
      await statementsFor(`/zip-search?postalCode=10001&${q}`);
      const sent = last;
      if (!sent) throw new Error("no statement seen");
      const plan = (await counted.unsafe(`EXPLAIN ${sent.text}`, sent.params as never[])).map((r) => String(r["QUERY PLAN"])).join("\n");
      const knn = plan.slice(plan.indexOf("clinics_earth_idx"));
      expect(knn, q).toMatch(/^clinics_earth_idx[^\n]*\n\s+Order By:[^\n]*\n\s+Filter: [^\n]*SubPlan/);
    }
  });

  it("zip-search: the verified credentials follow the staff", async () => {
    const { body } = await statementsFor<ZipSearchResponse>("/zip-search?postalCode=10001&distance=25");
    expect(body.clinics.map((c) => c.verifiedCredentials)).toEqual([["NP"], [], []]);
  });

  it("zip-search: each statement's text is rendered once, later requests only bind their values", async () => {
    // Every shape: radius or not, a kept total, price sort and filter, statuses, open now, credentials.
    const shapes = [
      "distance=25",
      "distance=any",
      "distance=25&sortBy=price",
      "distance=any&sortBy=price&maxUnitPrice=20",
      "distance=50&maxUnitPrice=20&businessStatus=OPERATIONAL,CLOSED_TEMPORARILY",
      "distance=any&credential=MD,NP&openNow=true",
      "distance=25&businessStatus=PERMANENTLY_CLOSED&credential=DO",
    ];
    // Twice each (the any-distance total is kept after the first), then other values of the same shapes.
    for (const q of [...shapes, ...shapes]) await statementsFor(`/zip-search?postalCode=10001&${q}`);
    const render = vi.spyOn(PgDialect.prototype, "sqlToQuery");
    try {
      for (const q of shapes) {
        // The same shape: as many statuses and credentials, other values.
        const other = q
          .replace("25", "30")
          .replace("50", "60")
          .replace("MD,NP", "PA,RN")
          .replace("=DO", "=RN")
          .replace("OPERATIONAL,CLOSED_TEMPORARILY", "closed_temporarily,operational");
        const { body, statements: n } = await statementsFor<ZipSearchResponse>(`/zip-search?postalCode=10001&${other}&limit=2&page=2`);
        expect(n, other).toBe(1);
        expect(body.currentPage, other).toBe(2);
      }
      expect(render).not.toHaveBeenCalled();
    } finally {
      render.mockRestore();
    }
  });

  it("zip-search: PostgreSQL keeps a generic plan of its statement instead of planning every request", async () => {
    // The nearest clinics' LIMIT is a constant of the text (zip-search.ts `nearestReach`): with
    // it bound, the generic plan's estimate read a tenth of the located clinics and PostgreSQL
    // planned every execution afresh (decision 200).
    // A shape no other test uses (two statuses listed, nearest first), so its statement's counts are this test's.
    const statuses = "OPERATIONAL,CLOSED_TEMPORARILY";
    for (let i = 0; i < 16; i++)
      await statementsFor<ZipSearchResponse>(`/zip-search?postalCode=10001&distance=${20 + i}&limit=${1 + (i % 3)}&businessStatus=${statuses}`);
    // Two texts at most: whole rows, and ids and versions once most clinics' texts are kept (decision 224).
    const plans = await counted<{ statement: string; generic: number; custom: number }[]>`
      SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
      WHERE statement LIKE 'WITH origin AS%' AND statement LIKE '%row_number() OVER () AS rank%' AND statement LIKE '%business_status" IN (''OPERATIONAL'', ''CLOSED_TEMPORARILY'')%'
        AND statement NOT LIKE '%"credential" IN (%'`;
    expect(plans.length).toBeGreaterThanOrEqual(1);
    expect(plans.length).toBeLessThanOrEqual(2);
    expect(plans.reduce((n, p) => n + p.generic + p.custom, 0)).toBe(16);
    for (const plan of plans) {
      // PostgreSQL tries five custom plans before it compares them with the generic one.
      expect(plan.custom).toBeLessThanOrEqual(5);
      expect(plan.statement).toMatch(/ORDER BY knn LIMIT 10\)/);
    }
    const most = Math.max(...plans.map((p) => p.generic + p.custom));
    expect(most).toBeGreaterThanOrEqual(8);
    expect(plans.find((p) => p.generic + p.custom === most)!.generic).toBeGreaterThanOrEqual(most - 5);
  });

  it("zip-search under the credential filter: the statuses are constants of the text, and the generic plan is kept (decision 217)", async () => {
    // With the status bound, the generic plan guessed a third of the clinics per status and
    // PostgreSQL planned every request afresh.
    for (let i = 0; i < 8; i++) {
      const res = await statementsFor<ZipSearchResponse>(
        `/zip-search?postalCode=10001&distance=${20 + i}&limit=1&businessStatus=CLOSED_TEMPORARILY&credential=MD,NP`,
      );
      expect(res.statements).toBe(1);
    }
    const plans = await counted<{ statement: string; generic: number; custom: number }[]>`
      SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
      WHERE statement LIKE 'WITH origin AS%' AND statement LIKE '%"credential" IN (%' AND statement LIKE '%business_status" IN (''CLOSED_TEMPORARILY'')%'`;
    expect(plans).toHaveLength(1);
    const [plan] = plans;
    expect(plan!.generic + plan!.custom).toBe(8);
    expect(plan!.custom).toBeLessThanOrEqual(5);
    expect(plan!.generic).toBeGreaterThanOrEqual(3);
    expect(plan!.statement).not.toMatch(/business_status" IN \(\$/);
  });

  it("clinics/nearby: one statement, rendered once, planned once (a constant LIMIT)", async () => {
    const nearby = async (latitude: number, radius: number) => {
      const before = statements;
      const res = await sendRequest(app, TEST_ORIGIN, "POST", "/clinics/nearby", { body: { latitude, longitude: -74, radius } }, socketEnv("203.0.113.10"));
      expect(res.status).toBe(200);
      return { body: (await res.json()) as { name: string }[], statements: statements - before };
    };
    const first = await nearby(40.75, 100);
    expect(first.statements).toBe(1);
    expect(first.body.map((c) => c.name)).toEqual(["Staffed Clinic 0", "Staffed Clinic 1", "Staffed Clinic 2"]);
    const render = vi.spyOn(PgDialect.prototype, "sqlToQuery");
    try {
      // Other points and radii: the same text, only the values bound.
      for (let i = 1; i <= 7; i++) {
        const { body, statements: n } = await nearby(40.75 + i * 0.01, 100 - i);
        expect(n).toBe(1);
        expect(body).toHaveLength(3);
      }
      expect(render).not.toHaveBeenCalled();
    } finally {
      render.mockRestore();
    }
    const [plan] = await counted<{ statement: string; generic: number; custom: number }[]>`
      SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
      WHERE statement LIKE 'WITH origin AS (SELECT cube(cube(cube(%' AND statement LIKE '%row_number() OVER () AS rank%'`;
    expect(plan!.statement).toMatch(/ORDER BY knn LIMIT 50\)/);
    expect(plan!.generic + plan!.custom).toBe(8);
    expect(plan!.custom).toBeLessThanOrEqual(5);
  });

  it("clinics-by-city: page, prices, total and verified staff", async () => {
    for (const q of ["sortBy=name&sortOrder=asc", "sortBy=price&sortOrder=asc&distance=5"]) {
      const { body, statements: n } = await statementsFor<ClinicListResponse>(`/proxy/clinics-by-city/staffton?${q}`);
      // With a radius, the city's centre is read once and then kept for a minute (city-centres.ts).
      expect(n, q).toBeLessThanOrEqual(q.includes("distance") ? 2 : 1);
      expect(body.clinics.map((c) => c.verifiedStaff).sort((x, y) => (y?.length ?? 0) - (x?.length ?? 0))).toEqual(expectedStaff);
    }
  });

  it("clinics-by-city: each statement's text is rendered once, later requests only bind their values", async () => {
    // Shapes: sorts and orders, a radius, a text query, statuses, price filter and sort, credentials, open now, a state suffix.
    const shapes = [
      "staffton?sortBy=name&sortOrder=asc",
      "staffton?sortBy=price&sortOrder=asc&distance=5",
      "staffton?query=staffed&businessStatus=OPERATIONAL",
      "staffton?maxUnitPrice=20&credential=MD,NP&openNow=true",
      "staffton-ny?sortBy=reviews&sortOrder=asc",
    ];
    for (const q of [...shapes, ...shapes]) await statementsFor(`/proxy/clinics-by-city/${q}`);
    const render = vi.spyOn(PgDialect.prototype, "sqlToQuery");
    try {
      for (const q of shapes) {
        const other = q.replace("distance=5", "distance=6").replace("query=staffed", "query=clinic").replace("MD,NP", "PA,RN").replace("=20", "=25");
        const { body, statements: n } = await statementsFor<ClinicListResponse>(`/proxy/clinics-by-city/${other}&limit=2`);
        expect(n, other).toBe(1);
        expect(body.clinics.length, other).toBeLessThanOrEqual(2);
      }
      expect(render).not.toHaveBeenCalled();
    } finally {
      render.mockRestore();
    }
  });

  it("clinics-by-city: PostgreSQL keeps a generic plan of its statement instead of planning every request (decision 220)", async () => {
    // The ranking's LIMIT is a constant of the text (`nearestReach`): with it bound, PostgreSQL
    // planned every execution afresh.
    // A shape no other test uses (two statuses, reviews best first, a radius), so its counts are this test's.
    const statuses = "OPERATIONAL,CLOSED_TEMPORARILY";
    for (let i = 0; i < 8; i++) {
      const { statements: n } = await statementsFor<ClinicListResponse>(
        `/proxy/clinics-by-city/staffton?distance=${20 + i}&limit=${1 + (i % 3)}&businessStatus=${statuses}&sortBy=reviews&sortOrder=desc`,
      );
      expect(n).toBeLessThanOrEqual(1);
    }
    const plans = await counted<{ statement: string; generic: number; custom: number }[]>`
      SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
      WHERE statement LIKE 'WITH ranked AS%' AND statement LIKE '%business_status" IN (''OPERATIONAL'', ''CLOSED_TEMPORARILY'')%'
        AND statement LIKE '%"review_count" DESC%'`;
    expect(plans).toHaveLength(1);
    const [plan] = plans;
    expect(plan!.generic + plan!.custom).toBe(8);
    expect(plan!.custom).toBeLessThanOrEqual(5);
    expect(plan!.generic).toBeGreaterThanOrEqual(3);
    expect(plan!.statement).toMatch(/LIMIT 10\) k\)/);
  });

  it("clinics-by-city: a page is the same whichever constant the ranking keeps", async () => {
    // Pages 1–4 of one, two and three clinics: reaches of 10 and 20 (`nearestReach`), pages past the last included.
    const all = (await statementsFor<ClinicListResponse>("/proxy/clinics-by-city/staffton?limit=50&sortBy=reviews")).body;
    for (const limit of [1, 2, 3, 7])
      for (const page of [1, 2, 3, 4]) {
        const { body } = await statementsFor<ClinicListResponse>(`/proxy/clinics-by-city/staffton?limit=${limit}&page=${page}&sortBy=reviews`);
        const from = (page - 1) * limit;
        expect(
          body.clinics.map((c) => c.id),
          `${limit} × ${page}`,
        ).toEqual(all.clinics.slice(from, from + limit).map((c) => c.id));
        expect(body.pagination.totalItems, `${limit} × ${page}`).toBe(all.pagination.totalItems);
      }
  });

  it("clinic-by-slug: one statement, and the same answer by slug in a city", async () => {
    const { body, statements: n } = await statementsFor<{ id: number }>("/proxy/clinic/staffed-clinic-0-staffton?city=staffton");
    expect(n).toBe(1);
    expect(body.id).toBe(ids[0]);
  });

  it("clinic-by-slug: reads arriving together share one statement, each answered as when alone (decision 211)", async () => {
    // By slug, in a city, in a state-suffixed city, a slug in the wrong city, an unknown slug.
    const paths = [
      "/proxy/clinic/staffed-clinic-0-staffton?city=staffton",
      "/proxy/clinic/staffed-clinic-1-staffton",
      "/proxy/clinic/staffed-clinic-2-staffton?city=staffton-ny",
      "/proxy/clinic/staffed-clinic-1-staffton?city=elsewhere",
      "/proxy/clinic/no-such-clinic?city=staffton",
      "/proxy/clinic/staffed-clinic-2-staffton?city=STAFFTON",
    ];
    const read = async (path: string) => {
      const res = await sendRequest(app, TEST_ORIGIN, "GET", path, {}, socketEnv("203.0.113.9"));
      return `${res.status} ${await res.text()}`;
    };
    const alone: string[] = [];
    for (const path of paths) alone.push(await read(path));
    expect(alone.map((a) => a.slice(0, 3))).toEqual(["200", "200", "200", "404", "404", "200"]);
    const before = statements;
    const together = await Promise.all(paths.map(read));
    // One statement for the three slug forms (each its own batched text), none more per read.
    expect(statements - before).toBe(3);
    expect(together).toEqual(alone);
  });
});
