/**
 * Each staff row carries its clinic's place (migration 0019, decision 217): the credential
 * filter's count near a ZIP and a city's listing under it read the area's verified staff by that
 * copy. The copy follows the clinic whatever writes it, and the answers are the ones the probe
 * of each clinic (`verifiedCredentialCheck`) gives.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oldestCurrentCheck, type StaffCredential } from "@botox/core";
import { backfillClinicDerivedColumns } from "../schema/clinic-derived.ts";
import { clinics } from "../schema/schema.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { searchClinicsInCity } from "./city-search.ts";
import { searchClinicsNearZip } from "./zip-search.ts";
import { findStaff, insertStaff, listClinicStaff, updateStaff, verifiedCredentialCheck } from "./staff.ts";

let t: TestDatabase;
const today = "2026-11-26";
const daysBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Clinics around the ZIP 99801 (Staffport, AK: 58.30, -134.42) and one far away in a city of the same name in another state. */
const places = [
  { slug: "a", latitude: 58.3, longitude: -134.42, status: "OPERATIONAL" },
  { slug: "b", latitude: 58.35, longitude: -134.5, status: "OPERATIONAL" },
  { slug: "c", latitude: 58.4, longitude: -134.3, status: "CLOSED_TEMPORARILY" },
  { slug: "d", latitude: 58.6, longitude: -134.9, status: "OPERATIONAL" }, // about 27 miles out
  { slug: "e", latitude: 59.3, longitude: -135.4, status: "OPERATIONAL" }, // about 75 miles out
  { slug: "f", latitude: null, longitude: null, status: "OPERATIONAL" }, // not located
  { slug: "g", latitude: 58.31, longitude: -134.43, status: "PERMANENTLY_CLOSED" },
] as const;
let id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestDatabase();
  await t.sql`insert into zip_codes (zip, city, state, latitude, longitude) values ('99801', 'Staffport', 'AK', 58.3, -134.42) on conflict do nothing`;
  for (const p of places) {
    const [row] = await t.sql<{ id: number }[]>`
      insert into clinics (name, slug, city, city_slug, state, latitude, longitude, business_status, review_count)
      values (${`Spa ${p.slug}`}, ${`spa-${p.slug}`}, 'Staffport', 'staffport', 'AK', ${p.latitude}, ${p.longitude}, ${p.status}, ${p.slug.charCodeAt(0)})
      returning id`;
    if (!row) throw new Error("no clinic inserted");
    id[p.slug] = row.id;
  }
  const hours = JSON.stringify({ Thursday: "9 AM-5 PM" });
  await t.sql`update clinics set working_hours = ${hours}::jsonb where id in (${id.a ?? 0}, ${id.b ?? 0}, ${id.c ?? 0})`;
  await backfillClinicDerivedColumns(t.db);
  // Staffport, MO: the same slug in another state (the city key's state suffix tells them apart).
  const [mo] = await t.sql<{ id: number }[]>`
    insert into clinics (name, slug, city, city_slug, state, latitude, longitude, business_status)
    values ('Spa mo', 'spa-mo', 'Staffport', 'staffport', 'MO', 38.6, -90.2, 'OPERATIONAL') returning id`;
  if (!mo) throw new Error("no clinic inserted");
  id = { ...id, mo: mo.id };
  const person = (clinic: string, credential: StaffCredential, extra: { verifiedOn?: string | null; licenseStatus?: "active" | "inactive" } = {}) =>
    insertStaff(t.db, id[clinic] ?? 0, {
      name: `${credential} at ${clinic}`,
      role: "injector",
      credential,
      licenseStatus: extra.licenseStatus ?? "active",
      verifiedOn: extra.verifiedOn === undefined ? daysBefore(10) : extra.verifiedOn,
      verifiedVia: "npi_registry",
    });
  await person("a", "MD");
  await person("a", "DO"); // two of the credentials asked for: the clinic is counted once
  await person("b", "NP");
  await person("b", "MD", { verifiedOn: daysBefore(366) }); // stale
  await person("c", "DO");
  await person("d", "MD", { licenseStatus: "inactive" });
  await person("d", "DO", { verifiedOn: daysBefore(-1) }); // a day that has not come
  await person("e", "MD");
  await person("f", "MD");
  await person("g", "MD");
  await person("mo", "MD");
});
afterAll(async () => {
  await t?.close();
});

