/**
 * Clinics (product.md §3, §5, §7): the listing as the API answers it, the admin's clinic form,
 * the search box's fields and the queries of the public clinic reads (zip-search, clinics by
 * city, nearby, near the visitor, one clinic).
 */
import { placeName } from "../place-name.ts";
import { z } from "zod";
import { FILTERS, SEARCH } from "../constants.ts";
import { FUTURE_DATE_MSG, isFutureDay } from "../freshness.ts";
import { normalizeWorkingHours } from "../format.ts";
import { parseWorkingHours } from "../hours.ts";
import { MSG } from "../messages.ts";
import { PHONE_MSG, isValidUsPhone } from "../phone.ts";
import { SLUG_MAX_BYTES, SLUG_PATTERN } from "../slug.ts";
import { STAFF_CREDENTIALS, STAFF_ROLES } from "../staff.ts";
import { BUSINESS_STATUSES, normalizeBusinessStatus, type BusinessStatus } from "../status.ts";
import { CLINIC_CATEGORIES, normalizeClinicCategory } from "../clinic-category.ts";
import { TEXT_MSG, hasUnsafeText, safeText } from "../text.ts";
import { userLocationSchema } from "./location.ts";
import { currentUnitPriceSchema, maxUnitPriceParam, priceBrandParam } from "./prices.ts";
import { QUERY_MSG, blankToUndefined, limitParam, optionalText, optionalUrl, pageParam, paginationSchema } from "./shared.ts";
import { credentialListParam } from "./staff.ts";

const V = MSG.validation;

// ---- Answers ----

export const clinicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  site: z.string().nullable(),
  /** Same as `site` (product.md §3: "also called url"). */
  url: z.string().nullable(),
  phone: z.string().nullable(),
  fullAddress: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string(),
  citySlug: z.string(),
  state: z.string(),
  postalCode: z.string().nullable(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** "4.5 (126 reviews)" / "126 reviews", for the spec's clients. */
  reviews: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  photo: z.string().nullable(),
  streetView: z.string().nullable(),
  workingHours: z.union([z.record(z.string(), z.string()), z.object({ text: z.string() })]).nullable(),
  businessStatus: z.enum(BUSINESS_STATUSES),
  /** One of CLINIC_CATEGORIES (decision 301); null while unknown. */
  category: z.enum(CLINIC_CATEGORIES).nullable().describe("What kind of place the clinic is (one primary category, decision 301); null when unknown"),
  locationLink: z.string().nullable(),
  /** IANA zone from the coordinates: "open now" is told in it; null without coordinates. */
  timeZone: z.string().nullable(),
  /** The day the listing's details were last checked, YYYY-MM-DD; null when never. */
  lastVerifiedOn: z.string().nullable().describe("The day the listing's details were last checked (YYYY-MM-DD); null when never"),
  /** Whether the clinic's own people manage the listing (a verified claim). */
  claimed: z.boolean().describe("Whether the clinic manages its own listing (a verified claim)"),
  /** The clinic's online booking link, set by its owner; null when none. */
  bookingUrl: z.string().nullable().describe("The clinic's online booking link; null when none"),
  /** Plain text (decision 282): shown as text, never as HTML. */
  description: z.string().nullable().describe("The clinic's own description, plain text; null when none"),
  /**
   * The week's open intervals in the clinic's local minutes of the week (0 = Sunday 00:00),
   * parsed on the server from `workingHours`; null when the hours cannot be read.
   */
  openHours: z
    .array(z.object({ start: z.number().int(), end: z.number().int() }))
    .nullable()
    .describe("Open intervals in the clinic's local minutes of the week (0 = Sunday 00:00); null when the hours cannot be read."),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Miles from the search origin, on search results. */
  _distance: z.number().optional().describe("Miles from the search origin, one decimal"),
  /**
   * On zip-search and clinics-by-city results: the clinic's current per-unit price of the
   * brand asked for (Botox by default) with its observed date, or null.
   */
  currentPrice: currentUnitPriceSchema
    .nullable()
    .optional()
    .describe("zip-search and clinics-by-city: the current per-unit price (cents) of the brand asked for, with its observed date; null when none"),
  /** On zip-search and clinics-by-city results: the credentials of its currently verified staff. */
  verifiedCredentials: z
    .array(z.enum(STAFF_CREDENTIALS))
    .optional()
    .describe("zip-search and clinics-by-city: the distinct credentials of the clinic's staff whose licences were checked within 365 days and found active"),
  /** The same staff's roles and credentials, medical directors first: the card's credential line. */
  verifiedStaff: z
    .array(z.object({ role: z.enum(STAFF_ROLES), credential: z.enum(STAFF_CREDENTIALS), demo: z.boolean().optional() }))
    .optional()
    .describe("zip-search and clinics-by-city: the distinct roles and credentials of those staff, medical directors first (the card's line)"),
});
/** A clinic as every read answers it (product.md §3). */
export type Clinic = z.infer<typeof clinicSchema>;

