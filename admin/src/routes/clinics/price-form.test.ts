import { describe, expect, it } from "vitest";
import { PRICE_MSG, type ClinicPrice } from "@botox/core";
import { emptyPriceForm, priceToForm, pricePayload, validatePriceForm } from "./price-form.ts";

const TODAY = "2026-11-23";

describe("clinic price form", () => {
  it("turns dollars into cents and sends only the fields of the chosen model", () => {
    const unit = { ...emptyPriceForm(TODAY), unitPrice: "$12.50", price: "300", units: "20", area: "forehead" as const };
    expect(pricePayload(unit)).toMatchObject({ model: "per_unit", unitPriceCents: 1250, priceCents: null, units: null, area: null, observedOn: TODAY });
    expect(pricePayload({ ...unit, model: "per_area" })).toMatchObject({ unitPriceCents: null, priceCents: 30000, units: 20, area: "forehead" });
    expect(pricePayload({ ...unit, model: "membership" })).toMatchObject({ priceCents: 30000, units: null, area: null });
    expect(validatePriceForm(unit)).toEqual({});
  });

  it("reports core's messages under the form's own field names", () => {
    const form = emptyPriceForm(TODAY);
    expect(validatePriceForm(form)).toEqual({ unitPrice: PRICE_MSG.unitPriceRequired });
    expect(validatePriceForm({ ...form, unitPrice: "twelve" })).toEqual({ unitPrice: PRICE_MSG.cents });
    expect(validatePriceForm({ ...form, model: "per_area", price: "300" })).toEqual({ area: PRICE_MSG.areaRequired });
    expect(validatePriceForm({ ...form, unitPrice: "13", observedOn: "2026-02-30" })).toEqual({ observedOn: PRICE_MSG.date });
    expect(validatePriceForm({ ...form, model: "package", price: "500", units: "1.5" })).toEqual({ units: PRICE_MSG.units });
  });

  it("fills the form from a stored price", () => {
    const stored = {
      id: 1,
      clinicId: 2,
      brand: "dysport",
      model: "per_area",
      unitPriceCents: null,
      area: "masseter",
      priceCents: 45050,
      units: 50,
      perUnitCents: 901,
      conditions: "Weekdays",
      newPatientsOnly: true,
      source: "website",
      evidenceUrl: "https://example.com/prices",
      observedOn: "2026-10-01",
      verifiedOn: null,
      checkedOn: "2026-10-01",
      status: "published",
      createdAt: "",
      updatedAt: "",
    } satisfies ClinicPrice;
    const form = priceToForm(stored);
    expect(form).toMatchObject({
      brand: "dysport",
      model: "per_area",
      price: "450.50",
      units: "50",
      area: "masseter",
      newPatientsOnly: true,
      conditions: "Weekdays",
    });
    expect(pricePayload(form)).toMatchObject({ priceCents: 45050, units: 50, area: "masseter", evidenceUrl: "https://example.com/prices" });
  });
});