const placeOf = async (clinic: string) =>
  (
    await t.sql<{ latitude: number | null; longitude: number | null; business_status: string | null; city_slug: string | null; state: string | null }[]>`
    select distinct latitude, longitude, business_status::text, city_slug, state from clinic_staff where clinic_id = ${id[clinic] ?? 0}`
  ).map((r) => ({ ...r }));

/** The clinics of Staffport, AK passing the credential filter by the probe of each clinic: the reference. */
const probed = async (credentials: StaffCredential[]) => {
  const rows = await t.db
    .select({ slug: clinics.slug })
    .from(clinics)
    .where(and(eq(clinics.citySlug, "staffport"), eq(clinics.state, "AK"), verifiedCredentialCheck({ credentials, oldest: oldestCurrentCheck(today), today })))
    .orderBy(asc(clinics.slug));
  return rows.map((r) => r.slug);
};

describe("clinic_staff's copy of the clinic's place (0019)", () => {
  it("is taken when a row is added, and follows the clinic when it moves, closes or changes city", async () => {
    expect(await placeOf("a")).toEqual([{ latitude: 58.3, longitude: -134.42, business_status: "OPERATIONAL", city_slug: "staffport", state: "AK" }]);
    expect(await placeOf("f")).toEqual([{ latitude: null, longitude: null, business_status: "OPERATIONAL", city_slug: "staffport", state: "AK" }]);
    const [moving] = await t.sql<{ id: number }[]>`
      insert into clinics (name, slug, city, city_slug, state, latitude, longitude) values ('Moving Spa', 'moving-spa', 'Staffport', 'staffport', 'AK', 58.3, -134.4) returning id`;
    if (!moving) throw new Error("no clinic inserted");
    id = { ...id, moving: moving.id };
    const member = await insertStaff(t.db, moving.id, {
      name: "Mover",
      role: "injector",
      credential: "MD",
      licenseStatus: "active",
      verifiedOn: daysBefore(1),
      verifiedVia: "npi_registry",
    });
    await t.sql`update clinics set latitude = 40.7, longitude = -74.0, city_slug = 'gotham', state = 'NY', business_status = 'CLOSED_TEMPORARILY' where id = ${moving.id}`;
    expect(await placeOf("moving")).toEqual([{ latitude: 40.7, longitude: -74.0, business_status: "CLOSED_TEMPORARILY", city_slug: "gotham", state: "NY" }]);
    // A write of the copy itself cannot make it disagree with the clinic.
    await t.sql`update clinic_staff set city_slug = 'elsewhere', latitude = 0 where id = ${member.id}`;
    expect(await placeOf("moving")).toEqual([{ latitude: 40.7, longitude: -74.0, business_status: "CLOSED_TEMPORARILY", city_slug: "gotham", state: "NY" }]);
    // A row moved to another clinic takes that clinic's place; the admin's edit keeps it.
    await t.sql`update clinic_staff set clinic_id = ${id.e ?? 0} where id = ${member.id}`;
    await updateStaff(t.db, member.id, {
      name: "Mover",
      role: "injector",
      credential: "MD",
      licenseStatus: "active",
      verifiedOn: daysBefore(2),
      verifiedVia: "npi_registry",
    });
    const [row] = await t.sql<{ city_slug: string; latitude: number }[]>`select city_slug, latitude from clinic_staff where id = ${member.id}`;
    expect({ ...row }).toEqual({ city_slug: "staffport", latitude: 59.3 });
    await t.sql`delete from clinic_staff where id = ${member.id}`;
    await t.sql`delete from clinics where id = ${moving.id}`;
  });

  it("is never part of a staff member as read or written", async () => {
    const [first] = await listClinicStaff(t.db, id.a ?? 0);
    if (!first) throw new Error("no staff");
    for (const member of [first, await findStaff(t.db, first.id)]) {
      expect(member).toHaveProperty("credential");
      expect(member).not.toHaveProperty("latitude");
      expect(member).not.toHaveProperty("citySlug");
      expect(member).not.toHaveProperty("businessStatus");
    }
  });
});

