/**
 * A content write clears only the cached answers it can change: the clinic's own
 * page, its city's lists (where it was and where it is) and the searches whose circle holds
 * it (before or after the write), plus the answers that depend on every clinic; every other
 * kept answer is still served from memory.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testLogger } from "@botox/core/testing";
import { toClinicSlug } from "@botox/core";
import { zipCodes } from "@botox/db";
import { createAdminTestContext, type AdminTestContext } from "../test/admin-app.ts";
import { ReadCache, scopeHolds } from "./read-cache.ts";

let t: AdminTestContext;
let cookie: string;
let alpha: number;

// Two places 300 miles apart: a ZIP and a city in each.
const NEAR = { zip: "10001", latitude: 40.75, longitude: -74.0 };
const FAR = { zip: "15201", latitude: 40.47, longitude: -79.95 };

const clinicInput = (name: string, city: string, at: { latitude: number; longitude: number }) => ({
  name,
  city,
  state: "NY",
  latitude: at.latitude + 0.01,
  longitude: at.longitude,
  businessStatus: "OPERATIONAL",
});

beforeAll(async () => {
  t = await createAdminTestContext();
  cookie = await t.login();
  await t.db.db.insert(zipCodes).values([
    { zip: NEAR.zip, latitude: NEAR.latitude, longitude: NEAR.longitude, city: "Alphaville", state: "NY" },
    { zip: FAR.zip, latitude: FAR.latitude, longitude: FAR.longitude, city: "Betatown", state: "NY" },
  ]);
  const created = await t.request("POST", "/clinics", { cookie, body: clinicInput("Alpha Clinic", "Alphaville", NEAR) });
  alpha = ((await created.json()) as { id: number }).id;
  await t.request("POST", "/clinics", { cookie, body: clinicInput("Beta Clinic", "Betatown", FAR) });
});
afterAll(() => t.close());

beforeEach(() => {
  t.deps.readCache?.stop();
  // A fresh cache per test (never polling: only this API's writes clear it here).
  t.deps.readCache = new ReadCache({ ttlMs: 3_600_000, pollMs: 3_600_000, logger: testLogger() });
});

const READS = {
  nearZip: `/zip-search?postalCode=${NEAR.zip}`,
  farZip: `/zip-search?postalCode=${FAR.zip}`,
  anyDistance: `/zip-search?postalCode=${FAR.zip}&distance=any`,
  unknownZip: "/zip-search?postalCode=99998",
  alphaCity: "/proxy/clinics-by-city/alphaville",
  alphaCityWithState: "/proxy/clinics-by-city/alphaville-ny",
  betaCity: "/proxy/clinics-by-city/betatown",
  alphaPage: `/proxy/clinic/${toClinicSlug("Alpha Clinic", "Alphaville")}`,
  betaPage: `/proxy/clinic/${toClinicSlug("Beta Clinic", "Betatown")}`,
  popular: "/cities/popular",
} as const;
type Read = keyof typeof READS;

async function cacheStates(): Promise<Record<Read, string | null>> {
  const out = {} as Record<Read, string | null>;
  for (const [name, path] of Object.entries(READS) as [Read, string][]) {
    const res = await t.request("GET", path);
    // Not-found answers are never kept.
    out[name] = res.status === 404 ? "404" : res.headers.get("X-Cache");
  }
  return out;
}

async function nearbyState(body: { latitude: number; longitude: number; radius: number }): Promise<string | null> {
  const res = await t.request("POST", "/clinics/nearby", { body });
  expect(res.status).toBe(200);
  return res.headers.get("X-Cache");
}

async function warm(): Promise<void> {
  await cacheStates();
  expect(Object.values(await cacheStates()).every((s) => s === "HIT")).toBe(true);
}

describe("a content write clears only the answers it can change", () => {
  it("an edit of a clinic in place: its page, its city, the searches around it and the all-clinic answers; nothing of the other place", async () => {
    await warm();
    const res = await t.request("PUT", `/clinics/${alpha}`, { cookie, body: { ...clinicInput("Alpha Clinic", "Alphaville", NEAR), phone: "+1 212 555 0100" } });
    expect(res.status).toBe(200);
    expect(await cacheStates()).toEqual({
      nearZip: "MISS",
      farZip: "HIT",
      anyDistance: "MISS",
      unknownZip: "HIT",
      alphaCity: "MISS",
      alphaCityWithState: "MISS",
      betaCity: "HIT",
      alphaPage: "MISS",
      betaPage: "HIT",
      popular: "MISS",
    });
  });

  it("a clinic moved to the other place: the answers where it was and where it is", async () => {
    await warm();
    const res = await t.request("PUT", `/clinics/${alpha}`, { cookie, body: clinicInput("Alpha Clinic", "Betatown", FAR) });
    expect(res.status).toBe(200);
    const after = await cacheStates();
    // Its old slug names nothing now; the Betatown clinic's own page is untouched.
    expect(after).toMatchObject({ nearZip: "MISS", farZip: "MISS", alphaCity: "MISS", betaCity: "MISS", alphaPage: "404", betaPage: "HIT", unknownZip: "HIT" });
    expect((await t.request("PUT", `/clinics/${alpha}`, { cookie, body: clinicInput("Alpha Clinic", "Alphaville", NEAR) })).status).toBe(200);
  });

  it("a price written for a clinic: its lists and searches, not the other place's", async () => {
    await warm();
    const res = await t.request("POST", `/clinics/${alpha}/prices`, {
      cookie,
      body: { brand: "botox", model: "per_unit", unitPriceCents: 1200, source: "website", observedOn: "2026-01-10" },
    });
    expect(res.status).toBe(201);
    expect(await cacheStates()).toMatchObject({ nearZip: "MISS", alphaCity: "MISS", farZip: "HIT", betaCity: "HIT", betaPage: "HIT", unknownZip: "HIT" });
  });

  it("clinics/nearby answers by their circle", async () => {
    const nearCircle = { latitude: NEAR.latitude, longitude: NEAR.longitude, radius: 25 };
    const farCircle = { latitude: FAR.latitude, longitude: FAR.longitude, radius: 25 };
    await nearbyState(nearCircle);
    await nearbyState(farCircle);
    await t.request("PUT", `/clinics/${alpha}`, { cookie, body: { ...clinicInput("Alpha Clinic", "Alphaville", NEAR), phone: "+1 212 555 0101" } });
    expect(await nearbyState(nearCircle)).toBe("MISS");
    expect(await nearbyState(farCircle)).toBe("HIT");
  });

  it("a write that names no clinics (a blog post) still clears everything", async () => {
    await warm();
    const res = await t.request("POST", "/blog/categories", { cookie, body: { name: "News", slug: "news" } });
    expect(res.status).toBe(201);
    expect(Object.values(await cacheStates()).every((s) => s === "MISS")).toBe(true);
  });
});

describe("scopeHolds", () => {
  const clinic = { id: 7, slug: "glow-new-york", citySlug: "new-york", latitude: 40.75, longitude: -74.0 };
  it("matches a clinic read by slug or id, a city with or without its state code, and a circle by distance", () => {
    expect(scopeHolds({ kind: "clinic", segment: "glow-new-york" }, clinic)).toBe(true);
    expect(scopeHolds({ kind: "clinic", segment: "7" }, clinic)).toBe(true);
    expect(scopeHolds({ kind: "clinic", segment: "other" }, clinic)).toBe(false);
    expect(scopeHolds({ kind: "city", segment: "new-york-ny" }, clinic)).toBe(true);
    expect(scopeHolds({ kind: "city", segment: "boston" }, clinic)).toBe(false);
    expect(scopeHolds({ kind: "near", latitude: 40.75, longitude: -74.2, miles: 25 }, clinic)).toBe(true);
    expect(scopeHolds({ kind: "near", latitude: 42.36, longitude: -71.06, miles: 25 }, clinic)).toBe(false);
    expect(scopeHolds({ kind: "near", latitude: 40.75, longitude: -74.2, miles: 25 }, { ...clinic, latitude: null, longitude: null })).toBe(false);
    expect(scopeHolds({ kind: "none" }, clinic)).toBe(false);
  });
});
