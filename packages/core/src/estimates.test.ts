import { describe, expect, it } from "vitest";
import { DOSE_TABLE, ESTIMATE_MSG, clinicEstimates, estimateDollars, indexEstimates, typicalUnits } from "./estimates.ts";
import { LABEL_SOURCES } from "./labels.ts";
import { computePriceIndex, perUnitCents, priceCheckedOn, type ClinicPrice } from "./prices.ts";

const TODAY = "2026-11-23";
let nextId = 1;
function price(p: Partial<ClinicPrice>): ClinicPrice {
  const base: ClinicPrice = {
    id: nextId++,
    clinicId: 1,
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
    observedOn: "2026-11-02",
    verifiedOn: null,
    checkedOn: "2026-11-02",
    status: "published",
    createdAt: "2026-11-02T00:00:00.000Z",
    updatedAt: "2026-11-02T00:00:00.000Z",
  };
  const merged = { ...base, ...p };
  return { ...merged, checkedOn: priceCheckedOn(merged), perUnitCents: perUnitCents(merged) };
}

describe("the dose table: exactly the labels' figures, each row with its source", () => {
  it("holds the labels' eight figures and no others (each read in its label's Dosage and Administration)", () => {
    expect(DOSE_TABLE.map((r) => [r.brand, r.area, r.units])).toEqual([
      ["botox", "frown_lines", 20],
      ["botox", "crows_feet", 24],
      ["botox", "forehead_and_frown_lines", 40],
      ["dysport", "frown_lines", 50],
      ["xeomin", "frown_lines", 20],
      ["jeuveau", "frown_lines", 20],
      ["daxxify", "frown_lines", 40],
      ["letybo", "frown_lines", 20],
    ]);
  });
  it("names each row's label: the brand's US prescribing information", () => {
    for (const r of DOSE_TABLE) expect(r.source).toBe(LABEL_SOURCES[r.brand]);
    expect(LABEL_SOURCES.botox).toBe("BOTOX Cosmetic (onabotulinumtoxinA) US Prescribing Information, Allergan/AbbVie");
    for (const s of Object.values(LABEL_SOURCES)) expect(s).toMatch(/US Prescribing Information/);
  });
  it("has no figure for an area or brand it lacks", () => {
    expect(typicalUnits("botox", "frown_lines")).toBe(20);
    expect(typicalUnits("dysport", "crows_feet")).toBeNull();
    expect(typicalUnits("other", "frown_lines")).toBeNull();
  });
});

