import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, QUERY_MSG, distanceMiles, type Clinic, type ClinicListResponse } from "@botox/core";
import { clinics } from "@botox/db";
import { createPublicTestContext, milesNorth, type PublicTestContext } from "../../test/public-app.ts";

let t: PublicTestContext;
let ids: Record<string, number>;
const C = { latitude: 41.0, longitude: -80.0 };
const at = (miles: number) => milesNorth(C.latitude, C.longitude, miles);
// The city centre is the mean of its located clinics (Springfield, OH: 0, +3, -3 and +1 miles).
const centre = { latitude: (at(0).latitude + at(3).latitude + at(-3).latitude + at(1).latitude) / 4, longitude: C.longitude };

beforeAll(async () => {
  t = await createPublicTestContext();
  const rows = await t.insertClinics([
    { name: "Alpha Aesthetics", city: "Springfield", state: "OH", ...at(0), reviewCount: 50, rating: 4.8, street: "1 Main St" },
    { name: "beta Botox", city: "Springfield", state: "OH", ...at(3), reviewCount: 120, rating: 4.1, postalCode: "45501" },
    { name: "Gamma Glow", city: "Springfield", state: "OH", ...at(-3), reviewCount: 5, businessStatus: "CLOSED_TEMPORARILY" },
    { name: "Delta Derm", city: "Springfield", state: "OH", reviewCount: 0 },
    // (city_slug, slug) is unique, so the Missouri namesake carries its state in its slug.
    { name: "Alpha Aesthetics", slug: "alpha-aesthetics-springfield-mo", city: "Springfield", state: "MO", latitude: 37.2, longitude: -93.29, reviewCount: 7 },
    { name: "Other Town Spa", city: "Shelbyville", state: "OH", ...at(1) },
    { name: "100% Natural_Spa", city: "Springfield", state: "OH", ...at(1), reviewCount: 1 },
  ]);
  ids = Object.fromEntries(rows.map((r) => [`${r.name}|${r.state}`, r.id]));
});
afterAll(() => t.close());

type ListBody = ClinicListResponse & { error?: string };
const list = (city: string, query = "") => t.get<ListBody>(`/proxy/clinics-by-city/${city}${query ? `?${query}` : ""}`);
const names = (b: ClinicListResponse) => b.clinics.map((c) => `${c.name}|${c.state}`);

