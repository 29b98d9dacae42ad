import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE_MSG } from "@botox/core";
import { importClinics, parseExport } from "./import.ts";
import { validateExportRow } from "./import-map.ts";
import { clinics } from "../schema/schema.ts";
import { listClinicsNear } from "../queries/nearby.ts";
import { searchClinicsNearZip } from "../queries/zip-search.ts";
import { createTestDatabase, runDbCli, type TestDatabase } from "../testing.ts";

const samplesDir = fileURLToPath(new URL("../../samples/", import.meta.url));
const sample = (name: string) => fs.readFileSync(path.join(samplesDir, name), "utf8");

/** The export columns of architecture.md §4, in the order a maps scraper writes them. */
const COLUMNS = [
  "name",
  "site",
  "phone",
  "full_address",
  "street",
  "city",
  "postal_code",
  "state",
  "latitude",
  "longitude",
  "reviews",
  "photo",
  "street_view",
  "working_hours",
  "business_status",
  "location_link",
];

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

interface Row {
  id: number;
  name: string;
  slug: string;
  city_slug: string;
  phone: string | null;
  source_key: string;
  updated_at: string;
}
const clinicsWhere = (keyPrefix: string) =>
  t.sql<Row[]>`select id, name, slug, city_slug, phone, source_key, updated_at::text from clinics
    where source_key like ${keyPrefix + "%"} order by id`;

describe("parseExport", () => {
  it("reads a CSV with the design's column names, quoted commas and JSON hours", () => {
    const rows = parseExport(sample("clinics-export.csv"), "csv");
    expect(rows).toHaveLength(8);
    expect(Object.keys(rows[0]!)).toEqual(COLUMNS);
    expect(rows[0]).toMatchObject({
      name: "Glow Aesthetics & Med Spa",
      full_address: "350 5th Ave Suite 410, New York, NY 10118",
      reviews: "4.8 (312 reviews)",
    });
    expect(JSON.parse(rows[0]!.working_hours as string)).toMatchObject({ Monday: "9 AM-6 PM", Sunday: "Closed" });
  });

  it("accepts a BOM, header case and CRLF line ends", () => {
    const rows = parseExport("\uFEFFName,City,State\r\nA Spa,Austin,TX\r\n", "csv");
    expect(rows).toEqual([{ name: "A Spa", city: "Austin", state: "TX" }]);
  });

  it("reads a JSON array or { clinics: [...] } and refuses anything else", () => {
    expect(parseExport(sample("clinics-export.json"), "json")).toHaveLength(8);
    expect(parseExport('{"clinics":[{"name":"A"}]}', "json")).toEqual([{ name: "A" }]);
    expect(() => parseExport('{"name":"A"}', "json")).toThrow("JSON export must be an array of clinics");
    expect(() => parseExport("[{", "json")).toThrow();
  });
});

