/**
 * Validation schemas with the exact messages of product.md §5, shared by the API (server-side
 * truth), the admin forms and the site's islands.
 */
import { z } from "zod";
import { CATEGORY_FORM, CONTACT, POST_FORM, RATING, RATING_EMOJIS } from "../constants.ts";
import { MSG } from "../messages.ts";
import { SLUG_MAX_BYTES, SLUG_PATTERN } from "../slug.ts";
import { BUSINESS_STATUSES, normalizeBusinessStatus } from "../status.ts";
import { FUTURE_DATE_MSG, isFutureDay } from "../freshness.ts";
import { TEXT_MSG, hasUnsafeText, safeText } from "../text.ts";
import { parseWorkingHours } from "../hours.ts";
import { normalizeWorkingHours } from "../format.ts";

const V = MSG.validation;

/** Trimmed text; "" / whitespace / null / undefined become null. No control or bidi-override characters (text.ts). */
export const optionalText = (max = 10_000, label = "This field") =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
    z
      .string({ error: `${label} must be text.` })
      .max(max, TEXT_MSG.tooLong(label, max))
      .refine((t) => !hasUnsafeText(t), { message: TEXT_MSG.unsafe })
      .nullable(),
  );

/** Today in UTC: never earlier than any US local day, so a clinic's "today" is never refused as future. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/** An "as of" day (YYYY-MM-DD) that is not after today (issue 22); null or "" for none. */
export const pastDaySchema = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
    z
      .string({ error: `${label} must be a date (YYYY-MM-DD).` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
        message: `${label} must be a date (YYYY-MM-DD).`,
      })
      .refine((d) => !isFutureDay(d, utcToday()), { message: FUTURE_DATE_MSG(label) })
      .nullable(),
  );

/** An http(s) URL or nothing. Relative upload paths ("/uploads/...") are accepted too. */
export const optionalUrl = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
  z
    .string()
    .max(2048)
    .refine((s) => isSitePath(s) || isHttpUrl(s), { message: V.invalidUrl })
    .nullable(),
);

/**
 * A path on this site: one leading "/", then no "/" or "\\" right after it and no backslash,
 * whitespace or control character anywhere. Browsers read "//host", "/\\host" and "/<tab>/host"
 * as another host (protocol-relative), so none of those is a path.
 */
export function isSitePath(s: string): boolean {
  if (!/^\/(?![/\\])/.test(s) || /[\s\\]/.test(s)) return false;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** Text converted to an integer, or null if empty (product.md §5); 'uncategorized' means null. */
export const optionalIntFromText = z.preprocess((v) => {
  if (v == null) return null;
  if (typeof v === "number") return v;
  if (typeof v === "string") {
    const s = v.trim();
    if (s === "" || s === "uncategorized" || s === "no-categories") return null;
    return /^-?\d+$/.test(s) ? Number(s) : s;
  }
  return v;
}, z.number().int().nullable());

const optionalNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === "" || v == null ? null : typeof v === "string" ? Number(v) : v),
    z.number({ error: message }).min(min, message).max(max, message).nullable(),
  );

export const businessStatusSchema = z.preprocess(
  (v) => (v == null || v === "" ? undefined : (normalizeBusinessStatus(v) ?? v)),
  z.enum(BUSINESS_STATUSES, { error: V.invalidStatus }),
);

