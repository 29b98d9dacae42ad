import { describe, expect, it } from "vitest";
import { priceCheckedOn, type ClinicPrice, type CurrentUnitPrice } from "@botox/core/prices";
import { clinicStructuredData } from "@botox/core/display";
import { cityPriceView, clinicOffersJsonLd, clinicPriceView, indexOver, priceDistribution, priceHeadline, priceRows } from "./prices.ts";
import { priceDated } from "./price-text.ts";

let nextId = 1;
function price(over: Partial<ClinicPrice> = {}): ClinicPrice {
  const base: ClinicPrice = {
    id: nextId++,
    clinicId: 1,
    brand: "botox",
    model: "per_unit",
    unitPriceCents: 1300,
    area: null,
    priceCents: null,
    units: null,
    perUnitCents: 1300,
    conditions: null,
    newPatientsOnly: false,
    source: "phone",
    evidenceUrl: null,
    observedOn: "2026-11-02",
    verifiedOn: null,
    checkedOn: "2026-11-02",
    status: "published",
    createdAt: "2026-11-02T00:00:00.000Z",
    updatedAt: "2026-11-02T00:00:00.000Z",
  };
  const merged = { ...base, ...over };
  return { ...merged, checkedOn: over.checkedOn ?? priceCheckedOn(merged) };
}
const TODAY = "2026-11-23";
const current = (perUnitCents: number, observedOn = "2026-11-02"): CurrentUnitPrice => ({
  brand: "botox",
  perUnitCents,
  observedOn,
  checkedOn: observedOn,
  source: "phone",
});

describe("price wording", () => {
  it("reads 'Botox $13/unit, checked by phone 2 Nov 2026'", () => {
    const p = price();
    expect(`${priceHeadline(p)}, ${priceDated(p)}`).toBe("Botox $13/unit, checked by phone 2 Nov 2026");
  });

  it("shows an area price with its implied unit price only when the units are known", () => {
    expect(priceHeadline(price({ model: "per_area", area: "forehead", unitPriceCents: null, priceCents: 30000, units: 20, perUnitCents: 1500 }))).toBe(
      "Botox, Forehead: $300 for 20 units ($15/unit)",
    );
    expect(priceHeadline(price({ model: "per_area", area: "lip_flip", unitPriceCents: null, priceCents: 15000, units: null, perUnitCents: null }))).toBe(
      "Botox, Lip flip: $150",
    );
    expect(priceHeadline(price({ brand: "dysport", model: "membership", unitPriceCents: null, priceCents: 9900, perUnitCents: null }))).toBe(
      "Dysport membership: $99",
    );
  });

  it("names demo data as such", () => {
    expect(priceDated(price({ source: "demo" }))).toBe("demo data dated 2 Nov 2026");
    // A visitor's report names its month, never a day it was "checked".
    expect(priceDated(price({ source: "patient_report", observedOn: "2026-11-01" }))).toBe("reported for November 2026 by a visitor");
  });
});

describe("priceRows (the Prices card)", () => {
  it("lists Botox first, newest first, flags offers, visitor reports and old prices, and drops replaced rows", () => {
    const rows = priceRows(
      [
        price({ id: 1, brand: "dysport", unitPriceCents: 500, perUnitCents: 500 }),
        price({ id: 2, observedOn: "2026-03-01", unitPriceCents: 1200, perUnitCents: 1200 }),
        price({ id: 3, observedOn: "2026-10-01", unitPriceCents: 1300, perUnitCents: 1300 }),
        price({ id: 4, observedOn: "2026-09-01", newPatientsOnly: true, unitPriceCents: 1000, perUnitCents: 1000, source: "patient_report" }),
        price({ id: 5, observedOn: "2025-01-01", model: "per_area", area: "lip_flip", unitPriceCents: null, priceCents: 15000, perUnitCents: null }),
        price({ id: 6, status: "pending" }),
      ],
      TODAY,
    );
    expect(rows.map((r) => r.id)).toEqual([3, 4, 5, 1]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(4)).toMatchObject({ newPatientsOnly: true, visitorReport: true, outOfDate: false });
    expect(byId.get(5)?.outOfDate).toBe(true);
    expect(byId.get(3)?.outOfDate).toBe(false);
  });

  it("a visitor's report never replaces the clinic's own price of the same month on the card", () => {
    const rows = priceRows(
      [
        price({ id: 8, observedOn: "2026-11-01", unitPriceCents: 1150, perUnitCents: 1150, source: "website" }),
        price({ id: 9, observedOn: "2026-11-01", unitPriceCents: 900, perUnitCents: 900, source: "patient_report" }),
      ],
      TODAY,
    );
    expect(rows.map((r) => r.id)).toEqual([8]);
  });

  it("says when a price was verified after it was observed, and a recent verification keeps an old price current", () => {
    expect(priceRows([price({ verifiedOn: "2026-11-20" })], TODAY)[0]?.verified).toBe("verified 20 Nov 2026");
    expect(priceRows([price({ verifiedOn: "2026-11-02" })], TODAY)[0]?.verified).toBeNull();
    expect(priceRows([price({ observedOn: "2025-06-01", verifiedOn: "2026-11-20" })], TODAY)[0]).toMatchObject({
      outOfDate: false,
      verified: "verified 20 Nov 2026",
    });
  });
});

