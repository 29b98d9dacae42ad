import { describe, expect, it } from "vitest";
import { computePriceIndex, type PriceIndex } from "@botox/core";
import type { RunningDeal } from "@botox/db/site";
import { makeClinic } from "../test/factories.ts";
import { cacheKey } from "./cache-key.ts";
import { indexSiteData } from "./data.ts";
import { cityDeals, dealPrice, dealTags, dealViews, dealsLine, lastDealDay } from "./deals.ts";

const TODAY = "2026-11-23";
let nextId = 1;
function deal(d: Partial<RunningDeal>): RunningDeal {
  return {
    id: nextId++,
    clinicId: 1,
    clinicName: "Glow Med Spa",
    clinicSlug: "glow-med-spa",
    clinicCitySlug: "austin",
    clinicState: "TX",
    title: "Winter Botox",
    brand: "botox",
    model: "per_unit",
    unitPriceCents: 1099,
    area: null,
    areaPriceCents: null,
    units: null,
    perUnitCents: 1099,
    startsOn: "2026-11-01",
    endsOn: "2026-11-30",
    conditions: null,
    newPatientsOnly: false,
    sourceUrl: null,
    demo: false,
    ...d,
  };
}
const botoxIndex = computePriceIndex(
  "botox",
  [1000, 1200, 1300, 1500, 1800].map((c) => ({ perUnitCents: c, observedOn: "2026-11-01" })),
);
const empty = (brand: PriceIndex["brand"]): PriceIndex => computePriceIndex(brand, []);

describe("deal views", () => {
  it("states the per-unit equivalent of an area deal", () => {
    expect(dealPrice(deal({}))).toBe("Botox $10.99/unit");
    expect(dealPrice(deal({ brand: "dysport", model: "per_area", area: "frown_lines", areaPriceCents: 22500, units: 50, perUnitCents: 450 }))).toBe(
      "Dysport, Frown lines: $225 for 50 units ($4.50/unit)",
    );
  });

  it("drops a deal that is not running on the build's day, and says its last day without urgency", () => {
    const views = dealViews(
      [deal({ endsOn: "2026-11-22" }), deal({ startsOn: "2026-11-24" }), deal({ id: 500, endsOn: "2026-11-23" })],
      TODAY,
      "Austin, TX",
      (b) => (b === "botox" ? botoxIndex : empty(b)),
    );
    expect(views.map((v) => v.id)).toEqual([500]);
    expect(views[0]?.ends).toBe("ends 23 Nov 2026");
  });

  it("says below typical only against the same brand's sufficient index", () => {
    const views = dealViews(
      [deal({ id: 1, perUnitCents: 1200 }), deal({ id: 2, perUnitCents: 1250 }), deal({ id: 3, brand: "dysport", perUnitCents: 300 })],
      TODAY,
      "Austin, TX",
      (b) => (b === "botox" ? botoxIndex : empty(b)),
    );
    expect(views.map((v) => [v.id, v.belowTypical])).toEqual([
      [3, null],
      [1, "below typical for Austin, TX"],
      [2, null],
    ]);
  });
});

describe("a build drops ended deals with no content change (the nightly regeneration)", () => {
  it("the day after a deal's last day, the city's deals and so its page's cache key change", () => {
    const clinic = makeClinic({ citySlug: "austin", state: "TX" });
    const data = {
      clinics: [clinic],
      cities: [{ citySlug: "austin", pageSlug: "austin", city: "Austin", state: "TX", count: 1, latitude: null, longitude: null }],
      posts: [],
      categories: [],
      zips: [],
      visitorRatings: {},
      prices: [],
      deals: [deal({ id: 900, clinicId: clinic.id, endsOn: "2026-11-23" })],
    };
    const lastDay = indexSiteData(data, "2026-11-23");
    const dayAfter = indexSiteData(data, "2026-11-24");
    const city = lastDay.cities[0]!;
    expect(cityDeals(lastDay, city).map((d) => d.id)).toEqual([900]);
    expect(cityDeals(dayAfter, city)).toEqual([]);
    expect(dayAfter.dealsByClinic.has(clinic.id)).toBe(false);
    expect(cacheKey(city, cityDeals(lastDay, city))).not.toBe(cacheKey(city, cityDeals(dayAfter, city)));
  });
});

describe("the deals line above a listing and the cards' deal tags", () => {
  const views = (deals: RunningDeal[]) => dealViews(deals, TODAY, "Chicago, IL", (b) => (b === "botox" ? botoxIndex : empty(b)));
  it("counts the current deals and names the lowest per-unit price, Botox's when there is one", () => {
    expect(dealsLine(views([deal({ unitPriceCents: 950, perUnitCents: 950 })]), "Chicago")).toBe("1 deal in Chicago · from $9.50 a unit");
    const mixed = views([
      deal({ clinicId: 1, unitPriceCents: 1099, perUnitCents: 1099 }),
      deal({ clinicId: 2, brand: "dysport", model: "per_area", area: "frown_lines", areaPriceCents: 22500, units: 50, perUnitCents: 450 }),
      deal({ clinicId: 1, unitPriceCents: 999, perUnitCents: 999, endsOn: "2026-12-20" }),
    ]);
    expect(dealsLine(mixed, "Chicago")).toBe("3 deals in Chicago · from $9.99 a unit");
    expect(dealsLine(views([deal({ brand: "letybo", unitPriceCents: 800, perUnitCents: 800 })]), "Chicago")).toBe(
      "1 deal in Chicago · from $8 a unit of Letybo",
    );
    expect(dealsLine([], "Chicago")).toBeNull();
    // Seeded demo offers say so, like demo prices and demo people.
    expect(dealsLine(views([deal({ unitPriceCents: 950, perUnitCents: 950, demo: true })]), "Chicago")).toBe(
      "1 deal in Chicago · from $9.50 a unit (demo data)",
    );
    expect(dealTags(views([deal({ clinicId: 3, unitPriceCents: 950, perUnitCents: 950, demo: true })]))).toEqual({ 3: "Demo deal: Botox $9.50/unit" });
    expect(lastDealDay(mixed)).toBe("2026-12-20");
  });
  it("tags each clinic with a current deal by its cheapest deal", () => {
    const tags = dealTags(
      views([
        deal({ clinicId: 7, unitPriceCents: 1099, perUnitCents: 1099 }),
        deal({ clinicId: 7, unitPriceCents: 950, perUnitCents: 950 }),
        deal({ clinicId: 8, endsOn: "2026-11-01" }),
      ]),
    );
    expect(tags).toEqual({ 7: "Deal: Botox $9.50/unit" });
  });
});
