/**
 * The two route walks of owner sessions (decision 267), over every route the app serves, so a
 * route added later is walked too:
 *  - an owner on every team route that does not let owners in is refused 403, even on their
 *    own clinic;
 *  - owner A on every route that lets owners in, aimed at owner B's clinic, is refused 403/404
 *    and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { adminUsers, hashPassword } from "@botox/db";
import { sessionCookieOf } from "../test/admin-app.ts";
import { OWNER_ACCESS } from "./admin-route.ts";
import { createPublicTestContext, type PublicTestContext } from "../test/public-app.ts";
import { makeOwner, signInOwner } from "../test/owners.ts";
import { PUBLIC_ROUTES, servedRoutesOf } from "../test/routes.ts";

let t: PublicTestContext;
let ownerA: string;
let team: string;
let clinicA: number;
let clinicB: number;
/** Each owner's rows of the tables whose routes owners reach by the row's id, and their owner id. */
let rowsA: Rows;
let rowsB: Rows;
interface Rows {
  clinic: number;
  price: number;
  deal: number;
  staff: number;
  photo: number;
  claim: number;
  owner: number;
}
/** Which owners may use each route: "own-clinic", "self", "self-clinic", "any-owner", or absent (team only). */
let access: Map<string, string | undefined>;

async function priceOf(clinicId: number): Promise<number> {
  const [row] = await t.db.sql<{ id: number }[]>`
    insert into clinic_prices (clinic_id, brand, model, unit_price_cents, per_unit_cents, source, observed_on, status)
    values (${clinicId}, 'botox', 'per_unit', 1200, 1200, 'clinic', current_date, 'published') returning id`;
  return Number(row!.id);
}

/** A contested claim on the clinic (owners may object to it). */
async function claimOf(clinicId: number): Promise<number> {
  const [row] = await t.db.sql<{ id: number }[]>`
    insert into clinic_claims (clinic_id, email, name, role, status, method, network, contest_ends_at)
    values (${clinicId}, ${`claimant-${clinicId}@example.org`}, 'Claimant', 'Manager', 'contested', 'review', 'n', now() + interval '7 days') returning id`;
  return Number(row!.id);
}

async function dealOf(clinicId: number): Promise<number> {
  const [row] = await t.db.sql<{ id: number }[]>`
    insert into clinic_deals (clinic_id, title, brand, model, unit_price_cents, per_unit_cents, starts_on, ends_on)
    values (${clinicId}, 'Owner deal', 'botox', 'per_unit', 1000, 1000, current_date, current_date + 30) returning id`;
  return Number(row!.id);
}

async function staffOf(clinicId: number): Promise<number> {
  const [row] = await t.db.sql<{ id: number }[]>`
    insert into clinic_staff (clinic_id, name, role, credential) values (${clinicId}, 'Dana Reyes', 'injector', 'NP') returning id`;
  return Number(row!.id);
}

async function photoOf(clinicId: number): Promise<number> {
  const [row] = await t.db.sql<{ id: number }[]>`
    insert into clinic_photos (clinic_id, upload_name, url, alt, width, height, position)
    values (${clinicId}, 'x.webp', 'https://img.example/x.webp', 'A room', 10, 10, 1) returning id`;
  return Number(row!.id);
}

const rowsOf = async (clinic: number, owner: number): Promise<Rows> => ({
  clinic,
  price: await priceOf(clinic),
  deal: await dealOf(clinic),
  staff: await staffOf(clinic),
  photo: await photoOf(clinic),
  claim: await claimOf(clinic),
  owner,
});

beforeAll(async () => {
  t = await createPublicTestContext();
  const [a, b] = await t.insertClinics([
    { name: "Owner A Clinic", city: "Ownerville", state: "TX" },
    { name: "Owner B Clinic", city: "Ownerville", state: "TX" },
  ]);
  clinicA = a!.id;
  clinicB = b!.id;
  rowsA = await rowsOf(clinicA, await makeOwner(t.db.sql, "a@owner-a.test", [clinicA]));
  rowsB = await rowsOf(clinicB, await makeOwner(t.db.sql, "b@owner-b.test", [clinicB]));
  await t.db.db.insert(adminUsers).values({ username: "walk-admin", passwordHash: await hashPassword("walk-admin-password") });
  team = sessionCookieOf(await t.request("POST", "/login", { body: { username: "walk-admin", password: "walk-admin-password" } }));
  ownerA = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "a@owner-a.test");
  const doc = (await (await t.request("GET", "/openapi.json")).json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
  access = new Map(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => [`${method} ${path}`, op[OWNER_ACCESS] as string | undefined]),
    ),
  );
});
afterAll(() => t.close());

const teamRoutes = () => servedRoutesOf(t.app).filter((r) => !PUBLIC_ROUTES.has(r) && access.get(r) === undefined);
/** Routes owners use on one of their clinics: the team's (`own-clinic`) and their workspace's (`self-clinic`). */
const ownerClinicRoutes = () => servedRoutesOf(t.app).filter((r) => access.get(r) === "own-clinic" || access.get(r) === "self-clinic");

/** A URL for a route on the given owner's resources: the clinic's id, its rows', one of its owners. */
function urlFor(route: string, ids: Rows): string {
  const path = route.split(" ")[1]!.replace("{ownerId}", String(ids.owner));
  if (path.startsWith("/clinics/{id}") || path.startsWith("/owner/clinics/{id}")) return path.replace("{id}", String(ids.clinic));
  if (path.startsWith("/prices/{id}")) return path.replace("{id}", String(ids.price));
  if (path.startsWith("/deals/{id}")) return path.replace("{id}", String(ids.deal));
  if (path.startsWith("/staff/{id}")) return path.replace("{id}", String(ids.staff));
  if (path.startsWith("/clinic-photos/{id}")) return path.replace("{id}", String(ids.photo));
  if (path.startsWith("/claims/{id}")) return path.replace("{id}", String(ids.claim));
  if (!path.includes("{")) return path;
  // Some other shape lets owners in: this walk has to learn which clinic its id belongs to.
  throw new Error(`no owner fixture for ${route}`);
}

