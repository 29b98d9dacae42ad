import { describe, expect, it } from "vitest";
import { buildQuery } from "@botox/core/http";
import { makeClinic } from "../test/factories.ts";
import {
  DEFAULT_CITY_FILTERS,
  cityPageAtBuild,
  cityQueryParams,
  zipCredentialParams,
  zipDistanceOptions,
  zipOpenNowParams,
  zipPriceParams,
  zipQueryParams,
} from "./listing.ts";

describe("city listing parameters", () => {
  it("defaults to 5 miles, open clinics, most reviews first", () => {
    expect(DEFAULT_CITY_FILTERS).toEqual({
      distance: "5",
      status: "OPERATIONAL",
      query: "",
      sort: "reviews-desc",
      maxUnitPrice: null,
      openNow: false,
      credential: "",
      brand: "",
    });
    expect(buildQuery(cityQueryParams(DEFAULT_CITY_FILTERS, 1))).toBe("?page=1&limit=10&businessStatus=OPERATIONAL&distance=5&sortBy=reviews&sortOrder=desc");
  });

  it("sends the trimmed query, the page, and no limit for 'any' distance or 'all' statuses", () => {
    const params = cityQueryParams({ distance: "any", status: "all", query: "  glow ", sort: "name-asc", maxUnitPrice: null, openNow: false }, 3);
    expect(params).toEqual({
      page: 3,
      limit: 10,
      query: "glow",
      businessStatus: null,
      distance: null,
      sortBy: "name",
      sortOrder: "asc",
      maxUnitPrice: null,
      brand: null,
      openNow: null,
      credential: null,
    });
    expect(buildQuery(params)).toBe("?page=3&limit=10&query=glow&sortBy=name&sortOrder=asc");
    expect(buildQuery(cityQueryParams({ ...DEFAULT_CITY_FILTERS, credential: "MD,DO" }, 1))).toContain("&credential=MD%2CDO");
  });

  it("sends the price filter in dollars and the price sort", () => {
    const params = cityQueryParams({ ...DEFAULT_CITY_FILTERS, sort: "price-asc", maxUnitPrice: 12 }, 1);
    expect(buildQuery(params)).toBe("?page=1&limit=10&businessStatus=OPERATIONAL&distance=5&sortBy=price&sortOrder=asc&maxUnitPrice=12");
  });

  it("asks for a brand's posted prices only: the brand with the highest ceiling unless one is set", () => {
    expect(buildQuery(cityQueryParams({ ...DEFAULT_CITY_FILTERS, sort: "price-asc", brand: "dysport" }, 1))).toBe(
      "?page=1&limit=10&businessStatus=OPERATIONAL&distance=5&sortBy=price&sortOrder=asc&maxUnitPrice=1000&brand=dysport",
    );
    expect(buildQuery(cityQueryParams({ ...DEFAULT_CITY_FILTERS, brand: "xeomin", maxUnitPrice: 14 }, 1))).toContain("&maxUnitPrice=14&brand=xeomin");
  });

  it("asks for clinics open now with openNow=true, and leaves it out otherwise", () => {
    expect(buildQuery(cityQueryParams({ ...DEFAULT_CITY_FILTERS, openNow: true }, 1))).toBe(
      "?page=1&limit=10&businessStatus=OPERATIONAL&distance=5&sortBy=reviews&sortOrder=desc&openNow=true",
    );
    expect(buildQuery(zipOpenNowParams(true))).toBe("?openNow=true");
    expect(buildQuery(zipOpenNowParams(false))).toBe("");
    expect(buildQuery(zipCredentialParams("MD,DO"))).toBe("?credential=MD%2CDO");
    expect(buildQuery(zipCredentialParams(""))).toBe("");
  });
});

describe("cityPageAtBuild (the first page in the HTML)", () => {
  const centre = { latitude: 40.75, longitude: -74 };
  // One clinic per 0.01° of latitude ≈ 0.69 miles north of the centre.
  const clinics = Array.from({ length: 14 }, (_, i) =>
    makeClinic({
      id: 1000 + i,
      name: `Spa ${String.fromCharCode(65 + i)}`,
      latitude: 40.75 + i * 0.01,
      reviewCount: i * 3,
      businessStatus: i === 2 ? "CLOSED_TEMPORARILY" : "OPERATIONAL",
    }),
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

  it("keeps only clinics priced at most the filter's dollars, and sorts cheapest first with unpriced ones last", () => {
    const price = (perUnitCents: number) => ({
      brand: "botox" as const,
      perUnitCents,
      observedOn: "2026-11-02",
      checkedOn: "2026-11-02",
      source: "phone" as const,
    });
    const priced = [
      makeClinic({ name: "Dear", currentPrice: price(1600), reviewCount: 50 }),
      makeClinic({ name: "Cheap", currentPrice: price(1100), reviewCount: 1 }),
      makeClinic({ name: "Unpriced", currentPrice: null, reviewCount: 99 }),
      makeClinic({ name: "Even", currentPrice: price(1200), reviewCount: 5 }),
    ];
    const any = { ...DEFAULT_CITY_FILTERS, distance: "any" as const };
    expect(cityPageAtBuild(priced, centre, { ...any, maxUnitPrice: 12 }).clinics.map((c) => c.name)).toEqual(["Even", "Cheap"]);
    expect(cityPageAtBuild(priced, centre, { ...any, sort: "price-asc" }).clinics.map((c) => c.name)).toEqual(["Cheap", "Even", "Dear", "Unpriced"]);
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

  it("adds maxUnitPrice and sortBy=price only when chosen", () => {
    expect(buildQuery({ ...zipQueryParams("10001", 25, 1), ...zipPriceParams(null, "distance") })).toBe("?postalCode=10001&page=1&limit=10&distance=25");
    expect(buildQuery({ ...zipQueryParams("10001", 25, 1), ...zipPriceParams(14, "price") })).toBe(
      "?postalCode=10001&page=1&limit=10&distance=25&maxUnitPrice=14&sortBy=price",
    );
  });

  it("asks for a brand's clinics only (every price of it) when a brand is chosen", () => {
    expect(buildQuery(zipPriceParams(null, "price", "dysport"))).toBe("?maxUnitPrice=1000&brand=dysport&sortBy=price");
    expect(buildQuery(zipPriceParams(12, "distance", "xeomin"))).toBe("?maxUnitPrice=12&brand=xeomin");
    expect(buildQuery(zipPriceParams(null, "distance", ""))).toBe("");
  });

  it("offers 5, 10, 25 and any, plus 50 once the search is expanded", () => {
    expect(zipDistanceOptions(25)).toEqual([5, 10, 25, "any"]);
    expect(zipDistanceOptions(50)).toEqual([5, 10, 25, 50, "any"]);
  });
});

describe("credential filter at build", () => {
  it("keeps only clinics with a verified staff member holding one of the credentials", () => {
    const md = makeClinic({ name: "A", verifiedCredentials: ["MD", "NP"] });
    const rn = makeClinic({ name: "B", verifiedCredentials: ["RN"] });
    const none = makeClinic({ name: "C" });
    const page = (credential: string) =>
      cityPageAtBuild([md, rn, none], { latitude: null, longitude: null }, { ...DEFAULT_CITY_FILTERS, distance: "any", status: "all", credential }).clinics.map(
        (c) => c.name,
      );
    expect(page("MD,DO")).toEqual(["A"]);
    expect(page("RN,NP").sort()).toEqual(["A", "B"]);
    expect(page("").sort()).toEqual(["A", "B", "C"]);
  });
});
