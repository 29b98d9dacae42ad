/**
 * The site's own visitor rating: the published emoji ratings on a 1–5 scale, the
 * only rating allowed in markup. The maps review count and rating are third-party figures and
 * never go into structured data.
 */
import type { RatingStat } from "./contract/ratings.ts";
import type { RatingEmoji } from "./constants.ts";

/** angry 1, sad 2, neutral 3, smile 4, love-eyes 5 (recorded in docs/decisions/104-clinic-rating-markup-from-own-ratings.md). */
export const EMOJI_SCORE: Record<RatingEmoji, number> = { angry: 1, sad: 2, neutral: 3, smile: 4, "love-eyes": 5 };

/** Fewer ratings than this say nothing: no average is shown and none is marked up. */
export const MIN_RATINGS_FOR_AVERAGE = 3;

export interface VisitorRating {
  /** Mean score, one decimal (what the page shows and the markup says). */
  average: number;
  count: number;
}

/** The average of the emoji counts, or null below MIN_RATINGS_FOR_AVERAGE ratings. */
export function visitorRating(stats: readonly Pick<RatingStat, "emoji" | "count">[] | null | undefined): VisitorRating | null {
  let count = 0;
  let sum = 0;
  for (const s of stats ?? []) {
    const score = Object.hasOwn(EMOJI_SCORE, s.emoji) ? EMOJI_SCORE[s.emoji] : undefined;
    if (score === undefined || !Number.isInteger(s.count) || s.count <= 0) continue;
    count += s.count;
    sum += score * s.count;
  }
  if (count < MIN_RATINGS_FOR_AVERAGE) return null;
  return { average: Math.round((sum / count) * 10) / 10, count };
}

/** "4.3 out of 5 from 7 visitor ratings": the visible text beside the rating block. */
export function visitorRatingText(r: VisitorRating): string {
  return `${r.average.toFixed(1)} out of 5 from ${r.count} visitor ratings`;
}
