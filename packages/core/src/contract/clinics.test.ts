import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { errorsOf } from "../testing.ts";
import { buildQuery, type QueryParams } from "../http.ts";
import {
  businessStatusListParam,
  citySlugSchema,
  cityTextSchema,
  clinicBySlugQuerySchema,
  clinicInputSchema,
  clinicsByCityQuerySchema,
  distanceParam,
  nearbyClinicsBodySchema,
  providersNearUserQuerySchema,
  zipCodeSchema,
  zipSearchQuerySchema,
  type AdminClinicsQuery,
  type Clinic,
  type ClinicBySlugQuery,
  type ClinicListResponse,
  type ClinicsByCityQuery,
  type NearbyClinicsBody,
  type NearbyClinicsRequest,
  type NearbyProvidersResponse,
  type ZipSearchQuery,
  type ZipSearchResponse,
} from "./clinics.ts";
import { QUERY_MSG } from "./shared.ts";
import { CLINIC_CATEGORIES, type ClinicCategory } from "../clinic-category.ts";

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

// The contract of product.md §3 and §7, checked by the type checker (this file is typechecked).
describe("clinic answers and requests (product.md §3, §7)", () => {
  it("carry every clinic field of product.md §3", () => {
    expectTypeOf<Clinic>().toHaveProperty("id").toEqualTypeOf<number>();
    expectTypeOf<Clinic>().toHaveProperty("url").toEqualTypeOf<string | null>();
    expectTypeOf<Clinic>().toHaveProperty("businessStatus").toEqualTypeOf<"OPERATIONAL" | "CLOSED_TEMPORARILY" | "PERMANENTLY_CLOSED">();
    expectTypeOf<Clinic>().toHaveProperty("_distance").toEqualTypeOf<number | undefined>();
    const fields = [
      "id",
      "name",
      "slug",
      "site",
      "url",
      "phone",
      "fullAddress",
      "street",
      "city",
      "state",
      "postalCode",
      "country",
      "latitude",
      "longitude",
      "reviews",
      "photo",
      "streetView",
      "workingHours",
      "businessStatus",
      "locationLink",
      "createdAt",
    ] as const satisfies readonly (keyof Clinic)[];
    expect(fields).toHaveLength(21);
  });

  it("shape the list answers as the spec's clients read them", () => {
    expectTypeOf<ClinicListResponse>().toHaveProperty("clinics").toEqualTypeOf<Clinic[]>();
    expectTypeOf<ClinicListResponse["pagination"]>().toHaveProperty("totalItems").toEqualTypeOf<number>();
    expectTypeOf<ClinicListResponse["pagination"]>().toHaveProperty("itemsPerPage").toEqualTypeOf<number>();
    expectTypeOf<ZipSearchResponse>().toHaveProperty("totalCount").toEqualTypeOf<number>();
    expectTypeOf<ZipSearchResponse>().toHaveProperty("itemsPerPage").toEqualTypeOf<number>();
    expectTypeOf<ZipSearchResponse>().toHaveProperty("currentPage").toEqualTypeOf<number>();
    expectTypeOf<NearbyProvidersResponse>().toHaveProperty("providers").toEqualTypeOf<Clinic[]>();
    expectTypeOf<NearbyProvidersResponse>().toHaveProperty("searchRadius").toEqualTypeOf<number>();
  });

  it("type the nearby body as the API reads it and as a client sends it", () => {
    expectTypeOf<NearbyClinicsBody>().toEqualTypeOf<{ latitude: number; longitude: number; radius: number; openNow: boolean }>();
    type Sent = { latitude: number; longitude: number; radius?: number; openNow?: boolean };
    expectTypeOf<NearbyClinicsRequest>().toExtend<Sent>();
    expectTypeOf<Sent>().toExtend<NearbyClinicsRequest>();
  });

  it("let every query type travel through the shared request helper", () => {
    expectTypeOf<AdminClinicsQuery>().toExtend<QueryParams>();
    expectTypeOf<ZipSearchQuery>().toExtend<QueryParams>();
    expectTypeOf<ClinicsByCityQuery>().toExtend<QueryParams>();
    expectTypeOf<ClinicBySlugQuery>().toExtend<QueryParams>();
    const admin: AdminClinicsQuery = { page: 1, limit: 10, query: "glow", businessStatus: "operational" };
    expect(buildQuery(admin)).toBe("?page=1&limit=10&query=glow&businessStatus=operational");
  });
});

