import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARTH_RADIUS_MILES, type BusinessStatus } from "@botox/core";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { zipCodes } from "../schema/schema.ts";
import { LocatedPlaces } from "./located-places.ts";
import { locatedGeneration, searchClinicsNearZip } from "./zip-search.ts";

let t: TestDatabase;
/** ZIP centroids: a dense city, its edge, a lone town, and one near the antimeridian. */
const ZIPS = { dense: [40.75, -73.99], edge: [40.9, -73.6], lone: [35.2, -101.8], aleutian: [51.88, -176.65] } as const;
const STATUS_SETS: (BusinessStatus[] | undefined)[] = [
  undefined,
  ["OPERATIONAL"],
  ["OPERATIONAL", "CLOSED_TEMPORARILY"],
  ["CLOSED_TEMPORARILY"],
  ["PERMANENTLY_CLOSED"],
];

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(zipCodes).values(Object.entries(ZIPS).map(([zip, [latitude, longitude]]) => ({ zip, city: zip, state: "NY", latitude, longitude })));
  // 3,000 clinics around the dense ZIP (up to ~60 miles out, every status), 300 spread over the
  // country, 20 without coordinates, and a few either side of the antimeridian.
  await t.sql`
    insert into clinics (name, slug, city, city_slug, state, latitude, longitude, business_status)
    select 'Place ' || g, 'place-' || g, 'Place City', 'place-city', 'NY',
      case when g > 3300 then null when g > 3000 then 25 + (g * 7919 % 1000) / 1000.0 * 24 else 40.75 + sin(g) * (g % 97) / 97.0 * 0.9 end,
      case when g > 3300 then null when g > 3000 then -124 + (g * 104729 % 1000) / 1000.0 * 57 else -73.99 + cos(g * 1.3) * (g % 89) / 89.0 * 1.1 end,
      (array['OPERATIONAL', 'OPERATIONAL', 'CLOSED_TEMPORARILY', 'PERMANENTLY_CLOSED'])[1 + g % 4]::business_status
    from generate_series(1, 3320) as g`;
  await t.sql`
    insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values
      ('West of the antimeridian', 'west-180', 'Attu', 'attu', 'AK', 51.9, 179.95),
      ('East of the antimeridian', 'east-180', 'Adak', 'adak', 'AK', 51.9, -179.95)`;
});

afterAll(() => t.close());

/** PostgreSQL's own total (no kept places): a page of one beyond the first, so the count is read whenever there are two or more. */
async function countedByPostgres(zip: string, radiusMiles: number, statuses: BusinessStatus[] | undefined): Promise<number> {
  const page = await searchClinicsNearZip(t.db, { postalCode: zip, page: 2, limit: 1, radiusMiles, ...(statuses ? { statuses } : {}) });
  return page.total;
}

async function currentGeneration(): Promise<string> {
  const [row] = await t.sql<{ n: string }[]>`select n::text as n from located_clinics_generation`;
  return row?.n ?? "";
}

async function loadedPlaces(): Promise<LocatedPlaces> {
  const places = new LocatedPlaces();
  await places.load(t.db);
  places.seen(t.db, places.generation);
  return places;
}

describe("LocatedPlaces (a zip-search's radius total counted in the process, decision 222)", () => {
  it("counts what PostgreSQL counts, for every status set and radius, wholly inside cells and clinic by clinic", async () => {
    const places = await loadedPlaces();
    let offered = 0;
    for (const zip of ["dense", "edge", "lone"]) {
      for (const miles of [1, 3, 10, 25, 50, 100]) {
        for (const statuses of STATUS_SETS) {
          const kept = places.total(zip, miles, statuses);
          if (!kept) continue;
          offered++;
          expect(kept.total, `${zip} ${miles} ${String(statuses)}`).toBe(await countedByPostgres(zip, miles, statuses));
          expect([kept.latitude, kept.longitude]).toEqual([...ZIPS[zip as keyof typeof ZIPS]]);
        }
      }
    }
    // All but a rare clinic at a radius' very edge: nearly every search is counted here.
    expect(offered).toBeGreaterThan(80);
  });

  it("leaves to PostgreSQL a clinic on the radius itself, a circle across the antimeridian, an unknown ZIP and radii under a mile", async () => {
    const [latitude, longitude] = ZIPS.lone;
    const onCircle = latitude + (12 / EARTH_RADIUS_MILES) * (180 / Math.PI);
    await t.sql`insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values ('On the circle', 'on-circle', 'Lone', 'lone', 'TX', ${onCircle}, ${longitude})`;
    const places = await loadedPlaces();
    expect(places.total("lone", 12, undefined)).toBeUndefined();
    expect(places.total("lone", 11.9, undefined)?.total).toBe(await countedByPostgres("lone", 11.9, undefined));
    expect(places.total("aleutian", 200, undefined)).toBeUndefined();
    expect(places.total("00000", 25, undefined)).toBeUndefined();
    expect(places.total("dense", 0.5, undefined)).toBeUndefined();
    await t.sql`delete from clinics where slug = 'on-circle'`;
  });

  it("offers nothing once a statement has read a newer generation, until the places are read again", async () => {
    const places = await loadedPlaces();
    expect(places.total("dense", 25, undefined)).toBeDefined();
    const before = await countedByPostgres("dense", 25, undefined);
    await t.sql`insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values ('Newcomer', 'newcomer', 'Place City', 'place-city', 'NY', 40.75, -73.99)`;
    // The search itself reads the new generation: counted by PostgreSQL, right at once.
    const page = await searchClinicsNearZip(t.db, { postalCode: "dense", page: 2, limit: 1, radiusMiles: 25, places });
    expect(page.total).toBe(before + 1);
    expect(places.total("dense", 25, undefined)).toBeUndefined();
    await places.load(t.db);
    expect(places.total("dense", 25, undefined)?.total).toBe(before + 1);
    await t.sql`delete from clinics where slug = 'newcomer'`;
  });
});

