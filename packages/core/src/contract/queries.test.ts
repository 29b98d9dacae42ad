import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  businessStatusListParam,
  citySlugSchema,
  clinicBySlugQuerySchema,
  clinicsByCityQuerySchema,
  distanceParam,
  nearbyClinicsBodySchema,
  popularCitiesQuerySchema,
  providersNearUserQuerySchema,
  QUERY_MSG,
  zipSearchQuerySchema,
} from "./queries.ts";

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("public call defaults (product.md §7.1, §9)", () => {
  it("popular cities: limit 50", () => {
    expect(popularCitiesQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(popularCitiesQuerySchema.parse({ limit: "5" })).toEqual({ limit: 5 });
  });
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

describe("openNow (issue 14)", () => {
  it("reads true/1 and false/0 in any case, defaults to false, and rejects anything else", async () => {
    const { QUERY_MSG: M, zipSearchQuerySchema: zip, nearbyClinicsBodySchema: nearby } = await import("./queries.ts");
    for (const v of ["true", "TRUE", "1", " true "]) expect(zip.parse({ postalCode: "10001", openNow: v }).openNow).toBe(true);
    for (const v of ["false", "0", "", undefined]) expect(zip.parse({ postalCode: "10001", openNow: v }).openNow).toBe(false);
    expect(nearby.parse({ latitude: 1, longitude: 2, openNow: true }).openNow).toBe(true);
    const bad = zip.safeParse({ postalCode: "10001", openNow: "yes" });
    expect(bad.success ? "" : bad.error.issues[0]?.message).toBe(M.openNow);
  });
});
