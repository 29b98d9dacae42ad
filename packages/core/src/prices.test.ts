import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dealInputSchema } from "./contract/deals.ts";
import {
  BRAND_LABELS,
  PRICE_MSG,
  UNIT_PRICE_BOUNDS_CENTS,
  computePriceIndex,
  countsInIndex,
  heldPriceReason,
  currentUnitPrices,
  formatCents,
  formatPriceDate,
  formatPriceMonth,
  formatUnitPrice,
  isPriceOutOfDate,
  isUnitPriceOutlier,
  monthBefore,
  perUnitCents,
  priceAgeDays,
  priceCheckedOn,
  priceIndexFor,
  priceIndexSummary,
  quantile,
  type ClinicPrice,
  reportOutlier,
} from "./prices.ts";
import {
  maxUnitPriceParam,
  priceIndexQuerySchema,
  priceInputSchema,
  pricePatchSchema,
  priceReportInputSchema,
  priceReportReviewSchema,
} from "./contract/prices.ts";

const TODAY = "2026-11-23";
let nextId = 1;
function price(p: Partial<ClinicPrice> & { clinicId: number }): ClinicPrice {
  const base: ClinicPrice = {
    id: nextId++,
    clinicId: p.clinicId,
    brand: "botox",
    model: "per_unit",
    unitPriceCents: 1300,
    area: null,
    priceCents: null,
    units: null,
    perUnitCents: null,
    conditions: null,
    newPatientsOnly: false,
    source: "phone",
    evidenceUrl: null,
    observedOn: "2026-11-01",
    verifiedOn: null,
    checkedOn: "2026-11-01",
    status: "published",
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
  };
  const merged = { ...base, ...p };
  return { ...merged, checkedOn: priceCheckedOn(merged), perUnitCents: p.perUnitCents !== undefined ? p.perUnitCents : perUnitCents(merged) };
}

describe("perUnitCents: a unit price as such, an area price implies one only with its units", () => {
  it("per_unit is its unit price", () => {
    expect(perUnitCents({ model: "per_unit", unitPriceCents: 1250, priceCents: null, units: null })).toBe(1250);
  });
  it("per_area and package divide by the units when known, rounded to a cent", () => {
    expect(perUnitCents({ model: "per_area", unitPriceCents: null, priceCents: 30000, units: 20 })).toBe(1500);
    expect(perUnitCents({ model: "package", unitPriceCents: null, priceCents: 10000, units: 3 })).toBe(3333);
  });
  it("no units, or a membership, implies nothing", () => {
    expect(perUnitCents({ model: "per_area", unitPriceCents: null, priceCents: 30000, units: null })).toBeNull();
    expect(perUnitCents({ model: "membership", unitPriceCents: null, priceCents: 9900, units: 20 })).toBeNull();
  });
});

describe("age rules", () => {
  it("counts whole days, and flags 'may be out of date' after 180 days", () => {
    expect(priceAgeDays("2026-11-22", TODAY)).toBe(1);
    expect(isPriceOutOfDate("2026-05-27", TODAY)).toBe(false); // 180 days
    expect(isPriceOutOfDate("2026-05-26", TODAY)).toBe(true); // 181 days
  });
  it("a price older than 365 days counts in no index", () => {
    expect(countsInIndex("2025-11-23", TODAY)).toBe(true); // 365 days
    expect(countsInIndex("2025-11-22", TODAY)).toBe(false); // 366 days
    expect(countsInIndex("2025-10-19", TODAY)).toBe(false); // 400 days
  });
});

describe("outliers", () => {
  it("Botox below $5 or above $40 a unit is held; the bounds are per brand; other has none", () => {
    expect(isUnitPriceOutlier("botox", 499)).toBe(true);
    expect(isUnitPriceOutlier("botox", 500)).toBe(false);
    expect(isUnitPriceOutlier("botox", 4000)).toBe(false);
    expect(isUnitPriceOutlier("botox", 4001)).toBe(true);
    expect(isUnitPriceOutlier("dysport", 450)).toBe(false);
    expect(isUnitPriceOutlier("other", 1)).toBe(false);
    expect(isUnitPriceOutlier("botox", null)).toBe(false);
  });
});

