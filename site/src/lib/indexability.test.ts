import { describe, expect, it } from "vitest";
import type { Clinic } from "@botox/core/contract";
import { makeClinic } from "../test/factories.ts";
import { indexSiteData, type SiteCity } from "./data.ts";
import { gateByCount, locationIndex, NOINDEX_FOLLOW, overlapShare } from "./indexability.ts";

const city = (pageSlug: string, name: string, state: string, latitude: number, longitude: number, count: number): SiteCity => ({
  citySlug: pageSlug,
  pageSlug,
  city: name,
  state,
  count,
  latitude,
  longitude,
});
const at = (c: Partial<Clinic>, n: number, lat: number, lon: number) =>
  Array.from({ length: n }, (_, i) => makeClinic({ ...c, latitude: lat, longitude: lon + i * 0.001 }));

function build(clinics: Clinic[], cities: SiteCity[], zips: { zip: string; city: string; state: string; latitude: number; longitude: number }[]) {
  return indexSiteData({ clinics, cities, posts: [], categories: [], zips, visitorRatings: {}, prices: [] });
}

describe("the location pages' gate", () => {
  it("indexes a page from 3 clinics within its radius, and serves thinner ones noindex, follow", () => {
    expect(gateByCount("/x", 3)).toEqual({ indexable: true, canonicalPath: "/x", clinics: 3 });
    expect(gateByCount("/x", 2)).toEqual({ indexable: false, canonicalPath: "/x", robots: NOINDEX_FOLLOW, clinics: 2 });
  });

  it("counts a city's clinics within its 5 miles (operational, as its page lists them), not its whole count", () => {
    const far = at({ citySlug: "austin", city: "Austin", state: "TX" }, 2, 30.6, -97.7); // ~20 miles out
    const near = at({ citySlug: "austin", city: "Austin", state: "TX" }, 2, 30.27, -97.74);
    const closed = at({ citySlug: "austin", city: "Austin", state: "TX", businessStatus: "PERMANENTLY_CLOSED" }, 1, 30.27, -97.74);
    const data = build([...far, ...near, ...closed], [city("austin", "Austin", "TX", 30.27, -97.74, 5)], []);
    expect(locationIndex(data).city("austin")).toMatchObject({ indexable: false, robots: NOINDEX_FOLLOW, clinics: 2 });
  });

  it("points a ZIP page at its city page when 80% of its nearest 20 are the city page's, and indexes it otherwise", () => {
    const ny = at({ citySlug: "new-york", city: "New York", state: "NY" }, 10, 40.75, -74);
    const jersey = at({ citySlug: "newark", city: "Newark", state: "NJ" }, 3, 40.73, -74.17); // ~9 miles west
    const cities = [city("new-york", "New York", "NY", 40.75, -74, 10), city("newark", "Newark", "NJ", 40.73, -74.17, 3)];
    const zips = [
      { zip: "10001", city: "New York", state: "NY", latitude: 40.75, longitude: -74 },
      { zip: "07102", city: "Newark", state: "NJ", latitude: 40.73, longitude: -74.17 },
      { zip: "99999", city: "Nowhere", state: "AK", latitude: 64, longitude: -150 },
    ];
    const index = locationIndex(build([...ny, ...jersey], cities, zips));
    // 10001 lists the 10 New York clinics and Newark's 3: 10 of 13 (77%) are New York's page's.
    expect(index.zip("10001")).toMatchObject({ indexable: true, canonicalPath: "/zip/10001", clinics: 13 });
    // Newark's page has its 3 clinics only; the ZIP's 13 share 3 (23%) with it.
    expect(index.zip("07102")).toMatchObject({ indexable: true, canonicalPath: "/zip/07102" });
    expect(index.zip("99999")).toMatchObject({ indexable: false, robots: NOINDEX_FOLLOW, clinics: 0 });
    const only = locationIndex(build(ny, [cities[0]!], [zips[0]!]));
    expect(only.zip("10001")).toEqual({ indexable: false, canonicalPath: "/botox-near-me/new-york", clinics: 10 });
  });

  it("measures overlap as the share of the ZIP page's clinics", () => {
    expect(overlapShare([1, 2, 3, 4, 5], [1, 2, 3, 4, 9])).toBe(0.8);
    expect(overlapShare([], [1])).toBe(0);
  });
});