describe("an owner's session on the team's routes", () => {
  it("the walks cover the routes", () => {
    expect(teamRoutes().length).toBeGreaterThan(25);
    expect(ownerClinicRoutes()).toEqual(
      expect.arrayContaining([
        "get /clinics/{id}",
        "post /clinics/{id}/prices",
        "patch /prices/{id}",
        "delete /prices/{id}",
        "get /clinics/{id}/deals",
        "post /clinics/{id}/deals",
        "patch /deals/{id}",
        "delete /deals/{id}",
        "post /clinics/{id}/staff",
        "patch /staff/{id}",
        "delete /staff/{id}",
        "get /clinics/{id}/photos",
        "post /clinics/{id}/photos",
        "delete /clinic-photos/{id}",
        "put /clinics/{id}/photos/order",
        "get /clinics/{id}/booking-link",
      ]),
    );
    expect(access.get("get /owner/clinics")).toBe("self");
    expect(access.get("post /claims/{id}/objections")).toBe("self-clinic");
    // Only tools that read nothing of any clinic's let every owner in.
    expect([...access].filter(([, kind]) => kind === "any-owner").map(([route]) => route)).toEqual(["get /npi/{number}"]);
  });

  it("is refused 403 on every team route, even aimed at the owner's own clinic", async () => {
    const answers: string[] = [];
    for (const route of teamRoutes()) {
      const [method] = route.split(" ") as [string];
      const url = route.split(" ")[1]!.replace(/\{\w+\}/g, String(clinicA));
      // Uploads must declare their size before anything else looks at them: a sized, empty form.
      const body = method === "get" ? undefined : url.startsWith("/upload/") ? new FormData() : {};
      const res = await t.request(method.toUpperCase(), url, { cookie: ownerA, body });
      const answer = (await res.json()) as { error?: string };
      if (res.status !== 403 || answer.error !== MSG.owner.teamOnly) answers.push(`${route}: ${res.status} ${answer.error}`);
    }
    expect(answers).toEqual([]);
  });
});

describe("owner A on owner B's clinic", () => {
  it("is refused 403 or 404 on every route owners may use, and nothing of B's changes", async () => {
    const snapshot = async () => [
      await t.db.sql`select id, unit_price_cents from clinic_prices where clinic_id = ${clinicB} order by id`,
      await t.db.sql`select id, title from clinic_deals where clinic_id = ${clinicB} order by id`,
      await t.db.sql`select id, name from clinic_staff where clinic_id = ${clinicB} order by id`,
      await t.db.sql`select id, alt, position from clinic_photos where clinic_id = ${clinicB} order by id`,
      await t.db.sql`select id, status from clinic_claims where clinic_id = ${clinicB} order by id`,
      await t.db.sql`select owner_id from clinic_owners where clinic_id = ${clinicB} order by owner_id`,
    ];
    const before = await snapshot();
    const answers: string[] = [];
    for (const route of ownerClinicRoutes()) {
      const [method] = route.split(" ") as [string];
      // A photo upload must declare its size before anything looks at it: a sized, empty form.
      const body =
        method === "get" || method === "delete"
          ? undefined
          : route.endsWith("/photos")
            ? new FormData()
            : route.endsWith("/photos/order")
              ? { ids: [rowsB.photo] }
              : { brand: "botox", model: "per_unit", unitPriceCents: 1, source: "clinic", observedOn: "2026-01-01", reason: "No", email: "x@example.org" };
      const res = await t.request(method.toUpperCase(), urlFor(route, rowsB), { cookie: ownerA, body });
      if (res.status !== 403 && res.status !== 404) answers.push(`${route}: ${res.status}`);
    }
    expect(answers).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("the same routes answer owner A on their own clinic", async () => {
    for (const route of ownerClinicRoutes().filter((r) => r.startsWith("get "))) {
      const res = await t.request("GET", urlFor(route, rowsA), { cookie: ownerA });
      expect(res.status, route).toBe(200);
    }
  });
});

describe("the team's session on the owners' own routes", () => {
  it("is refused 403 on every route for owners only", async () => {
    const ownersOnly = servedRoutesOf(t.app).filter((r) => access.get(r) === "self" || access.get(r) === "self-clinic");
    expect(ownersOnly).toEqual(expect.arrayContaining(["get /owner/clinics", "post /claims/{id}/objections", "delete /owner/clinics/{id}/owners/{ownerId}"]));
    const answers: string[] = [];
    for (const route of ownersOnly) {
      const [method] = route.split(" ") as [string];
      const url = urlFor(route, rowsA);
      const res = await t.request(method.toUpperCase(), url, { cookie: team, body: method === "get" || method === "delete" ? undefined : {} });
      const answer = (await res.json()) as { error?: string };
      if (res.status !== 403 || answer.error !== MSG.owner.ownersOnly) answers.push(`${route}: ${res.status} ${answer.error}`);
    }
    expect(answers).toEqual([]);
    expect(await t.db.sql`select owner_id from clinic_owners where clinic_id = ${clinicA}`).toEqual([{ owner_id: rowsA.owner }]);
  });
});
