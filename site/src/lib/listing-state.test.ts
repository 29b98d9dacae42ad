import { describe, expect, it } from "vitest";
import { CITY_LISTING, ZIP_LISTING, defaultsOf, flagParam, listingSearch, nextListingState, readListingState } from "./listing-state.ts";

describe("city listing state in the address", () => {
  it("reads every parameter, falling back to the default for missing or malformed values", () => {
    expect(readListingState(CITY_LISTING, "")).toEqual(defaultsOf(CITY_LISTING));
    expect(readListingState(CITY_LISTING, "?distance=25&status=all&q=%20glow%20&sort=name-asc&page=3")).toEqual({
      distance: "25",
      status: "all",
      query: "glow",
      sort: "name-asc",
      maxUnitPrice: null,
      openNow: false,
      credential: "",
      brand: "",
      page: 3,
    });
    expect(readListingState(CITY_LISTING, "?brand=dysport").brand).toBe("dysport");
    expect(readListingState(CITY_LISTING, "?brand=other").brand).toBe("");
    expect(readListingState(CITY_LISTING, "?brand=evil").brand).toBe("");
    expect(readListingState(CITY_LISTING, "?distance=7&status=x&sort=evil&page=0")).toEqual(defaultsOf(CITY_LISTING));
    expect(readListingState(CITY_LISTING, "?page=-2").page).toBe(1);
    expect(readListingState(CITY_LISTING, "?page=99999999").page).toBe(1);
    expect(readListingState(CITY_LISTING, `?q=${"x".repeat(500)}`).query).toHaveLength(100);
  });

  it("writes only what differs from the default, keeping other parameters, and round-trips", () => {
    const state = { ...defaultsOf(CITY_LISTING), distance: "any" as const, page: 2, query: "glow spa" };
    const search = listingSearch(CITY_LISTING, state, "?utm_source=mail&page=9");
    expect(search).toBe("?utm_source=mail&distance=any&q=glow+spa&page=2");
    expect(readListingState(CITY_LISTING, search)).toEqual(state);
    expect(listingSearch(CITY_LISTING, defaultsOf(CITY_LISTING), "?page=4")).toBe("");
  });

  it("goes back to page 1 when anything but the page changes", () => {
    const on3 = { ...defaultsOf(CITY_LISTING), page: 3 };
    expect(nextListingState(CITY_LISTING, on3, { sort: "name-asc" }).page).toBe(1);
    expect(nextListingState(CITY_LISTING, on3, { sort: "reviews-desc" }).page).toBe(3);
    expect(nextListingState(CITY_LISTING, on3, { page: 5 }).page).toBe(5);
  });

  it("takes a new filter by adding one parameter spec", () => {
    const spec = { ...CITY_LISTING, openNow: flagParam("open") };
    expect(readListingState(spec, "?open=1").openNow).toBe(true);
    expect(listingSearch(spec, { ...defaultsOf(spec), openNow: true })).toBe("?open=1");
  });

  it("keeps the Open now filter and goes back to page 1 when it changes", () => {
    expect(readListingState(CITY_LISTING, "?openNow=1").openNow).toBe(true);
    expect(readListingState(CITY_LISTING, "?openNow=yes").openNow).toBe(false);
    expect(listingSearch(CITY_LISTING, { ...defaultsOf(CITY_LISTING), openNow: true })).toBe("?openNow=1");
    expect(nextListingState(CITY_LISTING, { ...defaultsOf(CITY_LISTING), page: 4 }, { openNow: true }).page).toBe(1);
  });
});

describe("ZIP listing state", () => {
  it("reads the distance (50 included) and the page", () => {
    expect(readListingState(ZIP_LISTING, "?distance=50&page=2")).toMatchObject({ distance: 50, page: 2 });
    expect(readListingState(ZIP_LISTING, "?distance=any")).toMatchObject({ distance: "any", page: 1 });
    expect(readListingState(ZIP_LISTING, "?distance=3")).toMatchObject({ distance: 25, page: 1 });
  });

  it("keeps the price filter, the sort and Open now", () => {
    expect(readListingState(ZIP_LISTING, "?maxUnitPrice=12&sort=price&openNow=1")).toEqual({
      distance: 25,
      maxUnitPrice: 12,
      sort: "price",
      openNow: true,
      credential: "",
      brand: "",
      page: 1,
    });
    expect(listingSearch(ZIP_LISTING, { ...defaultsOf(ZIP_LISTING), openNow: true, page: 2 })).toBe("?openNow=1&page=2");
  });

  it("keeps a brand searched for (a listing brand only), as the city listing does", () => {
    expect(readListingState(ZIP_LISTING, "?brand=dysport&sort=price")).toMatchObject({ brand: "dysport", sort: "price" });
    expect(readListingState(ZIP_LISTING, "?brand=letybo").brand).toBe("letybo");
    expect(readListingState(ZIP_LISTING, "?brand=other").brand).toBe("");
    expect(readListingState(ZIP_LISTING, "?brand=botex").brand).toBe("");
    expect(listingSearch(ZIP_LISTING, { ...defaultsOf(ZIP_LISTING), brand: "xeomin", sort: "price" })).toBe("?sort=price&brand=xeomin");
  });
});

describe("credential filter in the address", () => {
  it("reads a credential list in either case, drops unknown values, and writes it back", () => {
    expect(readListingState(CITY_LISTING, "?credential=md,do").credential).toBe("MD,DO");
    expect(readListingState(CITY_LISTING, "?credential=dentist").credential).toBe("");
    expect(readListingState(ZIP_LISTING, "?credential=NP").credential).toBe("NP");
    expect(listingSearch(CITY_LISTING, { ...defaultsOf(CITY_LISTING), credential: "MD,DO" })).toBe("?credential=MD%2CDO");
    expect(listingSearch(ZIP_LISTING, { ...defaultsOf(ZIP_LISTING), credential: "" })).toBe("");
  });
});