describe("city and clinic views", () => {
  const prices = new Map<number, CurrentUnitPrice>([
    [1, current(1100)],
    [2, current(1200)],
    [3, current(1300)],
    [4, current(1300, "2026-11-20")],
    [5, current(1400)],
    [9, current(900)],
  ]);

  it("indexes only the given clinics, each once", () => {
    const index = indexOver([1, 2, 3, 4, 5, 6], prices);
    expect(index).toMatchObject({ median: 1300, p25: 1200, p75: 1300, clinics: 5, sufficient: true, newestObservedOn: "2026-11-20" });
    expect(indexOver([1, 2, 3, 4], prices)).toMatchObject({ sufficient: false, median: null, clinics: 4 });
  });

  it("attaches each clinic's current price (null when none) and keeps the chart's values", () => {
    const view = cityPriceView([{ id: 1 }, { id: 6 }, { id: 2 }], prices);
    expect(view.clinics.map((c) => c.currentPrice?.perUnitCents ?? null)).toEqual([1100, null, 1200]);
    expect(view.values).toEqual([1100, 1200]);
    expect(view.index.sufficient).toBe(false);
  });

  it("marks the clinic's own price on its city's chart, and shows no chart where the city has too few prices", () => {
    const city = cityPriceView(
      [1, 2, 3, 4, 5].map((id) => ({ id })),
      prices,
    );
    const view = clinicPriceView({ id: 3 }, [price({ clinicId: 3 })], prices, city, "Austin, TX", TODAY);
    expect(view.chart).toEqual({
      values: [1100, 1200, 1300, 1300, 1400],
      caption: "Botox prices per unit of 5 clinics in Austin, TX",
      marked: { cents: 1300, label: "This clinic: $13/unit" },
    });
    const small = cityPriceView([{ id: 1 }], prices);
    expect(clinicPriceView({ id: 1 }, [], prices, small, "Austin, TX", TODAY).chart).toBeNull();
  });
});

describe("priceDistribution", () => {
  it("puts every value in one whole-dollar bar", () => {
    const d = priceDistribution([1100, 1150, 1300, 1300, 1499]);
    expect(d?.bars).toEqual([
      { from: 1100, to: 1200, count: 2 },
      { from: 1200, to: 1300, count: 0 },
      { from: 1300, to: 1400, count: 2 },
      { from: 1400, to: 1500, count: 1 },
    ]);
  });

  it("widens bars to whole dollars so there are at most 12", () => {
    const d = priceDistribution([500, 4000]);
    expect(d?.bars.length).toBeLessThanOrEqual(12);
    expect(d?.bars.every((b) => (b.to - b.from) % 100 === 0)).toBe(true);
    expect(d?.bars.reduce((n, b) => n + b.count, 0)).toBe(2);
    expect(priceDistribution([])).toBeNull();
  });
});

describe("clinicOffersJsonLd", () => {
  it("gives one UnitPriceSpecification offer per brand's current price and a range from them, brand by brand", () => {
    const ld = clinicOffersJsonLd(
      [
        price({ unitPriceCents: 1300, perUnitCents: 1300 }),
        price({ observedOn: "2026-01-01", unitPriceCents: 1000, perUnitCents: 1000 }),
        price({ brand: "dysport", unitPriceCents: 450, perUnitCents: 450 }),
      ],
      TODAY,
    );
    expect(ld.priceRange).toBe("Botox $13/unit, Dysport $4.50/unit");
    expect(ld.offers).toHaveLength(2);
    expect(ld.offers?.[0]).toMatchObject({
      "@type": "Offer",
      price: "13.00",
      priceCurrency: "USD",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: "13.00",
        priceCurrency: "USD",
        unitText: "unit",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "C62" },
      },
    });
  });

  it("goes into the clinic's MedicalBusiness through core's extra, with no fixed range left", () => {
    const clinic = { name: "Glow", city: "Miami", state: "FL" };
    const ld = clinicStructuredData(clinic, "u", { extra: clinicOffersJsonLd([price({ unitPriceCents: 1300, perUnitCents: 1300 })], TODAY) });
    expect(ld).toMatchObject({ "@type": "MedicalBusiness", priceRange: "Botox $13/unit" });
    expect(ld.offers).toHaveLength(1);
    expect(clinicStructuredData(clinic, "u", { extra: clinicOffersJsonLd([], TODAY) })).not.toHaveProperty("priceRange");
  });

  it("leaves offers and priceRange out without a current per-unit price", () => {
    expect(clinicOffersJsonLd([], TODAY)).toEqual({});
    expect(clinicOffersJsonLd([price({ observedOn: "2025-01-01" })], TODAY)).toEqual({});
    expect(clinicOffersJsonLd([price({ model: "per_area", area: "lip_flip", unitPriceCents: null, priceCents: 15000, perUnitCents: null })], TODAY)).toEqual(
      {},
    );
  });
});
