import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { clinics, zipCodes } from "../schema/schema.ts";
import { ClinicFragments, listedClinicsText, versionedRows, type VersionedPlace } from "./clinic-fragments.ts";
import { toListedClinic, type ListingPriceRow } from "./listings.ts";
import { withVerifiedStaff } from "./staff.ts";
import { listClinicsNear, listClinicsNearEncoded, type GeoSearch } from "./nearby.ts";
import { searchClinicsNearZip, type ZipSearch } from "./zip-search.ts";

let t: TestDatabase;
const origin = { latitude: 35, longitude: -100 };
const HOURS = [{ Monday: "9 AM-5 PM", Tuesday: "9 AM-5 PM", Saturday: "Closed" }, { text: "Mon-Fri 10 AM to 6 PM" }, null];
const STATUSES = ["OPERATIONAL", "OPERATIONAL", "CLOSED_TEMPORARILY", "PERMANENTLY_CLOSED"] as const;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(clinics).values(
    Array.from({ length: 70 }, (_, i) => ({
      name: `Near ${i} "Spa" ∞`,
      slug: `near-${i}`,
      city: i % 2 ? "Amarillo" : "Canyon",
      citySlug: i % 2 ? "amarillo" : "canyon",
      state: "TX",
      latitude: origin.latitude + Math.sin(i) * i * 0.01,
      longitude: origin.longitude + Math.cos(i) * i * 0.01,
      rating: i % 4 ? (i % 50) / 10 : null,
      reviewCount: i * 3,
      workingHours: HOURS[i % HOURS.length],
      businessStatus: STATUSES[i % STATUSES.length],
      timeZone: "America/Chicago",
      lastVerifiedOn: i % 5 ? null : "2026-10-01",
    })),
  );
  await t.db.insert(zipCodes).values([
    { zip: "79101", city: "Amarillo", state: "TX", latitude: origin.latitude + 0.05, longitude: origin.longitude - 0.05 },
    { zip: "79015", city: "Canyon", state: "TX", latitude: origin.latitude - 0.2, longitude: origin.longitude + 0.1 },
  ]);
});

afterAll(() => t.close());

const searches: GeoSearch[] = [
  { origin, radiusMiles: 100, limit: 50 },
  { origin, radiusMiles: 20, limit: 50 },
  { origin: { latitude: 35.2, longitude: -100.1 }, radiusMiles: null, limit: 50, statuses: ["OPERATIONAL"] },
  { origin, radiusMiles: 100, limit: 3, offset: 2 },
  { origin: { latitude: 10, longitude: 10 }, radiusMiles: 5, limit: 50 },
];

async function expectSameAnswers(fragments: ClinicFragments): Promise<void> {
  for (const s of searches) {
    expect((await listClinicsNearEncoded(t.db, s, fragments)).json).toBe(JSON.stringify(await listClinicsNear(t.db, s)));
  }
}

describe("listClinicsNearEncoded (listings written from kept clinic texts, decision 221)", () => {
  it("writes listClinicsNear's JSON byte for byte, from whole rows while few are kept and from narrow rows once most are", async () => {
    const fragments = new ClinicFragments();
    expect(fragments.prefersNarrow()).toBe(false);
    await expectSameAnswers(fragments);
    for (let i = 0; i < 4 && !fragments.prefersNarrow(); i++) await expectSameAnswers(fragments);
    expect(fragments.prefersNarrow()).toBe(true);
    await expectSameAnswers(fragments);
  });

  it("reads a written clinic again at once: its new row version is not the kept one", async () => {
    const fragments = new ClinicFragments();
    while (!fragments.prefersNarrow()) await expectSameAnswers(fragments);
    const [nearest] = await listClinicsNear(t.db, searches[0]!);
    await t.db
      .update(clinics)
      .set({ name: "Renamed Nearest", workingHours: { Sunday: "Closed" } })
      .where(eq(clinics.id, nearest!.id));
    const answer = (await listClinicsNearEncoded(t.db, searches[0]!, fragments)).json;
    expect(answer).toContain('"name":"Renamed Nearest"');
    await expectSameAnswers(fragments);
  });

  it("keeps within its budget, the oldest texts dropped first, and still answers right", async () => {
    const fragments = new ClinicFragments(20_000);
    for (let i = 0; i < 20; i++) await expectSameAnswers(fragments);
    expect(fragments.size).toBeGreaterThan(0);
    expect(fragments.size).toBeLessThan(40);
  });
});

describe("ClinicFragments.encode (narrow rows first)", () => {
  async function narrowPlaces(): Promise<{ places: VersionedPlace[]; fragments: ClinicFragments }> {
    const rows = await versionedRows(t.db, [1, 2, 3]);
    const fragments = new ClinicFragments();
    fragments.encodeRows(rows.map((row) => ({ ...row, distance: 1 })));
    return { places: rows.map((row) => ({ id: row.id, version: row.version, distance: 1.04 })), fragments };
  }

  it("reads the answer again in one statement when a clinic was written between the two statements", async () => {
    const { places, fragments } = await narrowPlaces();
    const [first] = places;
    const moved = [{ ...first!, version: "0" }, ...places.slice(1)];
    const answer = await fragments.encode(
      moved,
      (ids) => versionedRows(t.db, ids),
      async () => "read again",
    );
    expect(answer).toBe("read again");
  });

  it("reads the answer again when a clinic is gone by the second statement", async () => {
    const { places, fragments } = await narrowPlaces();
    const gone = [{ id: 999_999, version: "1", distance: 2 }, ...places];
    expect(
      await fragments.encode(
        gone,
        async () => [],
        async () => "read again",
      ),
    ).toBe("read again");
  });

  it("asks only for the clinics not kept at their version, and writes each distance last", async () => {
    const { places, fragments } = await narrowPlaces();
    const asked: number[][] = [];
    const answer = await fragments.encode(
      places,
      async (ids) => {
        asked.push(ids);
        return versionedRows(t.db, ids);
      },
      async () => "read again",
    );
    expect(asked).toEqual([]);
    const parsed = JSON.parse(answer) as { id: number; _distance: number }[];
    expect(parsed.map((c) => [c.id, c._distance, Object.keys(c).at(-1)])).toEqual(places.map((p) => [p.id, 1, "_distance"]));
  });
});

