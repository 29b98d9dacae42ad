import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { listSitePhotos, reorderClinicPhotos } from "./clinic-photos.ts";
import { listSiteCities, listSiteClinics } from "./site.ts";

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

describe("what the clinic pages show of owners' changes", () => {
  it("a clinic's photos in the order its owner set (decision 300)", async () => {
    const [clinic] = await t.sql<{ id: number }[]>`select id from clinics where slug = 'd'`;
    const ids = (
      await t.sql<{ id: number }[]>`
        insert into clinic_photos (clinic_id, upload_name, url, alt, width, height, position)
        select ${clinic!.id}, 'p.webp', 'https://img.example/p.webp', alt, 10, 10, n
        from unnest(array['First', 'Second', 'Third']) with ordinality as v(alt, n) returning id`
    ).map((r) => r.id);
    const [a, b, c] = ids as [number, number, number];
    expect(await reorderClinicPhotos(t.db, clinic!.id, [c, a, b])).toMatchObject({ outcome: "done", changed: true });
    const shown = (await listSitePhotos(t.db)).filter((p) => p.clinicId === clinic!.id);
    expect(shown.map((p) => p.alt)).toEqual(["Third", "First", "Second"]);
    expect(await reorderClinicPhotos(t.db, clinic!.id, [a, b])).toEqual({ outcome: "mismatch" });
    expect(await reorderClinicPhotos(t.db, -1, [])).toEqual({ outcome: "no-clinic" });
  });

  it("no booking link once it failed two checks in a row (decision 299)", async () => {
    await t.sql`update clinics set booking_url = 'https://book.zenoti.com/x', booking_url_failures = 1 where slug = 'a'`;
    await t.sql`update clinics set booking_url = 'https://book.zenoti.com/y', booking_url_failures = 2 where slug = 'b'`;
    const links = Object.fromEntries((await listSiteClinics(t.db)).map((c) => [c.slug, c.bookingUrl]));
    expect(links).toMatchObject({ a: "https://book.zenoti.com/x", b: null });
  });
});