describe("currentUnitPrices", () => {
  it("takes each clinic's newest published per-unit price of the brand, never another brand's", () => {
    const prices = [
      price({ clinicId: 1, unitPriceCents: 1100, observedOn: "2026-11-10" }),
      price({ clinicId: 1, unitPriceCents: 1500, observedOn: "2026-10-01" }),
      price({ clinicId: 1, brand: "dysport", unitPriceCents: 500, observedOn: "2026-11-20" }),
      price({ clinicId: 2, unitPriceCents: 1200, observedOn: "2026-11-01", status: "pending" }),
      price({ clinicId: 3, model: "per_area", area: "forehead", unitPriceCents: null, priceCents: 30000, units: null, observedOn: "2026-11-20" }),
      price({ clinicId: 3, unitPriceCents: 1400, observedOn: "2026-09-01" }),
    ];
    const current = currentUnitPrices(prices, "botox", TODAY);
    expect([...current.keys()].sort()).toEqual([1, 3]);
    expect(current.get(1)).toEqual({ brand: "botox", perUnitCents: 1100, observedOn: "2026-11-10", checkedOn: "2026-11-10", source: "phone" });
    // The newer area price has no units: the older unit price is still the current one.
    expect(current.get(3)?.perUnitCents).toBe(1400);
    expect(currentUnitPrices(prices, "dysport", TODAY).get(1)?.perUnitCents).toBe(500);
  });
  it("a clinic whose newest price is older than 365 days has no current price (an older one never stands in)", () => {
    const prices = [
      price({ clinicId: 1, unitPriceCents: 900, observedOn: "2025-10-19" }),
      price({ clinicId: 1, unitPriceCents: 950, observedOn: "2025-01-01" }),
    ];
    expect(currentUnitPrices(prices, "botox", TODAY).size).toBe(0);
  });
  it("a verification refreshes a price: it counts from the later of observed and verified", () => {
    expect(priceCheckedOn({ observedOn: "2025-01-01", verifiedOn: "2026-11-20" })).toBe("2026-11-20");
    expect(priceCheckedOn({ observedOn: "2026-11-01", verifiedOn: "2026-10-01" })).toBe("2026-11-01");
    expect(priceCheckedOn({ observedOn: "2026-11-01", verifiedOn: null })).toBe("2026-11-01");
    const verified = price({ clinicId: 9, unitPriceCents: 1000, observedOn: "2025-01-01", verifiedOn: "2026-11-20" });
    const newer = price({ clinicId: 9, unitPriceCents: 1400, observedOn: "2026-10-01" });
    // Verified after the other was observed: it is the current one, and it counts in the index.
    expect(currentUnitPrices([verified, newer], "botox", TODAY).get(9)).toEqual({
      brand: "botox",
      perUnitCents: 1000,
      observedOn: "2025-01-01",
      checkedOn: "2026-11-20",
      source: "phone",
    });
    expect(computePriceIndex("botox", [{ perUnitCents: 1000, observedOn: "2025-01-01", checkedOn: "2026-11-20" }]).newestObservedOn).toBe("2026-11-20");
  });
  it("an area or package price, even with its units, never becomes the clinic's unit price", () => {
    const prices = [
      price({ clinicId: 4, unitPriceCents: 1150, observedOn: "2026-11-01" }),
      price({ clinicId: 4, model: "per_area", area: "frown_lines", unitPriceCents: null, priceCents: 19900, units: 20, observedOn: "2026-11-20" }),
      price({ clinicId: 4, model: "package", unitPriceCents: null, priceCents: 45000, units: 50, observedOn: "2026-11-21" }),
      price({ clinicId: 6, model: "per_area", area: "frown_lines", unitPriceCents: null, priceCents: 19900, units: 20, observedOn: "2026-11-20" }),
    ];
    const current = currentUnitPrices(prices, "botox", TODAY);
    expect(current.get(4)?.perUnitCents).toBe(1150);
    expect(current.has(6)).toBe(false);
  });
  it("a visitor's report never replaces a price the clinic posted in the same month or later", () => {
    const own = price({ clinicId: 7, unitPriceCents: 1150, observedOn: "2026-11-01", source: "website" });
    const report = price({ clinicId: 7, unitPriceCents: 900, observedOn: "2026-11-01", source: "patient_report" });
    expect(currentUnitPrices([own, report], "botox", TODAY).get(7)?.perUnitCents).toBe(1150);
    const ownLater = price({ clinicId: 7, unitPriceCents: 1200, observedOn: "2026-10-20", source: "clinic" });
    const octReport = price({ clinicId: 7, unitPriceCents: 900, observedOn: "2026-10-01", source: "patient_report" });
    expect(currentUnitPrices([ownLater, octReport], "botox", TODAY).get(7)?.perUnitCents).toBe(1200);
    // A report of a later month than the clinic's price is newer news.
    const oldOwn = price({ clinicId: 8, unitPriceCents: 1200, observedOn: "2026-09-20", source: "clinic" });
    const novReport = price({ clinicId: 8, unitPriceCents: 1000, observedOn: "2026-11-01", source: "patient_report" });
    expect(currentUnitPrices([novReport, oldOwn], "botox", TODAY).get(8)?.perUnitCents).toBe(1000);
  });
  it("same day: the higher id wins", () => {
    const a = price({ clinicId: 5, unitPriceCents: 1000, observedOn: "2026-11-01" });
    const b = price({ clinicId: 5, unitPriceCents: 1200, observedOn: "2026-11-01" });
    expect(currentUnitPrices([b, a], "botox", TODAY).get(5)?.perUnitCents).toBe(1200);
  });
});

