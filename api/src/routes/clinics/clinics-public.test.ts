import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MSG, QUERY_MSG, type Clinic } from "@botox/core";
import { clinics, listClinicsNear } from "@botox/db";
import { createPublicTestContext, haversineMiles, milesNorth, oneDecimal, type ClinicFixture, type PublicTestContext } from "../../test/public-app.ts";

let t: PublicTestContext;
const O = { latitude: 35.0, longitude: -100.0 };
const at = (miles: number) => milesNorth(O.latitude, O.longitude, miles);

const fixtures: ClinicFixture[] = [
  // 55 clinics 0.2 to 11 miles from O, in every direction: more than the 50 a search returns.
  ...Array.from({ length: 55 }, (_, i) => ({
    name: `Cluster ${String(i).padStart(2, "0")}`,
    city: "Cluster Town",
    state: "TX",
    latitude: O.latitude + Math.sin(i) * (0.003 + i * 0.0028),
    longitude: O.longitude + Math.cos(i) * (0.003 + i * 0.0028),
  })),
  { name: "Sixty North", city: "Far Town", state: "TX", ...at(60) },
  { name: "Ninety Nine South", city: "Far Town", state: "TX", ...at(-99) },
  { name: "Diagonal", city: "Far Town", state: "TX", latitude: 35.6, longitude: -99.3 },
  { name: "Closed But Near", city: "Far Town", state: "TX", ...at(70), businessStatus: "PERMANENTLY_CLOSED" },
  { name: "Beyond Radius", city: "Farther Town", state: "TX", ...at(101) },
  { name: "No Coordinates", city: "Cluster Town", state: "TX" },
  // Either side of the antimeridian (Aleutians), far from everything else.
  { name: "West Of Dateline", city: "Adak", state: "AK", latitude: 51.9, longitude: 179.99 },
  { name: "East Of Dateline", city: "Adak", state: "AK", latitude: 51.9, longitude: -179.99 },
];

/** What the answer must be, by hand: located, listed fixtures within `radius`, nearest first, at most 50. */
function expectedNames(origin: { latitude: number; longitude: number }, radius: number): string[] {
  return fixtures
    .filter((f) => f.latitude != null && f.longitude != null && f.businessStatus !== "PERMANENTLY_CLOSED")
    .map((f) => ({ name: f.name, miles: haversineMiles(origin, { latitude: f.latitude!, longitude: f.longitude! }) }))
    .filter((f) => f.miles <= radius)
    .sort((a, b) => a.miles - b.miles)
    .slice(0, 50)
    .map((f) => f.name);
}

beforeAll(async () => {
  t = await createPublicTestContext();
  await t.insertClinics(fixtures);
});
afterAll(() => t.close());

let ipSeq = 0;
const nearby = async (body: unknown) => {
  const res = await t.request("POST", "/clinics/nearby", { body, ip: `198.18.1.${++ipSeq}` });
  return { status: res.status, body: (await res.json()) as Clinic[] & { error?: string }, res };
};

/** Each `_distance` is the haversine distance (3959 miles) with one decimal; the list is sorted by it. */
function expectHaversineDistances(list: Clinic[], origin: { latitude: number; longitude: number }) {
  let previous = -1;
  for (const c of list) {
    const exact = haversineMiles(origin, { latitude: c.latitude!, longitude: c.longitude! });
    expect(Math.abs(c._distance! - oneDecimal(exact)), c.name).toBeLessThanOrEqual(0.05);
    expect(c._distance!).toBeGreaterThanOrEqual(previous);
    previous = c._distance!;
  }
}

