import { describe, expect, it } from "vitest";
import { makeClinic } from "../test/factories.ts";
import { indexSiteData } from "./data.ts";

const city = (citySlug: string, state: string, pageSlug: string, count = 1) => ({
  citySlug,
  pageSlug,
  city: citySlug === "springfield" ? "Springfield" : "Boston",
  state,
  count,
  latitude: null,
  longitude: null,
});

describe("indexSiteData", () => {
  const il = makeClinic({ citySlug: "springfield", state: "IL" });
  const mo = makeClinic({ citySlug: "springfield", state: "mo " });
  const boston = makeClinic({ citySlug: "boston", state: "MA" });
  const index = indexSiteData({
    clinics: [il, mo, boston],
    cities: [city("boston", "MA", "boston"), city("springfield", "IL", "springfield-il"), city("springfield", "MO", "springfield-mo")],
    posts: [],
    categories: [],
    zips: [],
    visitorRatings: {},
    prices: [],
  });

  it("groups clinics by their city within its state, under the city's page slug", () => {
    expect(index.clinicsByCity.get("springfield-il")).toEqual([il]);
    expect(index.clinicsByCity.get("springfield-mo")).toEqual([mo]);
    expect(index.clinicsByCity.get("boston")).toEqual([boston]);
    expect(index.clinicsByCity.has("springfield")).toBe(false);
    expect(index.cityOf(mo).pageSlug).toBe("springfield-mo");
  });

  it("lists a slug shared by several states once, with each state's city", () => {
    expect(index.sharedCitySlugs.map((s) => [s.citySlug, s.city, s.cities.map((c) => c.pageSlug)])).toEqual([
      ["springfield", "Springfield", ["springfield-il", "springfield-mo"]],
    ]);
  });

  it("refuses a clinic whose city is missing (the reads disagree)", () => {
    expect(() => index.cityOf(makeClinic({ citySlug: "nowhere", state: "ZZ" }))).toThrow(/No city nowhere/);
  });
});
