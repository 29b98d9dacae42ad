import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importClinics } from "./import.ts";
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
