/**
 * The API's answers as zod schemas: the one definition the API documents and types its routes
 * with (api/src/lib/openapi.ts), and the types in types.ts are inferred from or checked against.
 * Clients (admin, site islands) use the types only (`import type`), never this file at run time.
 */
import { z } from "zod";
import { BUSINESS_STATUSES } from "../status.ts";
import { RATING_EMOJIS } from "../constants.ts";
import { PRICE_AREAS, PRICE_BRANDS, PRICE_MODELS, PRICE_SOURCES, PRICE_STATUSES } from "../price-format.ts";
import { STAFF_CREDENTIALS, STAFF_ROLES } from "../staff.ts";

export const errorSchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const currentUnitPriceSchema = z.object({
  brand: z.enum(PRICE_BRANDS),
  perUnitCents: z.number().int(),
  observedOn: z.string(),
  checkedOn: z.string(),
  source: z.enum(PRICE_SOURCES),
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
  lastVerifiedOn: z.string().nullable().describe("The day the listing's details were last checked (YYYY-MM-DD); null when never"),
  openHours: z
    .array(z.object({ start: z.number().int(), end: z.number().int() }))
    .nullable()
    .describe("Open intervals in the clinic's local minutes of the week (0 = Sunday 00:00); null when the hours cannot be read."),
  createdAt: z.string(),
  updatedAt: z.string(),
  _distance: z.number().optional().describe("Miles from the search origin, one decimal"),
  currentPrice: currentUnitPriceSchema
    .nullable()
    .optional()
    .describe("zip-search and clinics-by-city: the current per-unit price (cents) of the brand asked for, with its observed date; null when none"),
  verifiedCredentials: z
    .array(z.enum(STAFF_CREDENTIALS))
    .optional()
    .describe("zip-search and clinics-by-city: the distinct credentials of the clinic's staff whose licences were checked within 365 days and found active"),
  verifiedStaff: z
    .array(z.object({ role: z.enum(STAFF_ROLES), credential: z.enum(STAFF_CREDENTIALS), demo: z.boolean().optional() }))
    .optional()
    .describe("zip-search and clinics-by-city: the distinct roles and credentials of those staff, medical directors first (the card's line)"),
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

export const clinicListResponseSchema = z.object({ clinics: z.array(clinicSchema), pagination: paginationSchema });

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

export const userLocationSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  source: z.enum(["cdn", "geoip", "fallback"]).describe("Where the location came from: CDN headers, a local GeoIP file, or the fallback"),
});

export const nearbyProvidersResponseSchema = z.object({ providers: z.array(clinicSchema), userLocation: userLocationSchema, searchRadius: z.number() });

export const ratingStatSchema = z.object({ emoji: z.enum(RATING_EMOJIS), count: z.number().int() });
export const hasRatedResponseSchema = z.object({ hasRated: z.boolean() });
export const ratingResponseSchema = z.object({
  rating: z.object({ id: z.number(), clinicId: z.number(), emoji: z.enum(RATING_EMOJIS), comment: z.string().nullable(), createdAt: z.string() }),
});

export const newsletterResponseSchema = z.object({ subscribed: z.literal(true) });
export const contactResponseSchema = z.object({ received: z.literal(true), id: z.number().int() });
export const okResponseSchema = z.object({ ok: z.literal(true) });

export const healthResponseSchema = z.object({ status: z.enum(["ok", "degraded"]), database: z.enum(["up", "down"]) });
export const readyResponseSchema = z.object({
  status: z.enum(["ready", "not ready"]),
  database: z.enum(["up", "down"]),
  migrations: z.enum(["current", "pending", "unknown"]),
});

export const statsSchema = z.object({
  totalClinics: z.number(),
  status: z.literal("ok"),
  apiVersion: z.string(),
  totalPosts: z.number().optional(),
  totalSubscribers: z.number().optional(),
  unreadMessages: z.number().optional(),
  pendingPriceReports: z.number().optional().describe("Price reports waiting for review"),
  staleClinicPrices: z.number().optional().describe("Clinics whose newest published price is older than 180 days"),
  clinicsWithoutVerifiedInjector: z.number().optional().describe("Clinics with no injector whose licence check is current"),
  staffChecksGoingStale: z.number().optional().describe("Current licence checks that go stale (365 days) within 30 days"),
  pendingSuggestions: z.number().optional().describe("Visitors' suggested edits waiting for review"),
});