describe("import of the sample files", () => {
  it("imports every row of the CSV sample", async () => {
    const result = await importClinics(t.db, parseExport(sample("clinics-export.csv"), "csv"));
    expect(result).toEqual({ inserted: 8, updated: 0, unchanged: 0, prices: 0, pricesPending: 0, staff: 0, errors: [] });
  });

  it("maps every export field onto the clinic, and fills every column of the table", async () => {
    // Every column but those the database generates, so a column added to the table shows here.
    const [{ id: _id, created_at: _createdAt, updated_at: _updatedAt, ...glow } = {}] =
      await t.sql`select * from clinics where name = 'Glow Aesthetics & Med Spa'`;
    expect(glow).toEqual({
      name: "Glow Aesthetics & Med Spa",
      slug: "glow-aesthetics-med-spa-new-york",
      site: "https://www.glowaesthetics.com",
      phone: "(212) 555-0147",
      full_address: "350 5th Ave Suite 410, New York, NY 10118",
      street: "350 5th Ave Suite 410",
      city: "New York",
      city_slug: "new-york",
      postal_code: "10118",
      state: "NY",
      country: "USA",
      latitude: 40.748817,
      longitude: -73.985428,
      rating: 4.8,
      review_count: 312,
      photo: "https://picsum.photos/seed/glow-nyc/800/600",
      street_view: "https://maps.googleapis.com/maps/api/streetview?size=600x400&location=40.748817,-73.985428",
      working_hours: {
        Monday: "9 AM-6 PM",
        Tuesday: "9 AM-6 PM",
        Wednesday: "9 AM-6 PM",
        Thursday: "9 AM-8 PM",
        Friday: "9 AM-6 PM",
        Saturday: "10 AM-4 PM",
        Sunday: "Closed",
      },
      business_status: "OPERATIONAL",
      location_link: "https://www.google.com/maps/place/?q=place_id:ChIJsampleGlowNYC0000001",
      source_key: "https://www.google.com/maps/place/?q=place_id:ChIJsampleGlowNYC0000001",
      // Derived from the coordinates and the hours (clinic-derived.ts).
      time_zone: "America/New_York",
      // Not in an export: no owner has claimed it or set a booking link.
      claimed: false,
      booking_url: null,
      booking_url_checked_at: null,
      booking_url_failures: 0,
      booking_url_failing_since: null,
      description: null,
      open_minutes: "{[1980,2520),[3420,3960),[4860,5400),[6300,6960),[7740,8280),[9240,9600)}",
      // The file has no checked day, and no category column (import-freshness.test.ts maps one).
      last_verified_on: null,
      category: null,
    });
  });

  it("normalizes statuses of any case, reviews text and plain-text hours", async () => {
    const rows = await t.sql<
      { name: string; business_status: string; rating: number | null; review_count: number; working_hours: unknown; source_key: string }[]
    >`
      select name, business_status, rating, review_count, working_hours, source_key from clinics
      where name in ('Radiance Skin Clinic', 'Windy City Botox Bar', 'Brickell Med Spa', 'Desert Glow Injectables')
      order by name`;
    expect(rows.map((r) => [r.name, r.business_status, r.rating, r.review_count, r.working_hours])).toEqual([
      ["Brickell Med Spa", "CLOSED_TEMPORARILY", 4.9, 1024, expect.objectContaining({ Monday: "10 AM-7 PM" })],
      ["Desert Glow Injectables", "PERMANENTLY_CLOSED", null, 12, expect.anything()],
      ["Radiance Skin Clinic", "OPERATIONAL", 4.6, 0, { text: "Mon-Fri 10am-7pm; Sat 10am-3pm" }],
      ["Windy City Botox Bar", "OPERATIONAL", null, 87, { text: "By appointment only" }],
    ]);
    // Without a location link the key is the name plus the full address.
    expect(rows[0]!.source_key).toBe("brickell med spa|1111 brickell ave, miami, fl 33131");
  });

  it("changes nothing on a second import of the same file", async () => {
    const before = await t.sql`select * from clinics order by id`;
    const again = await importClinics(t.db, parseExport(sample("clinics-export.csv"), "csv"));
    expect(again).toEqual({ inserted: 0, updated: 0, unchanged: 8, prices: 0, pricesPending: 0, staff: 0, errors: [] });
    // Not even updated_at moves.
    expect(await t.sql`select * from clinics order by id`).toEqual(before);
  });

  it("finds the same clinics in the JSON sample (same stable keys, same values)", async () => {
    const before = await t.sql`select * from clinics order by id`;
    const json = await importClinics(t.db, parseExport(sample("clinics-export.json"), "json"));
    expect(json).toEqual({ inserted: 0, updated: 0, unchanged: 8, prices: 0, pricesPending: 0, staff: 0, errors: [] });
    expect(await t.sql`select * from clinics order by id`).toEqual(before);
  });
});

