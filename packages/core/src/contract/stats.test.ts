import { describe, expectTypeOf, it } from "vitest";
import type { Stats } from "./stats.ts";

describe("GET /stats (product.md §7)", () => {
  it("answers the clinic count and the API version", () => {
    expectTypeOf<Stats>().toHaveProperty("totalClinics").toEqualTypeOf<number>();
    expectTypeOf<Stats>().toHaveProperty("apiVersion").toEqualTypeOf<string>();
  });
});
