export interface ParsedReviews {
  rating: number | null;
  reviewCount: number;
}

/**
 * Normalizes the spec's free-form `reviews` (a number, "4.5 (126 reviews)", "126 reviews").
 * A bare number of at most 5 with a fraction (or text written with a decimal point, "4.0"),
 * or a leading number followed by a parenthesized count, is a rating (the admin form's hint:
 * "a number like 4.5"); a whole number, or one followed by "review(s)", is a count.
 */
export function parseReviews(input: unknown): ParsedReviews {
  if (typeof input === "number" && Number.isFinite(input) && input >= 0) {
    return input <= 5 && !Number.isInteger(input) ? { rating: input, reviewCount: 0 } : { rating: null, reviewCount: Math.round(input) };
  }
  if (typeof input !== "string") return { rating: null, reviewCount: 0 };
  const text = input.trim().replace(/,/g, "");
  const withCount = /^(\d+(?:\.\d+)?)\s*\(\s*(\d+)\s*(?:reviews?)?\s*\)$/i.exec(text);
  if (withCount) return { rating: clampRating(Number(withCount[1])), reviewCount: Number(withCount[2]) };
  const countOnly = /^(\d+)\s*reviews?$/i.exec(text);
  if (countOnly) return { rating: null, reviewCount: Number(countOnly[1]) };
  // Typed text keeps what a number loses: "4.0" (a decimal point) is a rating, "4" a count.
  if (/^\d+\.\d+$/.test(text) && Number(text) <= 5) return { rating: Number(text), reviewCount: 0 };
  if (/^\d+(?:\.\d+)?$/.test(text)) return parseReviews(Number(text));
  return { rating: null, reviewCount: 0 };
}

function clampRating(n: number): number | null {
  return n >= 0 && n <= 5 ? n : null;
}

/** The `reviews` text the spec's clients read back: "4.5 (126 reviews)", "126 reviews". */
export function formatReviews(rating: number | null, reviewCount: number): string {
  const count = `${reviewCount} ${reviewLabel(reviewCount)}`;
  return rating != null ? `${rating} (${count})` : count;
}

/**
 * The maps source's rating as text with its source: "4.2 from 968 maps reviews",
 * "12 maps reviews" without a rating, "No maps reviews yet" with neither.
 */
export function mapsRatingText(rating: number | null, reviewCount: number): string {
  const count = `${reviewCount} maps ${reviewLabel(reviewCount)}`;
  if (rating != null && Number.isFinite(rating)) return `${rating.toFixed(1)} from ${count}`;
  return reviewCount > 0 ? count : "No maps reviews yet";
}

/** Singular for exactly 1 (product.md §9). */
export function reviewLabel(count: number): "review" | "reviews" {
  return count === 1 ? "review" : "reviews";
}
