import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEAL_MSG, PRICE_MSG, isoDay, type Deal, type PublicDeal } from "@botox/core";
import { adminUsers, clinicDeals, clinicPrices, hashPassword, type ContentChange } from "@botox/db";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { createPublicTestContext, milesNorth, type PublicTestContext } from "../../test/public-app.ts";
import { makeOwner, signInOwner } from "../../test/owners.ts";

let t: PublicTestContext;
let session: string;
let adminId: number;
const changes: ContentChange[] = [];
const DAY = 86_400_000;
const today = isoDay(new Date());
const inDays = (n: number) => isoDay(new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY));
let citySeq = 0;
/** A city of its own per test (slug "dealtown-N"). */
const freshCity = () => `Dealtown ${String.fromCharCode(97 + (citySeq % 26))}${++citySeq}`;
const citySlug = (city: string) => city.toLowerCase().replace(/ /g, "-");

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.onContentChange = (change) => changes.push(change as ContentChange);
  const username = `admin-${randomBytes(4).toString("hex")}`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const [admin] = await t.db.db
    .insert(adminUsers)
    .values({ username, passwordHash: await hashPassword(password) })
    .returning();
  adminId = admin!.id;
  const res = await t.request("POST", "/login", { body: { username, password } });
  expect(res.status).toBe(200);
  session = sessionCookieOf(res);
});
afterAll(() => t.close());

async function clinicsIn(city: string, n: number, extra: (i: number) => Record<string, unknown> = () => ({})) {
  return t.insertClinics(Array.from({ length: n }, (_, i) => ({ name: `${city} Clinic ${i}`, city, state: "TX", ...extra(i) })));
}

async function addUnitPrice(clinicId: number, cents: number, brand: "botox" | "dysport" = "botox") {
  await t.db.db
    .insert(clinicPrices)
    .values({ clinicId, brand, model: "per_unit", unitPriceCents: cents, perUnitCents: cents, source: "phone", observedOn: inDays(-10), status: "published" });
}

const goodDeal = { title: "Winter Botox", brand: "botox", model: "per_unit", unitPriceCents: 999, endsOn: inDays(30), conditions: "First visit only" };

const post = (clinicId: number, body: unknown, cookie: string | null = session) =>
  t.request("POST", `/clinics/${clinicId}/deals`, { body, ...(cookie ? { cookie } : {}) });

async function created(clinicId: number, body: Record<string, unknown> = goodDeal): Promise<Deal> {
  const res = await post(clinicId, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { deal: Deal }).deal;
}

/** Inserts a deal row directly, with dates the API would refuse (ended, future). */
async function insertRow(clinicId: number, startsOn: string, endsOn: string, perUnitCents = 900) {
  const [row] = await t.db.db
    .insert(clinicDeals)
    .values({ clinicId, title: `Deal ${startsOn}..${endsOn}`, brand: "botox", model: "per_unit", unitPriceCents: perUnitCents, perUnitCents, startsOn, endsOn })
    .returning();
  return row!;
}

const listCity = (city: string, extra = "") => t.get<{ deals: PublicDeal[] }>(`/deals?city=${citySlug(city)}${extra}`);