export const clinicListResponseSchema = z.object({ clinics: z.array(clinicSchema), pagination: paginationSchema });
export type ClinicListResponse = z.infer<typeof clinicListResponseSchema>;

export const zipSearchResponseSchema = z.object({
  clinics: z.array(clinicSchema),
  totalCount: z.number().int(),
  itemsPerPage: z.number().int(),
  currentPage: z.number().int(),
  origin: z
    .object({ latitude: z.number(), longitude: z.number(), city: z.string(), state: z.string() })
    .nullable()
    .describe("Centroid of the searched ZIP, null when the ZIP is unknown"),
});
export type ZipSearchResponse = z.infer<typeof zipSearchResponseSchema>;

export const nearbyProvidersResponseSchema = z.object({ providers: z.array(clinicSchema), userLocation: userLocationSchema, searchRadius: z.number() });
export type NearbyProvidersResponse = z.infer<typeof nearbyProvidersResponseSchema>;

// ---- The admin's clinic form (product.md §5) ----

/** Today in UTC: never earlier than any US local day, so a clinic's "today" is never refused as future. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/** An "as of" day (YYYY-MM-DD) that is not after today; null or "" for none. */
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

const optionalNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === "" || v == null ? null : typeof v === "string" ? Number(v) : v),
    z.number({ error: message }).min(min, message).max(max, message).nullable(),
  );

export const businessStatusSchema = z.preprocess(
  (v) => (v == null || v === "" ? undefined : (normalizeBusinessStatus(v) ?? v)),
  z.enum(BUSINESS_STATUSES, { error: V.invalidStatus }),
);

/**
 * A clinic's category (decision 301): one of CLINIC_CATEGORIES in any case or spacing, stored
 * as its label; null or "" for unknown. Anything else is a 400 naming the list.
 */
export const clinicCategorySchema = z.preprocess(
  (v) => (v == null || (typeof v === "string" && v.trim() === "") ? null : (normalizeClinicCategory(v) ?? v)),
  z.enum(CLINIC_CATEGORIES, { error: V.invalidCategory }).nullable(),
);

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

/** A valid US number (packages/core phone.ts) or nothing; stored as written. */
const phoneSchema = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
  z
    .string({ error: PHONE_MSG.invalid })
    .max(50, PHONE_MSG.invalid)
    .refine((t) => isValidUsPhone(t), { message: PHONE_MSG.invalid })
    .nullable(),
);

