import { describe, expect, it } from "vitest";
import { SLUG_MAX_BYTES, toClinicSlug, toLinkSlug, toPostSlug, utf8Bytes, type BlogCategory, type BlogPost, type Clinic } from "@botox/core";
import { withinPathLimits, type SiteCity } from "./data.ts";

describe("slugs fit a file name", () => {
  it("bounds a slug from a 280-character name (the API accepts up to 300) in bytes, on a character boundary", () => {
    for (const name of ["a".repeat(280), "Clinic ".repeat(40), "東京美容クリニック".repeat(30), "é".repeat(280), "😀a".repeat(150)]) {
      for (const slug of [toClinicSlug(name, "Austin"), toLinkSlug(name), toPostSlug(name)]) {
        expect(utf8Bytes(slug)).toBeLessThanOrEqual(SLUG_MAX_BYTES);
        expect(slug).not.toMatch(/-$|\uFFFD/);
      }
      expect(toClinicSlug(name, "Austin").length).toBeGreaterThan(0);
    }
  });
});

describe("withinPathLimits", () => {
  it("leaves out (with a warning) rows stored before slugs were bounded, keeping everything else", () => {
    const long = "x".repeat(300);
    const clinic = (id: number, slug: string, citySlug = "austin") => ({ id, slug, citySlug, state: "TX" }) as Clinic;
    const city = (citySlug: string, pageSlug = citySlug) =>
      ({ citySlug, pageSlug, city: citySlug, state: "TX", count: 1, latitude: null, longitude: null }) as SiteCity;
    const warnings: string[] = [];
    const out = withinPathLimits(
      {
        clinics: [clinic(1, "ok"), clinic(2, long), clinic(6, "fine", "waco")],
        // A page slug too long (the slug plus a state) takes its city's clinics with it.
        cities: [city("austin"), city(long), city("waco", `waco-${long}`)],
        posts: [{ id: 3, slug: long } as BlogPost, { id: 4, slug: "fine" } as BlogPost],
        categories: [{ id: 5, slug: "é".repeat(200) } as BlogCategory],
        zips: [],
        visitorRatings: {},
        prices: [],
      },
      (m) => warnings.push(m),
    );
    expect(out.clinics.map((c) => c.id)).toEqual([1]);
    expect(out.cities.map((c) => c.citySlug)).toEqual(["austin"]);
    expect(out.posts.map((p) => p.id)).toEqual([4]);
    expect(out.categories).toEqual([]);
    expect(warnings).toHaveLength(6);
  });
});
