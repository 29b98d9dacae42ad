/**
 * zip-search's radius totals counted in the process (decision 222): a served API has kept
 * places (deps.locatedPlaces); its answers are the ones PostgreSQL's count gives, before and
 * after writes made behind the API's back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocatedPlaces } from "@botox/db";
import { createApp } from "../../app.ts";
import { createPublicTestContext, milesNorth, socketEnv, TEST_ORIGIN, type PublicTestContext } from "../../test/public-app.ts";
import { sendRequest } from "../../test/request.ts";

const O = { latitude: 33.45, longitude: -112.07 };
let t: PublicTestContext;
const places = new LocatedPlaces();
/** The same app but with kept places: PostgreSQL counts for `t`, the process for this one. */
let kept: (path: string) => Promise<Response>;

beforeAll(async () => {
  t = await createPublicTestContext();
  const app = createApp({ ...t.deps, locatedPlaces: places });
  kept = (path) => sendRequest(app, TEST_ORIGIN, "GET", path, {}, socketEnv("203.0.113.7"));
  await t.insertZip("85004", O.latitude, O.longitude, "Phoenix", "AZ");
  await t.insertClinics(
    Array.from({ length: 40 }, (_, i) => ({
      name: `Desert Clinic ${i}`,
      city: "Phoenix",
      state: "AZ",
      businessStatus: i % 5 === 0 ? ("CLOSED_TEMPORARILY" as const) : ("OPERATIONAL" as const),
      ...milesNorth(O.latitude + Math.sin(i) * 0.2, O.longitude + Math.cos(i) * 0.25, i),
    })),
  );
});

afterAll(() => t.close());

const QUERIES = ["distance=25", "distance=10&page=2&limit=3", "distance=50&businessStatus=OPERATIONAL&limit=5", "distance=5&limit=1&page=3"];

async function expectSameAnswers(): Promise<void> {
  for (const q of QUERIES) {
    const a = await t.request("GET", `/zip-search?postalCode=85004&${q}`);
    const b = await kept(`/zip-search?postalCode=85004&${q}`);
    expect(b.status, q).toBe(200);
    expect(await b.text(), q).toBe(await a.text());
  }
}

describe("zip-search with the radius totals counted in the process", () => {
  it("answers as PostgreSQL's count does, before and after the places are read, and after writes behind the API's back", async () => {
    await expectSameAnswers();
    await places.load(t.deps.db);
    expect(places.total("85004", 25, undefined)).toBeDefined();
    await expectSameAnswers();
    // A new clinic in the circle and one moved out of it, by SQL: the generation moves.
    await t.deps
      .sql`insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values ('Newcomer', 'newcomer-85004', 'Phoenix', 'phoenix', 'AZ', ${O.latitude}, ${O.longitude})`;
    await t.deps.sql`update clinics set latitude = latitude + 3 where name = 'Desert Clinic 1'`;
    await expectSameAnswers();
    await places.load(t.deps.db);
    await expectSameAnswers();
  });
});