export const clinicInputSchema = z.object({
  name: safeText({ label: "Name", max: 300, required: V.nameRequired }),
  city: placeName({ label: "City", max: 100, required: V.cityRequired }),
  state: safeText({ label: "State", max: 50, required: V.stateRequired }),
  slug: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
    // SLUG_PATTERN is ASCII, so characters are bytes: the folder name always fits.
    z.string().max(SLUG_MAX_BYTES, V.slugTooLong).regex(SLUG_PATTERN, V.slugPattern).nullable(),
  ),
  site: optionalUrl,
  phone: phoneSchema,
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
  /** Absent leaves the stored category as it is (a file without the column, an older client); null clears it. */
  category: clinicCategorySchema.optional(),
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
 * The admin API's clinic write: hours the open-now parser cannot read are refused,
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
    allowDuplicate: z
      .boolean()
      .optional()
      .describe("POST /clinics: true saves a clinic that repeats one we have (same phone, or same name and address), after the 409 that named it"),
  })
  .superRefine((v, ctx) => {
    if (v.workingHoursAsText === true || hoursReadable(v.workingHours)) return;
    ctx.addIssue({ code: "custom", path: ["workingHours"], message: V.workingHoursUnreadable });
  });
export type AdminClinicInput = z.infer<typeof adminClinicInputSchema>;
export type ClinicFormValues = z.input<typeof clinicInputSchema>;

/** GET /clinics, the admin list (product.md §7.2): page, limit=10, query, businessStatus in either case. */
export type AdminClinicsQuery = {
  page?: number;
  limit?: number;
  query?: string | null;
  businessStatus?: BusinessStatus | Lowercase<BusinessStatus> | null;
  sort?: "name" | "newest";
};

// ---- The search box (product.md §5) ----

export const zipCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, MSG.search.invalidZip);
export const cityTextSchema = z.string().trim().min(2, MSG.search.invalidCity);

// ---- Query parameters of the public reads (product.md §7.1) ----

export const MAX_RADIUS_MILES = 500;
const MAX_DISTANCE_MILES = 10_000;

/**
 * Miles from the search origin. "any" (and the shared-filter value 150, product.md §9) mean no
 * limit, which is `null`; absent means `fallback`.
 */
export const distanceParam = (fallback: number | null) =>
  z.preprocess(
    (v) => {
      const x = blankToUndefined(v);
      if (x === undefined) return fallback;
      if (typeof x !== "string") return x;
      const s = x.trim().toLowerCase();
      if (s === "any" || s === "all") return null;
      return /^\d{1,6}(\.\d{1,6})?$/.test(s) ? Number(s) : s;
    },
    z
      .number({ error: QUERY_MSG.distance })
      .positive(QUERY_MSG.distance)
      .max(MAX_DISTANCE_MILES, QUERY_MSG.distance)
      .nullable()
      .transform((d) => (d === FILTERS.anyDistanceShared ? null : d)),
  );

/**
 * Business status filter: comma-joined and/or repeated values in either case
 * ("operational,CLOSED_TEMPORARILY"); "all"/"any" or nothing means every status.
 */
export const businessStatusListParam = z.preprocess(
  (v) => {
    const values = (Array.isArray(v) ? (v as unknown[]) : v == null ? [] : [v]).flatMap((x) => (typeof x === "string" ? x.split(",") : [x]));
    const out: unknown[] = [];
    for (const raw of values) {
      if (typeof raw === "string") {
        const s = raw.trim();
        if (s === "" || s.toLowerCase() === "all" || s.toLowerCase() === "any") continue;
        const status = normalizeBusinessStatus(s) ?? s;
        if (!out.includes(status)) out.push(status);
      } else out.push(raw);
    }
    return out;
  },
  z.array(z.enum(BUSINESS_STATUSES, { error: MSG.validation.invalidStatus })),
) as z.ZodType<BusinessStatus[], unknown>;

/** openNow=true: only clinics open at the request's moment, in each clinic's zone. */
export const openNowParam = z.preprocess(
  (v) => {
    const x = blankToUndefined(v);
    if (typeof x !== "string") return x;
    const s = x.trim().toLowerCase();
    return s === "true" || s === "1" ? true : s === "false" || s === "0" ? false : x;
  },
  z.boolean({ error: QUERY_MSG.openNow }).default(false),
);

const latitudeParam = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z.number({ error: MSG.validation.latitude }).min(-90, MSG.validation.latitude).max(90, MSG.validation.latitude),
);
const longitudeParam = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z.number({ error: MSG.validation.longitude }).min(-180, MSG.validation.longitude).max(180, MSG.validation.longitude),
);