describe("computePriceIndex", () => {
  const obs = (cents: number[], observedOn = "2026-11-01") => cents.map((perUnitCents) => ({ perUnitCents, observedOn }));
  it("5 clinics are enough: median, p25, p75 by linear interpolation, the count and the newest date", () => {
    expect(computePriceIndex("botox", [...obs([1000, 1200, 1300, 1500]), { perUnitCents: 1800, observedOn: "2026-11-15" }])).toEqual({
      brand: "botox",
      median: 1300,
      p25: 1200,
      p75: 1500,
      clinics: 5,
      sufficient: true,
      newestObservedOn: "2026-11-15",
    });
  });
  it("4 clinics are not: no figures, only the count and the date", () => {
    expect(computePriceIndex("botox", obs([1000, 1200, 1300, 1500]))).toEqual({
      brand: "botox",
      median: null,
      p25: null,
      p75: null,
      clinics: 4,
      sufficient: false,
      newestObservedOn: "2026-11-01",
    });
  });
  it("the e2e fixture's New York index", () => {
    const index = computePriceIndex("botox", obs([1100, 1200, 1300, 1300, 1400, 1500, 1600]));
    expect([index.median, index.p25, index.p75, index.clinics]).toEqual([1300, 1250, 1450, 7]);
  });
  it("empty: zero clinics, no date", () => {
    expect(computePriceIndex("xeomin", [])).toMatchObject({ clinics: 0, sufficient: false, newestObservedOn: null });
  });
  it("property: p25 <= median <= p75 within min and max, independent of order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 5, maxLength: 60 }), (values) => {
        const index = computePriceIndex("botox", obs(values));
        const shuffled = computePriceIndex("botox", obs([...values].reverse()));
        const min = Math.min(...values);
        const max = Math.max(...values);
        expect(index.sufficient).toBe(true);
        expect(index.clinics).toBe(values.length);
        const { p25, median, p75 } = index as { p25: number; median: number; p75: number };
        expect(min <= p25 && p25 <= median && median <= p75 && p75 <= max).toBe(true);
        expect(shuffled).toEqual(index);
      }),
    );
  });
  it("property: the median of an odd count is one of the values", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 5, maxLength: 41 }).filter((v) => v.length % 2 === 1),
        (values) => {
          expect(values).toContain(computePriceIndex("botox", obs(values)).median);
        },
      ),
    );
  });
  it("quantile interpolates", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(Number.isNaN(quantile([], 0.5))).toBe(true);
  });
});

describe("priceIndexFor", () => {
  it("counts a clinic once, excludes a 400-day-old price, never mixes brands, and keeps to the clinics asked for", () => {
    const prices = [
      ...[1, 2, 3, 4, 5].map((clinicId) => price({ clinicId, unitPriceCents: 1000 + clinicId * 100, observedOn: "2026-11-01" })),
      price({ clinicId: 1, unitPriceCents: 3000, observedOn: "2026-06-01" }),
      price({ clinicId: 6, unitPriceCents: 900, observedOn: "2025-10-19" }),
      price({ clinicId: 7, brand: "dysport", unitPriceCents: 400, observedOn: "2026-11-01" }),
    ];
    const all = priceIndexFor(prices, "botox", TODAY);
    expect(all).toMatchObject({ clinics: 5, sufficient: true, median: 1300 });
    expect(priceIndexFor(prices, "botox", TODAY, new Set([1, 2, 3, 4, 7]))).toMatchObject({ clinics: 4, sufficient: false });
    expect(priceIndexFor(prices, "dysport", TODAY)).toMatchObject({ clinics: 1 });
  });
});

