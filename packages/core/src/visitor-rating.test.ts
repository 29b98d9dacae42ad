import { describe, expect, it } from "vitest";
import { EMOJI_SCORE, visitorRating, visitorRatingText } from "./visitor-rating.ts";

describe("visitorRating", () => {
  it("maps angry 1, sad 2, neutral 3, smile 4, love-eyes 5", () => {
    expect(EMOJI_SCORE).toEqual({ angry: 1, sad: 2, neutral: 3, smile: 4, "love-eyes": 5 });
  });
  it("averages to one decimal from 3 ratings on, and says nothing below", () => {
    const stats = (counts: number[]) => (["love-eyes", "smile", "neutral", "sad", "angry"] as const).map((emoji, i) => ({ emoji, count: counts[i] ?? 0 }));
    expect(visitorRating(stats([1, 1, 0, 0, 0]))).toBeNull();
    expect(visitorRating(stats([2, 1, 0, 0, 0]))).toEqual({ average: 4.7, count: 3 });
    expect(visitorRating(stats([3, 2, 1, 0, 1]))).toEqual({ average: 3.9, count: 7 });
    expect(visitorRating(null)).toBeNull();
    expect(visitorRatingText({ average: 4, count: 7 })).toBe("4.0 out of 5 from 7 visitor ratings");
  });
  it("ignores counts that are not whole positive numbers", () => {
    expect(
      visitorRating([
        { emoji: "smile", count: -5 },
        { emoji: "smile", count: 2.5 },
        { emoji: "love-eyes", count: 3 },
      ]),
    ).toEqual({ average: 5, count: 3 });
  });
});