describe("estimates", () => {
  it("units × per-unit price, rounded to whole dollars", () => {
    expect(estimateDollars(20, 1300)).toBe(260);
    expect(estimateDollars(24, 1249)).toBe(300); // 299.76
    expect(estimateDollars(50, 455)).toBe(228); // 227.50 rounds up
  });

  it("a clinic's current per-unit price gives one line per dose-table area of that brand", () => {
    const est = clinicEstimates([price({ unitPriceCents: 1300 })], TODAY);
    expect(est.map((e) => e.text)).toEqual([
      "Frown lines, about 20 units of Botox: about $260 at $13/unit (checked 2 Nov 2026)",
      "Crow's feet, about 24 units of Botox: about $312 at $13/unit (checked 2 Nov 2026)",
      "Forehead lines with frown lines, about 40 units of Botox: about $520 at $13/unit (checked 2 Nov 2026)",
    ]);
    expect(ESTIMATE_MSG.dosesVary).toMatch(/vary.*injector/);
  });

  it("uses the current price (newest checked), and none older than 365 days", () => {
    const est = clinicEstimates([price({ unitPriceCents: 1000, observedOn: "2026-01-01" }), price({ unitPriceCents: 1500, observedOn: "2026-10-01" })], TODAY);
    expect(est[0]?.perUnitCents).toBe(1500);
    expect(clinicEstimates([price({ unitPriceCents: 1300, observedOn: "2025-11-22" })], TODAY)).toEqual([]); // 366 days
    expect(clinicEstimates([price({ unitPriceCents: 1300, status: "pending" })], TODAY)).toEqual([]);
  });

  it("brands are never mixed: a Dysport price estimates Dysport's one area only", () => {
    const est = clinicEstimates([price({ brand: "dysport", unitPriceCents: 450 })], TODAY);
    expect(est).toHaveLength(1);
    expect(est[0]).toMatchObject({ brand: "dysport", area: "frown_lines", units: 50, dollars: 225 });
    expect(clinicEstimates([price({ brand: "other", unitPriceCents: 900 })], TODAY)).toEqual([]);
  });

  it("an area price the clinic publishes itself wins over the estimate for that area", () => {
    const est = clinicEstimates(
      [price({ unitPriceCents: 1300 }), price({ model: "per_area", unitPriceCents: null, area: "frown_lines", priceCents: 19900, units: null })],
      TODAY,
    );
    expect(est[0]).toMatchObject({ area: "frown_lines", kind: "clinic_area_price", dollars: 199 });
    expect(est[0]?.text).toBe("Frown lines, Botox: $199, the clinic's own area price (checked 2 Nov 2026)");
    expect(est[1]).toMatchObject({ area: "crows_feet", kind: "estimate", dollars: 312 });
  });

  it("a package or area price with its units never sets the other areas' estimates", () => {
    const est = clinicEstimates(
      [
        price({ unitPriceCents: 1150 }),
        price({ model: "per_area", unitPriceCents: null, area: "frown_lines", priceCents: 19900, units: 20, observedOn: "2026-11-20" }),
      ],
      TODAY,
    );
    expect(est.find((e) => e.area === "crows_feet")).toMatchObject({ kind: "estimate", perUnitCents: 1150, dollars: 276 });
    expect(est.find((e) => e.area === "frown_lines")).toMatchObject({ kind: "clinic_area_price", dollars: 199 });
  });

  it("a visitor's report is labelled as a report of its month, never the clinic's own price nor checked on the 1st", () => {
    const report = { source: "patient_report" as const, observedOn: "2026-11-01" };
    const est = clinicEstimates(
      [price({ ...report, unitPriceCents: 1300 }), price({ ...report, model: "per_area", unitPriceCents: null, area: "frown_lines", priceCents: 25000 })],
      TODAY,
    );
    expect(est[0]).toMatchObject({ area: "frown_lines", kind: "reported_area_price", dollars: 250 });
    expect(est[0]?.text).toBe("Frown lines, Botox: $250, reported for November 2026 by a visitor");
    expect(est[1]?.text).toBe("Crow's feet, about 24 units of Botox: about $312 at $13/unit (reported for November 2026 by a visitor)");
    for (const e of est) expect(e.text).not.toMatch(/own area|checked|1 Nov/);
  });

  it("Letybo is estimated from its label's glabellar dose", () => {
    expect(typicalUnits("letybo", "frown_lines")).toBe(20);
    expect(LABEL_SOURCES.letybo).toMatch(/LETYBO \(letibotulinumtoxinA-wlbg\) US Prescribing Information/);
    expect(clinicEstimates([price({ brand: "letybo", unitPriceCents: 1000 })], TODAY).map((e) => e.text)).toEqual([
      "Frown lines, about 20 units of Letybo: about $200 at $10/unit (checked 2 Nov 2026)",
    ]);
  });

  it("the local median's estimates only when the index is sufficient", () => {
    const values = [1000, 1200, 1300, 1500, 1800].map((c) => ({ perUnitCents: c, observedOn: "2026-11-01" }));
    expect(indexEstimates(computePriceIndex("botox", values))[0]?.text).toBe("Frown lines (about 20 units of Botox) at the local median: about $260");
    expect(indexEstimates(computePriceIndex("botox", values.slice(0, 4)))).toEqual([]);
  });
});
