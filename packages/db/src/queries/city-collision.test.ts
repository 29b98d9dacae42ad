/** City page slugs that collide, on the site's pages and the API's lookup. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { listSiteCities } from "./site.ts";
import { searchClinicsInCity } from "./city-search.ts";
import { findCityCentre, parseCitySlug } from "./cities.ts";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.sql`
    insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values
      ('Illinois Spa', 'illinois-spa', 'Redteamville', 'redteamville', 'IL', 40.0, -89.0),
      ('Missouri Spa', 'missouri-spa', 'Redteamville', 'redteamville', 'MO', 38.0, -92.0),
      ('Texas Spa', 'texas-spa', 'Redteamville IL', 'redteamville-il', 'TX', 31.0, -97.0),
      ('York Spa', 'york-spa', 'New York', 'new-york', 'NY', 40.7, -74.0)`;
});
afterAll(async () => {
  await t?.close();
});

const names = async (city: string) =>
  (await searchClinicsInCity(t.db, { city, page: 1, limit: 10, sortBy: "name", radiusMiles: null })).items.map((c) => c.name);

describe("colliding city slugs", () => {
  it("gives every city its own page slug", async () => {
    const cities = await listSiteCities(t.db);
    const pages = cities.map((c) => [c.city, c.state, c.pageSlug]);
    expect(pages).toEqual([
      ["New York", "NY", "new-york"],
      ["Redteamville", "IL", "redteamville-il"],
      ["Redteamville", "MO", "redteamville-mo"],
      ["Redteamville IL", "TX", "redteamville-il-tx"],
    ]);
  });

  it("answers each page slug with that city's clinics alone, and the state-suffixed form of any city", async () => {
    await expect(names("redteamville-il")).resolves.toEqual(["Illinois Spa"]);
    await expect(names("redteamville-mo")).resolves.toEqual(["Missouri Spa"]);
    await expect(names("redteamville-il-tx")).resolves.toEqual(["Texas Spa"]);
    await expect(names("new-york-ny")).resolves.toEqual(["York Spa"]);
    await expect(names("new-york")).resolves.toEqual(["York Spa"]);
    await expect(findCityCentre(t.db, parseCitySlug("redteamville-il"))).resolves.toEqual({ latitude: 40, longitude: -89 });
  });
});