describe("POST /clinics/nearby", () => {
  it("answers the 50 clinics nearest the point, nearest first, with _distance in miles (haversine, 3959)", async () => {
    const { status, body } = await nearby({ latitude: O.latitude, longitude: O.longitude, radius: 100 });
    expect(status).toBe(200);
    expect(body).toHaveLength(50);
    expect(body.map((c) => c.name)).toEqual(expectedNames(O, 100));
    expectHaversineDistances(body, O);
    expect(body[0]).toMatchObject({ citySlug: "cluster-town", reviews: expect.any(String), businessStatus: "OPERATIONAL" });
  });

  it("answers in the very bytes of the listing's JSON while the kept clinic texts warm up, and after a clinic is written (decision 221)", async () => {
    const points = [O, at(60), at(100), at(-50)];
    const expectSame = async () => {
      for (const origin of points) {
        const res = await t.request("POST", "/clinics/nearby", { body: { ...origin, radius: 100 }, ip: `198.18.2.${++ipSeq}` });
        expect(res.headers.get("content-type")).toBe("application/json");
        // JSON.stringify's very bytes, of the listing's clinics, each with its cards' lines
        // (current price and verified staff) beside it.
        const text = await res.text();
        const answer = JSON.parse(text) as (Clinic & { currentPrice?: unknown; verifiedCredentials?: unknown; verifiedStaff?: unknown })[];
        expect(JSON.stringify(answer)).toBe(text);
        const listed = await listClinicsNear(t.db.db, { origin, radiusMiles: 100, limit: 50 });
        for (const c of answer) expect([c.currentPrice, c.verifiedCredentials, c.verifiedStaff]).toEqual([null, [], []]);
        const CARD_LINES = ["currentPrice", "verifiedCredentials", "verifiedStaff"];
        expect(answer.map((c) => Object.fromEntries(Object.entries(c).filter(([k]) => !CARD_LINES.includes(k))))).toEqual(listed);
      }
    };
    for (let round = 0; round < 16; round++) await expectSame();
    await t.db.db.update(clinics).set({ name: "Cluster Renamed" }).where(eq(clinics.name, "Cluster 00"));
    await expectSame();
    const { body } = await nearby({ latitude: O.latitude, longitude: O.longitude, radius: 100 });
    expect(body.map((c) => c.name)).toContain("Cluster Renamed");
    await t.db.db.update(clinics).set({ name: "Cluster 00" }).where(eq(clinics.name, "Cluster Renamed"));
  });

  it("keeps everything within the radius but a clinic closed for good, and leaves out what is beyond it or unlocated", async () => {
    const origin = at(60);
    const { body } = await nearby({ ...origin, radius: 45 });
    const expected = expectedNames(origin, 45);
    expect(expected).toEqual(["Sixty North", "Beyond Radius", "Diagonal"]);
    expect(body.map((c) => c.name)).toEqual(expected);
    expectHaversineDistances(body, origin);
  });

  it("uses a radius of 100 miles by default", async () => {
    const origin = at(100);
    const { body } = await nearby({ latitude: origin.latitude, longitude: origin.longitude });
    const expected = expectedNames(origin, 100);
    // The cluster straddles the 100-mile circle: some of it is in, some out.
    expect(expected.some((n) => n.startsWith("Cluster"))).toBe(true);
    expect(expected.filter((n) => n.startsWith("Cluster")).length).toBeLessThan(55);
    expect(body.map((c) => c.name)).toEqual(expected);
    expectHaversineDistances(body, origin);
    expect(body.at(-1)!._distance!).toBeGreaterThan(95);
  });

  it("measures across the antimeridian", async () => {
    const origin = { latitude: 51.9, longitude: 179.99 };
    const { body } = await nearby({ ...origin, radius: 5 });
    expect(body.map((c) => c.name)).toEqual(["West Of Dateline", "East Of Dateline"]);
    expectHaversineDistances(body, origin);
    expect(body[1]!._distance).toBe(oneDecimal(haversineMiles(origin, { latitude: 51.9, longitude: -179.99 })));
  });

  it("accepts numbers sent as text and answers an empty list far from every clinic", async () => {
    const { status, body } = await nearby({ latitude: "35", longitude: "-100", radius: "1" });
    expect(status).toBe(200);
    expect(body.every((c) => c._distance! <= 1)).toBe(true);
    expect((await nearby({ latitude: -45, longitude: 100 })).body).toEqual([]);
  });

  it("answers subnormal coordinates and radius normally (they once made PostgreSQL underflow: 500)", async () => {
    for (const body of [
      { latitude: 5e-324, longitude: -5e-324 },
      { latitude: 0, longitude: 0, radius: 5e-324 },
      { latitude: 1e-310, longitude: 0 },
    ]) {
      const res = await nearby(body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it.each([
    [{}, MSG.validation.latitude],
    [{ longitude: -100 }, MSG.validation.latitude],
    [{ latitude: 35 }, MSG.validation.longitude],
    [{ latitude: 90.5, longitude: 0 }, MSG.validation.latitude],
    [{ latitude: 0, longitude: -180.01 }, MSG.validation.longitude],
    [{ latitude: "north", longitude: 0 }, MSG.validation.latitude],
    [{ latitude: "35; drop table clinics", longitude: 0 }, MSG.validation.latitude],
    [{ latitude: 35, longitude: -100, radius: 0 }, QUERY_MSG.radius],
    [{ latitude: 35, longitude: -100, radius: -5 }, QUERY_MSG.radius],
    [{ latitude: 35, longitude: -100, radius: 501 }, QUERY_MSG.radius],
    [{ latitude: 35, longitude: -100, radius: "wide" }, QUERY_MSG.radius],
  ])("answers 400 for %j", async (body, error) => {
    const res = await nearby(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it("answers 415 without a JSON content type and 400 for malformed JSON or a non-object", async () => {
    const form = await t.request("POST", "/clinics/nearby", {
      body: "latitude=1&longitude=2",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const broken = await t.request("POST", "/clinics/nearby", { body: "{", headers: { "Content-Type": "application/json" } });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: MSG.api.invalidJson });
    for (const body of [[], "[1,2]", "null", "42"]) {
      const res = await t.request("POST", "/clinics/nearby", {
        body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status, String(body)).toBe(400);
    }
  });
});
