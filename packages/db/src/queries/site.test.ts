import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { listSiteCities } from "./site.ts";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.sql`
    insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values
      ('A', 'a', 'Springfield', 'springfield', 'IL', 39.80, -89.64),
      ('B', 'b', 'Springfield', 'springfield', 'il ', 39.82, -89.66),
      ('C', 'c', 'Springfield', 'springfield', 'MO', 37.20, -93.29),
      ('D', 'd', 'Boston', 'boston', 'MA', 42.35, -71.06)`;
});
afterAll(async () => {
  await t?.close();
});

describe("listSiteCities", () => {
  it("is one city per slug and state, with a state-coded page slug where states share the slug", async () => {
    const cities = await listSiteCities(t.db);
    expect(cities.map((c) => [c.citySlug, c.state, c.pageSlug, c.count])).toEqual([
      ["boston", "MA", "boston", 1],
      ["springfield", "IL", "springfield-il", 2],
      ["springfield", "MO", "springfield-mo", 1],
    ]);
    const il = cities.find((c) => c.pageSlug === "springfield-il")!;
    expect([il.latitude, il.longitude].map((v) => Math.round(v! * 100) / 100)).toEqual([39.81, -89.65]);
  });
});