// ---- POST /clinics/nearby (JSON body) ----
export const nearbyClinicsBodySchema = z.object({
  latitude: latitudeParam,
  longitude: longitudeParam,
  radius: z.preprocess(
    (v) => (v == null || v === "" ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ error: QUERY_MSG.radius }).positive(QUERY_MSG.radius).max(MAX_RADIUS_MILES, QUERY_MSG.radius).default(SEARCH.nearbyRadiusMiles),
  ),
  openNow: openNowParam,
});
/** The body as the API reads it: radius and openNow filled in with their defaults. */
export type NearbyClinicsBody = z.infer<typeof nearbyClinicsBodySchema>;
/** The body as a client sends it: the same fields, radius (miles) and openNow optional. */
export type NearbyClinicsRequest = Pick<NearbyClinicsBody, "latitude" | "longitude"> & Partial<Pick<NearbyClinicsBody, "radius" | "openNow">>;

// ---- GET /zip-search ----
export const zipSearchQuerySchema = z.object({
  postalCode: z
    .string({ error: MSG.search.invalidZip })
    .trim()
    .regex(/^\d{5}$/, MSG.search.invalidZip),
  page: pageParam,
  limit: limitParam(SEARCH.pageSize, 100),
  distance: distanceParam(FILTERS.zipDefaultDistance),
  businessStatus: businessStatusListParam,
  openNow: openNowParam,
  // Prices: maxUnitPrice in dollars (→ cents), of `brand` (default botox).
  maxUnitPrice: maxUnitPriceParam,
  brand: priceBrandParam,
  sortBy: z.preprocess(blankToUndefined, z.enum(FILTERS.zipSortBy, { error: QUERY_MSG.zipSortBy }).default("distance")),
  // Who injects here: only clinics with a currently verified MD, NP... (comma-separated).
  credential: credentialListParam,
});
export type ZipSearchQuery = z.infer<typeof zipSearchQuerySchema>;

// ---- GET /providers/near-user ----
export const providersNearUserQuerySchema = z.object({
  limit: limitParam(SEARCH.providersNearUserLimit, 100),
});
export type ProvidersNearUserQuery = z.infer<typeof providersNearUserQuerySchema>;

/** A city slug (product.md §2.1), possibly ending in a two-letter state code (new-york-ny). */
export const citySlugSchema = z
  .string({ error: QUERY_MSG.city })
  .trim()
  .toLowerCase()
  .min(2, QUERY_MSG.city)
  .max(120, QUERY_MSG.city)
  .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, QUERY_MSG.city);

// ---- GET /proxy/clinics-by-city/{city} ----
/** `sortOrder` absent: reviews read best-first, names A to Z. */
export const clinicsByCityQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(SEARCH.pageSize, 100),
  query: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v),
    z.string({ error: QUERY_MSG.query }).max(200, QUERY_MSG.query).optional(),
  ),
  businessStatus: businessStatusListParam,
  distance: distanceParam(null),
  sortBy: z.preprocess(blankToUndefined, z.enum(FILTERS.sortBy, { error: QUERY_MSG.sortBy }).default("reviews")),
  sortOrder: z.preprocess(blankToUndefined, z.enum(FILTERS.sortOrder, { error: QUERY_MSG.sortOrder }).optional()),
  openNow: openNowParam,
  // Prices: maxUnitPrice in dollars (→ cents), of `brand` (default botox).
  maxUnitPrice: maxUnitPriceParam,
  brand: priceBrandParam,
  // Who injects here: only clinics with a currently verified MD, NP... (comma-separated).
  credential: credentialListParam,
});
export type ClinicsByCityQuery = z.infer<typeof clinicsByCityQuerySchema>;

// ---- GET /proxy/clinic/{slug} ----
export const clinicBySlugQuerySchema = z.object({
  city: z.preprocess(blankToUndefined, citySlugSchema.optional()),
});
export type ClinicBySlugQuery = z.infer<typeof clinicBySlugQuerySchema>;
