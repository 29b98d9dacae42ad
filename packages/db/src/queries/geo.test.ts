import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { clinics } from "../schema/schema.ts";
import { earthAt } from "./geo.ts";
import { clinicMilesFrom, clinicsWithinMiles } from "./listing-geometry.ts";

let t: TestDatabase;
const NYC = { lat: 40.7128, lon: -74.006 };

beforeAll(async () => {
  t = await createTestDatabase();
  // 100,000 clinics spread deterministically over the contiguous US, plus a few near New York
  // and some without coordinates; one statement, so it is fast on both databases.
  await t.sql`
    insert into clinics (name, slug, city, city_slug, state, latitude, longitude)
    select 'Geo ' || g, 'geo-' || g, 'Geo City', 'geo-city', 'NY',
           case when g % 500 = 0 then null else 25 + ((g::bigint * 7919) % 10007) / 10007.0 * 24 end,
           case when g % 500 = 0 then null else -124 + ((g::bigint * 104729) % 10009) / 10009.0 * 57 end
    from generate_series(1, 100000) as g`;
  await t.sql`
    insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values
      ('Midtown', 'midtown', 'New York', 'new-york', 'NY', 40.7549, -73.984),
      ('Brooklyn', 'brooklyn', 'Brooklyn', 'brooklyn', 'NY', 40.6782, -73.9442),
      ('Newark', 'newark', 'Newark', 'newark', 'NJ', 40.7357, -74.1724),
      ('Philadelphia', 'philadelphia', 'Philadelphia', 'philadelphia', 'PA', 39.9526, -75.1652),
      ('West of the antimeridian', 'west-180', 'Attu', 'attu', 'AK', 51.9, 179.95),
      ('East of the antimeridian', 'east-180', 'Adak', 'adak', 'AK', 51.9, -179.95),
      ('Near the pole', 'pole-a', 'Pole', 'pole', 'AK', 89.99, 45),
      ('Across the pole', 'pole-b', 'Pole', 'pole', 'AK', 89.98, -135)`;
  // On the 25-mile circle around (40, -100) where it reaches furthest east and north: a box
  // cut by rounding would drop what the haversine keeps.
  const angle = 25 / 3959;
  const lat0 = (40 * Math.PI) / 180;
  const east = {
    lat: (Math.asin(Math.sin(lat0) / Math.cos(angle)) * 180) / Math.PI,
    lon: -100 + (Math.asin(Math.sin(angle) / Math.cos(lat0)) * 180) / Math.PI,
  };
  await t.sql`
    insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values
      ('Circle east', 'circle-east', 'Edge', 'edge', 'KS', ${east.lat}, ${east.lon}),
      ('Circle north', 'circle-north', 'Edge', 'edge', 'KS', ${40 + (angle * 180) / Math.PI}, -100)`;
  await t.sql`analyze clinics`;
});
afterAll(async () => {
  await t?.close();
});

describe("radius search", () => {
  const nyc = { latitude: NYC.lat, longitude: NYC.lon };

  it("finds exactly the clinics within the radius, in miles", async () => {
    const rows = await t.db
      .select({ name: clinics.name, miles: clinicMilesFrom(nyc) })
      .from(clinics)
      .where(clinicsWithinMiles(nyc, 12))
      .orderBy(clinicMilesFrom(nyc));
    const names = rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["Midtown", "Brooklyn", "Newark"]));
    expect(names).not.toContain("Philadelphia");
    expect(rows.every((r) => Number(r.miles) <= 12)).toBe(true);
    const midtown = rows.find((r) => r.name === "Midtown")!;
    expect(Number(midtown.miles)).toBeGreaterThan(2.5);
    expect(Number(midtown.miles)).toBeLessThan(3.5);

    // Same answer as a brute-force scan without the index prefilter.
    const [brute] = await t.db
      .select({ n: count() })
      .from(clinics)
      .where(sql`${clinics.latitude} IS NOT NULL AND ${clinicMilesFrom(nyc)} <= 12`);
    expect(rows.length).toBe(brute?.n);
  });

  it("measures Los Angeles to Midtown Manhattan at about 2,450 miles", async () => {
    const [row] = await t.db
      .select({ miles: clinicMilesFrom({ latitude: 34.0522, longitude: -118.2437 }) })
      .from(clinics)
      .where(sql`${clinics.slug} = 'midtown'`);
    expect(Number(row?.miles)).toBeGreaterThan(2440);
    expect(Number(row?.miles)).toBeLessThan(2460);
  });
});

