import { describe, expect, it } from "vitest";
import { clinicStatusTone, priceStatusTone } from "./status-tone.ts";

describe("status badge tones (one mapping for the lists and the price panels)", () => {
  it("colours clinics by their admin label, in either case", () => {
    expect(["operational", "CLOSED_TEMPORARILY", "permanently_closed", null].map(clinicStatusTone)).toEqual(["green", "amber", "red", "red"]);
  });
  it("colours prices and reports by review state", () => {
    expect((["published", "pending", "rejected"] as const).map(priceStatusTone)).toEqual(["green", "amber", "red"]);
  });
});
