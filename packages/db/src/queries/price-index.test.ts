/**
 * The price index reads each clinic's current price from clinic_current_prices (decision 212):
 * the same prices, hence the same index, as the newest-first probe of clinic_prices it
 * replaced, for a city (with and without a state code), a ZIP's radius and a point's radius,
 * on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { computePriceIndex, type PriceBrand } from "@botox/core";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { clinics, zipCodes } from "../schema/schema.ts";
import { insertPrice } from "./clinic-prices.ts";
import { priceIndexInCity, priceIndexNear, priceIndexNearZip } from "./price-index.ts";

const TODAY = "2026-06-15";
const daysBefore = (days: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(zipCodes).values({ zip: "73301", latitude: 30.27, longitude: -97.74, city: "Austin", state: "TX" });
  const rows = Array.from({ length: 30 }, (_, i) => ({
    name: `Index Clinic ${i}`,
    slug: `index-clinic-${i}`,
    city: i % 3 === 2 ? "Paris" : "Austin",
    citySlug: i % 3 === 2 ? "paris" : "austin",
    state: i % 3 === 2 ? "TX" : "TX",
    // Spread north of the centroid, from next door to about 45 miles away.
    latitude: 30.27 + i * 0.022,
    longitude: -97.74,
  }));
  const inserted = await t.db.insert(clinics).values(rows).returning({ id: clinics.id });
  for (const [i, { id }] of inserted.entries()) {
    // Several prices per clinic: the newest published per-unit one counts, if checked within 365 days.
    await insertPrice(t.db, id, { brand: "botox", model: "per_unit", unitPriceCents: 1000 + i * 17, source: "website", observedOn: daysBefore(400 - i * 12) });
    if (i % 2 === 0)
      await insertPrice(t.db, id, { brand: "botox", model: "per_unit", unitPriceCents: 900 + i * 11, source: "website", observedOn: daysBefore(30 + i) });
    if (i % 4 === 1)
      await insertPrice(t.db, id, { brand: "botox", model: "per_unit", unitPriceCents: 700, source: "website", observedOn: daysBefore(1), status: "pending" });
    if (i % 5 === 0)
      await insertPrice(t.db, id, {
        brand: "botox",
        model: "per_area",
        area: "forehead",
        priceCents: 30_000,
        units: 20,
        source: "phone",
        observedOn: daysBefore(2),
      });
    if (i % 3 === 0)
      await insertPrice(t.db, id, { brand: "dysport", model: "per_unit", unitPriceCents: 400 + i, source: "website", observedOn: daysBefore(10) });
  }
});
afterAll(() => t?.close());

/** The index as core computes it: each clinic's current own per-unit price (decision 240), probed in clinic_prices. */
async function probed(where: ReturnType<typeof sql>, brand: PriceBrand) {
  const rows = await t.db.execute<{ per_unit_cents: number; observed_on: string; checked_on: string }>(sql`
    SELECT cur.per_unit_cents, cur.observed_on::text AS observed_on, cur.checked_on::text AS checked_on
    FROM clinics CROSS JOIN LATERAL (
      SELECT cp.per_unit_cents, cp.observed_on, cp.checked_on FROM clinic_prices cp
      WHERE cp.clinic_id = clinics.id AND cp.brand = ${brand} AND cp.status = 'published' AND cp.model = 'per_unit' AND cp.per_unit_cents IS NOT NULL
      ORDER BY date_trunc('month', cp.checked_on) DESC, (cp.source <> 'patient_report') DESC, cp.checked_on DESC, cp.id DESC LIMIT 1) cur
    WHERE ${where} AND cur.checked_on >= ${daysBefore(365)}::date`);
  return computePriceIndex(
    brand,
    rows.map((r) => ({ perUnitCents: Number(r.per_unit_cents), observedOn: r.observed_on, checkedOn: r.checked_on })),
  );
}

describe("price index from the kept current prices", () => {
  it("a city's, with or without its state code, is the index of the newest-first probe", async () => {
    for (const brand of ["botox", "dysport"] as const) {
      const austin = await priceIndexInCity(t.db, "austin", brand, TODAY);
      expect(austin).toEqual(await probed(sql`clinics.city_slug = 'austin'`, brand));
      expect(await priceIndexInCity(t.db, "Paris-TX", brand, TODAY)).toEqual(await probed(sql`clinics.city_slug = 'paris'`, brand));
    }
    const austin = await priceIndexInCity(t.db, "austin", "botox", TODAY);
    // Not an empty comparison: old prices, pending and per-area ones were left out.
    expect(austin.sufficient).toBe(true);
    expect(austin.clinics).toBeGreaterThan(5);
    expect(austin.clinics).toBeLessThan(20);
  });

  it("a ZIP's radius, read in one statement with its centroid, and a point's, are the probe's", async () => {
    for (const miles of [10, 25, 100]) {
      const within = sql`clinics.latitude IS NOT NULL AND (7918 * asin(least(1, sqrt(power(sin(radians(clinics.latitude - 30.27) / 2), 2)
        + cos(radians(30.27)) * cos(radians(clinics.latitude)) * power(sin(radians(clinics.longitude + 97.74) / 2), 2))))) <= ${miles}`;
      const expected = await probed(within, "botox");
      expect(await priceIndexNearZip(t.db, "73301", miles, "botox", TODAY)).toEqual(expected);
      expect(await priceIndexNear(t.db, { latitude: 30.27, longitude: -97.74 }, miles, "botox", TODAY)).toEqual(expected);
    }
  });

  it("an unknown ZIP's index has no clinics", async () => {
    expect(await priceIndexNearZip(t.db, "99999", 25, "botox", TODAY)).toEqual({
      brand: "botox",
      median: null,
      p25: null,
      p75: null,
      clinics: 0,
      sufficient: false,
      newestObservedOn: null,
    });
  });
});