describe("listedClinicsText (a listing page written from kept texts)", () => {
  it("writes withVerifiedStaff(toListedClinic(…)) byte for byte: distance, current price, credentials and staff after the clinic", async () => {
    const rows = await versionedRows(t.db, [1, 2, 3, 4]);
    const listed: ListingPriceRow[] = rows.map((row, i) => ({
      ...row,
      distance: i === 3 ? null : 0.04 + i * 1.26,
      priceUnit: i % 2 ? 1250 : null,
      priceObservedOn: i % 2 ? "2026-10-01" : null,
      priceCheckedOn: i % 2 ? "2026-11-01" : null,
      priceSource: i % 2 ? "website" : null,
    }));
    const roles = [
      [{ role: "medical_director" as const, credential: "MD" as const }],
      [],
      [{ role: "injector" as const, credential: "NP" as const, demo: true }],
      [],
    ];
    const fragments = new ClinicFragments();
    for (const brand of ["botox", undefined] as const) {
      const expected = JSON.stringify(
        withVerifiedStaff(
          listed.map((r) => toListedClinic(r, brand)),
          roles,
        ),
      );
      expect(listedClinicsText(fragments, listed, brand, roles)).toBe(expected);
      expect(listedClinicsText(fragments, listed, brand, roles)).toBe(expected);
    }
    expect(listedClinicsText(fragments, [{ ...listed[0]!, version: null }], "botox", roles)).toBeUndefined();
  });
});

describe("searchClinicsNearZip with kept texts (decisions 221, 224)", () => {
  const zipSearches: ZipSearch[] = [
    { postalCode: "79101", page: 1, limit: 10, radiusMiles: 25, statuses: ["OPERATIONAL"] },
    { postalCode: "79101", page: 2, limit: 10, radiusMiles: 100, verifiedOn: "2026-11-01" },
    { postalCode: "79015", page: 1, limit: 10, radiusMiles: null, price: { brand: "botox", today: "2026-11-01" } },
    { postalCode: "79015", page: 1, limit: 3, radiusMiles: 5 },
    { postalCode: "00000", page: 1, limit: 10, radiusMiles: 25 },
  ];

  async function expectSameZipAnswers(texts: ClinicFragments): Promise<void> {
    for (const s of zipSearches) {
      const plain = await searchClinicsNearZip(t.db, s);
      const written = await searchClinicsNearZip(t.db, { ...s, texts });
      expect(written.clinicsText).toBe(JSON.stringify(withVerifiedStaff(plain.items, plain.verifiedStaff)));
      expect([written.total, written.origin]).toEqual([plain.total, plain.origin]);
    }
  }

  it("writes the objects' JSON byte for byte, from whole rows while few are kept and from ids and versions once most are", async () => {
    const texts = new ClinicFragments();
    await expectSameZipAnswers(texts);
    for (let i = 0; i < 8 && !texts.prefersNarrow(); i++) await expectSameZipAnswers(texts);
    expect(texts.prefersNarrow()).toBe(true);
    const asked: number[][] = [];
    let narrowReads = 0;
    const headsOf = texts.headsOf.bind(texts);
    texts.headsOf = (places, rowsOf) => (narrowReads++, headsOf(places, (ids) => (asked.push(ids), rowsOf(ids))));
    await expectSameZipAnswers(texts);
    // Every page was read narrow, and every clinic shown was kept: no whole row was read.
    expect(narrowReads).toBe(zipSearches.length);
    expect(asked).toEqual([]);
  });

  it("shows a clinic written since its text was kept, and one written between the two statements", async () => {
    const texts = new ClinicFragments();
    while (!texts.prefersNarrow()) await expectSameZipAnswers(texts);
    const search = zipSearches[0]!;
    const [nearest] = (await searchClinicsNearZip(t.db, search)).items;
    await t.db.update(clinics).set({ name: "Renamed Once" }).where(eq(clinics.id, nearest!.id));
    expect((await searchClinicsNearZip(t.db, { ...search, texts })).clinicsText).toContain('"name":"Renamed Once"');
    // Written again after the page's statement and before its missing rows are read.
    await t.db.update(clinics).set({ name: "Renamed Twice" }).where(eq(clinics.id, nearest!.id));
    const headsOf = texts.headsOf.bind(texts);
    let wrote = 0;
    texts.headsOf = (places, rowsOf) =>
      headsOf(places, async (ids) => {
        if (wrote++ === 0) await t.db.update(clinics).set({ name: "Renamed Thrice" }).where(eq(clinics.id, nearest!.id));
        return rowsOf(ids);
      });
    const answer = await searchClinicsNearZip(t.db, { ...search, texts });
    expect(wrote).toBe(1);
    expect(answer.clinicsText).toContain('"name":"Renamed Thrice"');
    const plain = await searchClinicsNearZip(t.db, search);
    expect(answer.clinicsText).toBe(JSON.stringify(withVerifiedStaff(plain.items, plain.verifiedStaff)));
  });
});
