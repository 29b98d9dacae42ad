/**
 * A search for a brand on a ZIP page (the box sends "xeomin 64101" there): zip-search with
 * `brand` and the price filter's ceiling lists only clinics posting a current per-unit price of
 * that brand, each card with that brand's price, cheapest first with sortBy=price; other
 * brands' and unpriced clinics are left out. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZipSearchResponse } from "@botox/core";
import { insertPrice } from "@botox/db";
import { createPublicTestContext, milesNorth, type PublicTestContext } from "../../test/public-app.ts";

const NOW = new Date("2026-06-15T12:00:00Z");
const O = { latitude: 39.1, longitude: -94.58 };
let t: PublicTestContext;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.now = () => NOW;
  await t.insertZip("64101", O.latitude, O.longitude, "Kansas City", "MO");
  const rows = await t.insertClinics(
    ["Xeo Cheap", "Xeo Dear", "Botox Only", "Unpriced", "Xeo Far"].map((name, i) => ({
      name,
      city: "Kansas City",
      state: "MO",
      ...milesNorth(O.latitude, O.longitude, name === "Xeo Far" ? 80 : 1 + i),
    })),
  );
  for (const r of rows) ids[r.name] = r.id;
  const price = (id: number, brand: "xeomin" | "botox", cents: number) =>
    insertPrice(t.db.db, id, { brand, model: "per_unit", unitPriceCents: cents, source: "website", observedOn: "2026-06-01" });
  await price(ids["Xeo Cheap"]!, "xeomin", 900);
  await price(ids["Xeo Cheap"]!, "botox", 1400);
  await price(ids["Xeo Dear"]!, "xeomin", 1300);
  await price(ids["Botox Only"]!, "botox", 1000);
  await price(ids["Xeo Far"]!, "xeomin", 800);
});
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await t.get<ZipSearchResponse>(`/zip-search?postalCode=64101${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

describe("zip-search filtered by brand", () => {
  it("lists only the brand's clinics, with the brand's price, cheapest first", async () => {
    const body = await search("&brand=xeomin&maxUnitPrice=1000&sortBy=price");
    expect(body.clinics.map((c) => c.name)).toEqual(["Xeo Cheap", "Xeo Dear"]);
    expect(body.totalCount).toBe(2);
    expect(body.clinics.map((c) => [c.currentPrice?.brand, c.currentPrice?.perUnitCents])).toEqual([
      ["xeomin", 900],
      ["xeomin", 1300],
    ]);
  });

  it("keeps the distance: a wider circle reaches the far clinic", async () => {
    expect((await search("&brand=xeomin&maxUnitPrice=1000&sortBy=price")).clinics.some((c) => c.name === "Xeo Far")).toBe(false);
    const any = await search("&brand=xeomin&maxUnitPrice=1000&sortBy=price&distance=100");
    expect(any.clinics.map((c) => c.name)).toEqual(["Xeo Far", "Xeo Cheap", "Xeo Dear"]);
  });

  it("without a brand, every clinic nearest first, with its Botox price", async () => {
    const body = await search("");
    expect(body.clinics.map((c) => c.name)).toEqual(["Xeo Cheap", "Xeo Dear", "Botox Only", "Unpriced"]);
    expect(body.clinics[0]?.currentPrice?.brand).toBe("botox");
  });

  it("refuses a brand it does not know with a clear message", async () => {
    const res = await t.get("/zip-search?postalCode=64101&brand=botex&maxUnitPrice=1000");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/brand/i);
  });
});
