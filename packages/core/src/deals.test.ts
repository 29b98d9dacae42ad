import { describe, expect, it } from "vitest";
import {
  DEAL_MSG,
  compareDeal,
  dealDateIssues,
  dealPerUnitCents,
  dealPlausibilityIssues,
  dealUnitFloorCents,
  dealUnitsCeiling,
  isDealRunning,
} from "./deals.ts";
import { dealInputSchema, dealPatchSchema, dealQuerySchema } from "./contract/deals.ts";
import { computePriceIndex } from "./prices.ts";

const TODAY = "2026-11-23";
const five = [1000, 1200, 1300, 1500, 1800].map((c) => ({ perUnitCents: c, observedOn: "2026-11-01" }));

describe("belowTypical", () => {
  const index = computePriceIndex("botox", five); // p25 1200, median 1300
  it("true at or below the same brand's p25 when the index is sufficient", () => {
    expect(compareDeal({ brand: "botox", perUnitCents: 1200 }, index)).toEqual({ belowTypical: true, typical: { p25: 1200, median: 1300 } });
    expect(compareDeal({ brand: "botox", perUnitCents: 1201 }, index)).toEqual({ belowTypical: false, typical: { p25: 1200, median: 1300 } });
  });
  it("an insufficient index is never below typical, at any price", () => {
    const thin = computePriceIndex("botox", five.slice(0, 4));
    for (const cents of [1, 500, 1000, 99_999])
      expect(compareDeal({ brand: "botox", perUnitCents: cents }, thin)).toEqual({ belowTypical: false, typical: null });
    expect(compareDeal({ brand: "botox", perUnitCents: 1 }, null)).toEqual({ belowTypical: false, typical: null });
  });
  it("another brand's index is never compared", () => {
    expect(compareDeal({ brand: "dysport", perUnitCents: 300 }, index)).toEqual({ belowTypical: false, typical: null });
  });
});

describe("deal rules", () => {
  it("per-unit price: the unit price, or the area price ÷ units; none without units", () => {
    expect(dealPerUnitCents({ model: "per_unit", unitPriceCents: 1000 })).toBe(1000);
    expect(dealPerUnitCents({ model: "per_area", areaPriceCents: 19900, units: 20 })).toBe(995);
    expect(dealPerUnitCents({ model: "per_area", areaPriceCents: 9900, units: null })).toBeNull();
  });
  it("runs from its start through its end date", () => {
    expect(isDealRunning({ startsOn: TODAY, endsOn: TODAY }, TODAY)).toBe(true);
    expect(isDealRunning({ startsOn: "2026-11-24", endsOn: "2026-12-01" }, TODAY)).toBe(false);
    expect(isDealRunning({ startsOn: "2026-11-01", endsOn: "2026-11-22" }, TODAY)).toBe(false);
  });
  it("at most 180 days long, not ended, not ending before it starts", () => {
    expect(dealDateIssues({ startsOn: TODAY, endsOn: "2027-05-22" }, TODAY)).toEqual([]); // 180 days
    expect(dealDateIssues({ startsOn: TODAY, endsOn: "2027-05-23" }, TODAY)).toEqual([{ path: "endsOn", message: DEAL_MSG.tooLong }]);
    expect(dealDateIssues({ startsOn: "2026-11-01", endsOn: "2026-11-22" }, TODAY)[0]?.message).toBe(DEAL_MSG.ended);
    expect(dealDateIssues({ startsOn: "2026-12-05", endsOn: "2026-12-01" }, TODAY)[0]?.message).toBe(DEAL_MSG.endsBeforeStart);
  });
});

describe("deal schemas", () => {
  const schema = dealInputSchema(TODAY);
  const ok = { title: "Spring Botox", brand: "botox", model: "per_unit", unitPriceCents: 1000, endsOn: "2026-12-31" };
  const firstMessage = (v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? null : r.error.issues[0]?.message;
  };
  it("accepts a complete deal", () => {
    expect(schema.parse(ok)).toMatchObject(ok);
  });
  it("refuses each missing or wrong field with its message", () => {
    const { endsOn: _e, ...noEnd } = ok;
    expect(firstMessage(noEnd)).toBe(DEAL_MSG.endsOnRequired);
    expect(firstMessage({ ...ok, brand: "other" })).toBe(DEAL_MSG.brand);
    expect(firstMessage({ ...ok, model: "per_area", unitPriceCents: null, area: "forehead", areaPriceCents: 9900 })).toBe(DEAL_MSG.unitsRequired);
    expect(firstMessage({ ...ok, sourceUrl: "javascript:alert(1)" })).toBe(DEAL_MSG.sourceUrl);
    expect(firstMessage({ ...ok, sourceUrl: "http://example.com/deal" })).toBe(DEAL_MSG.sourceUrl);
    expect(firstMessage({ ...ok, title: "x".repeat(121) })).toBe("Title is too long (at most 120 characters).");
  });
  it("a patch needs something to change; the query needs a place", () => {
    expect(dealPatchSchema.safeParse({}).success).toBe(false);
    expect(dealQuerySchema.safeParse({}).success).toBe(false);
    expect(dealQuerySchema.parse({ city: "austin", brand: "Dysport" })).toMatchObject({ city: "austin", brand: "dysport", distance: 25 });
  });
});

describe("dealPlausibilityIssues: a floor per unit and the label's range for the area", () => {
  it("refuses a per-unit price under the brand's floor, and an area deal whose units imply one", () => {
    expect(dealUnitFloorCents("botox")).toBe(500);
    expect(dealPlausibilityIssues({ brand: "botox", model: "per_unit", unitPriceCents: 1 })).toEqual([
      { path: "unitPriceCents", message: DEAL_MSG.belowFloor("Botox", "$5") },
    ]);
    expect(dealPlausibilityIssues({ brand: "botox", model: "per_unit", unitPriceCents: 950 })).toEqual([]);
    expect(dealPlausibilityIssues({ brand: "dysport", model: "per_unit", unitPriceCents: 300 })).toEqual([]);
  });
  it("refuses more units than twice the label's dose where the table doses the area", () => {
    expect(dealUnitsCeiling("botox", "frown_lines")).toBe(40);
    expect(dealUnitsCeiling("dysport", "frown_lines")).toBe(100);
    expect(dealUnitsCeiling("botox", "masseter")).toBeNull();
    const issues = dealPlausibilityIssues({ brand: "botox", model: "per_area", area: "frown_lines", areaPriceCents: 9900, units: 400 });
    expect(issues.map((i) => i.path)).toEqual(["units", "areaPriceCents"]);
    expect(issues[0]?.message).toBe(DEAL_MSG.tooManyUnits("Frown lines", "Botox", 40));
    expect(dealPlausibilityIssues({ brand: "botox", model: "per_area", area: "frown_lines", areaPriceCents: 19900, units: 20 })).toEqual([]);
    expect(dealPlausibilityIssues({ brand: "letybo", model: "per_area", area: "frown_lines", areaPriceCents: 19900, units: 20 })).toEqual([]);
  });
});
