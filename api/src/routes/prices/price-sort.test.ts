/**
 * Cheapest first orders by current prices only: prices checked within 180
 * days first, cheapest first; out-of-date ones (181 to 365 days) after them, cheapest first;
 * then clinics without a current price (none, or only one older than 365 days). The same on
 * zip-search and clinics-by-city.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClinicListResponse, ZipSearchResponse } from "@botox/core";
import { insertPrice } from "@botox/db";
import { createPublicTestContext, milesNorth, type PublicTestContext } from "../../test/public-app.ts";

const NOW = new Date("2026-11-25T15:00:00Z");
const O = { latitude: 41.8781, longitude: -87.6298 };
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10);
let t: PublicTestContext;

// Nearest first is the reverse of the expected price order, so distance cannot explain it.
const CLINICS = [
  { name: "Unpriced", miles: 1, price: null },
  { name: "Only A Year-Old Price", miles: 2, price: { cents: 500, age: 400 } },
  { name: "Stale Dear", miles: 3, price: { cents: 1200, age: 300 } },
  { name: "Stale Cheapest", miles: 4, price: { cents: 800, age: 200 } },
  { name: "Fresh Dear", miles: 5, price: { cents: 1400, age: 100 } },
  { name: "Fresh Cheap", miles: 6, price: { cents: 1000, age: 10 } },
] as const;

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.now = () => NOW;
  await t.insertZip("60601", O.latitude, O.longitude, "Sortville", "IL");
  const rows = await t.insertClinics(
    CLINICS.map((c, i) => ({ name: c.name, city: "Sortville", state: "IL", ...milesNorth(O.latitude, O.longitude, c.miles), reviewCount: 100 - i })),
  );
  for (const [i, c] of CLINICS.entries()) {
    if (!c.price) continue;
    await insertPrice(t.db.db, rows[i]!.id, {
      brand: "botox",
      model: "per_unit",
      unitPriceCents: c.price.cents,
      source: "website",
      observedOn: daysBefore(c.price.age),
    });
  }
});
afterAll(() => t.close());

const EXPECTED = ["Fresh Cheap", "Fresh Dear", "Stale Cheapest", "Stale Dear"];

describe("sortBy=price", () => {
  it("zip-search: current prices first, out-of-date ones after them, then the clinics without a current price (nearest first)", async () => {
    const { body } = await t.get<ZipSearchResponse>("/zip-search?postalCode=60601&sortBy=price");
    expect(body.clinics.map((c) => c.name)).toEqual([...EXPECTED, "Unpriced", "Only A Year-Old Price"]);
    expect(body.clinics.map((c) => c.currentPrice?.perUnitCents ?? null)).toEqual([1000, 1400, 800, 1200, null, null]);
    expect(body.totalCount).toBe(6);
  });

  it("zip-search with a price ceiling: the same order among the clinics at most that", async () => {
    const { body } = await t.get<ZipSearchResponse>("/zip-search?postalCode=60601&sortBy=price&maxUnitPrice=13&distance=any");
    expect(body.clinics.map((c) => c.name)).toEqual(["Fresh Cheap", "Stale Cheapest", "Stale Dear"]);
    expect(body.totalCount).toBe(3);
  });

  it("clinics-by-city: the same order, clinics without a current price last (best reviewed first)", async () => {
    const { body } = await t.get<ClinicListResponse>("/proxy/clinics-by-city/sortville?sortBy=price");
    expect(body.clinics.map((c) => c.name)).toEqual([...EXPECTED, "Unpriced", "Only A Year-Old Price"]);
    expect(body.pagination.totalItems).toBe(6);
    const page2 = await t.get<ClinicListResponse>("/proxy/clinics-by-city/sortville?sortBy=price&limit=3&page=2");
    expect(page2.body.clinics.map((c) => c.name)).toEqual(["Stale Dear", "Unpriced", "Only A Year-Old Price"]);
  });
});