describe("clinic form (product.md §5)", () => {
  it("requires name, city and state with the spec's messages", () => {
    expect(errorsOf(clinicInputSchema, {})).toMatchObject({
      name: "Name is required",
      city: "City is required",
      state: "State is required",
    });
    expect(errorsOf(clinicInputSchema, { name: " ", city: "", state: "" })).toMatchObject({
      name: "Name is required",
      city: "City is required",
      state: "State is required",
    });
  });
  it("requires URLs for website, photo, street view and maps link", () => {
    const bad = { name: "A", city: "B", state: "C", site: "nope", photo: "x y", streetView: "ftp://a", locationLink: "z" };
    expect(errorsOf(clinicInputSchema, bad)).toEqual({
      site: "Please enter a valid URL",
      photo: "Please enter a valid URL",
      streetView: "Please enter a valid URL",
      locationLink: "Please enter a valid URL",
    });
  });
  it("defaults country to USA and status to OPERATIONAL, accepting either case", () => {
    const c = clinicInputSchema.parse({ name: "A", city: "B", state: "C" });
    expect(c.country).toBe("USA");
    expect(c.businessStatus).toBe("OPERATIONAL");
    expect(clinicInputSchema.parse({ name: "A", city: "B", state: "C", businessStatus: "closed_temporarily" }).businessStatus).toBe("CLOSED_TEMPORARILY");
    expect(errorsOf(clinicInputSchema, { name: "A", city: "B", state: "C", businessStatus: "open" }).businessStatus).toBe(
      "Business status must be OPERATIONAL, CLOSED_TEMPORARILY or PERMANENTLY_CLOSED.",
    );
  });
  it("takes a category from the list in any case (decision 301): absent keeps it, empty is unknown, anything else names the list", () => {
    const base = { name: "A", city: "B", state: "C" };
    expect(clinicInputSchema.parse(base).category).toBeUndefined();
    expect(clinicInputSchema.parse({ ...base, category: " dermatology  PRACTICE " }).category).toBe("Dermatology practice");
    for (const c of CLINIC_CATEGORIES) expect(clinicInputSchema.parse({ ...base, category: c }).category).toBe(c);
    expect(clinicInputSchema.parse({ ...base, category: "" }).category).toBeNull();
    expect(clinicInputSchema.parse({ ...base, category: null }).category).toBeNull();
    for (const bad of ["Barber", "Medical", 7, ["Medical spa"]]) {
      expect(errorsOf(clinicInputSchema, { ...base, category: bad }).category, JSON.stringify(bad)).toBe(
        "Category must be one of: Medical spa, Dermatology practice, Plastic surgery practice, Aesthetic clinic, Other (or empty when unknown).",
      );
    }
    expectTypeOf<Clinic>().toHaveProperty("category").toEqualTypeOf<ClinicCategory | null>();
  });
  it("accepts reviews as a number or text and hours as text or an object", () => {
    const base = { name: "A", city: "B", state: "C" };
    expect(clinicInputSchema.safeParse({ ...base, reviews: 4.5, workingHours: "Mon-Fri 9-5" }).success).toBe(true);
    expect(clinicInputSchema.safeParse({ ...base, reviews: "4.5 (126 reviews)", workingHours: { Monday: "9-5" } }).success).toBe(true);
  });
  it("checks coordinates", () => {
    const base = { name: "A", city: "B", state: "C" };
    expect(clinicInputSchema.parse({ ...base, latitude: "40.7", longitude: "" })).toMatchObject({ latitude: 40.7, longitude: null });
    expect(errorsOf(clinicInputSchema, { ...base, latitude: 91, longitude: -181 })).toEqual({
      latitude: "Latitude must be a number between -90 and 90.",
      longitude: "Longitude must be a number between -180 and 180.",
    });
  });
});

describe("search (product.md §5)", () => {
  it("ZIP is exactly five digits; city text at least 2 characters after trimming", () => {
    expect(zipCodeSchema.parse(" 10001 ")).toBe("10001");
    expect(zipCodeSchema.safeParse("1000").error?.issues[0]?.message).toBe("ZIP code must be exactly 5 digits.");
    expect(cityTextSchema.parse(" LA ")).toBe("LA");
    expect(cityTextSchema.safeParse(" a ").error?.issues[0]?.message).toBe("City must be at least 2 characters.");
  });
});

