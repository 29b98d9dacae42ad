import { randomBytes } from "node:crypto";
import { testLogger } from "@botox/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PRICE_MSG,
  isoDay,
  type ClinicListResponse,
  type ClinicPrice,
  type PriceIndex,
  type PriceReport,
  type ListedPriceReport,
  type Stats,
  type ZipSearchResponse,
} from "@botox/core";
import { adminUsers, clinicPrices, hashPassword, priceReports, type ContentChange, type PriceValues } from "@botox/db";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { ReadCache } from "../../lib/read-cache.ts";
import { createPublicTestContext, milesNorth, type PublicTestContext } from "../../test/public-app.ts";
import { VISITOR_COOKIE } from "../../lib/visitor.ts";

let t: PublicTestContext;
let session: string;
const changes: ContentChange[] = [];
const today = isoDay(new Date());
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));
const thisMonth = today.slice(0, 7);
let ipSeq = 0;
const freshIp = () => `198.18.${++ipSeq >> 8}.${ipSeq & 255}`;
let citySeq = 0;
/** A city of its own per test (slug "pricetown-N"). */
const freshCity = () => `Pricetown ${String.fromCharCode(97 + (citySeq % 26))}${++citySeq}`;

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.onContentChange = (change) => changes.push(change as ContentChange);
  const username = `admin-${randomBytes(4).toString("hex")}`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  await t.db.db.insert(adminUsers).values({ username, passwordHash: await hashPassword(password) });
  const res = await t.request("POST", "/login", { body: { username, password } });
  expect(res.status).toBe(200);
  session = sessionCookieOf(res);
});
afterAll(() => t.close());

async function clinicsIn(city: string, n: number, extra: (i: number) => Record<string, unknown> = () => ({})) {
  return t.insertClinics(Array.from({ length: n }, (_, i) => ({ name: `${city} Clinic ${i}`, city, state: "TX", ...extra(i) })));
}

/** Inserts a price row directly (published unless said otherwise), per_unit_cents as the API would. */
async function addPrice(clinicId: number, v: Partial<PriceValues> & { cents?: number }) {
  const { cents, ...rest } = v;
  const model = rest.model ?? "per_unit";
  const unit = model === "per_unit" ? (rest.unitPriceCents ?? cents ?? 1300) : null;
  const priceCents = rest.priceCents ?? null;
  const units = rest.units ?? null;
  const perUnit = model === "per_unit" ? unit : priceCents != null && units != null && model !== "membership" ? Math.round(priceCents / units) : null;
  const [row] = await t.db.db
    .insert(clinicPrices)
    .values({
      clinicId,
      brand: rest.brand ?? "botox",
      model,
      unitPriceCents: unit,
      area: rest.area ?? null,
      priceCents,
      units,
      perUnitCents: perUnit,
      source: rest.source ?? "phone",
      observedOn: rest.observedOn ?? daysAgo(10),
      status: rest.status ?? "published",
      newPatientsOnly: rest.newPatientsOnly ?? false,
    })
    .returning();
  return row!;
}

const citySlug = (city: string) => city.toLowerCase().replace(/ /g, "-");
const index = (query: string) => t.get<PriceIndex>(`/price-index?${query}`);

