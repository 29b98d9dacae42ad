/**
 * zip-search, cheapest first under a ceiling at any distance (decision 213): the page
 * read in price order in two branches (prices checked within 180 days, older ones that still
 * count) and the total kept with the located clinics' write generation. Each page and total is
 * compared with one plain ranking of every priced clinic in SQL, across pages that cross the
 * branches' boundary and past the end, with ties on price and distance, and after price writes
 * made behind the API's back (migration 0016 moves the generation with them). Both databases.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_RULES, type ZipSearchResponse } from "@botox/core";
import { clinicPrices, clinics, insertPrice, oldestCountingDay } from "@botox/db";
import { createPublicTestContext, milesNorth, type PublicTestContext } from "../../test/public-app.ts";

const NOW = new Date("2026-06-15T12:00:00Z");
const TODAY = "2026-06-15";
const O = { latitude: 39.1, longitude: -94.58 };
const daysBefore = (days: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
let t: PublicTestContext;

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.now = () => NOW;
  await t.insertZip("64101", O.latitude, O.longitude, "Kansas City", "MO");
  await t.insertZip("63101", 38.63, -90.19, "St. Louis", "MO");
  const statuses = ["OPERATIONAL", "OPERATIONAL", "CLOSED_TEMPORARILY", "OPERATIONAL", "PERMANENTLY_CLOSED"] as const;
  const rows = await t.insertClinics(
    Array.from({ length: 60 }, (_, i) => ({
      name: `Cheapest Clinic ${String(i).padStart(2, "0")}`,
      city: "Kansas City",
      state: "MO",
      businessStatus: statuses[i % statuses.length]!,
      // Pairs at the very same spot (a tie on distance: the id decides), and a few not located.
      ...(i % 13 === 12 ? {} : milesNorth(O.latitude, O.longitude, 1 + Math.floor(i / 2) * 7)),
    })),
  );
  for (const [i, { id }] of rows.entries()) {
    if (i % 7 === 6) continue; // unpriced
    // Few distinct prices (ties on price), checked fresh, out of date (over 180 days) or too old to count (over 365).
    const age = [3, 30, 200, 300, 400][i % 5]!;
    await insertPrice(t.db.db, id, { brand: "botox", model: "per_unit", unitPriceCents: 1000 + (i % 4) * 100, source: "website", observedOn: daysBefore(age) });
    if (i % 9 === 0)
      await insertPrice(t.db.db, id, {
        brand: "botox",
        model: "per_unit",
        unitPriceCents: 500,
        source: "website",
        observedOn: daysBefore(1),
        status: "pending",
      });
  }
});
afterAll(() => t.close());

/** Every priced located clinic under the ceiling, ranked plainly: fresh before out of date, cheaper first, then nearer, then id. */
async function ranked(maxCents: number, statuses: readonly string[]) {
  const rows = await t.db.sql<{ id: number }[]>`
    SELECT c.id FROM clinics c JOIN clinic_current_prices p ON p.clinic_id = c.id AND p.brand = 'botox'
    WHERE p.per_unit_cents <= ${maxCents} AND p.checked_on >= ${oldestCountingDay(TODAY)}::date
      AND c.latitude IS NOT NULL AND c.longitude IS NOT NULL AND c.business_status = ANY(${statuses as string[]})
    ORDER BY (p.checked_on >= ${daysBefore(PRICE_RULES.outOfDateDays)}::date) DESC, p.per_unit_cents,
      (7918 * asin(least(1, sqrt(power(sin(radians(c.latitude - ${O.latitude}) / 2), 2)
        + cos(radians(${O.latitude})) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${O.longitude}) / 2), 2))))), c.id`;
  return rows.map((r) => r.id);
}

const search = async (query: string) => {
  const { status, body } = await t.get<ZipSearchResponse>(`/zip-search?postalCode=64101&distance=any&sortBy=price&${query}`);
  expect(status, query).toBe(200);
  return body;
};

