/**
 * zip-search's total at any distance without a read cache (decision 197): counted
 * once per write generation of the located clinics (migration 0013) and filter set, and
 * exact after every kind of write that can change it, whoever makes it (here: SQL behind the
 * API's back).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZipSearchResponse } from "@botox/core";
import { clinicStaff, clinics } from "@botox/db";
import { createPublicTestContext, milesNorth, type PublicTestContext } from "../../test/public-app.ts";

const NOW = new Date("2026-06-15T12:00:00Z");
const O = { latitude: 41.5, longitude: -90.5 };
let t: PublicTestContext;

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.now = () => NOW;
  await t.insertZip("61201", O.latitude, O.longitude, "Rock Island", "IL");
  await t.insertZip("52801", O.latitude + 1, O.longitude, "Davenport", "IA");
  await t.insertClinics([0, 1, 2].map((i) => ({ name: `Total Clinic ${i}`, city: "Rock Island", state: "IL", ...milesNorth(O.latitude, O.longitude, i + 1) })));
});

afterAll(() => t.close());

const total = async (zip: string, extra = "") => {
  const { status, body } = await t.get<ZipSearchResponse>(`/zip-search?postalCode=${zip}&distance=any&limit=1${extra}`);
  expect(status).toBe(200);
  return body.totalCount;
};
/** What a recount says: every located clinic that a listing shows. */
const recount = async () =>
  Number(
    (
      await t.db.sql<
        { n: string }[]
      >`SELECT count(*) AS n FROM clinics WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND business_status <> 'PERMANENTLY_CLOSED'`
    )[0]!.n,
  );
const generation = async () => (await t.db.sql<{ n: string }[]>`SELECT n::text AS n FROM located_clinics_generation`)[0]!.n;

describe("zip-search at any distance, read cache off", () => {
  it("has no read cache here (every answer is computed)", () => {
    expect(t.deps.readCache).toBeUndefined();
  });

  it("answers the exact total after each kind of write, from every ZIP", async () => {
    const check = async () => {
      const expected = await recount();
      expect(await total("61201")).toBe(expected);
      expect(await total("52801")).toBe(expected);
    };
    await check();
    const [added] = await t.insertClinics([{ name: "Total Added", city: "Rock Island", state: "IL", ...milesNorth(O.latitude, O.longitude, 9) }]);
    await check();
    await t.db.db.update(clinics).set({ businessStatus: "PERMANENTLY_CLOSED" }).where(eq(clinics.id, added!.id));
    await check();
    await t.db.db.update(clinics).set({ businessStatus: "OPERATIONAL", latitude: null, longitude: null }).where(eq(clinics.id, added!.id));
    await check();
    await t.db.db
      .update(clinics)
      .set(milesNorth(O.latitude, O.longitude, 9))
      .where(eq(clinics.id, added!.id));
    await check();
    await t.db.db.delete(clinics).where(eq(clinics.id, added!.id));
    await check();
  });

  it("counts the credential filter again when staff change", async () => {
    const credential = "&credential=MD";
    expect(await total("61201", credential)).toBe(0);
    const [first] = await t.db.db.select({ id: clinics.id }).from(clinics).where(eq(clinics.name, "Total Clinic 0"));
    await t.db.db
      .insert(clinicStaff)
      .values({ clinicId: first!.id, name: "Dr Kept", role: "medical_director", credential: "MD", licenseStatus: "active", verifiedOn: "2026-06-01" });
    expect(await total("52801", credential)).toBe(1);
    await t.db.db.update(clinicStaff).set({ licenseStatus: "inactive" }).where(eq(clinicStaff.clinicId, first!.id));
    expect(await total("61201", credential)).toBe(0);
  });

  it("a write that changes no counted column leaves the generation, a counted one moves it", async () => {
    const before = await generation();
    await t.db.db.update(clinics).set({ name: "Total Clinic Renamed", reviewCount: 12 }).where(eq(clinics.name, "Total Clinic 1"));
    expect(await generation()).toBe(before);
    await t.db.db.update(clinics).set({ businessStatus: "CLOSED_TEMPORARILY" }).where(eq(clinics.name, "Total Clinic Renamed"));
    expect(await generation()).not.toBe(before);
  });

  it("answers the kept total while the generation holds (the count is not made again)", async () => {
    const kept = await total("61201");
    // A write the generation does not see (its trigger off): the kept total is what is answered.
    await t.db.db.execute(sql`ALTER TABLE clinics DISABLE TRIGGER clinics_generation_insert`);
    try {
      await t.insertClinics([{ name: "Total Unseen", city: "Rock Island", state: "IL", ...milesNorth(O.latitude, O.longitude, 11) }]);
    } finally {
      await t.db.db.execute(sql`ALTER TABLE clinics ENABLE TRIGGER clinics_generation_insert`);
    }
    expect(await total("52801")).toBe(kept);
    // The next write that moves it: counted again, the unseen clinic with it.
    await t.insertClinics([{ name: "Total Seen", city: "Rock Island", state: "IL", ...milesNorth(O.latitude, O.longitude, 12) }]);
    expect(await total("52801")).toBe(kept + 2);
  });
});