describe("POST /clinics/{id}/deals", () => {
  it("creates a per-unit deal: 201 { deal }, starting today by default, by the signed-in admin; the site is marked dirty", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const before = changes.length;
    const deal = await created(clinic!.id);
    expect(deal).toMatchObject({
      clinicId: clinic!.id,
      title: "Winter Botox",
      brand: "botox",
      model: "per_unit",
      unitPriceCents: 999,
      perUnitCents: 999,
      startsOn: today,
      endsOn: inDays(30),
      conditions: "First visit only",
      newPatientsOnly: false,
      sourceUrl: null,
      createdBy: adminId,
    });
    expect(changes.slice(before)).toEqual([{ entity: "deal", entityId: deal.id, action: "create" }]);
  });

  it("a per-area deal with its units: per-unit price is the area price ÷ units", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const deal = await created(clinic!.id, {
      title: "Frown lines special",
      brand: "dysport",
      model: "per_area",
      area: "frown_lines",
      areaPriceCents: 22500,
      units: 50,
      endsOn: inDays(10),
      newPatientsOnly: true,
      sourceUrl: "https://clinic.example.com/specials",
    });
    expect(deal).toMatchObject({ model: "per_area", area: "frown_lines", areaPriceCents: 22500, units: 50, perUnitCents: 450, unitPriceCents: null });
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["no end date", { endsOn: undefined }, DEAL_MSG.endsOnRequired],
    ["an end date in the past", { startsOn: inDays(-20), endsOn: inDays(-1) }, DEAL_MSG.ended],
    ["longer than 180 days", { startsOn: today, endsOn: inDays(181) }, DEAL_MSG.tooLong],
    ["ending before it starts", { startsOn: inDays(10), endsOn: inDays(5) }, DEAL_MSG.endsBeforeStart],
    ["per-area without units", { model: "per_area", unitPriceCents: undefined, area: "forehead", areaPriceCents: 9900 }, DEAL_MSG.unitsRequired],
    ["per-unit without its price", { unitPriceCents: undefined }, DEAL_MSG.unitPriceRequired],
    ["an unknown brand", { brand: "botulax" }, DEAL_MSG.brand],
    ["the brand 'other'", { brand: "other" }, DEAL_MSG.brand],
    ["a negative price", { unitPriceCents: -500 }, PRICE_MSG.cents],
    ["a zero price", { unitPriceCents: 0 }, PRICE_MSG.cents],
    ["a cent a unit: below the brand's plausible floor", { unitPriceCents: 1 }, DEAL_MSG.belowFloor("Botox", "$5")],
    [
      "400 units of frown lines for $99: more than the label's range for the area",
      { model: "per_area", unitPriceCents: undefined, area: "frown_lines", areaPriceCents: 9900, units: 400 },
      DEAL_MSG.tooManyUnits("Frown lines", "Botox", 40),
    ],
    [
      "a Letybo area deal under its floor",
      { brand: "letybo", model: "per_area", unitPriceCents: undefined, area: "masseter", areaPriceCents: 9900, units: 100 },
      DEAL_MSG.belowFloor("Letybo", "$4"),
    ],
    ["a javascript: source", { sourceUrl: "javascript:alert(1)" }, DEAL_MSG.sourceUrl],
    ["an http source", { sourceUrl: "http://clinic.example.com/deal" }, DEAL_MSG.sourceUrl],
    ["an oversized title", { title: "x".repeat(121) }, "Title is too long (at most 120 characters)."],
    ["oversized conditions", { conditions: "y".repeat(501) }, "Conditions is too long (at most 500 characters)."],
    ["a bidi override in the title", { title: "Deal \u202Egnp.exe" }, "Remove control characters and text-direction override characters."],
    ["an empty title", { title: "  " }, DEAL_MSG.titleRequired],
    ["an unknown field", { discountPercent: 50 }, ""],
  ];
  it.each(refusals)("refuses %s with a 400 and a clear message", async (_what, change, message) => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const res = await post(clinic!.id, { ...goodDeal, ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string };
    if (message) expect(body.error).toBe(message);
    else expect(body.error.length).toBeGreaterThan(0);
    expect(await t.get<{ deals: Deal[] }>(`/clinics/${clinic!.id}/deals`, { cookie: session }).then((r) => r.body.deals)).toEqual([]);
  });

  it("needs a session and an allowed origin; an unknown clinic is a 404", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    expect((await post(clinic!.id, goodDeal, null)).status).toBe(401);
    const foreign = await t.request("POST", `/clinics/${clinic!.id}/deals`, { body: goodDeal, cookie: session, headers: { Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect((await post(99_999_999, goodDeal)).status).toBe(404);
  });
});

describe("PATCH and DELETE /deals/{id}", () => {
  it("changes fields, checks the merged deal, and marks the site dirty", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const deal = await created(clinic!.id);
    const before = changes.length;
    const res = await t.request("PATCH", `/deals/${deal.id}`, { body: { unitPriceCents: 899, title: "Winter Botox, now $8.99" }, cookie: session });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { deal: Deal }).deal).toMatchObject({ unitPriceCents: 899, perUnitCents: 899, title: "Winter Botox, now $8.99" });
    expect(changes.slice(before)).toEqual([{ entity: "deal", entityId: deal.id, action: "update" }]);

    const toArea = await t.request("PATCH", `/deals/${deal.id}`, { body: { model: "per_area", area: "forehead", areaPriceCents: 20000 }, cookie: session });
    expect(toArea.status).toBe(400);
    expect(((await toArea.json()) as { error: string }).error).toBe(DEAL_MSG.unitsRequired);
    const penny = await t.request("PATCH", `/deals/${deal.id}`, { body: { unitPriceCents: 1 }, cookie: session });
    expect([penny.status, ((await penny.json()) as { error: string }).error]).toEqual([400, DEAL_MSG.belowFloor("Botox", "$5")]);
    const tooLong = await t.request("PATCH", `/deals/${deal.id}`, { body: { endsOn: inDays(400) }, cookie: session });
    expect(((await tooLong.json()) as { error: string }).error).toBe(DEAL_MSG.tooLong);
    const ended = await t.request("PATCH", `/deals/${deal.id}`, { body: { endsOn: inDays(-1) }, cookie: session });
    expect(((await ended.json()) as { error: string }).error).toBe(DEAL_MSG.ended);
    const js = await t.request("PATCH", `/deals/${deal.id}`, { body: { sourceUrl: "javascript:alert(1)" }, cookie: session });
    expect(((await js.json()) as { error: string }).error).toBe(DEAL_MSG.sourceUrl);
    expect((await t.request("PATCH", `/deals/${deal.id}`, { body: {}, cookie: session })).status).toBe(400);
    expect((await t.request("PATCH", `/deals/99999999`, { body: { title: "x" }, cookie: session })).status).toBe(404);
    expect((await t.request("PATCH", `/deals/${deal.id}`, { body: { title: "x" } })).status).toBe(401);
  });

  it("the wording of a deal that has ended can still be fixed; moving its dates keeps every date rule", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const old = await insertRow(clinic!.id, inDays(-30), inDays(-2));
    const same = await t.request("PATCH", `/deals/${old.id}`, { body: { title: "Autumn offer", startsOn: old.startsOn, endsOn: old.endsOn }, cookie: session });
    expect(same.status).toBe(200);
    const moved = await t.request("PATCH", `/deals/${old.id}`, { body: { endsOn: inDays(-1) }, cookie: session });
    expect(((await moved.json()) as { error: string }).error).toBe(DEAL_MSG.ended);
  });

  it("deletes (the site is marked dirty); a second delete is a 404", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const deal = await created(clinic!.id);
    const before = changes.length;
    expect((await t.request("DELETE", `/deals/${deal.id}`)).status).toBe(401);
    expect((await t.request("DELETE", `/deals/${deal.id}`, { cookie: session })).status).toBe(200);
    expect(changes.slice(before)).toEqual([{ entity: "deal", entityId: deal.id, action: "delete" }]);
    expect((await t.request("DELETE", `/deals/${deal.id}`, { cookie: session })).status).toBe(404);
  });

  it("the admin lists a clinic's deals, ended ones included", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const running = await created(clinic!.id);
    const old = await insertRow(clinic!.id, inDays(-30), inDays(-2));
    expect((await t.get(`/clinics/${clinic!.id}/deals`)).status).toBe(401);
    const { status, body } = await t.get<{ deals: Deal[] }>(`/clinics/${clinic!.id}/deals`, { cookie: session });
    expect(status).toBe(200);
    expect(body.deals.map((d) => d.id)).toEqual([running.id, old.id]);
  });
});