describe("zip-search cheapest first under a ceiling, at any distance (read cache off)", () => {
  it("answers every page in the plain ranking's order, and its total", async () => {
    for (const [maxUnitPrice, statuses, filter] of [
      [12, ["OPERATIONAL", "CLOSED_TEMPORARILY"], ""],
      [10, ["OPERATIONAL", "CLOSED_TEMPORARILY"], ""],
      [13, ["OPERATIONAL"], "&businessStatus=OPERATIONAL"],
    ] as const) {
      const expected = await ranked(maxUnitPrice * 100, statuses);
      expect(expected.length).toBeGreaterThan(8);
      for (const [limit, pages] of [
        [3, Math.ceil(expected.length / 3) + 1],
        [10, Math.ceil(expected.length / 10) + 1],
        [50, 1],
      ] as const) {
        for (let page = 1; page <= pages; page++) {
          const body = await search(`maxUnitPrice=${maxUnitPrice}&limit=${limit}&page=${page}${filter}`);
          const q = `maxUnitPrice=${maxUnitPrice} limit=${limit} page=${page}${filter}`;
          expect(
            body.clinics.map((c) => c.id),
            q,
          ).toEqual(expected.slice((page - 1) * limit, page * limit));
          expect(body.totalCount, q).toBe(expected.length);
        }
      }
    }
  });

  it("answers the same page from another ZIP in its own distances, and an unknown ZIP with nothing", async () => {
    const other = await t.get<ZipSearchResponse>("/zip-search?postalCode=63101&distance=any&sortBy=price&maxUnitPrice=12&limit=50");
    const here = await search("maxUnitPrice=12&limit=50");
    expect(other.body.totalCount).toBe(here.totalCount);
    expect(new Set(other.body.clinics.map((c) => c.id))).toEqual(new Set(here.clinics.map((c) => c.id)));
    const unknown = await t.get<ZipSearchResponse>("/zip-search?postalCode=99998&distance=any&sortBy=price&maxUnitPrice=12");
    expect(unknown.body).toMatchObject({ clinics: [], totalCount: 0, origin: null });
  });

  it("keeps the total across requests only while no price or clinic changed (SQL behind the API's back)", async () => {
    const total = async () => (await search("maxUnitPrice=12&limit=1")).totalCount;
    const expected = async () => (await ranked(1200, ["OPERATIONAL", "CLOSED_TEMPORARILY"])).length;
    expect(await total()).toBe(await expected());
    const before = await total();
    // A new cheap price for an unpriced located clinic.
    const [unpriced] = await t.db.sql<{ id: number }[]>`
      SELECT c.id FROM clinics c WHERE c.latitude IS NOT NULL AND c.business_status = 'OPERATIONAL'
        AND NOT EXISTS (SELECT 1 FROM clinic_prices p WHERE p.clinic_id = c.id) ORDER BY c.id LIMIT 1`;
    await insertPrice(t.db.db, unpriced!.id, { brand: "botox", model: "per_unit", unitPriceCents: 900, source: "website", observedOn: daysBefore(2) });
    expect(await total()).toBe(before + 1);
    expect(await total()).toBe(await expected());
    // The price taken down, then a price raised over the ceiling in place.
    await t.db.db.delete(clinicPrices).where(eq(clinicPrices.clinicId, unpriced!.id));
    expect(await total()).toBe(before);
    const [cheap] = await t.db.sql<{ id: number }[]>`
      SELECT p.id FROM clinic_prices p JOIN clinic_current_prices cur ON cur.price_id = p.id
      JOIN clinics c ON c.id = p.clinic_id WHERE cur.per_unit_cents <= 1200 AND c.latitude IS NOT NULL
        AND c.business_status = 'OPERATIONAL' AND cur.checked_on >= ${oldestCountingDay(TODAY)}::date ORDER BY p.id LIMIT 1`;
    await t.db.db.update(clinicPrices).set({ perUnitCents: 1900 }).where(eq(clinicPrices.id, cheap!.id));
    expect(await total()).toBe(before - 1);
    expect(await total()).toBe(await expected());
    // A clinic's status still moves it, as for the searches without a price.
    await t.db.db.execute(sql`UPDATE ${clinics} SET business_status = 'PERMANENTLY_CLOSED' WHERE id = (
      SELECT c.id FROM clinics c JOIN clinic_current_prices cur ON cur.clinic_id = c.id
      WHERE cur.per_unit_cents <= 1200 AND c.latitude IS NOT NULL AND c.business_status = 'OPERATIONAL' AND cur.checked_on >= ${oldestCountingDay(TODAY)}::date
      ORDER BY c.id LIMIT 1)`);
    expect(await total()).toBe(await expected());
  });
});