describe("formatting", () => {
  it("money in dollars, cents only when there are some", () => {
    expect(formatCents(1300)).toBe("$13");
    expect(formatCents(1250)).toBe("$12.50");
    expect(formatCents(1205)).toBe("$12.05");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatUnitPrice(1300)).toBe("$13/unit");
  });
  it("groups thousands as en-US does", () => {
    for (const dollars of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789]) {
      expect(formatCents(dollars * 100)).toBe(`$${dollars.toLocaleString("en-US")}`);
    }
    expect(formatCents(-123_456)).toBe("-$1,234.56");
  });
  it("dates as '2 Nov 2026' and months as 'Nov 2026'", () => {
    expect(formatPriceDate("2026-11-02")).toBe("2 Nov 2026");
    expect(formatPriceMonth("2026-11-02")).toBe("Nov 2026");
    expect(formatPriceMonth("2026-01")).toBe("Jan 2026");
    expect(formatPriceDate("2026-02-30")).toBe("");
  });
  it("the summary line, or the not-enough-data line", () => {
    expect(
      priceIndexSummary({ brand: "botox", median: 1300, p25: 1100, p75: 1500, clinics: 42, sufficient: true, newestObservedOn: "2026-11-02" }, "Austin, TX"),
    ).toBe("Botox in Austin, TX: median $13 a unit, middle half $11–$15, from 42 clinics, updated Nov 2026");
    expect(
      priceIndexSummary({ brand: "botox", median: null, p25: null, p75: null, clinics: 4, sufficient: false, newestObservedOn: "2026-11-02" }, "Austin, TX"),
    ).toBe("There is not enough Botox price data for Austin, TX yet.");
  });
});