/** One site build as GET /publish/status reports it. */
export const publishBuildSchema = z.object({
  id: z.number(),
  status: z.enum(["queued", "running", "succeeded", "failed"]),
  trigger: z.string(),
  changeWatermark: z.number(),
  live: z.boolean(),
  durationMs: z.number().nullable(),
  pageCount: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  logTail: z.string(),
});

/** GET /publish/status: the one publish-status shape (publisher, route, admin panel). */
export const publishStatusSchema = z.object({
  mode: z.enum(["local", "hook"]),
  state: z.enum(["idle", "queued", "running"]),
  dirty: z.boolean().describe("Content changed since the last finished build (or a build is requested)"),
  queue: z.array(z.object({ trigger: z.string(), requestedAt: z.string(), dueAt: z.string().nullable(), buildId: z.number().nullable() })),
  live: z.object({ id: z.number(), finishedAt: z.string().nullable() }).nullable(),
  nextNightlyRun: z.string().nullable(),
  builds: z.array(publishBuildSchema),
});
export const publishQueuedSchema = z.object({ queued: z.literal(true) });
export const publishRollbackResponseSchema = z.object({ live: z.object({ id: z.number() }) });

export const loginResponseSchema = z.object({
  user: z.object({ id: z.number(), username: z.string() }),
  expiresAt: z.string(),
});

export const uploadResponseSchema = z.object({
  url: z.string(),
  ogUrl: z.string().optional().describe("1200x630 variant for social cards"),
});

export const blogCategorySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const blogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string().nullable(),
  author: z.string(),
  featuredImage: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
  published: z.boolean(),
  categoryId: z.number().int().nullable(),
  category: blogCategorySchema.nullable().optional(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  keywords: z.string().nullable(),
  noIndex: z.boolean(),
  estimatedReadTime: z.number().int().nullable(),
});

export const blogListResponseSchema = z.object({
  posts: z.array(blogPostSchema),
  pagination: z.object({ total: z.number().int(), limit: z.number().int(), page: z.number().int(), totalPages: z.number().int() }),
});

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
/** GET /contact-messages?status= */
export const contactMessagesQuerySchema = z.object({ status: z.enum(["unread", "all"]).default("all") });
/** PATCH /contact-messages/{id} */
export const contactMarkSchema = z.object({ read: z.boolean().optional(), handled: z.boolean().optional() });

/** A price as the API lists it: with whether it may be out of date (older than 180 days). */
export const listedPriceSchema = priceSchema.extend({ mayBeOutOfDate: z.boolean() });

/** A visitor's price report as the admin reviews it. */
export const priceReportSchema = z.object({
  id: z.number().int(),
  clinicId: z.number().int(),
  clinicName: z.string(),
  brand: z.enum(PRICE_BRANDS),
  area: z.enum(PRICE_AREAS).nullable(),
  units: z.number().int().nullable(),
  totalCents: z.number().int(),
  treatedMonth: z.string().describe("YYYY-MM"),
  status: z.enum(PRICE_STATUSES),
  reason: z.string().nullable(),
  priceId: z.number().int().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
/** The review queue's context of a report (issue 25). */
export const priceReportContextSchema = z.object({
  city: z.string(),
  state: z.string(),
  currentUnitCents: z.number().int().nullable().describe("The clinic's current per-unit price of the report's brand (cents); null when none"),
  localMedianCents: z.number().nullable().describe("Median per-unit price of the brand in the clinic's city (cents); null below 5 clinics"),
  localClinics: z.number().int().describe("Clinics of the city with a current price of the brand"),
  reportedUnitCents: z.number().int().nullable().describe("total / units (cents); null without units"),
  outlier: z
    .string()
    .nullable()
    .describe("Why the report stands out (outside the brand's plausible range, or over 50% from the local median); null when it does not"),
});
export const priceReportListSchema = z.object({
  reports: z.array(priceReportSchema.extend({ context: priceReportContextSchema.optional() })),
  total: z.number().int(),
});
export const priceReportCreatedSchema = z.object({
  report: z.object({ id: z.number().int(), status: z.enum(PRICE_STATUSES).describe("Always pending: a report waits for review") }),
  message: z.string(),
});
