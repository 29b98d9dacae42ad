import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clinicInputSchema, MSG, type ClinicFormValues } from "@botox/core";
import { roundCoordinate, toClinicRow } from "./clinic-row.ts";
import { clinics } from "./schema.ts";

const input = (values: Partial<ClinicFormValues>) => clinicInputSchema.parse({ name: "Glow Spa", city: "Austin", state: "TX", ...values });

describe("roundCoordinate", () => {
  it("keeps 7 decimals and turns subnormal values and -0 into 0 (PostgreSQL underflows on them)", () => {
    expect(roundCoordinate(30.123456789)).toBe(30.1234568);
    expect(roundCoordinate(1e-320)).toBe(0);
    expect(Object.is(roundCoordinate(-4.9e-324), 0)).toBe(true);
    expect(roundCoordinate(null)).toBeNull();
    expect(roundCoordinate(undefined)).toBeNull();
  });
});

describe("toClinicRow", () => {
  it("gives the row every writer stores: slugs, parsed reviews, rounded coordinates, derived columns", () => {
    const mapped = toClinicRow(input({ latitude: 30.26715001, longitude: 1e-320, reviews: "4.6 (120 reviews)", workingHours: { Monday: "10 AM-7 PM" } }));
    expect(mapped).toMatchObject({
      ok: true,
      row: {
        slug: "glow-spa-austin",
        citySlug: "austin",
        latitude: 30.26715,
        longitude: 0,
        rating: 4.6,
        reviewCount: 120,
        openMinutes: "{[2040,2580)}",
      },
    });
  });

  it("gives every column of the table but the id, the timestamps, the import's source key and the owners' columns", () => {
    const mapped = toClinicRow(input({}));
    const notWritten = new Set([
      "id",
      "createdAt",
      "updatedAt",
      "sourceKey",
      "bookingUrl",
      "bookingUrlCheckedAt",
      "bookingUrlFailures",
      "bookingUrlFailingSince",
      "description",
      "claimed",
    ]);
    const expected = Object.keys(getTableColumns(clinics)).filter((key) => !notWritten.has(key));
    expect(mapped.ok && Object.keys(mapped.row).sort()).toEqual(expected.sort());
  });

  it("keeps a slug the admin typed, and the zone follows the stored coordinates", () => {
    const mapped = toClinicRow(input({ slug: "my-slug", latitude: 40.71, longitude: -74 }));
    expect(mapped.ok && [mapped.row.slug, mapped.row.timeZone]).toEqual(["my-slug", "America/New_York"]);
  });

  it("refuses a city that gives no slug, with the form's message (the schema refuses it first; this is the write path's own guard)", () => {
    expect(toClinicRow({ ...input({}), city: "!!!" })).toEqual({ ok: false, issue: { path: "city", message: MSG.validation.cityRequired } });
  });
});
