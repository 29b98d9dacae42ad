/**
 * The nearby list's cards (/near-me, the home page) keep what the other listings' cards show:
 * each clinic's current Botox per-unit price and its currently verified staff. A price too old
 * to count, another brand's price, a stale check and a demo person are left out as everywhere.
 * Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clinic, CurrentUnitPrice, VerifiedRole } from "@botox/core";
import { clinicStaff, insertPrice, staffRow, type StaffValues } from "@botox/db";
import { createPublicTestContext, milesNorth, type PublicTestContext } from "../../test/public-app.ts";

const NOW = new Date("2026-06-15T12:00:00Z");
const O = { latitude: 33.5, longitude: -112.07 };
let t: PublicTestContext;
type Card = Clinic & { currentPrice: CurrentUnitPrice | null; verifiedStaff: VerifiedRole[]; verifiedCredentials: string[] };

const checked = (name: string, over: Partial<StaffValues> = {}): StaffValues => ({
  name,
  role: "medical_director",
  credential: "MD",
  npi: "1234567893",
  licenseStatus: "active",
  verifiedVia: "npi_registry",
  verifiedOn: "2026-06-01",
  verifiedBy: "test",
  ...over,
});

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.now = () => NOW;
  const rows = await t.insertClinics(
    ["Priced And Staffed", "Old Price", "Dysport Only", "Demo Staff"].map((name, i) => ({
      name,
      city: "Phoenix",
      state: "AZ",
      ...milesNorth(O.latitude, O.longitude, 1 + i),
    })),
  );
  const id = (name: string) => rows.find((r) => r.name === name)!.id;
  await insertPrice(t.db.db, id("Priced And Staffed"), { brand: "botox", model: "per_unit", unitPriceCents: 1150, source: "phone", observedOn: "2026-06-01" });
  await insertPrice(t.db.db, id("Old Price"), { brand: "botox", model: "per_unit", unitPriceCents: 900, source: "phone", observedOn: "2025-01-01" });
  await insertPrice(t.db.db, id("Dysport Only"), { brand: "dysport", model: "per_unit", unitPriceCents: 450, source: "phone", observedOn: "2026-06-01" });
  await t.db.db
    .insert(clinicStaff)
    .values([
      staffRow(id("Priced And Staffed"), checked("Dr. Real")),
      staffRow(id("Priced And Staffed"), checked("Nurse Real", { role: "injector", credential: "RN", npi: "1234567894" })),
      staffRow(id("Old Price"), checked("Dr. Stale", { verifiedOn: "2025-01-01" })),
      staffRow(id("Demo Staff"), checked("Dr. Invented", { source: "demo" })),
    ]);
});
afterAll(() => t.close());

describe("POST /clinics/nearby cards", () => {
  it("carry each clinic's current Botox price and verified staff, as the other listings do", async () => {
    const res = await t.request("POST", "/clinics/nearby", { body: { ...O, radius: 25 }, ip: "198.18.9.1" });
    expect(res.status).toBe(200);
    const cards = (await res.json()) as Card[];
    expect(cards.map((c) => c.name)).toEqual(["Priced And Staffed", "Old Price", "Dysport Only", "Demo Staff"]);
    const [staffed, old, dysport, demo] = cards;
    expect(staffed?.currentPrice).toEqual({ brand: "botox", perUnitCents: 1150, observedOn: "2026-06-01", checkedOn: "2026-06-01", source: "phone" });
    expect(staffed?.verifiedStaff).toEqual([
      { role: "medical_director", credential: "MD" },
      { role: "injector", credential: "RN" },
    ]);
    expect(staffed?.verifiedCredentials).toEqual(["MD", "RN"]);
    expect(staffed?._distance).toBeGreaterThan(0);
    // Too old to count, another brand, a stale check, a demo person: nothing claimed.
    expect(old?.currentPrice).toBeNull();
    expect(old?.verifiedStaff).toEqual([]);
    expect(dysport?.currentPrice).toBeNull();
    expect(demo?.verifiedStaff ?? []).toEqual([]);
  });
});
