import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FALLBACK_LOCATION, QUERY_MSG, type NearbyProvidersResponse } from "@botox/core";
import { createPublicTestContext, haversineMiles, milesNorth, oneDecimal, type PublicTestContext } from "../../test/public-app.ts";

let t: PublicTestContext;
const NYC = { latitude: FALLBACK_LOCATION.lat, longitude: FALLBACK_LOCATION.lon };
const SEATTLE = { latitude: 47.6062, longitude: -122.3321 };
const near = (o: { latitude: number; longitude: number }, miles: number) => milesNorth(o.latitude, o.longitude, miles);

beforeAll(async () => {
  t = await createPublicTestContext({ GEO_HEADERS: "cloudflare" });
  await t.insertClinics([
    { name: "Seattle 2", city: "Seattle", state: "WA", ...near(SEATTLE, 2) },
    { name: "Seattle 0.5", city: "Seattle", state: "WA", ...near(SEATTLE, 0.5) },
    { name: "Tacoma 30", city: "Tacoma", state: "WA", ...near(SEATTLE, -30) },
    { name: "Portland 150", city: "Portland", state: "OR", ...near(SEATTLE, -150) },
    { name: "Seattle Closed", city: "Seattle", state: "WA", ...near(SEATTLE, 5), businessStatus: "CLOSED_TEMPORARILY" },
    { name: "Manhattan 1", city: "New York", state: "NY", ...near(NYC, 1) },
    { name: "Unlocated", city: "Seattle", state: "WA" },
  ]);
});
afterAll(() => t.close());

const seattleHeaders = {
  "cf-iplatitude": String(SEATTLE.latitude),
  "cf-iplongitude": String(SEATTLE.longitude),
  "cf-ipcity": "Seattle",
  "cf-region-code": "WA",
  "cf-ipcountry": "US",
};
const providers = (query = "", headers: Record<string, string> = seattleHeaders) =>
  t.get<NearbyProvidersResponse & { error?: string }>(`/providers/near-user${query}`, { headers });

describe("GET /providers/near-user", () => {
  it("lists the clinics within 100 miles of the visitor, nearest first, with _distance", async () => {
    const { status, body, res } = await providers();
    expect(status).toBe(200);
    expect(body.providers.map((p) => p.name)).toEqual(["Seattle 0.5", "Seattle 2", "Seattle Closed", "Tacoma 30"]);
    for (const p of body.providers) {
      expect(p._distance).toBe(oneDecimal(haversineMiles(SEATTLE, { latitude: p.latitude!, longitude: p.longitude! })));
    }
    expect(body.userLocation).toEqual({
      lat: SEATTLE.latitude,
      lon: SEATTLE.longitude,
      city: "Seattle",
      region: "WA",
      country: "United States",
      source: "cdn",
    });
    expect(body.searchRadius).toBe(100);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("honours limit (default 50) and rejects a bad one", async () => {
    expect((await providers("?limit=2")).body.providers.map((p) => p.name)).toEqual(["Seattle 0.5", "Seattle 2"]);
    expect((await providers("?limit=50")).body.providers).toHaveLength(4);
    for (const limit of ["0", "101", "abc", "1.5", "-1"]) {
      const bad = await providers(`?limit=${limit}`);
      expect(bad.status, limit).toBe(400);
      expect(bad.body.error).toBe(QUERY_MSG.limit(100));
    }
  });

  it("uses the New York fallback when the location is unknown", async () => {
    const { body } = await providers("", {});
    expect(body.userLocation).toMatchObject({ lat: 40.7128, lon: -74.006, source: "fallback" });
    expect(body.providers.map((p) => p.name)).toEqual(["Manhattan 1"]);
  });
});
