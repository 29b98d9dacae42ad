/** Zod descriptions of the public answers (core api.ts types), for the OpenAPI document. */
import { z } from "zod";
import { BUSINESS_STATUSES, RATING_EMOJIS } from "@botox/core";

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
  createdAt: z.string(),
  updatedAt: z.string(),
  _distance: z.number().optional().describe("Miles from the search origin, one decimal"),
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
