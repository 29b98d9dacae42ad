import type { RatingEmoji } from "@botox/core/constants";

/** How each rating emoji (product.md §3) is drawn. */
export const EMOJI_GLYPH: Record<RatingEmoji, string> = {
  "love-eyes": "😍",
  smile: "😊",
  neutral: "😐",
  sad: "😞",
  angry: "😠",
};
