/** The admin's Mail screen: the outbox (GET /mail/messages, /mail/messages/{id}) and the suppression list. */
import { z } from "zod";
import { MSG } from "../messages.ts";
import { blankToUndefined, limitParam, pageParam } from "./shared.ts";

/** A message's states: captured = kept and written as .eml instead of sent (MAIL_MODE=capture). */
export const MAIL_MESSAGE_STATUSES = ["queued", "sent", "failed", "suppressed", "captured"] as const;
export type MailMessageStatus = (typeof MAIL_MESSAGE_STATUSES)[number];

/** GET /mail/messages?to=&status=&page=1&limit=20 (`to`: part of the recipient's address, any case). */
export const mailMessagesQuerySchema = z.object({
  to: z.preprocess(blankToUndefined, z.string().trim().max(254).optional()),
  status: z.preprocess(blankToUndefined, z.enum(MAIL_MESSAGE_STATUSES).optional()),
  page: pageParam,
  limit: limitParam(20, 100),
});

export const mailMessageSummarySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_MESSAGE_STATUSES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailMessageSummary = z.infer<typeof mailMessageSummarySchema>;

export const mailMessageListSchema = z.object({ messages: z.array(mailMessageSummarySchema), totalCount: z.number().int() });
export type MailMessageList = z.infer<typeof mailMessageListSchema>;

/** GET /mail/messages/{id}: the summary, the parts, and every header the message is sent with. */
export const mailMessageSchema = mailMessageSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  kind: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** GET /mail/suppressions → { suppressions }; POST /mail/suppressions { email }; DELETE /mail/suppressions?email=. */
export const mailSuppressionSchema = z.object({ email: z.string(), reason: z.string(), createdAt: z.string() });
export type MailSuppression = z.infer<typeof mailSuppressionSchema>;
export const mailSuppressionListSchema = z.object({ suppressions: z.array(mailSuppressionSchema) });
export type MailSuppressionList = z.infer<typeof mailSuppressionListSchema>;
export const mailSuppressionInputSchema = z.object({
  email: z.string({ error: MSG.newsletter.emailRequired }).trim().min(1, MSG.newsletter.emailRequired).max(254).pipe(z.email(MSG.newsletter.invalidEmail)),
});
export type MailSuppressionInput = z.input<typeof mailSuppressionInputSchema>;
export const mailSuppressionQuerySchema = z.object({
  email: z.string({ error: MSG.newsletter.emailRequired }).trim().min(1, MSG.newsletter.emailRequired).max(254),
});
