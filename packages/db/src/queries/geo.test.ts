import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { clinics } from "../schema.ts";
import { clinicsWithinRadius, distanceMilesSql, withinRadius } from "./geo.ts";

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
      ('Philadelphia', 'philadelphia', 'Philadelphia', 'philadelphia', 'PA', 39.9526, -75.1652)`;
  await t.sql`analyze clinics`;
});
afterAll(async () => {
  await t?.close();
});

describe("radius search", () => {
  it("uses the GiST index clinics_earth_idx", async () => {
    const query = t.db
      .select({ id: clinics.id, miles: distanceMilesSql(NYC.lat, NYC.lon) })
      .from(clinics)
      .where(clinicsWithinRadius(NYC.lat, NYC.lon, 25))
      .orderBy(distanceMilesSql(NYC.lat, NYC.lon))
      .limit(50)
      .toSQL();
    const plan = await t.sql.unsafe<{ "QUERY PLAN": string }[]>(`explain ${query.sql}`, query.params as never[]);
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toContain("clinics_earth_idx");
    expect(text).not.toMatch(/Seq Scan on clinics/);
  });

  it("finds exactly the clinics within the radius, nearest first, in miles", async () => {
    const rows = await t.db
      .select({ name: clinics.name, miles: distanceMilesSql(NYC.lat, NYC.lon) })
      .from(clinics)
      .where(withinRadius(clinics.latitude, clinics.longitude, NYC.lat, NYC.lon, 12))
      .orderBy(distanceMilesSql(NYC.lat, NYC.lon));
    const names = rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["Midtown", "Brooklyn", "Newark"]));
    expect(names).not.toContain("Philadelphia");
    expect(rows[0]?.miles).toBeTypeOf("number");
    expect(rows.every((r, i) => r.miles! <= 12 && (i === 0 || r.miles! >= rows[i - 1]!.miles!))).toBe(true);
    const midtown = rows.find((r) => r.name === "Midtown")!;
    expect(midtown.miles).toBeGreaterThan(2.5);
    expect(midtown.miles).toBeLessThan(3.5);

    // Same answer as a brute-force scan without the index prefilter.
    const [brute] = await t.db
      .select({ n: count() })
      .from(clinics)
      .where(sql`${distanceMilesSql(NYC.lat, NYC.lon)} <= 12`);
    expect(rows.length).toBe(brute?.n);
  });

  it("measures New York to Los Angeles at about 2,445 miles", async () => {
    const [row] = await t.db.execute<{ miles: number }>(
      sql`select ${distanceMilesSql(40.7128, -74.006, sql`34.0522::float8`, sql`(-118.2437)::float8`)} as miles`,
    );
    expect(Number(row?.miles)).toBeGreaterThan(2440);
    expect(Number(row?.miles)).toBeLessThan(2460);
  });
});
