/** Zod descriptions of the public answers (core api.ts types), for the OpenAPI document. */
import { z } from "zod";
import { BUSINESS_STATUSES, PRICE_AREAS, PRICE_BRANDS, PRICE_MODELS, PRICE_SOURCES, PRICE_STATUSES, RATING_EMOJIS } from "@botox/core";

export const errorSchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const clinicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  site: z.string().nullable(),
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
  reviews: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  photo: z.string().nullable(),
  streetView: z.string().nullable(),
  workingHours: z.union([z.record(z.string(), z.string()), z.object({ text: z.string() })]).nullable(),
  businessStatus: z.enum(BUSINESS_STATUSES),
  locationLink: z.string().nullable(),
  timeZone: z.string().nullable(),
  openHours: z
    .array(z.object({ start: z.number().int(), end: z.number().int() }))
    .nullable()
    .describe("Open intervals in the clinic's local minutes of the week (0 = Sunday 00:00); null when the hours cannot be read."),
  createdAt: z.string(),
  updatedAt: z.string(),
  _distance: z.number().optional().describe("Miles from the search origin, one decimal"),
  currentPrice: z
    .object({ brand: z.enum(PRICE_BRANDS), perUnitCents: z.number().int(), observedOn: z.string(), checkedOn: z.string(), source: z.enum(PRICE_SOURCES) })
    .nullable()
    .optional()
    .describe("zip-search and clinics-by-city: the current per-unit price (cents) of the brand asked for, with its observed date; null when none"),
});

/** A clinic's price (issue 13); money in cents, dates YYYY-MM-DD. */
export const priceSchema = z.object({
  id: z.number().int(),
  clinicId: z.number().int(),
  brand: z.enum(PRICE_BRANDS),
  model: z.enum(PRICE_MODELS),
  unitPriceCents: z.number().int().nullable(),
  area: z.enum(PRICE_AREAS).nullable(),
  priceCents: z.number().int().nullable(),
  units: z.number().int().nullable(),
  perUnitCents: z.number().int().nullable().describe("The unit price, or priceCents / units when units are known"),
  conditions: z.string().nullable(),
  newPatientsOnly: z.boolean(),
  source: z.enum(PRICE_SOURCES),
  evidenceUrl: z.string().nullable(),
  observedOn: z.string(),
  verifiedOn: z.string().nullable(),
  checkedOn: z.string().describe("The later of observedOn and verifiedOn: the day every age rule (180 and 365 days) counts from"),
  status: z.enum(PRICE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const priceIndexSchema = z.object({
  brand: z.enum(PRICE_BRANDS),
  median: z.number().int().nullable(),
  p25: z.number().int().nullable(),
  p75: z.number().int().nullable(),
  clinics: z.number().int(),
  sufficient: z.boolean(),
  newestObservedOn: z.string().nullable(),
});

export const citySchema = z.object({
  city: z.string(),
  state: z.string(),
  citySlug: z.string(),
  count: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  distance: z.number().optional().describe("Miles from the visitor, one decimal"),
});

export const paginationSchema = z.object({
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
});

export const ratingStatSchema = z.object({ emoji: z.enum(RATING_EMOJIS), count: z.number().int() });

/** The answers every route may give besides its own. */
export const commonErrors = {
  400: { description: "Invalid input (the first message in `error`, all in `issues`)", schema: errorSchema },
  503: { description: "Database unavailable", schema: errorSchema },
} as const;
export const writeErrors = {
  ...commonErrors,
  403: { description: "Origin not allowed", schema: errorSchema },
  413: { description: "Body too large", schema: errorSchema },
  415: { description: "Body is not JSON", schema: errorSchema },
  429: { description: "Rate limited", schema: errorSchema },
} as const;
