import { describe, expect, it } from "vitest";
import { reportPriceValues } from "./price-reports.ts";

describe("reportPriceValues", () => {
  const report = { brand: "botox", area: null, units: 20, totalCents: 26000, treatedMonth: "2026-10-01" } as const;
  it("units without an area: a per-unit price saying what was paid", () => {
    expect(reportPriceValues(report)).toMatchObject({
      model: "per_unit",
      unitPriceCents: 1300,
      conditions: "Paid $260 for 20 units",
      source: "patient_report",
      observedOn: "2026-10-01",
    });
  });
  it("an area: an area price with its units; neither: a total for an unnamed area", () => {
    expect(reportPriceValues({ ...report, area: "forehead" })).toMatchObject({ model: "per_area", area: "forehead", priceCents: 26000, units: 20 });
    expect(reportPriceValues({ ...report, units: null })).toMatchObject({ model: "per_area", area: "other", priceCents: 26000, units: null });
  });
});
