/** The contact form (product.md §5, POST /contact) and its messages as the admin reads them (/contact-messages). */
import { z } from "zod";
import { CONTACT } from "../constants.ts";
import { MSG } from "../messages.ts";
import { safeText } from "../text.ts";

export const contactSchema = z.object({
  name: safeText({ label: "Name", max: 200, required: MSG.contact.nameRequired }),
  email: z.string({ error: MSG.contact.emailRequired }).trim().min(1, MSG.contact.emailRequired).max(254).pipe(z.email(MSG.contact.invalidEmail)),
  subject: z.preprocess((v) => (v === "" ? null : (v ?? null)), z.enum(CONTACT.subjects).nullable()),
  message: safeText({ label: "Message", max: CONTACT.messageMaxLength, required: MSG.contact.messageRequired }),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const contactResponseSchema = z.object({ received: z.literal(true), id: z.number().int() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** A contact-form message as the admin reads it. */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  handledAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** GET /contact-messages?status= */
export const contactMessagesQuerySchema = z.object({ status: z.enum(["unread", "all"]).default("all") });
export type ContactMessagesQuery = z.input<typeof contactMessagesQuerySchema>;

/** PATCH /contact-messages/{id} */
export const contactMarkSchema = z.object({ read: z.boolean().optional(), handled: z.boolean().optional() });
export type ContactMark = z.input<typeof contactMarkSchema>;