describe("bad rows", () => {
  it("reports each bad row with its number and reason while the good rows go in", async () => {
    const result = await importClinics(t.db, parseExport(sample("clinics-export-with-errors.csv"), "csv"));
    expect(result.inserted).toBe(1);
    expect(result.errors).toEqual([
      { row: 2, reason: "city: City is required" },
      {
        row: 3,
        reason:
          "site: Please enter a valid URL; latitude: Latitude must be a number between -90 and 90.; " +
          "businessStatus: Business status must be OPERATIONAL, CLOSED_TEMPORARILY or PERMANENTLY_CLOSED.",
      },
      { row: 4, reason: "expected 16 fields, found 18" },
      { row: 5, reason: "latitude and longitude must be given together" },
    ]);
    const [good] = await t.sql<{ n: number }[]>`select count(*)::int as n from clinics where name = 'Mile High Aesthetics'`;
    expect(good?.n).toBe(1);
    const [bad] = await t.sql<{ n: number }[]>`
      select count(*)::int as n from clinics where name in ('Nameless Spa With No City', 'Broken Coordinates Aesthetics', 'Unquoted Comma Spa', 'Half Located Spa')`;
    expect(bad?.n).toBe(0);
  });

  it("reports JSON rows that are not clinics, and missing required fields with the form's messages", async () => {
    const result = await importClinics(t.db, [
      { name: "Json Good Spa", city: "Austin", state: "TX", location_link: "https://maps.example/json-good" },
      42,
      null,
      ["name"],
      { city: "Austin", state: "TX" },
      { name: "No State Spa", city: "Austin" },
      { name: "Bad Hours", city: "Austin", state: "TX", working_hours: 7 },
    ]);
    expect(result.inserted).toBe(1);
    expect(result.errors.map((e) => e.row)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(result.errors.slice(0, 3).map((e) => e.reason)).toEqual(["not an object", "not an object", "not an object"]);
    expect(result.errors[3]!.reason).toBe("name: Name is required");
    expect(result.errors[4]!.reason).toBe("state: State is required");
    expect(result.errors[5]!.reason).toMatch(/^workingHours: /);
  });

  it("reports a row whose phone is not a valid US number", async () => {
    const result = await importClinics(t.db, [
      { name: "Maybe Spa", city: "Austin", state: "TX", phone: "call me maybe", location_link: "https://maps.example/maybe" },
      { name: "Short Spa", city: "Austin", state: "TX", phone: "(312) 555-042", location_link: "https://maps.example/short" },
      { name: "Dialled Spa", city: "Austin", state: "TX", phone: "+1 512 555 0130", location_link: "https://maps.example/dialled" },
    ]);
    expect(result.inserted).toBe(1);
    expect(result.errors).toEqual([
      { row: 1, reason: `phone: ${PHONE_MSG.invalid}` },
      { row: 2, reason: `phone: ${PHONE_MSG.invalid}` },
    ]);
  });

  it("keeps the later of two rows for the same clinic and reports the earlier", async () => {
    const link = "https://maps.example/dup";
    const result = await importClinics(t.db, [
      { name: "Dup Spa", city: "Austin", state: "TX", phone: "512-555-0101", location_link: link },
      { name: "Dup Spa", city: "Austin", state: "TX", phone: "512-555-0102", location_link: link },
    ]);
    expect(result).toEqual({
      inserted: 1,
      updated: 0,
      unchanged: 0,
      prices: 0,
      pricesPending: 0,
      staff: 0,
      errors: [{ row: 1, reason: "same clinic as row 2, which was used instead" }],
    });
    const rows = await clinicsWhere(link);
    expect(rows.map((r) => r.phone)).toEqual(["512-555-0102"]);
  });

  it("validates rows one by one without a database", () => {
    expect(validateExportRow({ name: "A", city: "B", state: "C", latitude: "1", longitude: "2" })).toMatchObject({ ok: true });
    expect(validateExportRow({ name: "A", city: "!!!", state: "C" })).toEqual({
      ok: false,
      reason: "city: City may contain only letters, spaces, hyphens, apostrophes and periods.",
    });
  });
});

describe("upsert by stable key", () => {
  const key = "https://maps.example/upsert-";

  it("updates a changed clinic in place, keeping its id and public slug", async () => {
    const row = { name: "Upsert Spa", city: "Austin", state: "TX", phone: "512-555-0111", location_link: `${key}1` };
    await importClinics(t.db, [row]);
    const [before] = await clinicsWhere(`${key}1`);
    const result = await importClinics(t.db, [{ ...row, name: "Upsert Spa & Laser", phone: "512-555-0112" }]);
    expect(result).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    const [after] = await clinicsWhere(`${key}1`);
    expect(after).toMatchObject({ id: before!.id, slug: "upsert-spa-austin", name: "Upsert Spa & Laser", phone: "512-555-0112" });
    expect(after!.updated_at > before!.updated_at).toBe(true);
  });

  it("gives a clinic that moved city a slug in its new city", async () => {
    const row = { name: "Mover Spa", city: "Austin", state: "TX", location_link: `${key}2` };
    await importClinics(t.db, [row]);
    await importClinics(t.db, [{ ...row, city: "Dallas" }]);
    expect(await clinicsWhere(`${key}2`)).toEqual([expect.objectContaining({ slug: "mover-spa-dallas", city_slug: "dallas" })]);
  });

  it("keys rows without a location link on name plus address, ignoring case and spacing", async () => {
    const row = { name: "Keyless Spa", full_address: "9 Elm St, Austin, TX 78701", city: "Austin", state: "TX" };
    expect((await importClinics(t.db, [row])).inserted).toBe(1);
    const again = await importClinics(t.db, [{ ...row, full_address: " 9  ELM st, Austin, TX 78701 " }]);
    expect(again).toMatchObject({ inserted: 0, updated: 1 });
    expect(await clinicsWhere("keyless spa|")).toHaveLength(1);
  });

  it("de-duplicates slugs of different clinics with one name in one city", async () => {
    const rows = [1, 2, 3].map((n) => ({ name: "Twin Spa", city: "Austin", state: "TX", location_link: `${key}twin-${n}` }));
    await importClinics(t.db, rows, { batchSize: 2 });
    expect((await clinicsWhere(`${key}twin-`)).map((r) => r.slug)).toEqual(["twin-spa-austin", "twin-spa-austin-2", "twin-spa-austin-3"]);
  });

  it("restores a ZIP that a JSON export carried as a number", async () => {
    await importClinics(t.db, [{ name: "Zip Spa", city: "Boston", state: "MA", postal_code: 2108, location_link: `${key}zip` }]);
    const [row] = await t.sql<{ postal_code: string }[]>`select postal_code from clinics where source_key = ${`${key}zip`}`;
    expect(row?.postal_code).toBe("02108");
  });
});

describe("re-import: which columns it compares (every one but those named in import-upsert.ts)", () => {
  const link = "https://maps.example/compare";
  const row = {
    name: "Compare Spa",
    site: "https://compare.example",
    phone: "512-555-0120",
    full_address: "1 Main St, Austin, TX 78701",
    street: "1 Main St",
    city: "Austin",
    postal_code: "78701",
    state: "TX",
    latitude: 30.27,
    longitude: -97.74,
    reviews: "4.5 (20 reviews)",
    photo: "https://compare.example/photo.jpg",
    street_view: "https://compare.example/street.jpg",
    working_hours: '{"Monday":"9 AM-5 PM"}',
    business_status: "OPERATIONAL",
    location_link: link,
  };
  // Bookkeeping: the generated id and timestamps, and the key the row is matched on.
  const bookkeeping = new Set(["id", "createdAt", "updatedAt", "sourceKey"]);
  // Kept as stored by a re-import of the same values (import-upsert.ts says why).
  const kept = new Set([
    "slug",
    "timeZone",
    "openMinutes",
    "lastVerifiedOn",
    "category",
    "claimed",
    "bookingUrl",
    "bookingUrlCheckedAt",
    "bookingUrlFailures",
    "bookingUrlFailingSince",
    "description",
  ]);

  /** A value of `column` other than `current`; a column of a new kind needs one here. */
  function otherValue(key: string, column: PgColumn, current: unknown): unknown {
    switch (column.columnType) {
      case "PgText":
        // A text column of a fixed list (the category) takes another value of the list.
        if (column.enumValues?.length) return column.enumValues.find((v) => v !== current);
        return `${typeof current === "string" ? current : "x"}-changed`;
      case "PgDoublePrecision":
      case "PgReal":
        return typeof current === "number" ? current - 0.5 : 1;
      case "PgInteger":
        return typeof current === "number" ? current + 1 : 1;
      case "PgJsonb":
        return { text: "changed" };
      case "PgEnumColumn":
        return column.enumValues?.find((v) => v !== current);
      case "PgDateString":
        return "2026-01-01";
      case "PgTimestamp":
        return new Date("2026-01-01T00:00:00.000Z");
      case "PgCustomColumn":
        return "{[0,60)}";
      case "PgBoolean":
        return !current;
      default:
        throw new Error(`no other value for clinics.${key} (${column.columnType}): add one to this test`);
    }
  }

  const stored = async () => (await t.db.select().from(clinics).where(eq(clinics.sourceKey, link)))[0]!;

  it("updates a clinic whose compared column changed, and keeps the others as stored", async () => {
    for (const [key, column] of Object.entries(getTableColumns(clinics))) {
      if (bookkeeping.has(key)) continue;
      await t.sql`delete from clinics where source_key = ${link}`;
      await importClinics(t.db, [row]);
      const before = await stored();
      const changed = otherValue(key, column, before[key as keyof typeof before]);
      const value = column.mapToDriverValue(changed);
      if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")
        throw new Error(`clinics.${key}: no driver value for ${String(changed)}`);
      await t.sql`update clinics set ${t.sql(column.name)} = ${value} where id = ${before.id}`;
      const result = await importClinics(t.db, [row]);
      const after = await stored();
      if (kept.has(key)) {
        expect(result, key).toMatchObject({ updated: 0, unchanged: 1 });
        expect(after[key as keyof typeof after], key).toEqual(changed);
      } else {
        expect(result, key).toMatchObject({ updated: 1, unchanged: 0 });
        expect({ ...after, updatedAt: null }, key).toEqual({ ...before, updatedAt: null });
      }
    }
  });
});

describe("coordinates (one clinic write path)", () => {
  // A subnormal latitude once went in unrounded (the admin form rounded, the import did not),
  // and PostgreSQL's haversine then failed every search near 0,0 with "value out of range:
  // underflow". Both writers now share toClinicRow's rounding to 7 decimals.
  it("stores tiny coordinates as 0, so searches near 0,0 answer instead of underflowing", async () => {
    const link = "https://maps.example/null-island-import";
    const result = await importClinics(t.db, [
      { name: "Null Island Import Spa", city: "Atlantic", state: "XX", latitude: 1e-320, longitude: "-4.9e-324", location_link: link },
    ]);
    expect(result.errors).toEqual([]);
    const [row] = await t.sql<{ latitude: number; longitude: number }[]>`select latitude, longitude from clinics where source_key = ${link}`;
    expect(row).toEqual({ latitude: 0, longitude: 0 });

    const near = await listClinicsNear(t.db, { origin: { latitude: 0, longitude: 0 }, radiusMiles: 50, limit: 10 });
    expect(near.map((c) => c.name)).toContain("Null Island Import Spa");

    await t.sql`insert into zip_codes (zip, city, state, latitude, longitude) values ('00001', 'Atlantic', 'XX', 0.0001, 0.0001) on conflict do nothing`;
    const byZip = await searchClinicsNearZip(t.db, { postalCode: "00001", page: 1, limit: 10, radiusMiles: 50 });
    expect(byZip.items.map((c) => c.name)).toContain("Null Island Import Spa");
  });
});

describe("optional price columns", () => {
  const base = (n: string) => ({ name: `Priced Spa ${n}`, city: "Dallas", state: "TX", location_link: `https://maps.example/priced-${n}` });
  const pricesOf = (link: string) =>
    t.sql<
      {
        brand: string;
        model: string;
        unit_price_cents: number | null;
        area: string | null;
        price_cents: number | null;
        units: number | null;
        per_unit_cents: number | null;
        source: string;
        status: string;
        observed_on: string;
        new_patients_only: boolean;
      }[]
    >`
      select p.brand::text, p.model::text, p.unit_price_cents, p.area::text, p.price_cents, p.units, p.per_unit_cents, p.source::text,
             p.status::text, p.observed_on::text, p.new_patients_only
      from clinic_prices p join clinics c on c.id = p.clinic_id where c.source_key = ${link} order by p.id`;

  it("imports a unit price and an area price from CSV columns, once however often the file is imported", async () => {
    const csv = [
      "name,city,state,location_link,price_per_unit,price_area,price_area_price,price_units,price_observed_on,price_source,price_new_patients_only",
      "Priced Spa A,Dallas,TX,https://maps.example/priced-a,$12.50,forehead,300,20,2026-10-01,phone,no",
    ].join("\n");
    const first = await importClinics(t.db, parseExport(csv, "csv"));
    expect(first).toMatchObject({ inserted: 1, prices: 2, pricesPending: 0, staff: 0, errors: [] });
    expect(await pricesOf("https://maps.example/priced-a")).toEqual([
      {
        brand: "botox",
        model: "per_unit",
        unit_price_cents: 1250,
        area: null,
        price_cents: null,
        units: null,
        per_unit_cents: 1250,
        source: "phone",
        status: "published",
        observed_on: "2026-10-01",
        new_patients_only: false,
      },
      {
        brand: "botox",
        model: "per_area",
        unit_price_cents: null,
        area: "forehead",
        price_cents: 30000,
        units: 20,
        per_unit_cents: 1500,
        source: "phone",
        status: "published",
        observed_on: "2026-10-01",
        new_patients_only: false,
      },
    ]);
    const again = await importClinics(t.db, parseExport(csv, "csv"));
    expect(again).toMatchObject({ unchanged: 1, prices: 0 });
    expect(await pricesOf("https://maps.example/priced-a")).toHaveLength(2);
  });

  it("holds an outlier for review, keeps brands apart, and leaves rows without prices alone", async () => {
    const result = await importClinics(t.db, [
      { ...base("b"), pricePerUnit: "2", priceObservedOn: "2026-09-01" },
      { ...base("c"), price_brand: "Dysport", price_per_unit: "4.50", price_observed_on: "2026-09-01", price_source: "website" },
      { ...base("d") },
    ]);
    expect(result).toMatchObject({ inserted: 3, prices: 2, pricesPending: 1, errors: [] });
    expect((await pricesOf("https://maps.example/priced-b"))[0]).toMatchObject({ brand: "botox", unit_price_cents: 200, status: "pending", source: "website" });
    expect((await pricesOf("https://maps.example/priced-c"))[0]).toMatchObject({ brand: "dysport", unit_price_cents: 450, status: "published" });
    expect(await pricesOf("https://maps.example/priced-d")).toEqual([]);
  });

  it("reports a bad price as a bad row, with the column and the reason", async () => {
    const result = await importClinics(t.db, [
      { ...base("e"), price_per_unit: "13" },
      { ...base("f"), price_per_unit: "cheap", price_observed_on: "2026-09-01" },
      { ...base("g"), price_per_unit: "13", price_observed_on: "2999-01-01" },
      { ...base("h"), price_per_unit: "13", price_observed_on: "2026-09-01", price_source: "demo" },
      { ...base("i"), price_area_price: "300", price_observed_on: "2026-09-01" },
      { ...base("j"), price_per_unit: "13", price_observed_on: "2026-09-01", price_brand: "botulinum" },
      { ...base("k"), price_area: "forehead" },
    ]);
    expect(result.inserted).toBe(0);
    expect(result.errors).toEqual([
      { row: 1, reason: "price_observed_on: Dates must be real dates written YYYY-MM-DD." },
      { row: 2, reason: "price_per_unit: must be an amount in dollars such as 13 or 12.50" },
      { row: 3, reason: "price_observed_on: a price cannot be observed in the future" },
      { row: 4, reason: "price_source: must be clinic, phone or website" },
      { row: 5, reason: "price_area: An area price needs its area." },
      { row: 6, reason: "price_per_unit: Brand must be one of: botox, dysport, xeomin, jeuveau, daxxify, letybo, other." },
      { row: 7, reason: "price columns without a price (price_per_unit or price_area_price): price_area" },
    ]);
  });
});

describe("import CLI", () => {
  const env = () => ({ ...process.env, DATABASE_URL: t.url });

  it("prints the summary and every bad row, and exits 0", async () => {
    const file = path.join(samplesDir, "clinics-export-with-errors.csv");
    const run = await runDbCli("import", [file], env());
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Importing 5 rows from");
    expect(run.stdout).toContain("inserted 0, updated 0, unchanged 1, bad rows 4");
    expect(run.stdout).toContain("  row 2: city: City is required\n");
    expect(run.stdout).toContain("  row 4: expected 16 fields, found 18\n");
  });

  it("resolves a relative path from where npm was run and reads JSON by its extension", async () => {
    const run = await runDbCli("import", ["clinics-export.json"], { ...env(), BOTOX_CALLER_CWD: samplesDir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("inserted 0, updated 0, unchanged 8, bad rows 0");
  });

  it("exits 1 when the file cannot be read or parsed", async () => {
    const missing = await runDbCli("import", [path.join(os.tmpdir(), "no-such-export.csv")], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Cannot read");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-"));
    const broken = path.join(dir, "broken.json");
    fs.writeFileSync(broken, "{ not json");
    const bad = await runDbCli("import", [broken], env());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("as json");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
