import { describe, expect, it } from "vitest";
import { editDistance } from "@botox/core/search-words";
import { cityKey, matchCity, nearestIndexedCities, type IndexedCity } from "./city-match.ts";

const city = (name: string, state: string, pageSlug: string, count = 1, latitude = 0, longitude = 0): IndexedCity => ({
  city: name,
  state,
  pageSlug,
  count,
  latitude,
  longitude,
});

const CITIES = [
  city("Saint Louis", "MO", "saint-louis", 30, 38.63, -90.2),
  city("New York", "NY", "new-york", 80, 40.75, -73.99),
  city("Portland", "OR", "portland-or", 20, 45.52, -122.68),
  city("Portland", "ME", "portland-me", 5, 43.66, -70.26),
  city("San José", "CA", "san-jose", 40, 37.33, -121.89),
  city("Coeur d'Alene", "ID", "coeur-dalene", 3, 47.68, -116.78),
  city("Austin", "TX", "austin", 10, 30.27, -97.74),
  city("Aston", "PA", "aston", 1, 39.87, -75.43),
];

const found = (input: string) => {
  const m = matchCity(input, CITIES);
  return m.kind === "found" ? m.city.pageSlug : null;
};

describe("cityKey", () => {
  it("reads St./Ste./Ft./Mt. as words, folds accents and drops punctuation", () => {
    expect(cityKey("St. Louis")).toBe("saint-louis");
    expect(cityKey("st-louis")).toBe("saint-louis");
    expect(cityKey("San José")).toBe("san-jose");
    expect(cityKey("Coeur d’Alene!")).toBe("coeur-dalene");
    expect(cityKey("Ft. Worth")).toBe("fort-worth");
  });
});

describe("editDistance", () => {
  it("counts a swap of neighbours once and stops above the limit", () => {
    expect(editDistance("new-york", "nwe-york", 2)).toBe(1);
    expect(editDistance("boston", "bostn", 2)).toBe(1);
    expect(editDistance("boston", "chicago", 2)).toBe(3);
  });
});

describe("matchCity", () => {
  it("finds a city by its page slug, name, saint/st. form, accents or punctuation", () => {
    expect(found("saint-louis")).toBe("saint-louis");
    expect(found("st-louis")).toBe("saint-louis");
    expect(found("St. Louis")).toBe("saint-louis");
    expect(found("san-jose")).toBe("san-jose");
    expect(found("coeur-d-alene")).toBe("coeur-dalene");
  });

  it("accepts every city's state-suffixed form, and the state decides between namesakes", () => {
    expect(found("new-york-ny")).toBe("new-york");
    expect(found("saint-louis-mo")).toBe("saint-louis");
    expect(found("portland-me")).toBe("portland-me");
    expect(found("portland")).toBe("portland-or");
  });

  it("forgives a close spelling, with or without the state", () => {
    expect(found("nwe-york")).toBe("new-york");
    expect(found("st-lous")).toBe("saint-louis");
    expect(found("portlnd-me")).toBe("portland-me");
  });

  it("suggests instead of guessing when nothing is close enough or two cities are equally close", () => {
    const none = matchCity("atlantis", CITIES);
    expect(none.kind).toBe("none");
    expect(found("austen")).toBe("austin");
    const tie = matchCity("astin", CITIES);
    expect(tie.kind).toBe("none");
    expect(
      tie.kind === "none" &&
        tie.suggestions
          .map((c) => c.pageSlug)
          .slice(0, 2)
          .sort(),
    ).toEqual(["aston", "austin"]);
    expect(matchCity("!!", CITIES)).toEqual({ kind: "none", suggestions: [] });
  });
});

describe("nearestIndexedCities", () => {
  it("orders located cities by distance from the point", () => {
    expect(nearestIndexedCities(CITIES, 40.7, -74, 2).map((c) => c.pageSlug)).toEqual(["new-york", "aston"]);
  });
});
