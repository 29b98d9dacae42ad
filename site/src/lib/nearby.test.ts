import { describe, expect, it } from "vitest";
import { makeClinic } from "../test/factories.ts";
import { closestClinics, topRated } from "./nearby.ts";

describe("closestClinics", () => {
  it("computes miles from the visitor (one decimal), nearest first, at most 50, skipping clinics without coordinates", () => {
    const origin = { lat: 40.75, lon: -74 };
    const clinics = [
      ...Array.from({ length: 60 }, (_, i) => makeClinic({ latitude: 40.75 + (60 - i) * 0.01, longitude: -74 })),
      makeClinic({ latitude: null, longitude: null }),
    ];
    const out = closestClinics(clinics, origin);
    expect(out).toHaveLength(50);
    const d = out.map((c) => c._distance!);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(d[0]).toBe(0.7);
    expect(d.every((x) => Math.round(x * 10) / 10 === x)).toBe(true);
  });

  it("puts open clinics first, nearest first, and closed ones after them", () => {
    const origin = { lat: 40.75, lon: -74 };
    const closed = makeClinic({ name: "Closed", latitude: 40.75, longitude: -74, businessStatus: "CLOSED_TEMPORARILY" });
    const far = makeClinic({ name: "Far", latitude: 40.8, longitude: -74, businessStatus: "OPERATIONAL" });
    const near = makeClinic({ name: "Near", latitude: 40.76, longitude: -74, businessStatus: "OPERATIONAL" });
    expect(closestClinics([closed, far, near], origin).map((c) => c.name)).toEqual(["Near", "Far", "Closed"]);
  });
});

describe("topRated", () => {
  it("keeps open clinics, best maps rating first, then more reviews, then the name", () => {
    const list = [
      makeClinic({ name: "B", rating: 4.5, reviewCount: 10 }),
      makeClinic({ name: "Closed", rating: 5, reviewCount: 99, businessStatus: "CLOSED_TEMPORARILY" }),
      makeClinic({ name: "A", rating: 4.5, reviewCount: 10 }),
      makeClinic({ name: "Unrated", rating: null, reviewCount: 500 }),
      makeClinic({ name: "Best", rating: 4.9, reviewCount: 3 }),
      makeClinic({ name: "Many", rating: 4.5, reviewCount: 200 }),
    ];
    expect(topRated(list, 4).map((c) => c.name)).toEqual(["Best", "Many", "A", "B"]);
  });
});