describe("the radius box (clinicsWithinMiles, decision 214)", () => {
  const idsWithin = async (where: ReturnType<typeof sql>) =>
    (await t.db.select({ id: clinics.id }).from(clinics).where(where).orderBy(clinics.id)).map((r) => r.id);

  it("reads clinics_point_idx for a radius count", async () => {
    const query = t.db
      .select({ n: count() })
      .from(clinics)
      .where(clinicsWithinMiles({ latitude: NYC.lat, longitude: NYC.lon }, 25))
      .toSQL();
    const plan = await t.sql.unsafe<{ "QUERY PLAN": string }[]>(`explain ${query.sql}`, query.params as never[]);
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toContain("clinics_point_idx");
    expect(text).not.toMatch(/Seq Scan on clinics/);
  });

  // The box only narrows what the haversine then decides: the same clinics as the haversine
  // alone, also where the circle crosses the antimeridian, reaches a pole, or touches its edge.
  const origins = [
    { name: "New York", latitude: NYC.lat, longitude: NYC.lon },
    { name: "the circle's centre", latitude: 40, longitude: -100 },
    { name: "west of the antimeridian", latitude: 51.9, longitude: 179.99 },
    { name: "east of the antimeridian", latitude: 51.9, longitude: -179.99 },
    { name: "near the pole", latitude: 89.9, longitude: 10 },
  ];
  for (const origin of origins) {
    it(`finds what the haversine alone finds from ${origin.name}`, async () => {
      for (const miles of [5, 25, 100]) {
        const boxed = await idsWithin(clinicsWithinMiles(origin, miles));
        const haversine = await idsWithin(sql`${clinics.latitude} IS NOT NULL AND ${clinicMilesFrom(origin)} <= ${miles}::float8`);
        expect(boxed, `${miles} miles`).toEqual(haversine);
      }
    });
  }

  it("keeps clinics on both sides of the antimeridian and of the pole, and on the circle's edge", async () => {
    const names = async (origin: { latitude: number; longitude: number }, miles: number) =>
      (await t.db.select({ name: clinics.name }).from(clinics).where(clinicsWithinMiles(origin, miles))).map((r) => r.name).sort();
    expect(await names({ latitude: 51.9, longitude: 179.99 }, 25)).toEqual(["East of the antimeridian", "West of the antimeridian"]);
    expect(await names({ latitude: 89.9, longitude: 10 }, 25)).toEqual(["Across the pole", "Near the pole"]);
    expect(await names({ latitude: 40, longitude: -100 }, 25.000001)).toEqual(expect.arrayContaining(["Circle east", "Circle north"]));
  });
});

