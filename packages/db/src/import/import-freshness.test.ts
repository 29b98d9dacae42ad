import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { importClinics, parseExport } from "./import.ts";
import { clinics, zipCodes } from "../schema/schema.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(zipCodes).values({ zip: "79901", city: "El Paso", state: "TX", latitude: 31.7587, longitude: -106.4869 });
});
afterAll(() => t.close());

const row = (extra: Record<string, unknown>) => ({
  name: "Imported Fresh",
  city: "El Paso",
  state: "TX",
  location_link: "https://maps.example/fresh-1",
  ...extra,
});
const stored = async () => (await t.db.select().from(clinics).where(eq(clinics.sourceKey, "https://maps.example/fresh-1")))[0];

describe("import", () => {
  it("takes last_verified_on, keeps it when a later file has none, and refuses one in the future", async () => {
    expect((await importClinics(t.db, [row({ last_verified_on: "2026-01-15", postal_code: "79901" })])).errors).toEqual([]);
    expect((await stored())?.lastVerifiedOn).toBe("2026-01-15");
    // Without coordinates, the ZIP's centroid gives the zone.
    expect((await stored())?.timeZone).toBe("America/Denver");
    const again = await importClinics(t.db, [row({ postal_code: "79901" })]);
    expect(again).toMatchObject({ unchanged: 1, errors: [] });
    expect((await stored())?.lastVerifiedOn).toBe("2026-01-15");
    const newer = await importClinics(t.db, [row({ postal_code: "79901", last_verified_on: "2026-02-01" })]);
    expect(newer).toMatchObject({ updated: 1 });
    expect((await stored())?.lastVerifiedOn).toBe("2026-02-01");
    const future = await importClinics(t.db, [row({ location_link: "https://maps.example/fresh-2", last_verified_on: "2999-01-01" })]);
    expect(future.errors).toEqual([{ row: 1, reason: "lastVerifiedOn: Last checked date cannot be in the future." }]);
  });

  it("maps a category column in any case (decision 301), keeps it when a later file has none, and reports a bad one", async () => {
    const link = "https://maps.example/category-1";
    const csv = parseExport(`name,city,state,location_link,Category\nKind Spa,El Paso,TX,${link},dermatology practice\n`, "csv");
    expect(await importClinics(t.db, csv)).toMatchObject({ inserted: 1, errors: [] });
    const category = async () => (await t.db.select({ c: clinics.category }).from(clinics).where(eq(clinics.sourceKey, link)))[0]?.c;
    expect(await category()).toBe("Dermatology practice");
    // A file without the column, or with the cell empty, keeps the stored category and changes nothing.
    const base = { name: "Kind Spa", city: "El Paso", state: "TX", location_link: link };
    expect(await importClinics(t.db, [base])).toMatchObject({ unchanged: 1, errors: [] });
    expect(await importClinics(t.db, [{ ...base, category: "" }])).toMatchObject({ unchanged: 1, errors: [] });
    expect(await category()).toBe("Dermatology practice");
    expect(await importClinics(t.db, [{ ...base, category: "Medical spa" }])).toMatchObject({ updated: 1 });
    expect(await category()).toBe("Medical spa");
    const bad = await importClinics(t.db, [
      { ...base, location_link: "https://maps.example/category-2", category: "Barber shop" },
      { ...base, location_link: "https://maps.example/category-3", category: "Other" },
    ]);
    expect(bad).toMatchObject({ inserted: 1 });
    expect(bad.errors).toEqual([{ row: 1, reason: `category: ${MSG.validation.invalidCategory}` }]);
  });

  it("refuses unsafe text with the row's reason while good rows go in", async () => {
    const result = await importClinics(t.db, [
      { name: "Evil\u202EName", city: "Austin", state: "TX", location_link: "https://maps.example/evil" },
      { name: "n".repeat(5000), city: "Austin", state: "TX", location_link: "https://maps.example/long" },
      { name: "Good Name", city: "Austin", state: "TX", location_link: "https://maps.example/good" },
    ]);
    expect(result.inserted).toBe(1);
    expect(result.errors.map((e) => e.reason)).toEqual([
      "name: Remove control characters and text-direction override characters.",
      "name: Name is too long (at most 300 characters).",
    ]);
  });
});
