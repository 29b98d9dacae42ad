import { describe, expect, it } from "vitest";
import { makeClinic } from "../test/factories.ts";
import { closestClinics } from "./nearby.ts";

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
});
