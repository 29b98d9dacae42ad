import { describe, expect, it } from "vitest";
import { PRICE_MSG } from "@botox/core/prices";
import { emptyPriceReport, priceReportBody, reportMonthBounds, validatePriceReport } from "./price-report.ts";

const TODAY = "2026-11-23";
const valid = { ...emptyPriceReport(TODAY), total: "260", units: "20" };

describe("price report form checks", () => {
  it("starts on Botox, this month, no area", () => {
    expect(emptyPriceReport(TODAY)).toEqual({ brand: "botox", area: "", units: "", total: "", treatedMonth: "2026-11" });
    expect(reportMonthBounds(TODAY)).toEqual({ min: "2024-11", max: "2026-11" });
  });

  it("accepts a total in dollars with optional units and area", () => {
    expect(validatePriceReport(valid, TODAY)).toEqual({});
    expect(validatePriceReport({ ...valid, units: "", total: "$1,250.50", area: "forehead" }, TODAY)).toEqual({});
  });

  it("uses the API's messages for each bad field", () => {
    expect(validatePriceReport({ ...valid, total: "" }, TODAY)).toEqual({ total: PRICE_MSG.total });
    expect(validatePriceReport({ ...valid, total: "0.5" }, TODAY)).toEqual({ total: PRICE_MSG.total });
    expect(validatePriceReport({ ...valid, total: "12.345" }, TODAY)).toEqual({ total: PRICE_MSG.total });
    expect(validatePriceReport({ ...valid, total: "10001" }, TODAY)).toEqual({ total: PRICE_MSG.total });
    expect(validatePriceReport({ ...valid, units: "2.5" }, TODAY)).toEqual({ units: PRICE_MSG.reportUnits });
    expect(validatePriceReport({ ...valid, units: "401" }, TODAY)).toEqual({ units: PRICE_MSG.reportUnits });
    expect(validatePriceReport({ ...valid, treatedMonth: "2026-12" }, TODAY)).toEqual({ treatedMonth: PRICE_MSG.treatedMonth });
    expect(validatePriceReport({ ...valid, treatedMonth: "2024-10" }, TODAY)).toEqual({ treatedMonth: PRICE_MSG.treatedMonth });
    expect(validatePriceReport({ ...valid, treatedMonth: "" }, TODAY)).toEqual({ treatedMonth: PRICE_MSG.treatedMonth });
  });

  it("sends numbers, and leaves out units and area when not given", () => {
    expect(priceReportBody(valid)).toEqual({ brand: "botox", units: 20, total: 260, treatedMonth: "2026-11" });
    expect(priceReportBody({ ...valid, units: " ", total: "$1,250.50", area: "lip_flip" })).toEqual({
      brand: "botox",
      total: 1250.5,
      treatedMonth: "2026-11",
      area: "lip_flip",
    });
  });
});