describe("public call defaults (product.md §7.1, §9)", () => {
  it("nearby clinics: radius 100 miles", () => {
    expect(nearbyClinicsBodySchema.parse({ latitude: 40.7128, longitude: -74.006 })).toEqual({
      latitude: 40.7128,
      longitude: -74.006,
      radius: 100,
      openNow: false,
    });
  });
  it("ZIP search: page 1, 10 per page, 25 miles, every status", () => {
    expect(zipSearchQuerySchema.parse({ postalCode: " 10001 " })).toEqual({
      postalCode: "10001",
      page: 1,
      limit: 10,
      distance: 25,
      businessStatus: [],
      openNow: false,
      brand: "botox",
      sortBy: "distance",
      credential: [],
    });
  });
  it("the home's featured block: limit=3, distance=25, businessStatus=OPERATIONAL", () => {
    expect(zipSearchQuerySchema.parse({ postalCode: "10001", limit: "3", distance: "25", businessStatus: "OPERATIONAL" })).toMatchObject({
      limit: 3,
      distance: 25,
      businessStatus: ["OPERATIONAL"],
    });
  });
  it("providers near the visitor: limit 50", () => {
    expect(providersNearUserQuerySchema.parse({})).toEqual({ limit: 50 });
  });
  it("clinics by city: page 1, 10 per page, sorted by reviews, no distance limit", () => {
    expect(clinicsByCityQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 10,
      businessStatus: [],
      distance: null,
      sortBy: "reviews",
      openNow: false,
      brand: "botox",
      credential: [],
    });
    expect(clinicsByCityQuerySchema.parse({ sortBy: "name", sortOrder: "asc", query: "  glow " })).toMatchObject({
      sortBy: "name",
      sortOrder: "asc",
      query: "glow",
    });
  });
});

describe("distance (product.md §9 filters)", () => {
  const d = distanceParam(25);
  it("reads miles, 'any' as no limit, and the shared-filter 150 as no limit", () => {
    expect(d.parse("10")).toBe(10);
    expect(d.parse(5)).toBe(5);
    expect(d.parse("any")).toBeNull();
    expect(d.parse("150")).toBeNull();
    expect(d.parse(undefined)).toBe(25);
    expect(d.parse("")).toBe(25);
  });
  it("rejects anything else with a readable message", () => {
    for (const bad of ["-5", "0", "ten", "1e9"]) expect(firstMessage(d, bad)).toBe(QUERY_MSG.distance);
  });
});

describe("business status filter (product.md §4, §7)", () => {
  it("takes comma-joined and repeated values in either case, once each", () => {
    expect(businessStatusListParam.parse("operational,CLOSED_TEMPORARILY")).toEqual(["OPERATIONAL", "CLOSED_TEMPORARILY"]);
    expect(businessStatusListParam.parse(["permanently_closed", "PERMANENTLY_CLOSED"])).toEqual(["PERMANENTLY_CLOSED"]);
    expect(businessStatusListParam.parse("all")).toEqual([]);
    expect(businessStatusListParam.parse(undefined)).toEqual([]);
  });
  it("rejects an unknown status with the canonical list", () => {
    expect(firstMessage(businessStatusListParam, "open")).toBe("Business status must be OPERATIONAL, CLOSED_TEMPORARILY or PERMANENTLY_CLOSED.");
  });
});

describe("paging and search input", () => {
  it("rejects pages and limits out of range", () => {
    expect(firstMessage(zipSearchQuerySchema, { postalCode: "10001", page: "0" })).toBe(QUERY_MSG.page);
    expect(firstMessage(zipSearchQuerySchema, { postalCode: "10001", limit: "101" })).toBe(QUERY_MSG.limit(100));
    expect(firstMessage(zipSearchQuerySchema, { postalCode: "1000" })).toBe("ZIP code must be exactly 5 digits.");
    expect(firstMessage(clinicsByCityQuerySchema, { sortBy: "rating" })).toBe(QUERY_MSG.sortBy);
  });
  it("rejects coordinates out of range and radii past 500 miles", () => {
    expect(firstMessage(nearbyClinicsBodySchema, { latitude: 91, longitude: 0 })).toBe("Latitude must be a number between -90 and 90.");
    expect(firstMessage(nearbyClinicsBodySchema, { latitude: 0, longitude: 0, radius: 501 })).toBe(QUERY_MSG.radius);
  });
  it("accepts city slugs, with or without a state code (product.md §2.1)", () => {
    expect(citySlugSchema.parse("New-York-NY")).toBe("new-york-ny");
    expect(citySlugSchema.safeParse("new--york").success).toBe(false);
    expect(citySlugSchema.safeParse("x").success).toBe(false);
    expect(clinicBySlugQuerySchema.parse({ city: "" })).toEqual({});
    expect(clinicBySlugQuerySchema.parse({ city: "miami" })).toEqual({ city: "miami" });
  });
});

describe("openNow", () => {
  it("reads true/1 and false/0 in any case, defaults to false, and rejects anything else", () => {
    for (const v of ["true", "TRUE", "1", " true "]) expect(zipSearchQuerySchema.parse({ postalCode: "10001", openNow: v }).openNow).toBe(true);
    for (const v of ["false", "0", "", undefined]) expect(zipSearchQuerySchema.parse({ postalCode: "10001", openNow: v }).openNow).toBe(false);
    expect(nearbyClinicsBodySchema.parse({ latitude: 1, longitude: 2, openNow: true }).openNow).toBe(true);
    const bad = zipSearchQuerySchema.safeParse({ postalCode: "10001", openNow: "yes" });
    expect(bad.success ? "" : bad.error.issues[0]?.message).toBe(QUERY_MSG.openNow);
  });
});