// ---- Category (product.md §5) ----
export const categoryInputSchema = z.object({
  name: safeText({ label: "Name", max: 100 }).pipe(z.string().min(CATEGORY_FORM.minName, V.categoryName)),
  slug: z.string().trim().min(CATEGORY_FORM.minSlug, V.categorySlugMin).max(100).regex(SLUG_PATTERN, V.slugPattern),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

// ---- Blog post (product.md §5) ----
export const blogPostInputSchema = z.object({
  title: safeText({ label: "Title", max: 200 }).pipe(z.string().min(POST_FORM.minTitle, V.postTitle)),
  slug: z.string().trim().min(POST_FORM.minSlug, V.postSlugMin).max(SLUG_MAX_BYTES, V.slugTooLong).regex(SLUG_PATTERN, V.slugPattern),
  content: z
    .string()
    .min(POST_FORM.minContent, V.postContent)
    .max(500_000, TEXT_MSG.tooLong("Content", 500_000))
    .refine((t) => !hasUnsafeText(t), { message: TEXT_MSG.unsafe }),
  author: safeText({ label: "Author", max: 100 }).pipe(z.string().min(POST_FORM.minAuthor, V.author)),
  excerpt: optionalText(1000, "Excerpt"),
  metaTitle: optionalText(200, "Meta title"),
  metaDescription: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
    z
      .string()
      .max(POST_FORM.metaDescriptionMax, V.metaDescription)
      .refine((t) => !hasUnsafeText(t), { message: TEXT_MSG.unsafe })
      .nullable(),
  ),
  keywords: optionalText(1000, "Keywords"),
  featuredImage: optionalUrl,
  categoryId: optionalIntFromText,
  estimatedReadTime: optionalIntFromText.refine((n) => n == null || (n > 0 && n < 1000), {
    message: "Estimated read time must be a positive number of minutes.",
  }),
  published: z.boolean().default(false),
  noIndex: z.boolean().default(false),
});
export type BlogPostInput = z.infer<typeof blogPostInputSchema>;
/** What the admin form holds before parsing (categoryId and read time as text). */
export type BlogPostFormValues = z.input<typeof blogPostInputSchema>;

// ---- Clinic (product.md §5 admin clinic form) ----
/**
 * Day → hours text (or a list of them, as maps exports give): flat and small, so nothing
 * deeply nested (5,000 levels once overflowed the stack) ever reaches storage or rendering.
 */
const noUnsafe = { message: TEXT_MSG.unsafe };
const hoursText = z
  .string(V.workingHours)
  .max(200, V.workingHours)
  .refine((t) => !hasUnsafeText(t), noUnsafe);
const workingHoursInputSchema = z
  .union(
    [
      z
        .string(V.workingHours)
        .max(5000, V.workingHours)
        .refine((t) => !hasUnsafeText(t), noUnsafe),
      z
        .record(
          z
            .string()
            .max(50, V.workingHours)
            .refine((t) => !hasUnsafeText(t), noUnsafe),
          z.union([hoursText, z.array(hoursText).max(10, V.workingHours), z.null()], V.workingHours),
        )
        .refine((o) => Object.keys(o).length <= 14, V.workingHours),
    ],
    V.workingHours,
  )
  .nullable()
  .optional();

export const clinicInputSchema = z.object({
  name: safeText({ label: "Name", max: 300, required: V.nameRequired }),
  city: safeText({ label: "City", max: 100, required: V.cityRequired }),
  state: safeText({ label: "State", max: 50, required: V.stateRequired }),
  slug: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
    // SLUG_PATTERN is ASCII, so characters are bytes: the folder name always fits.
    z.string().max(SLUG_MAX_BYTES, V.slugTooLong).regex(SLUG_PATTERN, V.slugPattern).nullable(),
  ),
  site: optionalUrl,
  phone: optionalText(50, "Phone"),
  fullAddress: optionalText(500, "Address"),
  street: optionalText(300, "Street"),
  postalCode: optionalText(20, "Postal code"),
  country: z.preprocess((v) => (v == null || (typeof v === "string" && v.trim() === "") ? "USA" : v), safeText({ label: "Country", max: 100 })),
  latitude: optionalNumber(-90, 90, V.latitude),
  longitude: optionalNumber(-180, 180, V.longitude),
  /** A number like 4.5, or text with a count like "4.5 (126 reviews)" (product.md §5 hint). */
  reviews: z
    .union([z.number(), safeText({ label: "Reviews", max: 100 })])
    .nullable()
    .optional(),
  photo: optionalUrl,
  streetView: optionalUrl,
  /** Text or a JSON object of day → hours (product.md §5 hint). */
  workingHours: workingHoursInputSchema,
  businessStatus: businessStatusSchema.default("OPERATIONAL"),
  locationLink: optionalUrl,
  /**
   * The day an admin (or an import) last checked the listing: "verified today" on the edit
   * screen. Absent leaves the stored day as it is; null clears it.
   */
  lastVerifiedOn: pastDaySchema("Last checked date").optional(),
});
export type ClinicInput = z.infer<typeof clinicInputSchema>;

/** Hours as they will be stored (JSON text read as its object, the write path's own rule): readable, or none at all. */
function hoursReadable(v: unknown): boolean {
  const stored = normalizeWorkingHours(v);
  return stored == null || parseWorkingHours(stored).known;
}

/**
 * The admin API's clinic write (issue 25): hours the open-now parser cannot read are refused,
 * unless the writer says on purpose that they are free text (`workingHoursAsText: true`),
 * because such hours silently lose the clinic its open-now line. Readable hours and no hours
 * need no flag, so earlier clients' valid writes go on working. The import keeps reading
 * `clinicInputSchema`: an export's hours are stored as given.
 */
export const adminClinicInputSchema = clinicInputSchema
  .extend({
    workingHoursAsText: z
      .boolean()
      .optional()
      .describe("true: store working hours the open-now parser cannot read, as free text (the clinic then shows them as posted, with no open-now line)"),
  })
  .superRefine((v, ctx) => {
    if (v.workingHoursAsText === true || hoursReadable(v.workingHours)) return;
    ctx.addIssue({ code: "custom", path: ["workingHours"], message: V.workingHoursUnreadable });
  });
export type AdminClinicInput = z.infer<typeof adminClinicInputSchema>;
export type ClinicFormValues = z.input<typeof clinicInputSchema>;

// ---- Login (product.md §5) ----
export const loginSchema = z.object({
  username: z.string({ error: MSG.admin.loginRequired }).trim().min(1, MSG.admin.loginRequired).max(100),
  password: z.string({ error: MSG.admin.loginRequired }).min(1, MSG.admin.loginRequired).max(1000),
});
export type LoginInput = z.infer<typeof loginSchema>;

// ---- Newsletter (product.md §5) ----
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

// ---- Contact (product.md §5) ----
export const contactSchema = z.object({
  name: safeText({ label: "Name", max: 200, required: MSG.contact.nameRequired }),
  email: z.string({ error: MSG.contact.emailRequired }).trim().min(1, MSG.contact.emailRequired).max(254).pipe(z.email(MSG.contact.invalidEmail)),
  subject: z.preprocess((v) => (v === "" ? null : (v ?? null)), z.enum(CONTACT.subjects).nullable()),
  message: safeText({ label: "Message", max: 5000, required: MSG.contact.messageRequired }),
});
export type ContactInput = z.infer<typeof contactSchema>;

// ---- Rating (product.md §5) ----
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

// ---- Search (product.md §5) ----
export const zipCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, MSG.search.invalidZip);
export const cityTextSchema = z.string().trim().min(2, MSG.search.invalidCity);

/** Zod issues as the API's `issues` array and the forms' field errors. */
export function issuesOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

/** First message per field, for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const key = i.path.join(".");
    if (!(key in out)) out[key] = i.message;
  }
  return out;
}
