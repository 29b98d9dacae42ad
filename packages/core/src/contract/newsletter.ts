/**
 * The newsletter (product.md §5) with double opt-in, and price alerts: POST /newsletter/subscribe,
 * the confirmation, preferences, one-click unsubscribe and erasure (all keyed by a token from a
 * mail), and POST /price-alerts. docs/decisions/244 and 245 describe the flow.
 */
import { z } from "zod";
import { MSG } from "../messages.ts";
import { PRICE_BRANDS } from "../price-format.ts";
import { optionalText } from "./shared.ts";

const emailField = z
  .string({ error: MSG.newsletter.emailRequired })
  .trim()
  .min(1, MSG.newsletter.emailRequired)
  .max(254)
  .pipe(z.email(MSG.newsletter.invalidEmail));
const zipField = z
  .string({ error: MSG.newsletter.invalidZip })
  .trim()
  .regex(/^\d{5}$/, MSG.newsletter.invalidZip);

export const newsletterSchema = z.object({
  email: emailField,
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

/** The same answer whether the address was new, pending or already confirmed (nobody learns who subscribed). */
export const newsletterResponseSchema = z.object({ subscribed: z.literal(true) });
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

/** A subscription's states: pending until its confirmation link is followed. */
export const SUBSCRIPTION_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The radii a subscriber or an alert may choose, in miles. */
export const MAIL_RADII = [5, 10, 25, 50] as const;
export type MailRadius = (typeof MAIL_RADII)[number];

/**
 * How often the local digest comes: "new" — only when something new appeared since the last one
 * (checked on each scheduled run); "weekly" — at most one digest in 7 days, gathering the week.
 */
export const DIGEST_FREQUENCIES = ["new", "weekly"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** Brands a subscriber or an alert can follow (a listed price's brands but "other"). */
export const ALERT_BRANDS = PRICE_BRANDS.filter((b): b is Exclude<(typeof PRICE_BRANDS)[number], "other"> => b !== "other");
export type AlertBrand = (typeof ALERT_BRANDS)[number];

export const NEWSLETTER_MSG = {
  /** The confirmation page's and the API's words for each way a token can be refused. */
  tokenMissing: "This link has no token. Please use the link from your email.",
  tokenInvalid: "This link is not valid. It may have been copied incompletely, or the subscription was deleted. You can subscribe again.",
  tokenExpired: "This confirmation link has expired (links are valid for 7 days). Please subscribe again to get a new one.",
  tokenUsed: "This confirmation link has already been used. Your subscription is confirmed.",
  confirmed: "Your subscription is confirmed. You'll get local deals and price alerts by email.",
  unsubscribed: "You've been unsubscribed. We won't email you again.",
  deleted: "Your address, preferences and mail history have been deleted.",
  preferencesSaved: "Your preferences have been saved.",
  invalidRadius: "Radius must be 5, 10, 25 or 50 miles.",
  invalidFrequency: 'Frequency must be "new" or "weekly".',
  invalidBrand: "Please choose a brand.",
  invalidMaxUnitPrice: "Enter a price per unit between $0.01 and $100.",
} as const;

/**
 * How each refused token is answered (status and message), so the pages can say which:
 * unknown → 404, expired → 410, already used → 409. A missing or malformed token is a 400.
 */
export const NEWSLETTER_TOKEN_ERRORS = {
  missing: { status: 400, error: NEWSLETTER_MSG.tokenMissing },
  invalid: { status: 404, error: NEWSLETTER_MSG.tokenInvalid },
  expired: { status: 410, error: NEWSLETTER_MSG.tokenExpired },
  used: { status: 409, error: NEWSLETTER_MSG.tokenUsed },
} as const;

/** Tokens are base64url text: anything else is refused before the database is asked. */
const tokenField = z
  .string({ error: NEWSLETTER_MSG.tokenMissing })
  .trim()
  .min(1, NEWSLETTER_MSG.tokenMissing)
  .max(200, NEWSLETTER_MSG.tokenInvalid)
  .regex(/^[A-Za-z0-9_.-]+$/, NEWSLETTER_MSG.tokenInvalid);

/** `?token=…` of the preferences, unsubscribe and delete calls. */
export const newsletterTokenQuerySchema = z.object({ token: tokenField });
/** POST /newsletter/confirm. */
export const newsletterConfirmSchema = z.object({ token: tokenField });
/** `preferencesToken` opens GET|PUT /newsletter/preferences (the confirmation page can link there). */
export const newsletterConfirmResponseSchema = z.object({ confirmed: z.literal(true), email: z.string(), preferencesToken: z.string() });
export type NewsletterConfirmResponse = z.infer<typeof newsletterConfirmResponseSchema>;

const radiusField = z.union(
  MAIL_RADII.map((r) => z.literal(r)),
  { error: NEWSLETTER_MSG.invalidRadius },
);
const brandField = z.enum(ALERT_BRANDS, { error: NEWSLETTER_MSG.invalidBrand });

/** PUT /newsletter/preferences?token=… (the whole set; GET answers the same fields plus email and status). */
export const newsletterPreferencesSchema = z.object({
  zipCode: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), zipField.nullable()),
  radiusMiles: radiusField,
  brands: z
    .array(brandField)
    .max(ALERT_BRANDS.length)
    .transform((b) => [...new Set(b)]),
  frequency: z.enum(DIGEST_FREQUENCIES, { error: NEWSLETTER_MSG.invalidFrequency }),
});
export type NewsletterPreferencesInput = z.input<typeof newsletterPreferencesSchema>;
export const newsletterPreferencesResponseSchema = z.object({
  email: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  zipCode: z.string().nullable(),
  radiusMiles: z.number().int(),
  brands: z.array(z.enum(ALERT_BRANDS)),
  frequency: z.enum(DIGEST_FREQUENCIES),
});
export type NewsletterPreferences = z.infer<typeof newsletterPreferencesResponseSchema>;

/** POST /newsletter/unsubscribe?token=… (RFC 8058 one-click: any body, or none). */
export const newsletterUnsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true) });
export type NewsletterUnsubscribeResponse = z.infer<typeof newsletterUnsubscribeResponseSchema>;
/** DELETE /newsletter/subscription?token=…: the address, its preferences, alerts and mail history are erased. */
export const newsletterDeleteResponseSchema = z.object({ deleted: z.literal(true) });
export type NewsletterDeleteResponse = z.infer<typeof newsletterDeleteResponseSchema>;

/** POST /price-alerts: "Tell me when {brand} is under ${maxUnitPrice} a unit within {radiusMiles} miles of {zipCode}". */
export const priceAlertSchema = z.object({
  email: emailField,
  brand: brandField,
  /** Dollars per unit, e.g. 11.5. */
  maxUnitPrice: z
    .number({ error: NEWSLETTER_MSG.invalidMaxUnitPrice })
    .min(0.01, NEWSLETTER_MSG.invalidMaxUnitPrice)
    .max(100, NEWSLETTER_MSG.invalidMaxUnitPrice),
  zipCode: zipField,
  radiusMiles: radiusField,
});
export type PriceAlertInput = z.input<typeof priceAlertSchema>;
/** Same answer for a new, pending or confirmed address; a new one gets the confirmation mail first. */
export const priceAlertResponseSchema = z.object({ accepted: z.literal(true) });
export type PriceAlertResponse = z.infer<typeof priceAlertResponseSchema>;