describe("the box inside the circle (decision 218)", () => {
  // Clinics on the corners and edges of the inner box, and just beyond them, where the
  // haversine is skipped: at the equator a corner is inside only by the margin.
  const R = 3959;
  const hav = (x: number) => Math.sin(x / 2) ** 2;
  const cases = [0, 30, 60, 89.5].flatMap((latitude) => [0.01, 1, 25, 150].map((miles) => ({ latitude, longitude: -100, miles })));
  const around = (o: { latitude: number; longitude: number; miles: number }) => {
    const angle = o.miles / R;
    const dLat = 0.7 * angle;
    const q = (hav(angle) * (1 - 1e-9) - 1e-15 - hav(dLat)) / Math.cos((o.latitude * Math.PI) / 180);
    const dLon = q >= 1 ? Math.PI : 2 * Math.asin(Math.sqrt(Math.max(q, 0)));
    const points: [number, number][] = [];
    for (const stretch of [1, 1 + 1e-9, 1 + 1e-6, 1.01]) {
      for (const [y, x] of [
        [1, 1],
        [1, -1],
        [-1, 1],
        [-1, -1],
        [1, 0],
        [0, 1],
      ] as const) {
        points.push([o.latitude + ((y * dLat * 180) / Math.PI) * stretch, o.longitude + ((x * dLon * 180) / Math.PI) * stretch]);
      }
    }
    // On the circle itself, at the box's top, bottom and middle rows: just inside and just
    // outside it, where a box reaching past the circle would keep what the haversine drops.
    const lat0 = (o.latitude * Math.PI) / 180;
    for (const y of [-dLat, 0, dLat]) {
      const h = (hav(angle) - hav(y)) / (Math.cos(lat0) * Math.cos(lat0 + y));
      if (h <= 0 || h >= 1) continue;
      const edge = 2 * Math.asin(Math.sqrt(h));
      for (const stretch of [1 - 1e-6, 1 + 1e-6]) {
        for (const x of [1, -1]) points.push([o.latitude + (y * 180) / Math.PI, o.longitude + ((x * edge * 180) / Math.PI) * stretch]);
      }
    }
    return points.filter(([lat, lon]) => Math.abs(lat) <= 90 && Math.abs(lon) <= 180);
  };

  beforeAll(async () => {
    let n = 0;
    for (const o of cases) {
      for (const [latitude, longitude] of around(o)) {
        n += 1;
        await t.sql`insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values (${`Inner ${n}`}, ${`inner-${n}`}, 'Inner', 'inner', 'KS', ${latitude}, ${longitude})`;
      }
    }
  });

  it("keeps exactly what the haversine alone keeps, on its corners and edges and just beyond", async () => {
    const ids = async (where: ReturnType<typeof sql>) =>
      (
        await t.db
          .select({ id: clinics.id })
          .from(clinics)
          .where(sql`${clinics.citySlug} = 'inner' AND ${where}`)
          .orderBy(clinics.id)
      ).map((r) => r.id);
    let kept = 0;
    for (const o of cases) {
      const boxed = await ids(clinicsWithinMiles(o, o.miles));
      const haversine = await ids(sql`${clinics.latitude} IS NOT NULL AND ${clinicMilesFrom(o)} <= ${o.miles}::float8`);
      expect(boxed, `${o.miles} miles from ${o.latitude}`).toEqual(haversine);
      kept += boxed.length;
    }
    // Not vacuous: each case keeps at least its own box's corners and edge midpoints.
    expect(kept).toBeGreaterThanOrEqual(cases.length * 6);
  });
});

describe("earthAt", () => {
  it("is ll_to_earth to the bit, for every clinic's place and the points bound as values", async () => {
    const [columns] = await t.db
      .select({
        same: sql<number>`count(*) filter (where ll_to_earth(${clinics.latitude}, ${clinics.longitude}) = ${earthAt(clinics.latitude, clinics.longitude)})::int`,
        sameText: sql<number>`count(*) filter (where ll_to_earth(${clinics.latitude}, ${clinics.longitude})::text = (${earthAt(clinics.latitude, clinics.longitude)})::text)::int`,
        located: sql<number>`count(*) filter (where ${clinics.latitude} is not null)::int`,
      })
      .from(clinics);
    expect(columns!.located).toBeGreaterThan(99_000);
    expect(columns!.same).toBe(columns!.located);
    expect(columns!.sameText).toBe(columns!.located);
    for (const [lat, lon] of [
      [40.7128, -74.006],
      [0, 0],
      [-33.8688, 151.2093],
      [89.999999999, 179.999999999],
      [-90, -180],
      [51.9, -179.95],
      [1e-9, -1e-9],
    ]) {
      const [row] = await t.db.execute<{ same: boolean }>(
        sql`select ll_to_earth(${lat}::float8, ${lon}::float8)::text = (${earthAt(sql`${lat}::float8`, sql`${lon}::float8`)})::text as same`,
      );
      expect(row?.same, `${lat}, ${lon}`).toBe(true);
    }
  });

  it("keeps the KNN order on clinics_earth_idx", async () => {
    const plan = await t.db.execute(
      sql`explain select id from ${clinics} where ${clinics.latitude} is not null and ${clinics.longitude} is not null order by ll_to_earth(${clinics.latitude}, ${clinics.longitude}) <-> ${earthAt(sql`40.7::float8`, sql`-74::float8`)} limit 10`,
    );
    expect(JSON.stringify(plan)).toContain("clinics_earth_idx");
  });
});
