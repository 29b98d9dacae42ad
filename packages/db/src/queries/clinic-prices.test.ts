import { describe, expect, it } from "vitest";
import { priceRow } from "./clinic-prices.ts";

describe("priceRow", () => {
  it("stores the per-unit price core implies and clears the fields the model does not use", () => {
    expect(
      priceRow(7, {
        brand: "botox",
        model: "per_unit",
        unitPriceCents: 1300,
        priceCents: 999,
        area: "forehead",
        units: 20,
        source: "phone",
        observedOn: "2026-11-01",
      }),
    ).toMatchObject({
      clinicId: 7,
      unitPriceCents: 1300,
      priceCents: null,
      area: null,
      units: null,
      perUnitCents: 1300,
      status: "published",
    });
    expect(
      priceRow(7, { brand: "botox", model: "package", unitPriceCents: 1300, priceCents: 60000, units: 50, source: "website", observedOn: "2026-11-01" }),
    ).toMatchObject({
      unitPriceCents: null,
      priceCents: 60000,
      perUnitCents: 1200,
    });
  });
  it("holds an outlier as pending unless the status is the admin's review", () => {
    const low = { brand: "botox", model: "per_unit", unitPriceCents: 300, source: "phone", observedOn: "2026-11-01" } as const;
    expect(priceRow(1, low).status).toBe("pending");
    expect(priceRow(1, { ...low, status: "published" }, true).status).toBe("published");
    expect(priceRow(1, { ...low, status: "rejected" }).status).toBe("rejected");
    // An implied unit price is checked too: $1,000 for 20 units is $50 a unit.
    expect(
      priceRow(1, { brand: "botox", model: "per_area", area: "forehead", priceCents: 100000, units: 20, source: "phone", observedOn: "2026-11-01" }).status,
    ).toBe("pending");
  });
});