describe("schemas", () => {
  const ok = { brand: "botox", model: "per_unit", unitPriceCents: 1300, source: "phone", observedOn: "2026-11-02" };
  it("a per-unit price needs its unit price; an area price its area and price", () => {
    expect(priceInputSchema.safeParse(ok).success).toBe(true);
    const noUnit = priceInputSchema.safeParse({ ...ok, unitPriceCents: undefined });
    expect(noUnit.error?.issues[0]?.message).toBe(PRICE_MSG.unitPriceRequired);
    const area = priceInputSchema.safeParse({ ...ok, model: "per_area", unitPriceCents: undefined, priceCents: 30000 });
    expect(area.error?.issues.map((i) => i.message)).toEqual([PRICE_MSG.areaRequired]);
  });
  it("clear messages for bad brands, dates, cents and unknown fields", () => {
    expect(priceInputSchema.safeParse({ ...ok, brand: "Botox®" }).error?.issues[0]?.message).toBe(PRICE_MSG.brand);
    expect(priceInputSchema.safeParse({ ...ok, observedOn: "2026-02-30" }).error?.issues[0]?.message).toBe(PRICE_MSG.date);
    expect(priceInputSchema.safeParse({ ...ok, unitPriceCents: 12.5 }).error?.issues[0]?.message).toBe(PRICE_MSG.cents);
    expect(priceInputSchema.safeParse({ ...ok, unitPriceCents: -1 }).error?.issues[0]?.message).toBe(PRICE_MSG.cents);
    expect(priceInputSchema.safeParse({ ...ok, perUnitCents: 5 }).success).toBe(false);
  });
  it("Letybo is a brand of prices, reports, deals and the index query", () => {
    expect(priceInputSchema.safeParse({ ...ok, brand: "letybo" }).success).toBe(true);
    expect(priceReportInputSchema(TODAY).safeParse({ brand: "letybo", units: 20, total: 240, treatedMonth: "2026-11" }).success).toBe(true);
    expect(
      dealInputSchema(TODAY).safeParse({ title: "Letybo week", brand: "letybo", model: "per_unit", unitPriceCents: 900, endsOn: "2026-12-20" }).success,
    ).toBe(true);
    expect(priceIndexQuerySchema.safeParse({ city: "austin", brand: "letybo" }).success).toBe(true);
    expect(BRAND_LABELS.letybo).toBe("Letybo");
    expect(UNIT_PRICE_BOUNDS_CENTS.letybo).toEqual({ min: 400, max: 3500 });
  });
  it("a patch needs a field and leaves out the ones it does not name", () => {
    expect(pricePatchSchema.safeParse({}).error?.issues[0]?.message).toBe(PRICE_MSG.emptyPatch);
    expect(pricePatchSchema.parse({ verifiedOn: "2026-11-23" })).toEqual({ verifiedOn: "2026-11-23" });
  });
  it("a report: total in dollars with at most cents, a month treated within 24 months and not in the future", () => {
    const schema = priceReportInputSchema(TODAY);
    expect(schema.parse({ brand: "botox", units: "20", total: "260", treatedMonth: "2026-11" })).toEqual({
      brand: "botox",
      units: 20,
      total: 260,
      treatedMonth: "2026-11",
    });
    expect(schema.safeParse({ brand: "botox", total: 260, treatedMonth: "2026-12" }).error?.issues[0]?.message).toBe(PRICE_MSG.treatedMonth);
    expect(schema.safeParse({ brand: "botox", total: 260, treatedMonth: monthBefore(TODAY, 25) }).error?.issues[0]?.message).toBe(PRICE_MSG.treatedMonth);
    expect(schema.safeParse({ brand: "botox", total: 260, treatedMonth: monthBefore(TODAY, 24) }).success).toBe(true);
    expect(schema.safeParse({ brand: "botox", total: 0.001, treatedMonth: "2026-11" }).error?.issues[0]?.message).toBe(PRICE_MSG.total);
    expect(schema.safeParse({ brand: "botox", total: 260.555, treatedMonth: "2026-11" }).error?.issues[0]?.message).toBe(PRICE_MSG.total);
    expect(schema.safeParse({ brand: "botox", units: 0, total: 260, treatedMonth: "2026-11" }).error?.issues[0]?.message).toBe(PRICE_MSG.reportUnits);
  });
  it("a review is published or rejected, with an optional reason", () => {
    expect(priceReportReviewSchema.parse({ status: "rejected", reason: " spam " })).toEqual({ status: "rejected", reason: "spam" });
    expect(priceReportReviewSchema.safeParse({ status: "pending" }).error?.issues[0]?.message).toBe(PRICE_MSG.reviewStatus);
  });
  it("maxUnitPrice: dollars to cents; anything else a clear message", () => {
    expect(maxUnitPriceParam.parse("15")).toBe(1500);
    expect(maxUnitPriceParam.parse("12.5")).toBe(1250);
    expect(maxUnitPriceParam.parse("")).toBeUndefined();
    for (const bad of ["0", "-3", "abc", "1e3", "12.345", "99999"])
      expect(maxUnitPriceParam.safeParse(bad).error?.issues[0]?.message, bad).toBe(PRICE_MSG.maxUnitPrice);
  });
  it("price-index: city or postalCode, brand defaults to botox", () => {
    expect(priceIndexQuerySchema.parse({ city: "Austin" })).toEqual({ city: "austin", distance: 25, brand: "botox" });
    expect(priceIndexQuerySchema.parse({ postalCode: "78701", distance: "10", brand: "Dysport" })).toEqual({
      postalCode: "78701",
      distance: 10,
      brand: "dysport",
    });
    expect(priceIndexQuerySchema.safeParse({}).error?.issues[0]?.message).toBe(PRICE_MSG.priceQuery);
    expect(priceIndexQuerySchema.safeParse({ city: "austin", brand: "botox,dysport" }).error?.issues[0]?.message).toBe(PRICE_MSG.brand);
  });
});

describe("reportOutlier", () => {
  it("flags a unit price outside the brand's range, or over half from the local median", () => {
    expect(reportOutlier("botox", 300, null)).toBe("Outside the plausible Botox range ($5–$40 per unit)");
    expect(reportOutlier("botox", 3000, 1300)).toBe("131% above the local median");
    expect(reportOutlier("botox", 600, 1300)).toBe("54% below the local median");
    expect(reportOutlier("botox", 1300, 1300)).toBeNull();
    expect(reportOutlier("botox", 1900, 1300)).toBeNull();
    expect(reportOutlier("botox", null, 1300)).toBeNull();
    expect(reportOutlier("other", 99999, null)).toBeNull();
  });
});

describe("heldPriceReason", () => {
  it("says why a price was held: outside the brand's range, or no units to compare", () => {
    expect(heldPriceReason({ brand: "botox", perUnitCents: 99 })).toBe("Outside the plausible Botox range ($5–$40 per unit)");
    expect(heldPriceReason({ brand: "botox", perUnitCents: null })).toMatch(/Without its units/);
  });
});
