import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FALLBACK_LOCATION, QUERY_MSG, distanceMiles, type City } from "@botox/core";
import { createPublicTestContext, type ClinicFixture, type PublicTestContext } from "../../test/public-app.ts";

let t: PublicTestContext;
const clinicsIn = (city: string, state: string, points: [number, number][]): ClinicFixture[] =>
  points.map(([latitude, longitude], i) => ({ name: `${city} Clinic ${i}`, city, state, latitude, longitude }));

beforeAll(async () => {
  t = await createPublicTestContext({ GEO_HEADERS: "cloudflare" });
  await t.insertClinics([
    ...clinicsIn("New York", "NY", [
      [40.7, -74.0],
      [40.8, -73.9],
      [40.75, -73.95],
    ]),
    ...clinicsIn("Newark", "NJ", [
      [40.73, -74.17],
      [40.74, -74.18],
    ]),
    ...clinicsIn("Boston", "MA", [[42.36, -71.06]]),
    ...clinicsIn("Springfield", "MA", [[42.1, -72.59]]),
    // Same city slug as the MA one, so the clinic name must differ (slugs are unique per city slug).
    { name: "Springfield Illinois Clinic", city: "Springfield", state: "IL", latitude: 39.8, longitude: -89.65 },
    ...clinicsIn("Los Angeles", "CA", [
      [34.05, -118.24],
      [34.06, -118.25],
    ]),
    { name: "Unlocated", city: "Nowhere", state: "KS" },
  ]);
});
afterAll(() => t.close());

describe("GET /cities/popular", () => {
  it("lists cities by clinic count with mean coordinates", async () => {
    const { status, body } = await t.get<City[]>("/cities/popular");
    expect(status).toBe(200);
    expect(body[0]).toEqual({ city: "New York", state: "NY", citySlug: "new-york", count: 3, latitude: expect.any(Number), longitude: expect.any(Number) });
    expect(body[0]!.latitude).toBeCloseTo(40.75, 6);
    expect(body[0]!.longitude).toBeCloseTo(-73.95, 6);
    expect(body.map((c) => c.count)).toEqual([...body.map((c) => c.count)].sort((a, b) => b - a));
    // Same-named cities in two states stay apart; cities without coordinates are left out.
    expect(
      body
        .filter((c) => c.city === "Springfield")
        .map((c) => c.state)
        .sort(),
    ).toEqual(["IL", "MA"]);
    expect(body.some((c) => c.city === "Nowhere")).toBe(false);
  });

  it("honours limit and rejects a bad one", async () => {
    const two = await t.get<City[]>("/cities/popular?limit=2");
    expect(two.body.map((c) => c.city)).toEqual(["New York", expect.any(String)]);
    expect(two.body[1]!.count).toBe(2);
    const bad = await t.get<{ error: string }>("/cities/popular?limit=101");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(QUERY_MSG.limit(100));
  });
});

describe("GET /cities/nearby", () => {
  it("gives the cities nearest the visitor (CDN headers), one per name, with distances in miles", async () => {
    const here = { latitude: 42.3, longitude: -71.8 }; // Worcester, MA
    const { body } = await t.get<City[]>("/cities/nearby", {
      headers: { "cf-iplatitude": String(here.latitude), "cf-iplongitude": String(here.longitude), "cf-ipcity": "Worcester" },
    });
    expect(body.map((c) => c.city)).toEqual(["Boston", "Springfield", "New York", "Newark", "Los Angeles"]);
    expect(body.find((c) => c.city === "Springfield")!.state).toBe("MA");
    for (const c of body) {
      const expected = Math.round(distanceMiles(here, c) * 10) / 10;
      expect(Math.abs(c.distance! - expected)).toBeLessThanOrEqual(0.05);
    }
  });

  it("falls back to New York without a location", async () => {
    const { body, res } = await t.get<City[]>("/cities/nearby");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(body[0]!.city).toBe("New York");
    expect(body[0]!.distance).toBeCloseTo(distanceMiles({ latitude: FALLBACK_LOCATION.lat, longitude: FALLBACK_LOCATION.lon }, body[0]!), 0);
    expect(body.length).toBeLessThanOrEqual(9);
  });
});
