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
let priceA: number;
let priceB: number;
let claimA: number;
let claimB: number;
let ownerIdA: number;
let ownerIdB: number;
/** Which owners may use each route: "own-clinic", "self", "self-clinic", or absent (team only). */
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

beforeAll(async () => {
  t = await createPublicTestContext();
  const [a, b] = await t.insertClinics([
    { name: "Owner A Clinic", city: "Ownerville", state: "TX" },
    { name: "Owner B Clinic", city: "Ownerville", state: "TX" },
  ]);
  clinicA = a!.id;
  clinicB = b!.id;
  priceA = await priceOf(clinicA);
  priceB = await priceOf(clinicB);
  claimA = await claimOf(clinicA);
  claimB = await claimOf(clinicB);
  ownerIdA = await makeOwner(t.db.sql, "a@owner-a.test", [clinicA]);
  ownerIdB = await makeOwner(t.db.sql, "b@owner-b.test", [clinicB]);
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

/** A URL for a route on the given owner's resources: the clinic's id, its price's, a claim of it, one of its owners. */
function urlFor(route: string, ids: { clinic: number; price: number; claim: number; owner: number }): string {
  const path = route.split(" ")[1]!.replace("{ownerId}", String(ids.owner));
  if (path.startsWith("/clinics/{id}") || path.startsWith("/owner/clinics/{id}")) return path.replace("{id}", String(ids.clinic));
  if (path.startsWith("/prices/{id}")) return path.replace("{id}", String(ids.price));
  if (path.startsWith("/claims/{id}")) return path.replace("{id}", String(ids.claim));
  if (!path.includes("{")) return path;
  // Some other shape lets owners in: this walk has to learn which clinic its id belongs to.
  throw new Error(`no owner fixture for ${route}`);
}

describe("an owner's session on the team's routes", () => {
  it("the walks cover the routes", () => {
    expect(teamRoutes().length).toBeGreaterThan(30);
    expect(ownerClinicRoutes()).toEqual(
      expect.arrayContaining(["get /clinics/{id}", "post /clinics/{id}/prices", "patch /prices/{id}", "delete /prices/{id}"]),
    );
    expect(access.get("get /owner/clinics")).toBe("self");
    expect(access.get("post /claims/{id}/objections")).toBe("self-clinic");
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
    const before = await t.db.sql`select id, unit_price_cents from clinic_prices where clinic_id = ${clinicB} order by id`;
    const answers: string[] = [];
    for (const route of ownerClinicRoutes()) {
      const [method] = route.split(" ") as [string];
      const body =
        method === "get" || method === "delete"
          ? undefined
          : { brand: "botox", model: "per_unit", unitPriceCents: 1, source: "clinic", observedOn: "2026-01-01", reason: "No", email: "x@example.org" };
      const res = await t.request(method.toUpperCase(), urlFor(route, { clinic: clinicB, price: priceB, claim: claimB, owner: ownerIdB }), {
        cookie: ownerA,
        body,
      });
      if (res.status !== 403 && res.status !== 404) answers.push(`${route}: ${res.status}`);
    }
    expect(answers).toEqual([]);
    expect(await t.db.sql`select id, unit_price_cents from clinic_prices where clinic_id = ${clinicB} order by id`).toEqual(before);
    expect(await t.db.sql`select status from clinic_claims where id = ${claimB}`).toEqual([{ status: "contested" }]);
    expect(await t.db.sql`select owner_id from clinic_owners where clinic_id = ${clinicB}`).toEqual([{ owner_id: ownerIdB }]);
  });

  it("the same routes answer owner A on their own clinic", async () => {
    for (const route of ownerClinicRoutes().filter((r) => r.startsWith("get "))) {
      const res = await t.request("GET", urlFor(route, { clinic: clinicA, price: priceA, claim: claimA, owner: ownerIdA }), { cookie: ownerA });
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
      const url = urlFor(route, { clinic: clinicA, price: priceA, claim: claimA, owner: ownerIdA });
      const res = await t.request(method.toUpperCase(), url, { cookie: team, body: method === "get" || method === "delete" ? undefined : {} });
      const answer = (await res.json()) as { error?: string };
      if (res.status !== 403 || answer.error !== MSG.owner.ownersOnly) answers.push(`${route}: ${res.status} ${answer.error}`);
    }
    expect(answers).toEqual([]);
    expect(await t.db.sql`select owner_id from clinic_owners where clinic_id = ${clinicA}`).toEqual([{ owner_id: ownerIdA }]);
  });
});
