import { describe, expect, it } from "vitest";
import { buildQuery } from "@core/http.ts";
import { makeClinic } from "../test/factories.ts";
import { DEFAULT_CITY_FILTERS, cityPageAtBuild, cityQueryParams, zipDistanceOptions, zipQueryParams } from "./listing.ts";

describe("city listing parameters", () => {
  it("defaults to 5 miles, open clinics, most reviews first", () => {
    expect(DEFAULT_CITY_FILTERS).toEqual({ distance: "5", status: "OPERATIONAL", query: "", sort: "reviews-desc" });
    expect(buildQuery(cityQueryParams(DEFAULT_CITY_FILTERS, 1))).toBe(
      "?page=1&limit=10&businessStatus=OPERATIONAL&distance=5&sortBy=reviews&sortOrder=desc",
    );
  });

  it("sends the trimmed query, the page, and no limit for 'any' distance or 'all' statuses", () => {
    const params = cityQueryParams({ distance: "any", status: "all", query: "  glow ", sort: "name-asc" }, 3);
    expect(params).toEqual({ page: 3, limit: 10, query: "glow", businessStatus: null, distance: null, sortBy: "name", sortOrder: "asc" });
    expect(buildQuery(params)).toBe("?page=3&limit=10&query=glow&sortBy=name&sortOrder=asc");
  });
});

describe("cityPageAtBuild (the first page in the HTML)", () => {
  const centre = { latitude: 40.75, longitude: -74 };
  // One clinic per 0.01° of latitude ≈ 0.69 miles north of the centre.
  const clinics = Array.from({ length: 14 }, (_, i) =>
    makeClinic({ id: 1000 + i, name: `Spa ${String.fromCharCode(65 + i)}`, latitude: 40.75 + i * 0.01, reviewCount: i * 3, businessStatus: i === 2 ? "CLOSED_TEMPORARILY" : "OPERATIONAL" }),
  );

  it("mirrors the API: status, distance, sort and page size", () => {
    const page = cityPageAtBuild(clinics, centre, DEFAULT_CITY_FILTERS);
    // Within 5 miles: i ≤ 7 (7 × 0.69 = 4.8 mi); i = 2 is closed.
    expect(page.pagination).toEqual({ totalItems: 7, itemsPerPage: 10, currentPage: 1, totalPages: 1 });
    const counts = page.clinics.map((c) => c.reviewCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(page.clinics.every((c) => c._distance! <= 5)).toBe(true);
  });

  it("pages through every clinic with 'any' distance and filters by name", () => {
    const all = { ...DEFAULT_CITY_FILTERS, distance: "any" as const, status: "all" as const, sort: "name-asc" as const };
    const p2 = cityPageAtBuild(clinics, centre, all, 2);
    expect(p2.pagination.totalPages).toBe(2);
    expect(p2.clinics.map((c) => c.name)).toEqual(["Spa K", "Spa L", "Spa M", "Spa N"]);
    expect(cityPageAtBuild(clinics, centre, { ...all, query: " spa c " }).clinics.map((c) => c.name)).toEqual(["Spa C"]);
  });

  it("keeps clinics without coordinates only when distance does not matter", () => {
    const lost = makeClinic({ latitude: null, longitude: null });
    expect(cityPageAtBuild([lost], centre, DEFAULT_CITY_FILTERS).clinics).toEqual([]);
    expect(cityPageAtBuild([lost], centre, { ...DEFAULT_CITY_FILTERS, distance: "any" }).clinics).toHaveLength(1);
  });
});

describe("ZIP results parameters", () => {
  it("asks for 10 per page within the chosen distance, no limit for any", () => {
    expect(buildQuery(zipQueryParams("10001", 25, 1))).toBe("?postalCode=10001&page=1&limit=10&distance=25");
    expect(buildQuery(zipQueryParams("10001", "any", 2))).toBe("?postalCode=10001&page=2&limit=10");
  });

  it("offers 5, 10, 25 and any, plus 50 once the search is expanded", () => {
    expect(zipDistanceOptions(25)).toEqual([5, 10, 25, "any"]);
    expect(zipDistanceOptions(50)).toEqual([5, 10, 25, 50, "any"]);
  });
});
