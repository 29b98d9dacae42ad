/** Visitors' emoji ratings of a clinic (product.md §5, §7.1). */
import { z } from "zod";
import { RATING, RATING_EMOJIS } from "../constants.ts";
import { MSG } from "../messages.ts";
import { TEXT_MSG, hasUnsafeText } from "../text.ts";

// ---- POST /clinics/{id}/ratings ----
export const ratingSchema = z.object({
  clinicId: z.coerce.number().int().positive().optional(),
  emoji: z.enum(RATING_EMOJIS, { error: MSG.rating.emojiRequired }),
  comment: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
    z
      .string()
      .max(RATING.commentMaxLength, MSG.rating.commentTooLong)
      .refine((t) => !hasUnsafeText(t), { message: TEXT_MSG.unsafe })
      .nullable(),
  ),
});
export type RatingInput = z.infer<typeof ratingSchema>;

// ---- Answers ----
export const ratingStatSchema = z.object({ emoji: z.enum(RATING_EMOJIS), count: z.number().int() });
export type RatingStat = z.infer<typeof ratingStatSchema>;

export const hasRatedResponseSchema = z.object({ hasRated: z.boolean() });
export type HasRatedResponse = z.infer<typeof hasRatedResponseSchema>;

export const ratingResponseSchema = z.object({
  rating: z.object({ id: z.number(), clinicId: z.number(), emoji: z.enum(RATING_EMOJIS), comment: z.string().nullable(), createdAt: z.string() }),
});
export type RatingResponse = z.infer<typeof ratingResponseSchema>;
