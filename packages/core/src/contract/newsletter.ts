/** The newsletter (product.md §5): POST /newsletter/subscribe. */
import { z } from "zod";
import { MSG } from "../messages.ts";
import { optionalText } from "./shared.ts";

export const newsletterSchema = z.object({
  email: z.string({ error: MSG.newsletter.emailRequired }).trim().min(1, MSG.newsletter.emailRequired).max(254).pipe(z.email(MSG.newsletter.invalidEmail)),
  zipCode: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
    z
      .string()
      .regex(/^\d{5}$/, MSG.newsletter.invalidZip)
      .nullable(),
  ),
  firstName: optionalText(100, "First name"),
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;

export const newsletterResponseSchema = z.object({ subscribed: z.literal(true) });
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;
