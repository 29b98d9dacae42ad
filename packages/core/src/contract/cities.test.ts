import { describe, expect, expectTypeOf, it } from "vitest";
import { popularCitiesQuerySchema, type City } from "./cities.ts";

describe("cities (product.md §7.1)", () => {
  it("popular cities: limit 50", () => {
    expect(popularCitiesQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(popularCitiesQuerySchema.parse({ limit: "5" })).toEqual({ limit: 5 });
  });
  it("answer a city with its clinic count and, near the visitor, its distance", () => {
    expectTypeOf<City>().toHaveProperty("count").toEqualTypeOf<number>();
    expectTypeOf<City>().toHaveProperty("distance").toEqualTypeOf<number | undefined>();
  });
});
