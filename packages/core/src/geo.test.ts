import { describe, expect, it } from "vitest";
import { distanceMiles, EARTH_RADIUS_MILES, FALLBACK_LOCATION, formatMiles, roundMiles } from "./geo.ts";

describe("distanceMiles (haversine, earth radius 3959 miles)", () => {
  it("pins the radius", () => {
    expect(EARTH_RADIUS_MILES).toBe(3959);
  });
  it("matches a hand-computed value: one degree of longitude on the equator = 3959·π/180", () => {
    // 3959 × 3.14159265 / 180 = 69.0976 miles
    expect(distanceMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(69.0976, 3);
  });
  it("gives New York → Los Angeles ≈ 2445.7 miles and is symmetric", () => {
    const ny = { latitude: 40.7128, longitude: -74.006 };
    const la = { latitude: 34.0522, longitude: -118.2437 };
    expect(distanceMiles(ny, la)).toBeCloseTo(2445.71, 1);
    expect(distanceMiles(la, ny)).toBeCloseTo(distanceMiles(ny, la), 9);
    expect(distanceMiles(ny, ny)).toBe(0);
  });
  it("never exceeds half the circumference", () => {
    expect(distanceMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(3959 * Math.PI, 6);
  });
});

describe("formatMiles (one decimal)", () => {
  it("shows one decimal", () => {
    expect(formatMiles(3.14159)).toBe("3.1 mi");
    expect(formatMiles(0)).toBe("0.0 mi");
    expect(formatMiles(12.96)).toBe("13.0 mi");
  });
});

describe("fallback location (product.md §4)", () => {
  it("is New York", () => {
    expect(FALLBACK_LOCATION).toEqual({
      lat: 40.7128,
      lon: -74.006,
      city: "New York",
      region: "NY",
      country: "United States",
    });
  });
});

describe("roundMiles", () => {
  it("keeps one decimal", () => {
    expect([roundMiles(12.34), roundMiles(12.36), roundMiles(0.04), roundMiles(7)]).toEqual([12.3, 12.4, 0, 7]);
  });
});
