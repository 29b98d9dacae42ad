import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillClinicDerivedColumns, deriveClinicColumns, fillFallbackTimeZones, timeZoneAt } from "./clinic-derived.ts";
import { importClinics } from "../import/import.ts";
import { clinicInputSchema, type ClinicFormValues } from "@botox/core";
import { toClinicRow, type ClinicRow } from "./clinic-row.ts";
import { insertClinic, updateClinic } from "../queries/admin-clinics.ts";
import { openAtInstant } from "../queries/listing-filters.ts";
import { listClinicsNear } from "../queries/nearby.ts";
import { clinics } from "./schema.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const base: Partial<ClinicFormValues> = { name: "Zone Test", slug: "zone-test", city: "Denver", state: "CO", latitude: 39.74, longitude: -104.99 };
/** A row as the admin routes write it: through the one write path, which derives the columns. */
function adminRow(values: Partial<ClinicFormValues>): ClinicRow {
  const mapped = toClinicRow(clinicInputSchema.parse(values));
  if (!mapped.ok) throw new Error(mapped.issue.message);
  return mapped.row;
}

describe("time zones from coordinates", () => {
  it("looks zones up offline, and gives null without or with impossible coordinates", () => {
    expect(timeZoneAt(40.71, -74.0)).toBe("America/New_York");
    expect(timeZoneAt(34.05, -118.24)).toBe("America/Los_Angeles");
    expect(timeZoneAt(33.45, -112.07)).toBe("America/Phoenix");
    expect(timeZoneAt(21.31, -157.86)).toBe("Pacific/Honolulu");
    expect(timeZoneAt(null, -74)).toBeNull();
    expect(timeZoneAt(95, 0)).toBeNull();
    expect(timeZoneAt(Number.NaN, 0)).toBeNull();
  });

  it("stores hours as weekly minutes only when they can be read", () => {
    expect(deriveClinicColumns({ workingHours: { Monday: "10 AM-7 PM" } }).openMinutes).toBe("{[2040,2580)}");
    expect(deriveClinicColumns({ workingHours: { Monday: "By appointment" } }).openMinutes).toBeNull();
  });

  it("derives on the admin's write path, re-derives when an admin moves the clinic, and on import", async () => {
    const c = await insertClinic(t.db, adminRow(base));
    expect(c.timeZone).toBe("America/Denver");
    const moved = await updateClinic(t.db, c.id, adminRow({ ...base, latitude: 40.71, longitude: -74.0 }));
    expect(moved?.timeZone).toBe("America/New_York");
    const gone = await updateClinic(t.db, c.id, adminRow({ ...base, latitude: null, longitude: null }));
    // Without coordinates the one-zone state's zone remains (never silently none).
    expect(gone?.timeZone).toBe("America/Denver");
    await importClinics(t.db, [
      {
        name: "Imported",
        city: "Chicago",
        state: "IL",
        latitude: "41.88",
        longitude: "-87.63",
        working_hours: '{"Monday":"9 AM-5 PM"}',
        location_link: "https://maps.example/zone-1",
      },
    ]);
    const [row] = await t.db.select().from(clinics).where(eq(clinics.name, "Imported"));
    expect([row?.timeZone, row?.openMinutes]).toEqual(["America/Chicago", "{[1980,2460)}"]);
  });

  it("gives clinics without coordinates a fallback zone, however many clinics a write names", async () => {
    await t.sql`insert into clinics (name, slug, city, city_slug, state) values ('No Place', 'no-place', 'Denver', 'denver', 'CO')`;
    const [placeless] = await t.db.select({ id: clinics.id }).from(clinics).where(eq(clinics.slug, "no-place"));
    // A 100,000-clinic seed names every clinic it wrote: more than a statement's 65,535 parameters.
    const ids = [...Array.from({ length: 70_000 }, (_, i) => 1_000_000 + i), placeless!.id];
    expect(await fillFallbackTimeZones(t.db, ids)).toBe(1);
    const [row] = await t.db.select().from(clinics).where(eq(clinics.slug, "no-place"));
    expect(row?.timeZone).toBe("America/Denver");
  });

  it("backfills rows written without them", async () => {
    await t.sql`insert into clinics (name, slug, city, city_slug, state, latitude, longitude, working_hours)
      values ('Raw', 'raw', 'Miami', 'miami', 'FL', 25.76, -80.19, '{"Sunday":"Open 24 hours"}')`;
    expect(await backfillClinicDerivedColumns(t.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(clinics).where(eq(clinics.slug, "raw"));
    expect([row?.timeZone, row?.openMinutes]).toEqual(["America/New_York", "{[0,1440)}"]);
    expect(await backfillClinicDerivedColumns(t.db)).toBe(0);
  });
});

describe("openAtInstant", () => {
  it("answers in each clinic's own zone and DST, never for clinics that are not operational", async () => {
    const hours = { Monday: "10 AM-7 PM", Tuesday: "10 AM-7 PM", Saturday: "10 PM-2 AM" };
    const near = { latitude: 39.0, longitude: -95.0 };
    const rows = [
      { ...base, name: "NY", slug: "oa-ny", latitude: 40.71, longitude: -74.0, workingHours: hours },
      { ...base, name: "LA", slug: "oa-la", latitude: 34.05, longitude: -118.24, workingHours: hours },
      {
        ...base,
        name: "NY closed",
        slug: "oa-ny-closed",
        latitude: 40.72,
        longitude: -74.0,
        workingHours: hours,
        businessStatus: "CLOSED_TEMPORARILY" as const,
      },
      { ...base, name: "NY text", slug: "oa-ny-text", latitude: 40.73, longitude: -74.0, workingHours: { text: "By appointment" } },
    ];
    await t.sql`delete from clinics`;
    for (const r of rows) await insertClinic(t.db, adminRow(r));
    const openAt = async (iso: string) =>
      (await t.db.select({ name: clinics.name }).from(clinics).where(openAtInstant(iso)).orderBy(clinics.name)).map((r) => r.name);
    // Monday 2026-11-23, 17:30 UTC: 12:30 PM in New York (EST), 9:30 AM in Los Angeles.
    expect(await openAt("2026-11-23T17:30:00Z")).toEqual(["NY"]);
    expect(await openAt("2026-11-23T18:30:00Z")).toEqual(["LA", "NY"]);
    // Sunday 1:30 AM in New York is still Saturday night's span (Los Angeles: Saturday 10:30 PM);
    // at Sunday 2:30 AM in New York only Los Angeles is open.
    expect(await openAt("2026-11-29T06:30:00Z")).toEqual(["LA", "NY"]);
    expect(await openAt("2026-11-29T07:30:00Z")).toEqual(["LA"]);
    // In July New York is UTC-4: 13:59 UTC is 9:59 AM (closed), 14:00 UTC is 10 AM (open).
    expect(await openAt("2026-07-06T13:59:00Z")).toEqual([]);
    expect(await openAt("2026-07-06T14:00:00Z")).toEqual(["NY"]);
    // The nearby search takes the same filter.
    const page = await listClinicsNear(t.db, { origin: near, radiusMiles: null, limit: 10, openAt: new Date("2026-11-23T18:30:00Z") });
    expect(page.map((c) => c.name).sort()).toEqual(["LA", "NY"]);
  });
});
