/**
 * clinic_current_prices (migration 0007): a trigger on clinic_prices keeps each clinic's newest
 * published per-unit price per brand, whatever writes the price, and the price filter and sort
 * read it — at any distance too, where they used to probe every located clinic. Each row also
 * carries its clinic's place (migration 0018), which the price index of an area reads alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { deletePrice, insertPrice, updatePrice } from "./clinic-prices.ts";
import { searchClinicsInCity } from "./city-search.ts";
import { searchClinicsNearZipByPrice } from "./zip-search-by-price.ts";
import { priceIndexInCity, priceIndexNearZip } from "./price-index.ts";

let t: TestDatabase;
let ids: Record<"near" | "far" | "unpriced", number>;
const today = "2026-11-23";

beforeAll(async () => {
  t = await createTestDatabase();
  const rows = await t.sql<{ id: number; slug: string }[]>`
    insert into clinics (name, slug, city, city_slug, state, latitude, longitude, business_status) values
      ('Near Spa', 'near-spa', 'Pricetown', 'pricetown', 'NY', 40.75, -73.99, 'OPERATIONAL'),
      ('Far Spa', 'far-spa', 'Pricetown', 'pricetown', 'NY', 34.05, -118.24, 'OPERATIONAL'),
      ('Unpriced Spa', 'unpriced-spa', 'Pricetown', 'pricetown', 'NY', 40.76, -73.98, 'OPERATIONAL')
    returning id, slug`;
  const by = (slug: string) => rows.find((r) => r.slug === slug)?.id ?? 0;
  ids = { near: by("near-spa"), far: by("far-spa"), unpriced: by("unpriced-spa") };
  await t.sql`insert into zip_codes (zip, city, state, latitude, longitude) values ('99901', 'Pricetown', 'NY', 40.75, -73.99) on conflict do nothing`;
});
afterAll(async () => {
  await t?.close();
});

const current = async () =>
  (
    await t.sql<{ clinic_id: number; brand: string; per_unit_cents: number; checked_on: string }[]>`
    select clinic_id, brand::text, per_unit_cents, checked_on::text from clinic_current_prices order by clinic_id, brand`
  ).map((r) => ({ ...r }));

const perUnit = (cents: number, observedOn: string) => ({ brand: "botox", model: "per_unit", unitPriceCents: cents, source: "phone", observedOn }) as const;

describe("clinic_current_prices", () => {
  it("follows inserts, newer prices, status changes, edits and deletes", async () => {
    const old = await insertPrice(t.db, ids.near, perUnit(1400, "2026-06-01"));
    const newer = await insertPrice(t.db, ids.near, perUnit(1200, "2026-10-01"));
    await insertPrice(t.db, ids.far, perUnit(900, "2026-09-01"));
    expect(await current()).toEqual([
      { clinic_id: ids.near, brand: "botox", per_unit_cents: 1200, checked_on: "2026-10-01" },
      { clinic_id: ids.far, brand: "botox", per_unit_cents: 900, checked_on: "2026-09-01" },
    ]);
    // Held for review: no longer the current price, the older one is again.
    await updatePrice(t.db, newer.id, { ...perUnit(1200, "2026-10-01"), status: "pending" }, true);
    expect((await current())[0]).toMatchObject({ clinic_id: ids.near, per_unit_cents: 1400 });
    await updatePrice(t.db, old.id, perUnit(1500, "2026-06-01"), false);
    expect((await current())[0]).toMatchObject({ clinic_id: ids.near, per_unit_cents: 1500 });
    await deletePrice(t.db, old.id);
    expect((await current()).map((r) => r.clinic_id)).toEqual([ids.far]);
    await updatePrice(t.db, newer.id, { ...perUnit(1200, "2026-10-01"), status: "published" }, true);
    expect((await current()).map((r) => r.clinic_id)).toEqual([ids.near, ids.far]);
  });

  it("drops a deleted clinic's row with it", async () => {
    const [gone] = await t.sql<{ id: number }[]>`
      insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values ('Gone Spa', 'gone-spa', 'Pricetown', 'pricetown', 'NY', 40.7, -74.0) returning id`;
    if (!gone) throw new Error("no clinic inserted");
    await insertPrice(t.db, gone.id, perUnit(1000, "2026-10-01"));
    expect((await current()).map((r) => r.clinic_id)).toContain(gone.id);
    await t.sql`delete from clinics where id = ${gone.id}`;
    expect((await current()).map((r) => r.clinic_id)).not.toContain(gone.id);
  });

  it("serves the price filter and sort at any distance and within a radius, unpriced last", async () => {
    const zip = (radiusMiles: number | null, maxUnitCents?: number) =>
      searchClinicsNearZipByPrice(t.db, {
        postalCode: "99901",
        page: 1,
        limit: 10,
        radiusMiles,
        sortBy: "price",
        price: { brand: "botox", today, maxUnitCents },
      }).then((p) => p.items.map((c) => c.name));
    await expect(zip(null)).resolves.toEqual(["Far Spa", "Near Spa", "Unpriced Spa"]);
    await expect(zip(null, 1000)).resolves.toEqual(["Far Spa"]);
    await expect(zip(25)).resolves.toEqual(["Near Spa", "Unpriced Spa"]);
    await expect(zip(25, 1000)).resolves.toEqual([]);
    // Any distance with a filter counts its total apart from the page: still every match.
    const paged = (page: number) =>
      searchClinicsNearZipByPrice(t.db, {
        postalCode: "99901",
        page,
        limit: 1,
        radiusMiles: null,
        sortBy: "price",
        price: { brand: "botox", today, maxUnitCents: 1300 },
      });
    await expect(paged(1)).resolves.toMatchObject({ total: 2, items: [{ name: "Far Spa" }] });
    await expect(paged(2)).resolves.toMatchObject({ total: 2, items: [{ name: "Near Spa" }] });
    await expect(paged(3)).resolves.toMatchObject({ total: 2, items: [] });
    const city = (maxUnitCents?: number) =>
      searchClinicsInCity(t.db, {
        city: "pricetown",
        page: 1,
        limit: 10,
        radiusMiles: null,
        sortBy: "price",
        price: { brand: "botox", today, maxUnitCents },
      }).then((p) => p.items.map((c) => c.name));
    await expect(city()).resolves.toEqual(["Far Spa", "Near Spa", "Unpriced Spa"]);
    await expect(city(1200)).resolves.toEqual(["Far Spa", "Near Spa"]);
  });

  it("counts a price older than 365 days for nothing, though it stays the newest", async () => {
    await expect(
      searchClinicsNearZipByPrice(t.db, {
        postalCode: "99901",
        page: 1,
        limit: 10,
        radiusMiles: null,
        sortBy: "price",
        price: { brand: "botox", today: "2027-12-01", maxUnitCents: 5000 },
      }),
    ).resolves.toMatchObject({ items: [], total: 0 });
  });

  it("carries its clinic's place, kept when the clinic moves, closes or changes city (0018)", async () => {
    const [moving] = await t.sql<{ id: number }[]>`
      insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values ('Moving Spa', 'moving-spa', 'Pricetown', 'pricetown', 'NY', 40.74, -73.98) returning id`;
    if (!moving) throw new Error("no clinic inserted");
    await insertPrice(t.db, moving.id, perUnit(1111, "2026-10-01"));
    const place = async () =>
      (
        await t.sql<{ latitude: number | null; longitude: number | null; business_status: string; city_slug: string; state: string }[]>`
        select latitude, longitude, business_status::text, city_slug, state from clinic_current_prices where clinic_id = ${moving.id}`
      ).map((r) => ({ ...r }));
    expect(await place()).toEqual([{ latitude: 40.74, longitude: -73.98, business_status: "OPERATIONAL", city_slug: "pricetown", state: "NY" }]);
    // The price index of the ZIP and of the city counts it where the clinic is.
    // A city's listing under a price ceiling ranks from the same copy.
    const cappedIn = async (city: string) =>
      (
        await searchClinicsInCity(t.db, { city, page: 1, limit: 10, radiusMiles: null, sortBy: "price", price: { brand: "botox", today, maxUnitCents: 1111 } })
      ).items.map((c) => c.name);
    const units = async () => ({
      listed: await cappedIn("farville"),
      zip: (await priceIndexNearZip(t.db, "99901", 25, "botox", today)).clinics,
      city: (await priceIndexInCity(t.db, "pricetown", "botox", today)).clinics,
      moved: (await priceIndexInCity(t.db, "farville", "botox", today)).clinics,
    });
    const before = await units();
    expect(await cappedIn("pricetown")).toContain("Moving Spa");
    await t.sql`update clinics set latitude = 34.05, longitude = -118.24, city = 'Farville', city_slug = 'farville', state = 'CA' where id = ${moving.id}`;
    expect(await place()).toEqual([{ latitude: 34.05, longitude: -118.24, business_status: "OPERATIONAL", city_slug: "farville", state: "CA" }]);
    expect(before.listed).toEqual([]);
    expect(await units()).toEqual({ listed: ["Moving Spa"], zip: before.zip - 1, city: before.city - 1, moved: before.moved + 1 });
    expect(await cappedIn("pricetown")).not.toContain("Moving Spa");
    await t.sql`update clinics set business_status = 'CLOSED_TEMPORARILY', latitude = null where id = ${moving.id}`;
    expect(await place()).toMatchObject([{ latitude: null, business_status: "CLOSED_TEMPORARILY" }]);
    // A newer price is written with the clinic's place as it is now.
    await insertPrice(t.db, moving.id, perUnit(999, "2026-11-01"));
    expect(await place()).toMatchObject([{ latitude: null, longitude: -118.24, business_status: "CLOSED_TEMPORARILY", city_slug: "farville", state: "CA" }]);
    await t.sql`delete from clinics where id = ${moving.id}`;
  });
  it("keeps the clinic's own per-unit price: an area price never stands in, a visitor's report of the same month never replaces it (0022)", async () => {
    const [own] = await t.sql<{ id: number }[]>`
      insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values ('Own Spa', 'own-spa', 'Owntown', 'owntown', 'NY', 40.7, -74.1) returning id`;
    if (!own) throw new Error("no clinic inserted");
    const row = async () =>
      (await t.sql<{ per_unit_cents: number }[]>`select per_unit_cents from clinic_current_prices where clinic_id = ${own.id} and brand = 'botox'`)[0];
    await insertPrice(t.db, own.id, { ...perUnit(1150, "2026-11-02"), source: "website" });
    await insertPrice(t.db, own.id, {
      brand: "botox",
      model: "per_area",
      area: "frown_lines",
      priceCents: 19900,
      units: 20,
      source: "website",
      observedOn: "2026-11-20",
    });
    expect(await row()).toEqual({ per_unit_cents: 1150 });
    await insertPrice(t.db, own.id, { ...perUnit(900, "2026-11-01"), source: "patient_report" });
    expect(await row()).toEqual({ per_unit_cents: 1150 });
    // A report of a later month is newer than the clinic's price.
    await insertPrice(t.db, own.id, { ...perUnit(1000, "2026-12-01"), source: "patient_report" });
    expect(await row()).toEqual({ per_unit_cents: 1000 });
    // Letybo is a brand of its own.
    await insertPrice(t.db, own.id, { brand: "letybo", model: "per_unit", unitPriceCents: 1000, source: "phone", observedOn: "2026-11-10" });
    expect((await current()).filter((r) => r.clinic_id === own.id).map((r) => [r.brand, r.per_unit_cents])).toEqual([
      ["botox", 1000],
      ["letybo", 1000],
    ]);
    await t.sql`delete from clinics where id = ${own.id}`;
  });
});