describe("GET /deals", () => {
  it("lists only deals running today: not a future one, not an ended one; the end date is its last day", async () => {
    const city = freshCity();
    const [clinic] = await clinicsIn(city, 1);
    const running = await created(clinic!.id);
    const lastDay = await insertRow(clinic!.id, inDays(-5), today);
    await insertRow(clinic!.id, inDays(1), inDays(20)); // future
    await insertRow(clinic!.id, inDays(-30), inDays(-1)); // ended yesterday
    const { status, body } = await listCity(city);
    expect(status).toBe(200);
    expect(body.deals.map((d) => d.id).sort((a, b) => a - b)).toEqual([running.id, lastDay.id].sort((a, b) => a - b));
    expect(body.deals.find((d) => d.id === running.id)).toEqual({
      id: running.id,
      clinicId: clinic!.id,
      clinicName: clinic!.name,
      clinicSlug: clinic!.slug,
      clinicCitySlug: clinic!.citySlug,
      title: "Winter Botox",
      brand: "botox",
      model: "per_unit",
      unitPriceCents: 999,
      area: null,
      areaPriceCents: null,
      units: null,
      perUnitCents: 999,
      startsOn: today,
      endsOn: inDays(30),
      conditions: "First visit only",
      newPatientsOnly: false,
      sourceUrl: null,
      demo: false,
      belowTypical: false,
      typical: null,
    });
  });

  it("belowTypical only against the same brand's sufficient index, at or below its p25", async () => {
    const city = freshCity();
    const rows = await clinicsIn(city, 5);
    const cents = [1000, 1200, 1300, 1500, 1800]; // p25 1200, median 1300
    for (const [i, r] of rows.entries()) await addUnitPrice(r.id, cents[i]!);
    const atP25 = await created(rows[0]!.id, { ...goodDeal, unitPriceCents: 1200 });
    const above = await created(rows[1]!.id, { ...goodDeal, unitPriceCents: 1201 });
    // Dysport's index has no clinics here: a cheap Dysport unit is never compared with Botox's.
    const dysport = await created(rows[2]!.id, { ...goodDeal, brand: "dysport", unitPriceCents: 300 });
    const { body } = await listCity(city);
    const byId = new Map(body.deals.map((d) => [d.id, d]));
    expect(byId.get(atP25.id)).toMatchObject({ belowTypical: true, typical: { p25: 1200, median: 1300 } });
    expect(byId.get(above.id)).toMatchObject({ belowTypical: false, typical: { p25: 1200, median: 1300 } });
    expect(byId.get(dysport.id)).toMatchObject({ belowTypical: false, typical: null });
    expect((await listCity(city, "&brand=dysport")).body.deals.map((d) => d.id)).toEqual([dysport.id]);
  });

  it("an insufficient index (4 clinics) is never below typical", async () => {
    const city = freshCity();
    const rows = await clinicsIn(city, 4);
    for (const r of rows) await addUnitPrice(r.id, 1500);
    const cheap = await created(rows[0]!.id, { ...goodDeal, unitPriceCents: 600 });
    const { body } = await listCity(city);
    expect(body.deals.find((d) => d.id === cheap.id)).toMatchObject({ belowTypical: false, typical: null });
  });

  it("by ZIP and distance: deals of the clinics within the miles", async () => {
    await t.insertZip("73399", 31.5, -98.5);
    const city = freshCity();
    const [near, far] = await clinicsIn(city, 2, (i) => milesNorth(31.5, -98.5, i === 0 ? 3 : 40));
    const nearDeal = await created(near!.id);
    await created(far!.id);
    const { status, body } = await t.get<{ deals: PublicDeal[] }>(`/deals?postalCode=73399&distance=10`);
    expect(status).toBe(200);
    expect(body.deals.map((d) => d.id)).toEqual([nearDeal.id]);
    expect((await t.get<{ deals: PublicDeal[] }>(`/deals?postalCode=00001`)).body).toEqual({ deals: [] });
  });

  it("refuses a query without a place, with both, or with an unknown brand", async () => {
    for (const q of ["", "?city=austin&postalCode=78701", "?city=austin&brand=botulax", "?postalCode=123"]) {
      const { status, body } = await t.get<{ error: string }>(`/deals${q}`);
      expect(status, q).toBe(400);
      expect(body.error.length).toBeGreaterThan(0);
    }
  });
});