describe("GET /proxy/clinics-by-city/{city}", () => {
  it("lists a city's clinics, most reviewed first, with pagination totals", async () => {
    const { status, body } = await list("springfield", "limit=3");
    expect(status).toBe(200);
    expect(names(body)).toEqual(["beta Botox|OH", "Alpha Aesthetics|OH", "Alpha Aesthetics|MO"]);
    expect(body.pagination).toEqual({ totalItems: 6, itemsPerPage: 3, currentPage: 1, totalPages: 2 });
    const p2 = await list("springfield", "limit=3&page=2");
    expect(names(p2.body)).toEqual(["Gamma Glow|OH", "100% Natural_Spa|OH", "Delta Derm|OH"]);
    expect(p2.body.pagination.currentPage).toBe(2);
    expect(p2.body.clinics[0]).not.toHaveProperty("_distance");
  });

  it("narrows to a state when the slug ends in its code", async () => {
    const { body } = await list("springfield-oh");
    expect(body.pagination.totalItems).toBe(5);
    expect(names(body).every((n) => n.endsWith("|OH"))).toBe(true);
    expect((await list("springfield-mo")).body.pagination.totalItems).toBe(1);
  });

  it("sorts by name or reviews in either order", async () => {
    const byName = await list("springfield-oh", "sortBy=name");
    expect(byName.body.clinics.map((c) => c.name)).toEqual(["100% Natural_Spa", "Alpha Aesthetics", "beta Botox", "Delta Derm", "Gamma Glow"]);
    const byNameDesc = await list("springfield-oh", "sortBy=name&sortOrder=desc");
    expect(byNameDesc.body.clinics.map((c) => c.name)[0]).toBe("Gamma Glow");
    const fewest = await list("springfield-oh", "sortBy=reviews&sortOrder=asc");
    expect(fewest.body.clinics.map((c) => c.reviewCount)).toEqual([0, 1, 5, 50, 120]);
  });

  it("filters by repeated or comma-joined business status, either case", async () => {
    expect((await list("springfield-oh", "businessStatus=operational")).body.pagination.totalItems).toBe(4);
    expect((await list("springfield-oh", "businessStatus=closed_temporarily")).body.pagination.totalItems).toBe(1);
    const repeated = await list("springfield-oh", "businessStatus=CLOSED_TEMPORARILY&businessStatus=operational");
    expect(repeated.body.pagination.totalItems).toBe(5);
    expect((await list("springfield-oh", "businessStatus=OPERATIONAL,Closed_Temporarily")).body.pagination.totalItems).toBe(5);
  });

  it("matches the query text in name, street and postal code, literally", async () => {
    expect(names((await list("springfield-oh", "query=BOTOX")).body)).toEqual(["beta Botox|OH"]);
    expect(names((await list("springfield-oh", "query=main st")).body)).toEqual(["Alpha Aesthetics|OH"]);
    expect(names((await list("springfield-oh", "query=45501")).body)).toEqual(["beta Botox|OH"]);
    expect(names((await list("springfield-oh", "query=100%25")).body)).toEqual(["100% Natural_Spa|OH"]);
    expect((await list("springfield-oh", "query=_")).body.pagination.totalItems).toBe(1);
  });

  it("answers SQL-looking input normally", async () => {
    const q = encodeURIComponent("'; drop table clinics;--");
    const { status, body } = await list("springfield", `query=${q}`);
    expect(status).toBe(200);
    expect(body.pagination.totalItems).toBe(0);
    expect(await t.db.db.$count(clinics)).toBe(7);
    const odd = await t.request("GET", `/proxy/clinics-by-city/${encodeURIComponent("x' or '1'='1")}`);
    expect(odd.status).toBe(400);
  });

  it("limits by distance from the city centre, with _distance", async () => {
    const { body } = await list("springfield-oh", "distance=2&sortBy=name");
    expect(names(body)).toEqual(["100% Natural_Spa|OH", "Alpha Aesthetics|OH"]);
    for (const c of body.clinics) {
      // One decimal of the exact distance (0.75 may round either way: the fixture sits on the edge).
      const exact = distanceMiles(centre, { latitude: c.latitude!, longitude: c.longitude! });
      expect(Math.abs(c._distance! - exact)).toBeLessThanOrEqual(0.05 + 1e-9);
    }
    expect((await list("springfield-oh", "distance=5")).body.pagination.totalItems).toBe(4);
    expect((await list("springfield-oh", "distance=any")).body.pagination.totalItems).toBe(5);
  });

  it("answers an unknown city with an empty list", async () => {
    const { status, body } = await list("atlantis", "distance=5");
    expect(status).toBe(200);
    expect(body).toEqual({ clinics: [], pagination: { totalItems: 0, itemsPerPage: 10, currentPage: 1, totalPages: 0 } });
  });

  it.each([
    ["page=0", QUERY_MSG.page],
    ["limit=0", QUERY_MSG.limit(100)],
    ["sortBy=rating", QUERY_MSG.sortBy],
    ["sortOrder=up", QUERY_MSG.sortOrder],
    ["distance=abc", QUERY_MSG.distance],
    ["businessStatus=open", MSG.validation.invalidStatus],
    [`query=${"x".repeat(201)}`, QUERY_MSG.query],
  ])("rejects %s with a clear 400", async (query, message) => {
    const { status, body } = await list("springfield", query);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
  });
});

describe("GET /proxy/clinic/{slug}", () => {
  const one = (path: string) => t.get<Clinic & { error?: string }>(`/proxy/clinic/${path}`);

  it("finds a clinic by slug, within the city when given", async () => {
    const oh = await one("alpha-aesthetics-springfield?city=springfield-oh");
    expect(oh.status).toBe(200);
    expect(oh.body).toMatchObject({ id: ids["Alpha Aesthetics|OH"], state: "OH", citySlug: "springfield" });
    const mo = await one("alpha-aesthetics-springfield-mo?city=springfield-mo");
    expect(mo.body.id).toBe(ids["Alpha Aesthetics|MO"]);
    expect((await one("alpha-aesthetics-springfield-mo?city=springfield-oh")).status).toBe(404);
    const any = await one("beta-botox-springfield");
    expect(any.body.name).toBe("beta Botox");
  });

  it("finds a clinic by numeric id", async () => {
    const { status, body } = await one(String(ids["Delta Derm|OH"]));
    expect(status).toBe(200);
    expect(body.name).toBe("Delta Derm");
  });

  it.each(["no-such-clinic", "alpha-aesthetics-springfield?city=shelbyville", "999999999", "99999999999", "%27%3B%20drop%20table%20clinics%3B--"])(
    "answers 404 Clinic Not Found for %s",
    async (path) => {
      const { status, body } = await one(path);
      expect(status).toBe(404);
      expect(body).toEqual({ error: MSG.clinic.notFoundTitle });
    },
  );
});
