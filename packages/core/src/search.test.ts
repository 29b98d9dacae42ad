import { describe, expect, it } from "vitest";
import {
  cityPath,
  cityPageSlug,
  cityPageSlugs,
  clinicPath,
  isZip,
  nearestCities,
  outboundClinicUrl,
  routeForNearMeSearch,
  routeForSearch,
  zipPath,
} from "./search.ts";

describe("routeForSearch (product.md §2.4)", () => {
  it("sends exactly five digits to the ZIP route, after trimming", () => {
    expect(routeForSearch("10001")).toBe("/zip/10001");
    expect(routeForSearch("  90210 ")).toBe("/zip/90210");
  });
  it("sends two or more characters to the city route in slug form", () => {
    expect(routeForSearch("New York")).toBe("/botox-near-me/new-york");
    expect(routeForSearch("  St. Louis, MO ")).toBe("/botox-near-me/st-louis-mo");
    expect(routeForSearch("LA")).toBe("/botox-near-me/la");
  });
  it("treats digits that are not exactly five as city text", () => {
    expect(routeForSearch("1234")).toBe("/botox-near-me/1234");
    expect(routeForSearch("123456")).toBe("/botox-near-me/123456");
  });
  it("does nothing for empty or one-character input", () => {
    expect(routeForSearch("")).toBeNull();
    expect(routeForSearch("   ")).toBeNull();
    expect(routeForSearch(" a ")).toBeNull();
    expect(routeForSearch("!!")).toBeNull();
  });
});

describe("routeForNearMeSearch (product.md §2.6)", () => {
  it("routes five digits to /zip/{zip}", () => {
    expect(routeForNearMeSearch(" 02108 ")).toBe("/zip/02108");
  });
  it("routes other text to /city/{lowercased text} in URL-safe slug form", () => {
    expect(routeForNearMeSearch("Boston")).toBe("/city/boston");
    expect(routeForNearMeSearch("San Diego")).toBe("/city/san-diego");
  });
  it("does nothing for short input", () => {
    expect(routeForNearMeSearch("x")).toBeNull();
    expect(routeForNearMeSearch("")).toBeNull();
  });
});

describe("isZip", () => {
  it("accepts exactly five digits only", () => {
    expect(isZip("12345")).toBe(true);
    expect(isZip("1234")).toBe(false);
    expect(isZip("123456")).toBe(false);
    expect(isZip("1234a")).toBe(false);
    expect(isZip(" 12345")).toBe(false);
  });
});

describe("canonical paths (architecture.md §6)", () => {
  it("builds city, ZIP and clinic paths", () => {
    expect(cityPath("miami-fl")).toBe("/botox-near-me/miami-fl");
    expect(zipPath("33101")).toBe("/zip/33101");
    expect(clinicPath("miami-fl", "glow-med-spa")).toBe("/botox-clinic/miami-fl/glow-med-spa");
  });
});

describe("outboundClinicUrl (product.md §1)", () => {
  it("adds utm_source and ref, both the site id", () => {
    const u = new URL(outboundClinicUrl("https://clinic.example.com/book")!);
    expect(u.searchParams.get("utm_source")).toBe("botoxnearme");
    expect(u.searchParams.get("ref")).toBe("botoxnearme");
    expect(u.pathname).toBe("/book");
  });
  it("keeps existing parameters and replaces stale tags", () => {
    const u = new URL(outboundClinicUrl("http://clinic.example.com/?a=1&ref=old#x")!);
    expect(u.searchParams.get("a")).toBe("1");
    expect(u.searchParams.getAll("ref")).toEqual(["botoxnearme"]);
    expect(u.hash).toBe("#x");
  });
  it("assumes https for a bare host", () => {
    expect(outboundClinicUrl("www.clinic.example.com")).toBe("https://www.clinic.example.com/?utm_source=botoxnearme&ref=botoxnearme");
  });
  it("returns null for invalid or non-web URLs", () => {
    expect(outboundClinicUrl(null)).toBeNull();
    expect(outboundClinicUrl("")).toBeNull();
    expect(outboundClinicUrl("not a url")).toBeNull();
    expect(outboundClinicUrl("javascript:alert(1)")).toBeNull();
    expect(outboundClinicUrl("mailto:a@b.com")).toBeNull();
  });
});

describe("nearestCities (product.md §2.5, §9)", () => {
  const origin = { latitude: 40.7128, longitude: -74.006 };
  const cities = [
    { city: "Los Angeles", count: 9, latitude: 34.0522, longitude: -118.2437 },
    { city: "Boston", count: 4, latitude: 42.3601, longitude: -71.0589 },
    { city: "Newark", count: 2, latitude: 40.7357, longitude: -74.1724 },
    { city: "boston", count: 1, latitude: 45, longitude: -70 },
    { city: "Nowhere", count: 1, latitude: Number.NaN, longitude: 0 },
  ];
  it("sorts by distance, de-duplicates by name keeping the nearest and sets miles", () => {
    const out = nearestCities(cities, origin);
    expect(out.map((c) => c.city)).toEqual(["Newark", "Boston", "Los Angeles"]);
    expect(out[1]!.count).toBe(4);
    expect(out[1]!.distance).toBeCloseTo(190.2187, 3);
  });
  it("shows 9 by default and honours a limit", () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ city: `C${i}`, latitude: 40 + i / 10, longitude: -74 }));
    expect(nearestCities(many, origin)).toHaveLength(9);
    expect(nearestCities(many, origin, 2)).toHaveLength(2);
  });
});

describe("cityPageSlug", () => {
  it("is the city slug, plus the state code when several states share it", () => {
    expect(cityPageSlug("miami", "FL", false)).toBe("miami");
    expect(cityPageSlug("springfield", "IL", true)).toBe("springfield-il");
    expect(cityPageSlug("springfield", " mo ", true)).toBe("springfield-mo");
    expect(cityPageSlug("springfield", "", true)).toBe("springfield");
  });
});

describe("cityPageSlugs", () => {
  it("gives a city whose slug is another city's state-suffixed form its own state code", () => {
    const cities = [
      { citySlug: "redteamville", state: "IL" },
      { citySlug: "redteamville", state: "MO" },
      { citySlug: "redteamville-il", state: "TX" },
      { citySlug: "boston", state: "MA" },
    ];
    const pages = cityPageSlugs(cities);
    expect(pages).toEqual(["redteamville-il", "redteamville-mo", "redteamville-il-tx", "boston"]);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it("reserves the suffixed form even when the named city is the only one of its slug", () => {
    expect(
      cityPageSlugs([
        { citySlug: "redteamville", state: "IL" },
        { citySlug: "redteamville-il", state: "TX" },
      ]),
    ).toEqual(["redteamville", "redteamville-il-tx"]);
  });
});
