import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testLogger } from "@botox/core/testing";
import { QUERY_MSG, isoDay, type Clinic, type ClinicListResponse, type ZipSearchResponse } from "@botox/core";
import { clinicPrices, clinics } from "@botox/db";
import { inArray } from "drizzle-orm";
import { createPublicTestContext, milesNorth, type PublicTestContext } from "../test/public-app.ts";
import { ReadCache } from "./read-cache.ts";

// openNow=true on the three public searches, at times set by an injected clock.
const ZIP = "10001";
const O = { latitude: 40.7506, longitude: -73.9972 };
const weekdays = { "Monday-Friday": "10 AM-7 PM", Saturday: "Closed", Sunday: "Closed" };
let t: PublicTestContext;
let now = new Date("2026-11-23T17:00:00Z");

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.now = () => now;
  await t.insertZip(ZIP, O.latitude, O.longitude, "New York", "NY");
  const at = (miles: number) => milesNorth(O.latitude, O.longitude, miles);
  await t.insertClinics([
    { name: "Day Spa", city: "New York", state: "NY", ...at(1), workingHours: weekdays },
    { name: "Night Owl", city: "New York", state: "NY", ...at(2), workingHours: { Friday: "8 PM-2 AM", Saturday: "8 PM-2 AM" } },
    { name: "Always", city: "New York", state: "NY", ...at(3), workingHours: { text: "Open 24 hours" } },
    { name: "Shut", city: "New York", state: "NY", ...at(4), workingHours: { text: "Open 24 hours" }, businessStatus: "CLOSED_TEMPORARILY" },
    { name: "Unknown", city: "New York", state: "NY", ...at(5), workingHours: { text: "By appointment only" } },
    // Three hours behind New York: 10 AM there is 1 PM here.
    { name: "West Coast", city: "New York", state: "NY", latitude: 34.05, longitude: -118.24, workingHours: weekdays },
  ]);
});
afterAll(() => t.close());

const zip = async (q = "") => (await t.get<ZipSearchResponse>(`/zip-search?postalCode=${ZIP}&distance=any${q}`)).body.clinics.map((c) => c.name).sort();
const city = async (q = "") => (await t.get<ClinicListResponse>(`/proxy/clinics-by-city/new-york?limit=50${q}`)).body.clinics.map((c) => c.name).sort();
const nearby = async (openNow?: unknown) => {
  const res = await t.request("POST", "/clinics/nearby", { body: { ...O, radius: 500, ...(openNow === undefined ? {} : { openNow }) } });
  return ((await res.json()) as Clinic[]).map((c) => c.name).sort();
};

describe("openNow=true", () => {
  it("keeps the clinics open at that moment in their own zones, on all three searches", async () => {
    now = new Date("2026-11-23T17:00:00Z"); // Monday 12 PM in New York, 9 AM in Los Angeles
    expect(await zip("&openNow=true")).toEqual(["Always", "Day Spa"]);
    expect(await city("&openNow=true")).toEqual(["Always", "Day Spa"]);
    expect(await nearby(true)).toEqual(["Always", "Day Spa"]);
    now = new Date("2026-11-23T18:00:00Z"); // 10 AM in Los Angeles
    expect(await zip("&openNow=1")).toEqual(["Always", "Day Spa", "West Coast"]);
    // Los Angeles lies beyond the nearby search's 500 miles.
    expect(await nearby("true")).toEqual(["Always", "Day Spa"]);
  });

  it("counts spans past midnight, and never clinics that are not operational or whose hours are unknown", async () => {
    now = new Date("2026-11-28T06:30:00Z"); // Saturday 1:30 AM in New York
    expect(await zip("&openNow=true")).toEqual(["Always", "Night Owl"]);
    const all = await zip();
    expect(all).toContain("Shut");
    expect(all).toContain("Unknown");
  });

  it("is correct on both sides of a DST change", async () => {
    now = new Date("2026-03-09T13:59:00Z"); // Monday 9:59 AM EDT (the clocks moved on Sunday)
    expect(await city("&openNow=true")).toEqual(["Always"]);
    now = new Date("2026-03-09T14:00:00Z");
    expect(await city("&openNow=true")).toEqual(["Always", "Day Spa"]);
  });

  it("leaves the answer alone when false or absent, and rejects other values", async () => {
    expect(await zip("&openNow=false")).toHaveLength(6);
    expect(await nearby(false)).toHaveLength(5);
    const bad = await t.get<{ error: string }>(`/zip-search?postalCode=${ZIP}&openNow=maybe`);
    expect(bad).toMatchObject({ status: 400, body: { error: QUERY_MSG.openNow } });
    const badCity = await t.get<{ error: string }>(`/proxy/clinics-by-city/new-york?openNow=yes`);
    expect(badCity.status).toBe(400);
    const badBody = await t.request("POST", "/clinics/nearby", { body: { ...O, openNow: "soon" } });
    expect(badBody.status).toBe(400);
  });

  it("through the read cache, a change of state at a minute boundary is seen at once", async () => {
    const cache = new ReadCache({ ttlMs: 60 * 60_000, pollMs: 60 * 60_000, logger: testLogger() });
    t.deps.readCache = cache;
    try {
      now = new Date("2026-11-23T23:59:30Z"); // 6:59:30 PM in New York: Day Spa closes at 7
      expect(await zip("&openNow=true")).toEqual(["Always", "Day Spa", "West Coast"]);
      const again = await t.get<ZipSearchResponse>(`/zip-search?postalCode=${ZIP}&distance=any&openNow=true`);
      expect(again.res.headers.get("X-Cache")).toBe("HIT");
      now = new Date("2026-11-24T00:00:00Z");
      const next = await t.get<ZipSearchResponse>(`/zip-search?postalCode=${ZIP}&distance=any&openNow=true`);
      expect(next.res.headers.get("X-Cache")).toBe("MISS");
      expect(next.body.clinics.map((c) => c.name).sort()).toEqual(["Always", "West Coast"]);
      expect(await nearby(true)).toEqual(["Always"]);
    } finally {
      t.deps.readCache = undefined;
      cache.stop();
    }
  });

  it("gives every clinic its timeZone", async () => {
    const { body } = await t.get<ZipSearchResponse>(`/zip-search?postalCode=${ZIP}&distance=any`);
    expect(Object.fromEntries(body.clinics.map((c) => [c.name, c.timeZone]))).toMatchObject({
      "Day Spa": "America/New_York",
      "West Coast": "America/Los_Angeles",
    });
  });
});

