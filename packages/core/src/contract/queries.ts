/**
 * Query and body schemas of the public calls (product.md §7.1), shared by the API (server-side
 * truth, and the source of its OpenAPI document) and the site's islands. Query strings
 * arrive as text: numbers are parsed here, and every failure carries a message a person can
 * act on.
 */
import { z } from "zod";
import { FILTERS, SEARCH } from "../constants.ts";
import { MSG } from "../messages.ts";
import { maxUnitPriceParam, priceBrandParam } from "./prices.ts";
import { credentialListParam } from "./staff.ts";
import { BUSINESS_STATUSES, normalizeBusinessStatus, type BusinessStatus } from "../status.ts";

export const QUERY_MSG = {
  page: "Page must be a whole number of at least 1.",
  limit: (max: number) => `Limit must be a whole number between 1 and ${max}.`,
  distance: 'Distance must be a positive number of miles, or "any".',
  radius: "Radius must be a positive number of miles, at most 500.",
  sortBy: 'sortBy must be "reviews", "name" or "price".',
  zipSortBy: 'sortBy must be "distance" or "price".',
  sortOrder: 'sortOrder must be "desc" or "asc".',
  query: "Search text must be at most 200 characters.",
  city: "City must be a city slug such as new-york or new-york-ny.",
  slug: "Clinic must be a slug or a numeric id.",
  coordinates: "Latitude and longitude are required numbers.",
  openNow: 'openNow must be "true" or "false".',
} as const;

export const MAX_PAGE = 10_000;
export const MAX_RADIUS_MILES = 500;
const MAX_DISTANCE_MILES = 10_000;

const blankToUndefined = (v: unknown) => (v == null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** A whole number from query text ("10"); anything else fails with `message`. */
export const intParam = (min: number, max: number, fallback: number, message: string) =>
  z.preprocess(
    (v) => {
      const x = blankToUndefined(v);
      return typeof x === "string" && /^\s*\d{1,9}\s*$/.test(x) ? Number(x) : x;
    },
    z.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );

export const pageParam = intParam(1, MAX_PAGE, 1, QUERY_MSG.page);
export const limitParam = (fallback: number, max: number) => intParam(1, max, fallback, QUERY_MSG.limit(max));

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

/** openNow=true: only clinics open at the request's moment, in each clinic's zone (issue 14). */
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

// ---- GET /cities/popular ----
export const popularCitiesQuerySchema = z.object({
  limit: limitParam(SEARCH.popularCitiesLimit, 100),
});
export type PopularCitiesQuery = z.infer<typeof popularCitiesQuerySchema>;

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
export type NearbyClinicsBody = z.infer<typeof nearbyClinicsBodySchema>;

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
  // Prices (issue 13): maxUnitPrice in dollars (→ cents), of `brand` (default botox).
  maxUnitPrice: maxUnitPriceParam,
  brand: priceBrandParam,
  sortBy: z.preprocess(blankToUndefined, z.enum(FILTERS.zipSortBy, { error: QUERY_MSG.zipSortBy }).default("distance")),
  // Who injects here (issue 21): only clinics with a currently verified MD, NP... (comma-separated).
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
  // Prices (issue 13): maxUnitPrice in dollars (→ cents), of `brand` (default botox).
  maxUnitPrice: maxUnitPriceParam,
  brand: priceBrandParam,
  // Who injects here (issue 21): only clinics with a currently verified MD, NP... (comma-separated).
  credential: credentialListParam,
});
export type ClinicsByCityQuery = z.infer<typeof clinicsByCityQuerySchema>;

// ---- GET /proxy/clinic/{slug} ----
export const clinicBySlugQuerySchema = z.object({
  city: z.preprocess(blankToUndefined, citySlugSchema.optional()),
});
export type ClinicBySlugQuery = z.infer<typeof clinicBySlugQuerySchema>;