describe("a clinic owner's deals (decision 267: the team's rules, on their own clinics)", () => {
  it("an owner adds, changes, lists and deletes their clinic's deals; another clinic's answers 404", async () => {
    const [own, other] = await clinicsIn(freshCity(), 2);
    await makeOwner(t.db.sql, "deals@owner.test", [own!.id]);
    const owner = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "deals@owner.test");
    const before = changes.length;
    const res = await post(own!.id, goodDeal, owner);
    expect(res.status, await res.clone().text()).toBe(201);
    const { deal } = (await res.json()) as { deal: Deal };
    // created_by names a team member only.
    const [row] = await t.db.sql<{ created_by: number | null }[]>`select created_by from clinic_deals where id = ${deal.id}`;
    expect(row?.created_by).toBeNull();
    // The same rules as the team's: a past end date is refused.
    expect((await post(own!.id, { ...goodDeal, endsOn: inDays(-1) }, owner)).status).toBe(400);
    const changed = await t.request("PATCH", `/deals/${deal.id}`, { body: { title: "Spring Botox" }, cookie: owner });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { deal: Deal }).deal.title).toBe("Spring Botox");
    const listed = await t.get<{ deals: Deal[] }>(`/clinics/${own!.id}/deals`, { cookie: owner });
    expect(listed.body.deals.map((d) => d.id)).toEqual([deal.id]);
    expect(changes.slice(before).map((c) => c.action)).toEqual(["create", "update"]);

    const theirs = await insertRow(other!.id, today, inDays(10));
    expect((await post(other!.id, goodDeal, owner)).status).toBe(404);
    expect((await t.get(`/clinics/${other!.id}/deals`, { cookie: owner })).status).toBe(404);
    expect((await t.request("PATCH", `/deals/${theirs.id}`, { body: { title: "Mine now" }, cookie: owner })).status).toBe(404);
    expect((await t.request("DELETE", `/deals/${theirs.id}`, { cookie: owner })).status).toBe(404);
    expect((await t.db.sql<{ title: string }[]>`select title from clinic_deals where id = ${theirs.id}`)[0]?.title).toBe(theirs.title);

    expect((await t.request("DELETE", `/deals/${deal.id}`, { cookie: owner })).status).toBe(200);
  });
});