describe("openNow=true with the price filter and sort (issues 13 and 14)", () => {
  it("keeps only open clinics on both searches, cheapest first, each with its currentPrice", async () => {
    const ids = await t.db.db
      .select({ id: clinics.id, name: clinics.name })
      .from(clinics)
      .where(inArray(clinics.name, ["Day Spa", "Always", "Night Owl"]));
    const cents: Record<string, number> = { "Day Spa": 1200, Always: 1500, "Night Owl": 900 };
    await t.db.db.insert(clinicPrices).values(
      ids.map((c) => ({
        clinicId: c.id,
        brand: "botox" as const,
        model: "per_unit" as const,
        unitPriceCents: cents[c.name],
        perUnitCents: cents[c.name],
        source: "phone" as const,
        observedOn: isoDay(new Date()),
      })),
    );
    now = new Date("2026-11-23T17:00:00Z"); // Monday 12 PM in New York: Night Owl (cheapest) is closed
    const z = await t.get<ZipSearchResponse>(`/zip-search?postalCode=${ZIP}&distance=any&openNow=true&sortBy=price`);
    expect(z.body.clinics.map((c) => [c.name, c.currentPrice?.perUnitCents])).toEqual([
      ["Day Spa", 1200],
      ["Always", 1500],
    ]);
    const capped = await t.get<ZipSearchResponse>(`/zip-search?postalCode=${ZIP}&distance=any&openNow=true&maxUnitPrice=13`);
    expect(capped.body.clinics.map((c) => c.name)).toEqual(["Day Spa"]);
    expect(capped.body.totalCount).toBe(1);
    // Within a distance the capped prices are read from the kept prices' own place, the clinic
    // joined for its hours (decision 215): the same answer.
    const cappedNear = await t.get<ZipSearchResponse>(`/zip-search?postalCode=${ZIP}&distance=25&openNow=true&maxUnitPrice=13&sortBy=price`);
    expect(cappedNear.body.clinics.map((c) => c.name)).toEqual(["Day Spa"]);
    expect(cappedNear.body.totalCount).toBe(1);
    const c = await t.get<ClinicListResponse>(`/proxy/clinics-by-city/new-york?limit=50&openNow=true&sortBy=price&sortOrder=asc`);
    expect(c.body.clinics.map((x) => x.name)).toEqual(["Day Spa", "Always"]);
    // Without openNow the cheapest clinic, closed now, leads.
    const all = await t.get<ZipSearchResponse>(`/zip-search?postalCode=${ZIP}&distance=any&sortBy=price`);
    expect(all.body.clinics[0]?.name).toBe("Night Owl");
  });
});
