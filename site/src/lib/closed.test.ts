import { describe, expect, it } from "vitest";
import { makeClinic as clinic } from "../test/factories.ts";
import { indexSiteData } from "./data.ts";
import { makeNearbyOpen } from "./closed.ts";
import { sitemapEntries } from "./sitemap.ts";

describe("a permanently closed clinic", () => {
  const closed = clinic({ id: 1, name: "Gone Spa", slug: "gone-spa", businessStatus: "PERMANENTLY_CLOSED", latitude: 30.27, longitude: -97.74 });
  const near = clinic({ id: 2, name: "Near Spa", slug: "near-spa", latitude: 30.28, longitude: -97.74 });
  const far = clinic({ id: 3, name: "Far Spa", slug: "far-spa", latitude: 30.5, longitude: -97.74 });
  const paused = clinic({ id: 4, name: "Paused Spa", slug: "paused-spa", businessStatus: "CLOSED_TEMPORARILY", latitude: 30.27, longitude: -97.74 });
  const all = [closed, near, far, paused];

  it("offers the nearest open clinics, never closed ones", () => {
    const nearbyOpen = makeNearbyOpen(all, () => []);
    expect(nearbyOpen(closed).map((c) => c.name)).toEqual(["Near Spa", "Far Spa"]);
  });

  it("falls back to its city's open clinics when it has no coordinates", () => {
    const unlocated = { ...closed, latitude: null, longitude: null };
    expect(makeNearbyOpen(all, () => [unlocated, paused, far])(unlocated).map((c) => c.name)).toEqual(["Far Spa"]);
  });

  it("leaves its city listing and the sitemap but keeps its page", () => {
    const city = { citySlug: closed.citySlug, pageSlug: closed.citySlug, city: closed.city, state: closed.state, count: 4, latitude: 30.3, longitude: -97.7 };
    const data = indexSiteData({ clinics: all, cities: [city], posts: [], categories: [], zips: [], visitorRatings: {}, prices: [] }, "2026-11-25");
    expect(data.clinics).toContain(closed);
    expect(data.clinicsByCity.get(city.pageSlug)?.map((c) => c.id)).toEqual([2, 3, 4]);
    const paths = sitemapEntries(data).map((e) => e.path);
    expect(paths.some((p) => p.endsWith("/gone-spa"))).toBe(false);
    expect(paths.some((p) => p.endsWith("/near-spa"))).toBe(true);
    expect(paths).toContain("/ratings-policy");
  });
});
