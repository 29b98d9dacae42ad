import { describe, expect, it } from "vitest";
import { formatReviews, mapsRatingText, parseReviews, reviewLabel } from "./reviews.ts";

describe("parseReviews (product.md §3, architecture.md §4)", () => {
  it("reads a number: a fractional rating up to 5, else a count", () => {
    expect(parseReviews(4.5)).toEqual({ rating: 4.5, reviewCount: 0 });
    expect(parseReviews(126)).toEqual({ rating: null, reviewCount: 126 });
    expect(parseReviews("4.5")).toEqual({ rating: 4.5, reviewCount: 0 });
    expect(parseReviews(5)).toEqual({ rating: null, reviewCount: 5 });
  });
  it("reads text with a decimal point as a rating, as the admin form's hint types it", () => {
    expect(parseReviews("4.0")).toEqual({ rating: 4, reviewCount: 0 });
    expect(parseReviews(" 5.0 ")).toEqual({ rating: 5, reviewCount: 0 });
    expect(parseReviews("4")).toEqual({ rating: null, reviewCount: 4 });
    expect(parseReviews("12.5")).toEqual({ rating: null, reviewCount: 13 });
  });
  it("reads '4.5 (126 reviews)'", () => {
    expect(parseReviews("4.5 (126 reviews)")).toEqual({ rating: 4.5, reviewCount: 126 });
    expect(parseReviews("4.8 (1,204)")).toEqual({ rating: 4.8, reviewCount: 1204 });
  });
  it("reads '126 reviews' and '1 review'", () => {
    expect(parseReviews("126 reviews")).toEqual({ rating: null, reviewCount: 126 });
    expect(parseReviews("1 review")).toEqual({ rating: null, reviewCount: 1 });
  });
  it("yields nothing for anything else", () => {
    for (const v of [null, undefined, "", "great", -3, Number.NaN]) {
      expect(parseReviews(v)).toEqual({ rating: null, reviewCount: 0 });
    }
  });
  it("drops a rating outside 0-5", () => {
    expect(parseReviews("9.5 (3 reviews)")).toEqual({ rating: null, reviewCount: 3 });
  });
});

describe("review label (product.md §9: singular for exactly 1)", () => {
  it("is singular only for 1", () => {
    expect(reviewLabel(1)).toBe("review");
    expect(reviewLabel(0)).toBe("reviews");
    expect(reviewLabel(2)).toBe("reviews");
  });
  it("formats the reviews text back", () => {
    expect(formatReviews(4.5, 126)).toBe("4.5 (126 reviews)");
    expect(formatReviews(null, 1)).toBe("1 review");
    expect(formatReviews(5, 1)).toBe("5 (1 review)");
  });
  it("round-trips", () => {
    expect(parseReviews(formatReviews(4.5, 126))).toEqual({ rating: 4.5, reviewCount: 126 });
  });
});

describe("mapsRatingText", () => {
  it("says the rating with its source, singular for one review", () => {
    expect(mapsRatingText(4.2, 968)).toBe("4.2 from 968 maps reviews");
    expect(mapsRatingText(5, 1)).toBe("5.0 from 1 maps review");
    expect(mapsRatingText(null, 12)).toBe("12 maps reviews");
    expect(mapsRatingText(null, 0)).toBe("No maps reviews yet");
  });
});