describe("GET /price-index", () => {
  it("5 clinics are sufficient: median, p25, p75 in cents, count and newest date", async () => {
    const city = freshCity();
    const rows = await clinicsIn(city, 5);
    const cents = [1000, 1200, 1300, 1500, 1800];
    for (const [i, r] of rows.entries()) await addPrice(r.id, { cents: cents[i], observedOn: daysAgo(20 + i) });
    const { status, body } = await index(`city=${citySlug(city)}&brand=botox`);
    expect(status).toBe(200);
    expect(body).toEqual({ brand: "botox", median: 1300, p25: 1200, p75: 1500, clinics: 5, sufficient: true, newestObservedOn: daysAgo(20) });
  });

  it("4 clinics are not: no figures, never an estimate", async () => {
    const city = freshCity();
    const rows = await clinicsIn(city, 4);
    for (const r of rows) await addPrice(r.id, { cents: 1400 });
    expect((await index(`city=${citySlug(city)}`)).body).toEqual({
      brand: "botox",
      median: null,
      p25: null,
      p75: null,
      clinics: 4,
      sufficient: false,
      newestObservedOn: daysAgo(10),
    });
  });

  it("a 400-day-old price does not count; a clinic counts once (its newest); pending and rejected prices never", async () => {
    const city = freshCity();
    const rows = await clinicsIn(city, 6);
    for (const r of rows.slice(0, 4)) await addPrice(r.id, { cents: 1200 });
    await addPrice(rows[0]!.id, { cents: 3000, observedOn: daysAgo(100) }); // older than its 1200: not counted
    await addPrice(rows[4]!.id, { cents: 900, observedOn: daysAgo(400) });
    await addPrice(rows[5]!.id, { cents: 1100, status: "pending" });
    await addPrice(rows[5]!.id, { cents: 1150, status: "rejected" });
    expect((await index(`city=${citySlug(city)}`)).body).toMatchObject({ clinics: 4, sufficient: false });
    await addPrice(rows[4]!.id, { cents: 1600, observedOn: daysAgo(5) });
    expect((await index(`city=${citySlug(city)}`)).body).toMatchObject({ clinics: 5, sufficient: true, median: 1200, newestObservedOn: daysAgo(5) });
  });

  it("never mixes brands: Dysport prices are their own index", async () => {
    const city = freshCity();
    const rows = await clinicsIn(city, 5);
    for (const r of rows) await addPrice(r.id, { cents: 1300 });
    for (const r of rows) await addPrice(r.id, { cents: 450, brand: "dysport", observedOn: daysAgo(1) });
    expect((await index(`city=${citySlug(city)}&brand=botox`)).body).toMatchObject({ brand: "botox", median: 1300, clinics: 5 });
    expect((await index(`city=${citySlug(city)}&brand=dysport`)).body).toMatchObject({ brand: "dysport", median: 450, clinics: 5 });
    expect((await index(`city=${citySlug(city)}&brand=xeomin`)).body).toMatchObject({ brand: "xeomin", clinics: 0, sufficient: false, newestObservedOn: null });
  });

  it("an area or package price counts in no index, even with its units: only a clinic's own per-unit price does", async () => {
    const city = freshCity();
    const rows = await clinicsIn(city, 5);
    for (const r of rows.slice(0, 4)) await addPrice(r.id, { cents: 1000 });
    await addPrice(rows[4]!.id, { model: "per_area", area: "forehead", priceCents: 30000 });
    expect((await index(`city=${citySlug(city)}`)).body.clinics).toBe(4);
    await addPrice(rows[4]!.id, { model: "per_area", area: "forehead", priceCents: 30000, units: 20 });
    await addPrice(rows[4]!.id, { model: "package", priceCents: 45000, units: 50 });
    expect((await index(`city=${citySlug(city)}`)).body.clinics).toBe(4);
    // A clinic posting $11.50 a unit and "frown lines $199 for 20 units" sorts and filters at $11.50.
    await addPrice(rows[0]!.id, { cents: 1150, observedOn: daysAgo(2) });
    await addPrice(rows[0]!.id, { model: "per_area", area: "frown_lines", priceCents: 19900, units: 20, observedOn: daysAgo(1) });
    const listed = await t.get<ClinicListResponse>(`/proxy/clinics-by-city/${citySlug(city)}?sortBy=price`);
    expect(listed.body.clinics.map((c) => c.currentPrice?.perUnitCents)).toEqual([1000, 1000, 1000, 1150, undefined]);
  });

  it("by ZIP and distance: the clinics within the miles of the ZIP's centroid", async () => {
    await t.insertZip("73301", 30.2672, -97.7431);
    const city = freshCity();
    const rows = await clinicsIn(city, 6, (i) => milesNorth(30.2672, -97.7431, i < 5 ? i + 1 : 40));
    for (const r of rows) await addPrice(r.id, { cents: 1500 });
    expect((await index("postalCode=73301&distance=10")).body).toMatchObject({ clinics: 5, sufficient: true, median: 1500 });
    expect((await index("postalCode=73301&distance=50")).body).toMatchObject({ clinics: 6 });
    expect((await index("postalCode=73301")).body).toMatchObject({ clinics: 5 }); // 25 miles by default
    expect((await index("postalCode=00000")).body).toEqual({
      brand: "botox",
      median: null,
      p25: null,
      p75: null,
      clinics: 0,
      sufficient: false,
      newestObservedOn: null,
    });
  });

  it("bad input is a 400 with a clear message, never a 500", async () => {
    const cases: [string, string][] = [
      ["", PRICE_MSG.priceQuery],
      ["city=austin&postalCode=73301", PRICE_MSG.priceQuery],
      ["city=austin&brand=botox,dysport", PRICE_MSG.brand],
      ["postalCode=7330", "ZIP code must be 5 digits."],
      ["postalCode=73301&distance=500", PRICE_MSG.priceDistance],
      ["postalCode=73301&distance=abc", PRICE_MSG.priceDistance],
      ["city=%00%27;drop", "City must be a city slug such as new-york or new-york-ny."],
    ];
    for (const [query, message] of cases) {
      const res = await t.get<{ error: string }>(`/price-index?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe(message);
    }
  });
});

describe("GET /clinics/{id}/prices", () => {
  it("lists published prices, newest first, each with mayBeOutOfDate after 180 days", async () => {
    const [c] = await clinicsIn(freshCity(), 1);
    const old = await addPrice(c!.id, { cents: 1100, observedOn: daysAgo(200) });
    const fresh = await addPrice(c!.id, { cents: 1300, observedOn: daysAgo(3) });
    await addPrice(c!.id, { cents: 1200, status: "pending" });
    const { status, body } = await t.get<{ prices: (ClinicPrice & { mayBeOutOfDate: boolean })[] }>(`/clinics/${c!.id}/prices`);
    expect(status).toBe(200);
    expect(body.prices.map((p) => [p.id, p.perUnitCents, p.mayBeOutOfDate])).toEqual([
      [fresh.id, 1300, false],
      [old.id, 1100, true],
    ]);
    expect(body.prices[0]).toMatchObject({
      brand: "botox",
      model: "per_unit",
      unitPriceCents: 1300,
      source: "phone",
      observedOn: daysAgo(3),
      status: "published",
    });
  });

  it("status=all lists every status with an admin session, and is 401 without one", async () => {
    const [c] = await clinicsIn(freshCity(), 1);
    await addPrice(c!.id, { cents: 1200, status: "pending" });
    expect((await t.get(`/clinics/${c!.id}/prices?status=all`)).status).toBe(401);
    const res = await t.get<{ prices: ClinicPrice[] }>(`/clinics/${c!.id}/prices?status=all`, { cookie: session });
    expect(res.body.prices.map((p) => p.status)).toEqual(["pending"]);
  });

  it("an unknown clinic is 404", async () => {
    expect((await t.get("/clinics/2000000000/prices")).status).toBe(404);
    expect((await t.get("/clinics/99999999999/prices")).status).toBe(404);
  });
});

describe("admin price writes", () => {
  const body = { brand: "botox", model: "per_unit", unitPriceCents: 1300, source: "phone", observedOn: daysAgo(2) };

  it("need a session: 401 without one", async () => {
    const [c] = await clinicsIn(freshCity(), 1);
    const p = await addPrice(c!.id, { cents: 1300 });
    expect((await t.request("POST", `/clinics/${c!.id}/prices`, { body })).status).toBe(401);
    expect((await t.request("PATCH", `/prices/${p.id}`, { body: { verifiedOn: today } })).status).toBe(401);
    expect((await t.request("DELETE", `/prices/${p.id}`)).status).toBe(401);
    expect((await t.get("/price-reports")).status).toBe(401);
    expect((await t.request("PATCH", "/price-reports/1", { body: { status: "published" } })).status).toBe(401);
  });

  it("create, verify today, change and delete, each marking the site dirty and clearing the read cache", async () => {
    const city = freshCity();
    const [c] = await clinicsIn(city, 1);
    const cache = new ReadCache({ ttlMs: 60_000, pollMs: 60_000, logger: testLogger() });
    t.deps.readCache = cache;
    try {
      await t.get(`/clinics/${c!.id}/prices`);
      expect(cache.size).toBe(1);
      const before = changes.length;
      const created = await t.request("POST", `/clinics/${c!.id}/prices`, { body: { ...body, conditions: " First visit " }, cookie: session });
      expect(created.status).toBe(201);
      const price = (await created.json()) as ClinicPrice;
      expect(price).toMatchObject({ clinicId: c!.id, perUnitCents: 1300, status: "published", conditions: "First visit", newPatientsOnly: false });
      expect(cache.size).toBe(0);
      expect(changes.slice(before)).toEqual([{ entity: "price", entityId: price.id, action: "create" }]);

      const verified = await t.request("PATCH", `/prices/${price.id}`, { body: { verifiedOn: today }, cookie: session });
      expect(verified.status).toBe(200);
      // Fields the patch does not name are kept.
      expect(await verified.json()).toMatchObject({ verifiedOn: today, conditions: "First visit", unitPriceCents: 1300 });

      const toArea = await t.request("PATCH", `/prices/${price.id}`, {
        body: { model: "per_area", area: "masseter", priceCents: 50000, units: 50 },
        cookie: session,
      });
      expect(await toArea.json()).toMatchObject({ model: "per_area", unitPriceCents: null, priceCents: 50000, units: 50, perUnitCents: 1000 });

      const missing = await t.request("PATCH", `/prices/${price.id}`, { body: { model: "per_unit" }, cookie: session });
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { error: string }).error).toBe(PRICE_MSG.unitPriceRequired);

      expect((await t.request("DELETE", `/prices/${price.id}`, { cookie: session })).status).toBe(200);
      expect((await t.request("DELETE", `/prices/${price.id}`, { cookie: session })).status).toBe(404);
      expect(changes.slice(before).map((x) => x.action)).toEqual(["create", "update", "update", "delete"]);
    } finally {
      t.deps.readCache = undefined;
    }
  });

  it("verify today refreshes a price: no longer out of date, back in the index and the search results, off the stale count", async () => {
    const city = freshCity();
    const rows = await clinicsIn(city, 5);
    for (const r of rows.slice(1)) await addPrice(r.id, { cents: 1200 });
    const old = await addPrice(rows[0]!.id, { cents: 1500, observedOn: daysAgo(400) });
    const staleBefore = (await t.get<Stats>("/stats", { cookie: session })).body.staleClinicPrices ?? 0;
    expect((await index(`city=${citySlug(city)}`)).body.clinics).toBe(4);
    const res = await t.request("PATCH", `/prices/${old.id}`, { body: { verifiedOn: today }, cookie: session });
    expect(await res.json()).toMatchObject({ observedOn: daysAgo(400), verifiedOn: today, checkedOn: today });
    expect((await index(`city=${citySlug(city)}`)).body).toMatchObject({ clinics: 5, sufficient: true, newestObservedOn: today });
    const [listed] = (await t.get<{ prices: (ClinicPrice & { mayBeOutOfDate: boolean })[] }>(`/clinics/${rows[0]!.id}/prices`)).body.prices;
    expect(listed).toMatchObject({ id: old.id, checkedOn: today, mayBeOutOfDate: false });
    const listing = await t.get<ClinicListResponse>(`/proxy/clinics-by-city/${citySlug(city)}?sortBy=price&sortOrder=desc`);
    expect(listing.body.clinics[0]).toMatchObject({ id: rows[0]!.id, currentPrice: { perUnitCents: 1500, observedOn: daysAgo(400), checkedOn: today } });
    expect((await t.get<Stats>("/stats", { cookie: session })).body.staleClinicPrices).toBe(staleBefore - 1);
  });

  it("an outlier (Botox below $5 or above $40 a unit) is held as pending, and published only by an explicit review", async () => {
    const [c] = await clinicsIn(freshCity(), 1);
    const res = await t.request("POST", `/clinics/${c!.id}/prices`, { body: { ...body, unitPriceCents: 400 }, cookie: session });
    const price = (await res.json()) as ClinicPrice;
    expect(price.status).toBe("pending");
    expect((await t.get<{ prices: ClinicPrice[] }>(`/clinics/${c!.id}/prices`)).body.prices).toEqual([]);
    const reviewed = await t.request("PATCH", `/prices/${price.id}`, { body: { status: "published" }, cookie: session });
    expect(((await reviewed.json()) as ClinicPrice).status).toBe("published");
    // A dysport unit is cheaper: $4 is within its bounds.
    const dysport = await t.request("POST", `/clinics/${c!.id}/prices`, { body: { ...body, brand: "dysport", unitPriceCents: 400 }, cookie: session });
    expect(((await dysport.json()) as ClinicPrice).status).toBe("published");
  });

  it("bad input is a 400 with a clear message; an unknown clinic or price a 404", async () => {
    const [c] = await clinicsIn(freshCity(), 1);
    const cases: [unknown, string][] = [
      [{ ...body, brand: "botulinum" }, PRICE_MSG.brand],
      [{ ...body, observedOn: "yesterday" }, PRICE_MSG.date],
      [{ ...body, observedOn: undefined }, PRICE_MSG.date],
      [{ ...body, unitPriceCents: "13 dollars" }, PRICE_MSG.cents],
      [{ ...body, unitPriceCents: 2 ** 40 }, PRICE_MSG.cents],
      [{ ...body, model: "per_area", unitPriceCents: undefined, priceCents: 30000 }, PRICE_MSG.areaRequired],
      [{ ...body, source: "rumour" }, PRICE_MSG.source],
      [{ ...body, conditions: "x".repeat(501) }, PRICE_MSG.conditions],
      [{ ...body, evidenceUrl: "javascript:alert(1)" }, "Evidence URL must be an http(s) address."],
      [[body], "The request body must be a JSON object with the fields of this request."],
    ];
    for (const [input, message] of cases) {
      const res = await t.request("POST", `/clinics/${c!.id}/prices`, { body: input, cookie: session });
      expect(res.status, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { error: string }).error, JSON.stringify(input).slice(0, 80)).toBe(message);
    }
    const notJson = await t.request("POST", `/clinics/${c!.id}/prices`, { body: "{", cookie: session, headers: { "Content-Type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect((await t.request("POST", "/clinics/2000000000/prices", { body, cookie: session })).status).toBe(404);
    expect((await t.request("PATCH", "/prices/2000000000", { body: { verifiedOn: today }, cookie: session })).status).toBe(404);
    const p = await addPrice(c!.id, {});
    const empty = await t.request("PATCH", `/prices/${p.id}`, { body: {}, cookie: session });
    expect(((await empty.json()) as { error: string }).error).toBe(PRICE_MSG.emptyPatch);
  });
});

describe("price filter and sort in searches", () => {
  /** Six clinics 1..6 miles north of a ZIP centroid: $14, $10, none, $12, a 400-day-old $9, $12 (dysport $5 on #3). */
  async function priced(zip: string, lat: number) {
    await t.insertZip(zip, lat, -90);
    const city = freshCity();
    const rows = await clinicsIn(city, 6, (i) => ({ ...milesNorth(lat, -90, i + 1), postalCode: zip, reviewCount: 100 - i }));
    const ids = rows.map((r) => r.id);
    await addPrice(ids[0]!, { cents: 1400 });
    await addPrice(ids[1]!, { cents: 1000 });
    await addPrice(ids[2]!, { cents: 500, brand: "dysport" });
    await addPrice(ids[3]!, { cents: 1200, observedOn: daysAgo(30) });
    await addPrice(ids[4]!, { cents: 900, observedOn: daysAgo(400) });
    await addPrice(ids[5]!, { cents: 1200, observedOn: daysAgo(5) });
    return { city, ids };
  }
  const zipIds = async (query: string) => {
    const res = await t.get<ZipSearchResponse>(`/zip-search?${query}`);
    expect(res.status, query).toBe(200);
    return res.body;
  };

  it("zip-search: maxUnitPrice keeps exactly the clinics at or under it; each result carries its current price", async () => {
    const { ids } = await priced("41001", 41);
    const all = await zipIds("postalCode=41001&distance=10");
    expect(all.clinics.map((c) => c.id)).toEqual(ids);
    expect(all.clinics.map((c) => c.currentPrice?.perUnitCents ?? null)).toEqual([1400, 1000, null, 1200, null, 1200]);
    expect(all.clinics[1]!.currentPrice).toEqual({ brand: "botox", perUnitCents: 1000, observedOn: daysAgo(10), checkedOn: daysAgo(10), source: "phone" });
    const cheap = await zipIds("postalCode=41001&distance=10&maxUnitPrice=12");
    expect(cheap.clinics.map((c) => c.id)).toEqual([ids[1], ids[3], ids[5]]);
    expect(cheap.totalCount).toBe(3);
    expect((await zipIds("postalCode=41001&distance=10&maxUnitPrice=11.99")).clinics.map((c) => c.id)).toEqual([ids[1]]);
    expect((await zipIds("postalCode=41001&distance=10&maxUnitPrice=5&brand=dysport")).clinics.map((c) => c.id)).toEqual([ids[2]]);
    expect((await zipIds("postalCode=41001&distance=2.5&maxUnitPrice=40")).clinics.map((c) => c.id)).toEqual([ids[0], ids[1]]);
  });

  it("zip-search: sortBy=price puts the cheapest first, ties by distance, unpriced (and too old) last", async () => {
    const { ids } = await priced("41002", 42);
    const sorted = await zipIds("postalCode=41002&distance=10&sortBy=price");
    expect(sorted.clinics.map((c) => c.id)).toEqual([ids[1], ids[3], ids[5], ids[0], ids[2], ids[4]]);
    expect(sorted.totalCount).toBe(6);
    const page2 = await zipIds("postalCode=41002&distance=10&sortBy=price&limit=4&page=2");
    expect(page2.clinics.map((c) => c.id)).toEqual([ids[2], ids[4]]);
    expect(page2.totalCount).toBe(6);
    expect((await zipIds("postalCode=41002&distance=10&sortBy=price&brand=dysport")).clinics[0]!.id).toBe(ids[2]);
  });

  it("clinics-by-city: maxUnitPrice and sortBy=price (desc keeps unpriced last)", async () => {
    const { city, ids } = await priced("41003", 43);
    const get = async (q: string) => {
      const res = await t.get<ClinicListResponse>(`/proxy/clinics-by-city/${citySlug(city)}?${q}`);
      expect(res.status, q).toBe(200);
      return res.body;
    };
    const filtered = await get("maxUnitPrice=12");
    expect(filtered.clinics.map((c) => c.id)).toEqual([ids[1], ids[3], ids[5]]); // by reviews
    expect(filtered.pagination.totalItems).toBe(3);
    expect((await get("sortBy=price")).clinics.map((c) => c.id)).toEqual([ids[1], ids[3], ids[5], ids[0], ids[2], ids[4]]);
    expect((await get("sortBy=price&sortOrder=desc")).clinics.map((c) => c.id)).toEqual([ids[0], ids[3], ids[5], ids[1], ids[2], ids[4]]);
    const plain = await get("");
    expect(plain.clinics.map((c) => c.currentPrice?.perUnitCents ?? null)).toEqual([1400, 1000, null, 1200, null, 1200]);
  });

  it("bad price parameters are a 400 with a clear message", async () => {
    for (const q of ["maxUnitPrice=0", "maxUnitPrice=-1", "maxUnitPrice=cheap", "maxUnitPrice=1e3", "maxUnitPrice=10.001"]) {
      const zip = await t.get<{ error: string }>(`/zip-search?postalCode=41001&${q}`);
      expect([zip.status, zip.body.error], q).toEqual([400, PRICE_MSG.maxUnitPrice]);
      const city = await t.get<{ error: string }>(`/proxy/clinics-by-city/austin?${q}`);
      expect([city.status, city.body.error], q).toEqual([400, PRICE_MSG.maxUnitPrice]);
    }
    const brand = await t.get<{ error: string }>("/zip-search?postalCode=41001&brand=bogus");
    expect([brand.status, brand.body.error]).toEqual([400, PRICE_MSG.brand]);
    const sort = await t.get<{ error: string }>("/zip-search?postalCode=41001&sortBy=name");
    expect([sort.status, sort.body.error]).toEqual([400, 'sortBy must be "distance" or "price".']);
  });
});

describe("price reports", () => {
  const visitorCookieOf = (res: Response) => {
    const m = new RegExp(`${VISITOR_COOKIE}=([^;]+)`).exec(res.headers.get("set-cookie") ?? "");
    return m ? `${VISITOR_COOKIE}=${m[1]}` : undefined;
  };
  const report = (id: number, body: unknown, options: { ip?: string; cookie?: string } = {}) =>
    t.request("POST", `/clinics/${id}/price-reports`, { body, ip: options.ip ?? freshIp(), cookie: options.cookie });
  const paid = { brand: "botox", units: 20, total: 260, treatedMonth: thisMonth };

  it("the queue gives each report its context: city, the clinic's current price, the local median and an outlier reason", async () => {
    const city = freshCity();
    const rows = await clinicsIn(city, 6);
    for (const r of rows.slice(1)) await addPrice(r.id, { cents: 1300 });
    const target = rows[0]!.id;
    await addPrice(target, { cents: 1100 });
    const fair = (await (await report(target, paid)).json()) as { report: { id: number } };
    const high = (await (await report(target, { ...paid, total: 600 }, {})).json()) as { report: { id: number } };
    const queue = await t.get<{ reports: ListedPriceReport[] }>("/price-reports?status=pending&limit=100", { cookie: session });
    const byId = new Map(queue.body.reports.map((r) => [r.id, r]));
    expect(byId.get(fair.report.id)?.context).toEqual({
      city,
      state: "TX",
      currentUnitCents: 1100,
      localMedianCents: 1300,
      localClinics: 6,
      reportedUnitCents: 1300,
      outlier: null,
    });
    expect(byId.get(high.report.id)?.context).toMatchObject({ reportedUnitCents: 3000, outlier: "131% above the local median" });
  });

  it("a report is 201 pending and invisible until an admin publishes it as a patient_report price", async () => {
    const city = freshCity();
    const rows = await clinicsIn(city, 5);
    for (const r of rows.slice(1)) await addPrice(r.id, { cents: 1300 });
    const target = rows[0]!.id;
    const res = await report(target, paid);
    expect(res.status).toBe(201);
    const created = (await res.json()) as { report: { id: number; status: string }; message: string };
    expect(created).toEqual({ report: { id: expect.any(Number), status: "pending" }, message: PRICE_MSG.reportPending });
    expect(changes.some((c) => c.entity === "price" && c.entityId === created.report.id && c.action === "create")).toBe(false);

    expect((await t.get<{ prices: unknown[] }>(`/clinics/${target}/prices`)).body.prices).toEqual([]);
    expect((await index(`city=${citySlug(city)}`)).body.clinics).toBe(4);

    const queue = await t.get<{ reports: PriceReport[]; total: number }>("/price-reports?status=pending", { cookie: session });
    const mine = queue.body.reports.find((r) => r.id === created.report.id);
    expect(mine).toMatchObject({
      clinicId: target,
      clinicName: `${city} Clinic 0`,
      brand: "botox",
      units: 20,
      totalCents: 26000,
      treatedMonth: thisMonth,
      status: "pending",
      priceId: null,
    });

    const published = await t.request("PATCH", `/price-reports/${created.report.id}`, { body: { status: "published" }, cookie: session });
    expect(published.status).toBe(200);
    const after = (await published.json()) as PriceReport;
    expect(after).toMatchObject({ status: "published", priceId: expect.any(Number), reviewedAt: expect.any(String) });
    const prices = (await t.get<{ prices: ClinicPrice[] }>(`/clinics/${target}/prices`)).body.prices;
    expect(prices).toMatchObject([
      {
        id: after.priceId,
        source: "patient_report",
        model: "per_unit",
        unitPriceCents: 1300,
        units: null,
        conditions: "Paid $260 for 20 units",
        observedOn: `${thisMonth}-01`,
      },
    ]);
    expect((await index(`city=${citySlug(city)}`)).body).toMatchObject({ clinics: 5, sufficient: true });
    // Publishing again creates no second price.
    await t.request("PATCH", `/price-reports/${created.report.id}`, { body: { status: "published" }, cookie: session });
    expect((await t.get<{ prices: ClinicPrice[] }>(`/clinics/${target}/prices`)).body.prices).toHaveLength(1);
    expect(
      (await t.get<{ reports: PriceReport[] }>("/price-reports?status=pending", { cookie: session })).body.reports.some((r) => r.id === created.report.id),
    ).toBe(false);
  });

  it("an area report becomes an area price; a rejected one never shows, and keeps its reason", async () => {
    const [c] = await clinicsIn(freshCity(), 1);
    const area = (await (await report(c!.id, { brand: "botox", total: 300, treatedMonth: thisMonth, area: "forehead", units: 20 })).json()) as {
      report: { id: number };
    };
    await t.request("PATCH", `/price-reports/${area.report.id}`, { body: { status: "published" }, cookie: session });
    const [price] = (await t.get<{ prices: ClinicPrice[] }>(`/clinics/${c!.id}/prices`)).body.prices;
    expect(price).toMatchObject({ model: "per_area", area: "forehead", priceCents: 30000, units: 20, perUnitCents: 1500, source: "patient_report" });

    const [d] = await clinicsIn(freshCity(), 1);
    const spam = (await (await report(d!.id, paid)).json()) as { report: { id: number } };
    const rejected = await t.request("PATCH", `/price-reports/${spam.report.id}`, {
      body: { status: "rejected", reason: "Not a real price" },
      cookie: session,
    });
    expect(await rejected.json()).toMatchObject({ status: "rejected", reason: "Not a real price", priceId: null });
    expect((await t.get<{ prices: unknown[] }>(`/clinics/${d!.id}/prices`)).body.prices).toEqual([]);
    const bad = await t.request("PATCH", `/price-reports/${spam.report.id}`, { body: { status: "pending" }, cookie: session });
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, PRICE_MSG.reviewStatus]);
    expect((await t.request("PATCH", "/price-reports/2000000000", { body: { status: "rejected" }, cookie: session })).status).toBe(404);
  });

  it("an area report gets the unit-price outlier test at the area's typical units, and an implausible one is held when published", async () => {
    const city = freshCity();
    const rows = await clinicsIn(city, 6);
    for (const r of rows.slice(1)) await addPrice(r.id, { cents: 1300 });
    const target = rows[0]!.id;
    const send = async (body: unknown) => ((await (await report(target, body)).json()) as { report: { id: number } }).report.id;
    const wild = await send({ brand: "botox", area: "frown_lines", total: 9999, treatedMonth: thisMonth });
    const fair = await send({ brand: "botox", area: "frown_lines", total: 260, treatedMonth: thisMonth });
    const queue = await t.get<{ reports: ListedPriceReport[] }>("/price-reports?status=pending&limit=100", { cookie: session });
    const byId = new Map(queue.body.reports.map((r) => [r.id, r]));
    expect(byId.get(wild)?.context?.outlier).toBe("At the typical 20 units: outside the plausible Botox range ($5–$40 per unit)");
    expect(byId.get(fair)?.context?.outlier).toBeNull();
    await t.request("PATCH", `/price-reports/${wild}`, { body: { status: "published" }, cookie: session });
    expect((await t.get<{ prices: ClinicPrice[] }>(`/clinics/${target}/prices`)).body.prices).toEqual([]);
    const held = await t.get<{ prices: ClinicPrice[] }>(`/clinics/${target}/prices?status=all`, { cookie: session });
    expect(held.body.prices).toMatchObject([{ model: "per_area", area: "frown_lines", priceCents: 999900, status: "pending", source: "patient_report" }]);
  });

  it("one report per visitor per clinic per month: by cookie, and by address without one", async () => {
    const [a, b] = await clinicsIn(freshCity(), 2);
    const first = await report(a!.id, paid);
    const cookie = visitorCookieOf(first);
    expect(cookie).toBeDefined();
    const again = await report(a!.id, { ...paid, total: 250 }, { cookie });
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([409, PRICE_MSG.reportAlreadySent]);
    expect((await report(b!.id, paid, { cookie })).status).toBe(201);
    const ip = freshIp();
    expect((await report(b!.id, paid, { ip: ip })).status).toBe(201);
    const sameAddress = await report(a!.id, paid, { ip });
    expect(sameAddress.status).toBe(201); // a's reports so far came from other addresses
    expect((await report(a!.id, paid, { ip })).status).toBe(409);
    // Last month's report does not stop this month's.
    const [c] = await clinicsIn(freshCity(), 1);
    await t.db.db.insert(priceReports).values({
      clinicId: c!.id,
      brand: "botox",
      totalCents: 100,
      treatedMonth: "2020-01-01",
      reportMonth: "2020-01-01",
      visitorId: "old-visitor",
      addressHash: "old-hash",
    });
    expect((await report(c!.id, paid, { cookie: `${VISITOR_COOKIE}=old-visitor` })).status).toBe(201);
  });

  it("counts an IPv6 visitor by its /64: another address of it, with a fresh cookie, is the same visitor (409)", async () => {
    const [c] = await clinicsIn(freshCity(), 1);
    expect((await report(c!.id, paid, { ip: "2001:db8:78:1::1" })).status).toBe(201);
    expect((await report(c!.id, paid, { ip: "2001:db8:78:1::abcd" })).status).toBe(409);
    expect((await report(c!.id, paid, { ip: "2001:db8:78:2::1" })).status).toBe(201);
  });

  it("concurrent reports by one visitor: exactly one is stored", async () => {
    const [c] = await clinicsIn(freshCity(), 1);
    const cookie = `${VISITOR_COOKIE}=concurrent-visitor-000000`;
    const results = await Promise.all(Array.from({ length: 8 }, () => report(c!.id, paid, { cookie })));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array<number>(7).fill(409)]);
  });

  it("is rate limited per address like ratings: the 11th within a minute is 429", async () => {
    const rows = await clinicsIn(freshCity(), 11);
    const ip = "198.51.100.252";
    for (let i = 0; i < 10; i++)
      expect((await report(rows[i]!.id, paid, { ip, cookie: `${VISITOR_COOKIE}=limit-visitor-${String(i).padStart(8, "0")}` })).status).toBe(201);
    expect((await report(rows[10]!.id, paid, { ip })).status).toBe(429);
  });

  it("bad input is a 400 with a clear message; an unknown clinic a 404", async () => {
    const [c] = await clinicsIn(freshCity(), 1);
    const cases: [unknown, string][] = [
      [{ ...paid, brand: undefined }, PRICE_MSG.brand],
      [{ ...paid, total: -5 }, PRICE_MSG.total],
      [{ ...paid, total: "a lot" }, PRICE_MSG.total],
      [{ ...paid, total: 1e9 }, PRICE_MSG.total],
      [{ ...paid, units: 2.5 }, PRICE_MSG.reportUnits],
      [{ ...paid, treatedMonth: "2099-01" }, PRICE_MSG.treatedMonth],
      [{ ...paid, treatedMonth: "last month" }, PRICE_MSG.treatedMonth],
      [{ ...paid, area: "elbow" }, PRICE_MSG.area],
      [{ ...paid, status: "published" }, "The field status is not accepted; remove it."],
    ];
    for (const [input, message] of cases) {
      const res = await report(c!.id, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(((await res.json()) as { error: string }).error, JSON.stringify(input)).toBe(message);
    }
    expect((await report(2_000_000_000, paid)).status).toBe(404);
    const list = await t.get<{ error: string }>("/price-reports?status=maybe", { cookie: session });
    expect(list.status).toBe(400);
  });
});

describe("GET /stats", () => {
  it("counts pending price reports and clinics whose newest price is older than 180 days", async () => {
    const before = (await t.get<Stats>("/stats", { cookie: session })).body;
    const [a, b] = await clinicsIn(freshCity(), 2);
    await addPrice(a!.id, { observedOn: daysAgo(200) });
    await addPrice(b!.id, { observedOn: daysAgo(200) });
    await addPrice(b!.id, { observedOn: daysAgo(3) });
    const res = await t.request("POST", `/clinics/${a!.id}/price-reports`, { body: { brand: "botox", total: 200, treatedMonth: thisMonth }, ip: freshIp() });
    expect(res.status).toBe(201);
    const after = (await t.get<Stats>("/stats", { cookie: session })).body;
    expect(after.staleClinicPrices).toBe((before.staleClinicPrices ?? 0) + 1);
    expect(after.pendingPriceReports).toBe((before.pendingPriceReports ?? 0) + 1);
  });
});