describe("the credential filter read from the area's verified staff", () => {
  const zip = (
    radiusMiles: number | null,
    credentials: StaffCredential[],
    extra: { openAt?: Date; page?: number; statuses?: ("OPERATIONAL" | "CLOSED_TEMPORARILY" | "PERMANENTLY_CLOSED")[] } = {},
  ) =>
    searchClinicsNearZip(t.db, {
      postalCode: "99801",
      page: extra.page ?? 1,
      limit: 1,
      radiusMiles,
      credential: { credentials, today },
      ...(extra.statuses ? { statuses: extra.statuses } : {}),
      ...(extra.openAt ? { openAt: extra.openAt } : {}),
    });
  const city = (segment: string, radiusMiles: number | null, credentials: StaffCredential[]) =>
    searchClinicsInCity(t.db, { city: segment, page: 1, limit: 10, radiusMiles, sortBy: "name", credential: { credentials, today } });

  it("counts each clinic within the distance once, with the probe's rule: active, current, not in the future, located, listed", async () => {
    expect(await probed(["MD", "DO"])).toEqual(["spa-a", "spa-c", "spa-e", "spa-f", "spa-g"]);
    // A page of one, so the total is counted: a (both credentials, once); c is closed for now and
    // listed by default; g is closed for good, f has no place, e is 75 miles out.
    await expect(zip(25, ["MD", "DO"])).resolves.toMatchObject({ total: 2 });
    await expect(zip(100, ["MD", "DO"])).resolves.toMatchObject({ total: 3 });
    await expect(zip(25, ["MD", "DO"], { statuses: ["OPERATIONAL"] })).resolves.toMatchObject({ total: 1 });
    await expect(zip(25, ["MD", "DO"], { statuses: ["CLOSED_TEMPORARILY"] })).resolves.toMatchObject({ total: 1 });
    await expect(zip(25, ["NP"])).resolves.toMatchObject({ total: 1 });
    await expect(zip(25, ["RN"])).resolves.toMatchObject({ total: 0 });
    // At any distance the clinic in Missouri counts too.
    await expect(zip(null, ["MD", "DO"], { page: 2 })).resolves.toMatchObject({ total: 4 });
    // A page past the last still carries the count.
    await expect(zip(25, ["MD", "DO"], { page: 5 })).resolves.toMatchObject({ items: [], total: 2 });
  });

  it("with open now, reads the clinic's hours as well", async () => {
    // Thursday 11 AM in Alaska: a and b are open (c is closed for now); of them only a has a physician.
    const open = { openAt: new Date(`${today}T20:00:00Z`) };
    await expect(zip(25, ["MD", "DO"], open)).resolves.toMatchObject({ total: 1 });
    await expect(zip(25, ["MD", "DO", "NP"], open)).resolves.toMatchObject({ total: 2 });
    await expect(zip(25, ["MD", "DO"], { openAt: new Date(`${today}T10:00:00Z`) })).resolves.toMatchObject({ total: 0 });
  });

  it("lists a city's clinics as the probe does, by the city and its state", async () => {
    const names = async (segment: string, radiusMiles: number | null, credentials: StaffCredential[]) =>
      (await city(segment, radiusMiles, credentials)).items.map((c) => c.slug);
    // Listed statuses by default: c (closed for now) is listed, g (closed for good) is not.
    expect(await names("staffport", null, ["MD", "DO"])).toEqual(["spa-a", "spa-c", "spa-e", "spa-f", "spa-mo"]);
    expect(await names("staffport-ak", null, ["MD", "DO"])).toEqual(["spa-a", "spa-c", "spa-e", "spa-f"]);
    expect(await names("staffport-mo", null, ["MD"])).toEqual(["spa-mo"]);
    expect(await names("staffport-ak", null, ["NP"])).toEqual(["spa-b"]);
    await expect(city("staffport-ak", null, ["MD", "DO"])).resolves.toMatchObject({ total: 4 });
  });

  it("follows a clinic that moves out of the area, and staff whose check lapses", async () => {
    await t.sql`update clinics set latitude = 40.7, longitude = -74.0 where id = ${id.a ?? 0}`;
    await expect(zip(25, ["MD", "DO"])).resolves.toMatchObject({ total: 1 });
    await t.sql`update clinics set latitude = 58.3, longitude = -134.42 where id = ${id.a ?? 0}`;
    await expect(zip(25, ["MD", "DO"])).resolves.toMatchObject({ total: 2 });
    await t.sql`update clinic_staff set license_status = 'inactive' where clinic_id = ${id.c ?? 0}`;
    await expect(zip(25, ["MD", "DO"])).resolves.toMatchObject({ total: 1 });
    expect(await probed(["MD", "DO"])).toEqual(["spa-a", "spa-e", "spa-f", "spa-g"]);
    await t.sql`update clinic_staff set license_status = 'active' where clinic_id = ${id.c ?? 0}`;
    const [{ n } = { n: 0 }] = await t.sql<{ n: number }[]>`select count(*)::int as n from clinic_staff where city_slug is null`;
    expect(n).toBe(0);
  });
});
