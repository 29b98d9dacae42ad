import { describe, expect, expectTypeOf, it } from "vitest";
import { errorsOf } from "../testing.ts";
import { ratingSchema, type HasRatedResponse, type RatingInput, type RatingStat } from "./ratings.ts";

describe("rating (product.md §5)", () => {
  it("requires an emoji of the five", () => {
    expect(errorsOf(ratingSchema, {}).emoji).toBe("Please choose an emoji.");
    expect(errorsOf(ratingSchema, { emoji: "wink" }).emoji).toBe("Please choose an emoji.");
    for (const emoji of ["love-eyes", "smile", "neutral", "sad", "angry"]) {
      expect(ratingSchema.safeParse({ emoji }).success).toBe(true);
    }
  });
  it("trims the comment and turns empty into null", () => {
    expect(ratingSchema.parse({ emoji: "smile", comment: "  nice  " }).comment).toBe("nice");
    expect(ratingSchema.parse({ emoji: "smile", comment: "   " }).comment).toBeNull();
    expect(ratingSchema.parse({ emoji: "smile" }).comment).toBeNull();
    expect(errorsOf(ratingSchema, { emoji: "smile", comment: "x".repeat(1001) }).comment).toBe("Comment must be at most 1000 characters.");
  });
  it("types the body and the answers with the schemas", () => {
    expectTypeOf<RatingInput>().toHaveProperty("comment").toEqualTypeOf<string | null>();
    expectTypeOf<HasRatedResponse>().toEqualTypeOf<{ hasRated: boolean }>();
    expectTypeOf<RatingStat>().toHaveProperty("count").toEqualTypeOf<number>();
  });
});
