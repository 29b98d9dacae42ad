/**
 * Listing freshness through the other writers and readers: the admin's "verified today", time zones
 * for clinics without coordinates, one name per city, the text rule, "as of" dates that
 * cannot be in the future, and the outlier hold on a published price report.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FUTURE_DATE_MSG,
  MSG,
  isoDay,
  type City,
  type Clinic,
  type ClinicListResponse,
  type ClinicPrice,
  type PriceReport,
  type ZipSearchResponse,
} from "@botox/core";
import { TEXT_MSG } from "@botox/core/text";
import { adminUsers, clinics, fillFallbackTimeZones, hashPassword } from "@botox/db";
import { listSiteCities } from "@botox/db/site";
import { eq } from "drizzle-orm";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";

let t: PublicTestContext;
let session: string;
const today = isoDay(new Date());
const tomorrow = isoDay(new Date(Date.now() + 86_400_000));
let ipSeq = 0;
const freshIp = () => `198.19.${++ipSeq >> 8}.${ipSeq & 255}`;

beforeAll(async () => {
  t = await createPublicTestContext();
  const username = `admin-${randomBytes(4).toString("hex")}`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  await t.db.db.insert(adminUsers).values({ username, passwordHash: await hashPassword(password) });
  const res = await t.request("POST", "/login", { body: { username, password } });
  expect(res.status).toBe(200);
  session = sessionCookieOf(res);
});
afterAll(() => t.close());

const admin = (method: string, path: string, body?: unknown) => t.request(method, path, { body, cookie: session });
const createClinic = async (body: Record<string, unknown>) => {
  const res = await admin("POST", "/clinics", body);
  return { status: res.status, body: (await res.json()) as Clinic & { error?: string; issues?: { path: string; message: string }[] } };
};

describe("lastVerifiedOn", () => {
  it("is in every clinic answer, set by the admin's 'verified today', kept when a save leaves it out, and never in the future", async () => {
    const created = await createClinic({ name: "Checked Clinic", city: "Boise", state: "ID" });
    expect(created.status).toBe(201);
    expect(created.body.lastVerifiedOn).toBeNull();
    const verified = await admin("PUT", `/clinics/${created.body.id}`, { name: "Checked Clinic", city: "Boise", state: "ID", lastVerifiedOn: today });
    expect(((await verified.json()) as Clinic).lastVerifiedOn).toBe(today);
    const kept = await admin("PUT", `/clinics/${created.body.id}`, { name: "Checked Clinic", city: "Boise", state: "ID", phone: "208-555-0100" });
    expect(((await kept.json()) as Clinic).lastVerifiedOn).toBe(today);
    const publicRead = await t.get<Clinic>(`/proxy/clinic/${created.body.slug}`);
    expect(publicRead.body.lastVerifiedOn).toBe(today);
    const future = await admin("PUT", `/clinics/${created.body.id}`, { name: "Checked Clinic", city: "Boise", state: "ID", lastVerifiedOn: tomorrow });
    expect(future.status).toBe(400);
    expect(((await future.json()) as { error: string }).error).toBe(FUTURE_DATE_MSG("Last checked date"));
  });
});

describe("time zones of clinics without coordinates", () => {
  it("come from the ZIP centroid, else a one-zone state; a split state without a ZIP stays unknown", async () => {
    // A Texas ZIP in the Mountain zone (El Paso): the ZIP wins over any guess by state.
    await t.insertZip("79901", 31.7587, -106.4869, "El Paso", "TX");
    const byZip = await createClinic({ name: "Zip Zone Clinic", city: "El Paso", state: "TX", postalCode: "79901" });
    expect(byZip.body.timeZone).toBe("America/Denver");
    const byState = await createClinic({ name: "State Zone Clinic", city: "Sacramento", state: "ca" });
    expect(byState.body.timeZone).toBe("America/Los_Angeles");
    const split = await createClinic({ name: "Split State Clinic", city: "Houston", state: "TX" });
    expect(split.body.timeZone).toBeNull();
    // Coordinates still decide first.
    const located = await createClinic({ name: "Located Clinic", city: "Chicago", state: "IL", latitude: 41.88, longitude: -87.63, postalCode: "79901" });
    expect(located.body.timeZone).toBe("America/Chicago");
    // Editing one to lose its coordinates falls back again; the public answer carries it.
    const edited = await admin("PUT", `/clinics/${located.body.id}`, { name: "Located Clinic", city: "Chicago", state: "IL", postalCode: "79901" });
    expect(((await edited.json()) as Clinic).timeZone).toBe("America/Denver");
    expect((await t.get<Clinic>(`/proxy/clinic/${byState.body.slug}`)).body.timeZone).toBe("America/Los_Angeles");
  });

  it("are filled for rows written without them (the start-up backfill)", async () => {
    const [row] = await t.insertClinics([{ name: "Raw Row Clinic", city: "Phoenix", state: "AZ", timeZone: null }]);
    expect(row?.timeZone).toBeNull();
    expect(await fillFallbackTimeZones(t.db.db)).toBeGreaterThanOrEqual(1);
    const [after] = await t.db.db.select().from(clinics).where(eq(clinics.id, row!.id));
    expect(after?.timeZone).toBe("America/Phoenix");
  });
});

describe("one name per city", () => {
  it("comes from the cities data, else the most common spelling; a clinic saved as 'CHICAGO' or 'chicago' renames nothing", async () => {
    await t.insertZip("60601", 41.886, -87.618, "Chicago", "IL");
    await t.insertClinics([
      { name: "Shouty Clinic", city: "CHICAGO", state: "IL", latitude: 41.88, longitude: -87.63 },
      { name: "Quiet Clinic", city: "chicago", state: "IL", latitude: 41.88, longitude: -87.63 },
      { name: "Aaa Clinic", city: "CHICAGO", state: "IL", latitude: 41.88, longitude: -87.63 },
    ]);
    // No "Chicago" clinic at all: the cities data still names the page.
    const popular = await t.get<City[]>("/cities/popular?limit=50");
    const chicago = popular.body.filter((c) => c.citySlug === "chicago");
    expect(chicago.map((c) => c.city)).toEqual(["Chicago"]);
    const site = (await listSiteCities(t.db.db)).filter((c) => c.citySlug === "chicago");
    expect(site.map((c) => c.city)).toEqual(["Chicago"]);

    // Not in the cities data: the most common spelling, mixed case winning a tie.
    await t.insertClinics([
      { name: "Tie One", city: "SMALLTOWNVILLE", state: "IL", latitude: 40.1, longitude: -88.2 },
      { name: "Tie Two", city: "Smalltownville", state: "IL", latitude: 40.1, longitude: -88.2 },
      { name: "Most One", city: "Mostly Town", state: "IL", latitude: 40.2, longitude: -88.2 },
      { name: "Most Two", city: "Mostly Town", state: "IL", latitude: 40.2, longitude: -88.2 },
      { name: "Most Three", city: "MOSTLY TOWN", state: "IL", latitude: 40.2, longitude: -88.2 },
    ]);
    const names = new Map((await listSiteCities(t.db.db)).map((c) => [c.citySlug, c.city]));
    expect(names.get("smalltownville")).toBe("Smalltownville");
    expect(names.get("mostly-town")).toBe("Mostly Town");
    const nearby = await t.get<City[]>("/cities/nearby");
    expect(nearby.body.map((c) => c.city)).toEqual(expect.arrayContaining(["Smalltownville", "Mostly Town"]));
  });

  it("is the cities data's name whenever the slug matches, and a tie never goes to punctuation", async () => {
    await t.insertZip("78664", 30.51, -97.67, "Round Rock", "TX");
    await t.insertZip("78613", 30.5, -97.82, "Cedar Park", "TX");
    const at = { state: "TX", latitude: 30.5, longitude: -97.7 };
    await t.insertClinics([
      // One row each: the stray punctuation must not win by sorting first.
      { name: "Rock One", city: "Round Rock", ...at },
      { name: "Rock Two", city: "Round -Rock", ...at },
      // No clinic spells it as the cities data does: the slug still finds it.
      { name: "Cedar One", city: "Cedar -Park", ...at },
      { name: "Cedar Two", city: "CEDAR  PARK", ...at },
      // Not in the cities data: a tie goes to the spelling without punctuation.
      { name: "Hill One", city: "Liberty -Hill", ...at },
      { name: "Hill Two", city: "Liberty Hill", ...at },
    ]);
    const names = new Map((await listSiteCities(t.db.db)).map((c) => [c.citySlug, c.city]));
    expect([names.get("round-rock"), names.get("cedar-park"), names.get("liberty-hill")]).toEqual(["Round Rock", "Cedar Park", "Liberty Hill"]);
    const popular = await t.get<City[]>("/cities/popular?limit=50");
    expect(
      popular.body
        .filter((c) => c.state === "TX" && ["round-rock", "cedar-park", "liberty-hill"].includes(c.citySlug))
        .map((c) => c.city)
        .sort(),
    ).toEqual(["Cedar Park", "Liberty Hill", "Round Rock"]);
  });
});

describe("a permanently closed clinic", () => {
  it("keeps its own answer but leaves city and ZIP listings, nearby searches and city counts, even when asked for by status", async () => {
    await t.insertZip("97201", 45.5152, -122.6784, "Closedburg", "OR");
    const at = { latitude: 45.5152, longitude: -122.6784, postalCode: "97201" };
    await t.insertClinics([
      { name: "Open One", city: "Closedburg", state: "OR", ...at },
      { name: "Gone One", city: "Closedburg", state: "OR", ...at, businessStatus: "PERMANENTLY_CLOSED" },
    ]);
    const names = (cs: Clinic[]) => cs.map((c) => c.name);
    const city = await t.get<ClinicListResponse>("/proxy/clinics-by-city/closedburg");
    expect(names(city.body.clinics)).toEqual(["Open One"]);
    expect(city.body.pagination.totalItems).toBe(1);
    expect(names((await t.get<ClinicListResponse>("/proxy/clinics-by-city/closedburg?businessStatus=PERMANENTLY_CLOSED")).body.clinics)).toEqual([]);
    const zip = await t.get<ZipSearchResponse>("/zip-search?postalCode=97201");
    expect([names(zip.body.clinics), zip.body.totalCount]).toEqual([["Open One"], 1]);
    const nearby = await t.request("POST", "/clinics/nearby", { body: { latitude: 45.5152, longitude: -122.6784 }, ip: freshIp() });
    expect(names((await nearby.json()) as Clinic[])).toEqual(["Open One"]);
    expect((await t.get<City[]>("/cities/popular?limit=100")).body.find((c) => c.citySlug === "closedburg")?.count).toBe(1);
    expect((await listSiteCities(t.db.db)).find((c) => c.citySlug === "closedburg")?.count).toBe(1);
    expect((await t.get<Clinic>("/proxy/clinic/gone-one-closedburg")).status).toBe(200);
  });
});

describe("free text", () => {
  it.each([
    ["name", { name: "Evil\u202EClinic", city: "Austin", state: "TX" }, TEXT_MSG.unsafe],
    ["city", { name: "Clinic", city: "Aus\u0000tin", state: "TX" }, TEXT_MSG.unsafe],
    ["street", { name: "Clinic", city: "Austin", state: "TX", street: "1 Main\u2067 St" }, TEXT_MSG.unsafe],
    ["hours", { name: "Clinic", city: "Austin", state: "TX", workingHours: { Monday: "9\u001B-5" } }, TEXT_MSG.unsafe],
    ["a 5,000-character name", { name: "n".repeat(5000), city: "Austin", state: "TX" }, TEXT_MSG.tooLong("Name", 300)],
  ])("the admin's clinic form refuses unsafe or oversized %s with a clear 400", async (_what, body, message) => {
    const res = await createClinic(body);
    expect(res.status).toBe(400);
    expect([res.body.error, ...(res.body.issues ?? []).map((i) => i.message)]).toContain(message);
    expect(res.body.error).not.toBe(MSG.validation.nameRequired);
  });

  it("public forms refuse it too (contact, rating comment)", async () => {
    const contact = await t.request("POST", "/contact", { body: { name: "A\u202Eb", email: "a@example.com", message: "hi" }, ip: freshIp() });
    expect(contact.status).toBe(400);
    const [c] = await t.insertClinics([{ name: "Comment Clinic", city: "Austin", state: "TX" }]);
    const rating = await t.request("POST", `/clinics/${c!.id}/ratings`, { body: { emoji: "smile", comment: "good\u2066" }, ip: freshIp() });
    expect(rating.status).toBe(400);
    expect(((await rating.json()) as { error: string }).error).toBe(TEXT_MSG.unsafe);
  });
});

describe("dates that cannot be in the future", () => {
  it("a price's observed or verified date after today is a 400 on create and on edit", async () => {
    const [c] = await t.insertClinics([{ name: "Dated Clinic", city: "Austin", state: "TX" }]);
    const base = { brand: "botox", model: "per_unit", unitPriceCents: 1300, source: "phone", observedOn: today };
    const future = await admin("POST", `/clinics/${c!.id}/prices`, { ...base, observedOn: tomorrow });
    expect(future.status).toBe(400);
    expect(((await future.json()) as { error: string }).error).toBe(FUTURE_DATE_MSG("Observed date"));
    const futureVerified = await admin("POST", `/clinics/${c!.id}/prices`, { ...base, verifiedOn: "2999-01-01" });
    expect(futureVerified.status).toBe(400);
    const ok = await admin("POST", `/clinics/${c!.id}/prices`, base);
    expect(ok.status).toBe(201);
    const price = (await ok.json()) as ClinicPrice;
    const edit = await admin("PATCH", `/prices/${price.id}`, { verifiedOn: tomorrow });
    expect(edit.status).toBe(400);
    expect(((await edit.json()) as { error: string }).error).toBe(FUTURE_DATE_MSG("Verified date"));
    expect((await admin("PATCH", `/prices/${price.id}`, { observedOn: "2999-12-31" })).status).toBe(400);
    expect((await admin("PATCH", `/prices/${price.id}`, { verifiedOn: today })).status).toBe(200);
  });
});

describe("a visitor's price report", () => {
  it("published by an admin gets the same outlier hold as an admin-entered price", async () => {
    const [c] = await t.insertClinics([{ name: "Outlier Clinic", city: "Austin", state: "TX" }]);
    // $2 a unit for Botox: below its brand's bounds.
    const sent = await t.request("POST", `/clinics/${c!.id}/price-reports`, {
      body: { brand: "botox", units: 50, total: 100, treatedMonth: today.slice(0, 7) },
      ip: freshIp(),
    });
    expect(sent.status).toBe(201);
    const { report } = (await sent.json()) as { report: { id: number } };
    const published = await admin("PATCH", `/price-reports/${report.id}`, { status: "published" });
    expect(published.status).toBe(200);
    const after = (await published.json()) as PriceReport;
    expect(after.priceId).toEqual(expect.any(Number));
    expect((await t.get<{ prices: ClinicPrice[] }>(`/clinics/${c!.id}/prices`)).body.prices).toEqual([]);
    const held = await admin("PATCH", `/prices/${after.priceId}`, { status: "published" });
    expect(((await held.json()) as ClinicPrice).status).toBe("published");
    expect((await t.get<{ prices: ClinicPrice[] }>(`/clinics/${c!.id}/prices`)).body.prices).toHaveLength(1);
  });
});