describe("searchClinicsNearZip with kept places", () => {
  it("answers as PostgreSQL's count does, page by page", async () => {
    const places = await loadedPlaces();
    for (const zip of ["dense", "edge", "lone", "aleutian", "99999"]) {
      for (const [page, limit] of [
        [1, 10],
        [3, 7],
        [40, 50],
      ] as const) {
        const search = { postalCode: zip, page, limit, radiusMiles: 25, statuses: ["OPERATIONAL"] as BusinessStatus[] };
        expect(JSON.stringify(await searchClinicsNearZip(t.db, { ...search, places })), `${zip} ${page}`).toBe(
          JSON.stringify(await searchClinicsNearZip(t.db, search)),
        );
      }
    }
  });

  it("takes an offered total only for the statement's own generation and the ZIP's own centroid", async () => {
    const places = await loadedPlaces();
    const real = await countedByPostgres("dense", 25, undefined);
    const [latitude, longitude] = ZIPS.dense;
    const generation = await currentGeneration();
    const offer = (total: Partial<{ generation: string; latitude: number; longitude: number }>) => {
      places.total = () => ({ generation, total: 999_999, latitude, longitude, ...total });
      return searchClinicsNearZip(t.db, { postalCode: "dense", page: 2, limit: 1, radiusMiles: 25, places }).then((p) => p.total);
    };
    expect(await offer({})).toBe(999_999);
    expect(await offer({ generation: String(BigInt(generation) - 1n) })).toBe(real);
    expect(await offer({ latitude: latitude + 1e-9 })).toBe(real);
    expect(await offer({ longitude: longitude - 1e-9 })).toBe(real);
  });

  it("reads its places in the background when a statement sees a generation it does not have", async () => {
    const places = new LocatedPlaces();
    await searchClinicsNearZip(t.db, { postalCode: "dense", page: 1, limit: 1, radiusMiles: 25, places });
    for (let i = 0; i < 100 && places.generation === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(places.generation).toBe(await currentGeneration());
  });

  it("reads the generation by its key, however long a bulk write left its table", async () => {
    // A transaction that writes clinics one statement at a time (the seed, an import) writes a
    // version of the one row per statement, none of which can be pruned before it commits.
    await t.sql`do $$ begin for i in 1..6000 loop update located_clinics_generation set n = n; end loop; end $$`;
    await t.sql`vacuum (analyze) located_clinics_generation`;
    const [size] = await t.sql<{ pages: number }[]>`select pg_relation_size('located_clinics_generation') / 8192 as pages`;
    expect(Number(size?.pages)).toBeGreaterThan(20);
    const plan = JSON.stringify(await t.db.execute(sql`explain select ${locatedGeneration} as n`));
    expect(plan).toContain("located_clinics_generation_pkey");
    expect(plan).not.toContain("Seq Scan");
    const [row] = await t.db.execute<{ n: string }>(sql`select ${locatedGeneration}::text as n`);
    expect(row?.n).toBe(await currentGeneration());
  });

  it("moves the generation by its key too, however long a bulk write left its table", async () => {
    await t.sql`do $$ begin for i in 1..6000 loop update located_clinics_generation set n = n; end loop; end $$`;
    await t.sql`vacuum (analyze) located_clinics_generation`;
    const before = await currentGeneration();
    // The trigger's own scans (migration 0020): the key, never the whole table. The session's
    // counts not yet reported are in pg_stat_xact too, so the statement's are the difference.
    const scans = await t.sql.begin(async (tx) => {
      const counts = async () =>
        (
          await tx<{ seq: number; idx: number }[]>`
          select seq_scan::int as seq, idx_scan::int as idx from pg_stat_xact_user_tables where relname = 'located_clinics_generation'`
        )[0]!;
      const start = await counts();
      await tx`update clinic_staff set id = id where false`;
      const end = await counts();
      return { seq: end.seq - start.seq, idx: end.idx - start.idx };
    });
    expect(scans).toEqual({ seq: 0, idx: 1 });
    expect(BigInt(await currentGeneration())).toBe(BigInt(before) + 1n);
  });
});
