import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, QUERY_MSG, distanceMiles, type ZipSearchResponse } from "@botox/core";
import { createPublicTestContext, milesNorth, type PublicTestContext } from "../../test/public-app.ts";

const ZIP = "10001";
const O = { latitude: 40.7506, longitude: -73.9972 };
let t: PublicTestContext;

beforeAll(async () => {
  t = await createPublicTestContext();
  await t.insertZip(ZIP, O.latitude, O.longitude, "New York", "NY");
  const at = (miles: number) => milesNorth(O.latitude, O.longitude, miles);
  await t.insertClinics([
    { name: "Near One", city: "New York", state: "NY", ...at(1), reviewCount: 10 },
    { name: "Ten Out", city: "New York", state: "NY", ...at(10) },
    { name: "Thirty Out", city: "Yonkers", state: "NY", ...at(30) },
    { name: "Far Away", city: "Albany", state: "NY", ...at(140) },
    { name: "Very Far", city: "Montreal", state: "QC", ...at(300) },
    { name: "No Coordinates", city: "New York", state: "NY" },
    { name: "Closed Five", city: "New York", state: "NY", ...at(5), businessStatus: "CLOSED_TEMPORARILY" },
    // Off to the east, to check distances against the haversine on a diagonal too.
    { name: "East Side", city: "Brooklyn", state: "NY", latitude: 40.68, longitude: -73.9 },
  ]);
});
afterAll(() => t.close());

const search = (query: string) => t.get<ZipSearchResponse & { error?: string }>(`/zip-search?${query}`);
const names = (r: ZipSearchResponse) => r.clinics.map((c) => c.name);

describe("GET /zip-search", () => {
  it("finds clinics within 25 miles by default, nearest first, with _distance from the ZIP centroid", async () => {
    const { status, body } = await search(`postalCode=${ZIP}`);
    expect(status).toBe(200);
    expect(names(body)).toEqual(["Near One", "Closed Five", "East Side", "Ten Out"]);
    expect(body).toMatchObject({
      totalCount: 4,
      itemsPerPage: 10,
      currentPage: 1,
      origin: { latitude: O.latitude, longitude: O.longitude, city: "New York", state: "NY" },
    });
    for (const c of body.clinics) {
      const expected = distanceMiles(O, { latitude: c.latitude!, longitude: c.longitude! });
      expect(Math.abs(c._distance! - Math.round(expected * 10) / 10)).toBeLessThanOrEqual(0.05);
    }
    expect(body.clinics[0]!._distance).toBe(1);
    expect(body.clinics[0]).toMatchObject({ citySlug: "new-york", reviews: expect.any(String), businessStatus: "OPERATIONAL" });
  });

  it("widens with distance, and 'any' or 150 mean no limit (located clinics only)", async () => {
    expect(names((await search(`postalCode=${ZIP}&distance=50`)).body)).toContain("Thirty Out");
    for (const d of ["any", "ANY", "150"]) {
      const { body } = await search(`postalCode=${ZIP}&distance=${d}&limit=100`);
      expect(body.totalCount).toBe(7);
      expect(names(body).slice(-2)).toEqual(["Far Away", "Very Far"]);
      expect(names(body)).not.toContain("No Coordinates");
    }
  });

  it("filters by business status, comma-joined, either case", async () => {
    expect(names((await search(`postalCode=${ZIP}&businessStatus=operational`)).body)).not.toContain("Closed Five");
    expect(names((await search(`postalCode=${ZIP}&businessStatus=CLOSED_TEMPORARILY`)).body)).toEqual(["Closed Five"]);
    const both = await search(`postalCode=${ZIP}&businessStatus=OPERATIONAL,closed_temporarily`);
    expect(both.body.totalCount).toBe(4);
  });

  it("pages with a stable total", async () => {
    const p2 = await search(`postalCode=${ZIP}&limit=3&page=2`);
    expect(p2.body).toMatchObject({ totalCount: 4, itemsPerPage: 3, currentPage: 2 });
    expect(names(p2.body)).toEqual(["Ten Out"]);
    const past = await search(`postalCode=${ZIP}&limit=3&page=9`);
    expect(past.body).toMatchObject({ clinics: [], totalCount: 4, currentPage: 9 });
  });

  it("pages the same clinics whichever number of nearest clinics the statement reads (10, 20…)", async () => {
    // The statement reads the nearest 10, 20, 30… clinics (a constant of its text): pages
    // ending past 10 or 20 are the same slices of the nearest-first order.
    const all = names((await search(`postalCode=${ZIP}&distance=any&limit=100`)).body);
    expect(all).toHaveLength(7);
    for (const limit of [1, 2, 3, 6, 9]) {
      const pages: string[] = [];
      for (let page = 1; (page - 1) * limit < all.length; page++) {
        const { body } = await search(`postalCode=${ZIP}&distance=any&limit=${limit}&page=${page}`);
        expect(body.totalCount).toBe(7);
        pages.push(...names(body));
      }
      expect(pages, `limit ${limit}`).toEqual(all);
    }
    const deep = await search(`postalCode=${ZIP}&distance=any&limit=4&page=5`);
    expect(deep.body).toMatchObject({ clinics: [], totalCount: 7, currentPage: 5 });
  });

  it("answers an unknown ZIP with an empty result", async () => {
    const { status, body } = await search("postalCode=99998");
    expect(status).toBe(200);
    expect(body).toEqual({ clinics: [], totalCount: 0, itemsPerPage: 10, currentPage: 1, origin: null });
  });

  it.each([
    ["postalCode=1234", MSG.search.invalidZip],
    ["postalCode=abcde", MSG.search.invalidZip],
    ["", MSG.search.invalidZip],
    ["postalCode=10001'%3B%20drop%20table%20clinics%3B--", MSG.search.invalidZip],
    [`postalCode=${ZIP}&page=0`, QUERY_MSG.page],
    [`postalCode=${ZIP}&page=x`, QUERY_MSG.page],
    [`postalCode=${ZIP}&limit=101`, QUERY_MSG.limit(100)],
    [`postalCode=${ZIP}&limit=2.5`, QUERY_MSG.limit(100)],
    [`postalCode=${ZIP}&distance=-5`, QUERY_MSG.distance],
    [`postalCode=${ZIP}&distance=far`, QUERY_MSG.distance],
    [`postalCode=${ZIP}&businessStatus=open`, MSG.validation.invalidStatus],
    [`postalCode=${ZIP}&businessStatus=OPERATIONAL');drop table clinics;--`, MSG.validation.invalidStatus],
  ])("rejects %s with a clear 400", async (query, message) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
  });
});
