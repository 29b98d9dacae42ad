import { describe, expect, it } from "vitest";
import type { ClinicPrice } from "@botox/core/prices";
import { makeClinic } from "../test/factories.ts";
import { treatmentListing } from "./treatments.ts";

let nextId = 1;
function price(clinicId: number, over: Partial<ClinicPrice>): ClinicPrice {
  const observedOn = over.observedOn ?? "2026-11-02";
  return {
    id: nextId++,
    clinicId,
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
    verifiedOn: null,
    status: "published",
    createdAt: "2026-11-02T00:00:00.000Z",
    updatedAt: "2026-11-02T00:00:00.000Z",
    ...over,
    observedOn,
    checkedOn: observedOn,
  };
}
const lipFlip = (clinicId: number, observedOn: string, over: Partial<ClinicPrice> = {}) =>
  price(clinicId, { model: "per_area", area: "lip_flip", unitPriceCents: null, priceCents: 15_000, perUnitCents: null, observedOn, ...over });

const TODAY = "2026-11-28";
const a = makeClinic({ name: "Alpha", city: "Chicago", citySlug: "chicago", state: "IL" });
const b = makeClinic({ name: "Bravo", city: "Chicago", citySlug: "chicago", state: "IL" });
const c = makeClinic({ name: "Charlie", city: "Evanston", citySlug: "evanston", state: "IL" });
const closed = makeClinic({ name: "Closed", businessStatus: "PERMANENTLY_CLOSED" });
const old = makeClinic({ name: "Old" });
const pending = makeClinic({ name: "Pending" });
const PRICES = [
  lipFlip(a.id, "2026-10-01"),
  lipFlip(a.id, "2026-11-20", { priceCents: 17_500 }),
  lipFlip(b.id, "2026-11-25"),
  price(c.id, { brand: "dysport", unitPriceCents: 450, perUnitCents: 450 }),
  lipFlip(closed.id, "2026-11-26"),
  lipFlip(old.id, "2025-06-01"),
  lipFlip(pending.id, "2026-11-26", { status: "pending" }),
];
const byClinic = new Map<number, ClinicPrice[]>();
for (const p of PRICES) byClinic.set(p.clinicId, [...(byClinic.get(p.clinicId) ?? []), p]);
const data = {
  clinics: [a, b, c, closed, old, pending],
  pricesByClinic: byClinic,
  cityOf: (x: typeof a) => ({ city: x.city, state: x.state, pageSlug: x.citySlug }),
  today: TODAY,
};

describe("treatmentListing", () => {
  it("lists clinics posting a current price of the treatment's area, newest checked first, each with its newest price", () => {
    const listing = treatmentListing({ priceArea: "lip_flip" }, data);
    expect(listing.total).toBe(2);
    expect(listing.clinics.map((t) => [t.clinic.name, t.headline])).toEqual([
      ["Bravo", "Botox, Lip flip: $150"],
      ["Alpha", "Botox, Lip flip: $175"],
    ]);
    expect(listing.clinics[0]?.dated).toBe("checked by phone 25 Nov 2026");
    expect(listing.cities).toEqual([{ city: "Chicago", state: "IL", pageSlug: "chicago", count: 2 }]);
  });

  it("a treatment without an area lists clinics posting a price per unit, of any brand", () => {
    const listing = treatmentListing({ priceArea: null }, data);
    expect(listing.clinics.map((t) => [t.clinic.name, t.headline])).toEqual([["Charlie", "Dysport $4.50/unit"]]);
  });

  it("keeps to its limits but counts every clinic", () => {
    const listing = treatmentListing({ priceArea: "lip_flip" }, data, { clinics: 1, cities: 1 });
    expect(listing.total).toBe(2);
    expect(listing.clinics).toHaveLength(1);
  });
});
