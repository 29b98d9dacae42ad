/**
 * Prices: the admin's price writes, visitors' reports and their review, the price
 * filters of the clinic searches, the price index query, and the answers. Apart from the rules
 * in ../prices.ts so the site's islands can import those rules without zod (the page
 * JavaScript budget, decision 264).
 */
import { z } from "zod";
import { FUTURE_DATE_MSG, isFutureDay } from "../freshness.ts";
import { TEXT_MSG, hasUnsafeText } from "../text.ts";
import {
  PRICE_AREAS,
  PRICE_BRANDS,
  PRICE_MODELS,
  PRICE_MSG,
  PRICE_RULES,
  PRICE_SOURCES,
  PRICE_STATUSES,
  isIsoDate,
  isoDay,
  monthBefore,
  priceShapeIssues,
  type ClinicPrice,
  type CurrentUnitPrice,
  type ListedPriceReport,
  type PriceIndex,
  type PriceReport,
} from "../prices.ts";
import { blankToUndefined } from "./shared.ts";

const toNumber = (v: unknown) => {
  const x = blankToUndefined(v);
  return typeof x === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(x) ? Number(x) : x;
};

export const priceBrandSchema = z.enum(PRICE_BRANDS, { error: PRICE_MSG.brand });
export const priceAreaSchema = z.enum(PRICE_AREAS, { error: PRICE_MSG.area });
const centsSchema = z.preprocess(toNumber, z.number({ error: PRICE_MSG.cents }).int(PRICE_MSG.cents).min(1, PRICE_MSG.cents).max(10_000_000, PRICE_MSG.cents));
const unitsSchema = z.preprocess(toNumber, z.number({ error: PRICE_MSG.units }).int(PRICE_MSG.units).min(1, PRICE_MSG.units).max(1000, PRICE_MSG.units));
/** A real day that is not after today (UTC, never earlier than a US local day): "as of" dates cannot lie. */
const isoDateSchema = (label: string) =>
  z
    .string({ error: PRICE_MSG.date })
    .trim()
    .refine(isIsoDate, { message: PRICE_MSG.date })
    .refine((d) => !isFutureDay(d, isoDay(new Date())), { message: FUTURE_DATE_MSG(label) });
const nullableText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
    z
      .string({ error: message })
      .max(max, message)
      .refine((t) => !hasUnsafeText(t), { message: TEXT_MSG.unsafe })
      .nullable(),
  );
const evidenceUrlSchema = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
  z
    .string({ error: "Evidence URL must be an http(s) address." })
    .max(2048, "Evidence URL must be an http(s) address.")
    .refine((s) => /^https?:\/\/[^\s/]+\.[^\s]*$/i.test(s), { message: "Evidence URL must be an http(s) address." })
    .nullable(),
);

const priceFields = {
  brand: priceBrandSchema,
  model: z.enum(PRICE_MODELS, { error: PRICE_MSG.model }),
  unitPriceCents: centsSchema.nullable().optional(),
  area: priceAreaSchema.nullable().optional(),
  priceCents: centsSchema.nullable().optional(),
  units: unitsSchema.nullable().optional(),
  conditions: nullableText(500, PRICE_MSG.conditions).optional(),
  newPatientsOnly: z.boolean({ error: "newPatientsOnly must be true or false." }).optional(),
  source: z.enum(PRICE_SOURCES, { error: PRICE_MSG.source }),
  evidenceUrl: evidenceUrlSchema.optional(),
  observedOn: isoDateSchema("Observed date"),
  verifiedOn: isoDateSchema("Verified date").nullable().optional(),
  status: z.enum(PRICE_STATUSES, { error: PRICE_MSG.status }).optional(),
};

/** Admin: a new price (POST /clinics/{id}/prices). */
export const priceInputSchema = z.strictObject(priceFields).superRefine((p, ctx) => {
  for (const i of priceShapeIssues(p)) ctx.addIssue({ code: "custom", path: [i.path], message: i.message });
});
export type PriceInput = z.infer<typeof priceInputSchema>;

/** Admin: some fields of a price (PATCH /prices/{id}); the merged row is checked again. */
export const pricePatchSchema = z
  .strictObject({
    ...priceFields,
    brand: priceFields.brand.optional(),
    model: priceFields.model.optional(),
    source: priceFields.source.optional(),
    observedOn: priceFields.observedOn.optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { message: PRICE_MSG.emptyPatch });
export type PricePatch = z.infer<typeof pricePatchSchema>;

/**
 * A visitor's report (POST /clinics/{id}/price-reports). `today` bounds the month treated:
 * not in the future and at most PRICE_RULES.reportMaxMonthsBack months back.
 */
export const priceReportInputSchema = (today: string) =>
  z.strictObject({
    brand: priceBrandSchema,
    units: z
      .preprocess(toNumber, z.number({ error: PRICE_MSG.reportUnits }).int(PRICE_MSG.reportUnits).min(1, PRICE_MSG.reportUnits).max(400, PRICE_MSG.reportUnits))
      .nullable()
      .optional(),
    total: z.preprocess(
      toNumber,
      z
        .number({ error: PRICE_MSG.total })
        .min(1, PRICE_MSG.total)
        .max(10_000, PRICE_MSG.total)
        .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: PRICE_MSG.total }),
    ),
    treatedMonth: z
      .string({ error: PRICE_MSG.treatedMonth })
      .trim()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, PRICE_MSG.treatedMonth)
      .refine((m) => m <= today.slice(0, 7) && m >= monthBefore(today, PRICE_RULES.reportMaxMonthsBack), { message: PRICE_MSG.treatedMonth }),
    area: priceAreaSchema.nullable().optional(),
  });
export type PriceReportInput = z.infer<ReturnType<typeof priceReportInputSchema>>;

/** Admin: publish or reject a report. */
export const priceReportReviewSchema = z.strictObject({
  status: z.enum(["published", "rejected"], { error: PRICE_MSG.reviewStatus }),
  reason: nullableText(500, PRICE_MSG.reason).optional(),
});
export type PriceReportReview = z.infer<typeof priceReportReviewSchema>;

/** Dollars from query text ("12.5") → cents; anything else fails with PRICE_MSG.maxUnitPrice. */
export const maxUnitPriceParam = z.preprocess(
  (v) => {
    const x = blankToUndefined(v);
    return typeof x === "string" && /^\s*\d{1,4}(\.\d{1,2})?\s*$/.test(x) ? Math.round(Number(x) * 100) : x;
  },
  z.number({ error: PRICE_MSG.maxUnitPrice }).int(PRICE_MSG.maxUnitPrice).min(1, PRICE_MSG.maxUnitPrice).max(100_000, PRICE_MSG.maxUnitPrice).optional(),
);

export const priceBrandParam = z.preprocess(
  (v) => (typeof blankToUndefined(v) === "string" ? String(v).trim().toLowerCase() : blankToUndefined(v)),
  priceBrandSchema.default("botox"),
);

/** GET /price-index: ?city= or ?postalCode=&distance=, with brand. */
export const priceIndexQuerySchema = z
  .object({
    city: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "City must be a city slug such as new-york or new-york-ny." })
        .trim()
        .toLowerCase()
        .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, "City must be a city slug such as new-york or new-york-ny.")
        .max(120, "City must be a city slug such as new-york or new-york-ny.")
        .optional(),
    ),
    postalCode: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "ZIP code must be 5 digits." })
        .trim()
        .regex(/^\d{5}$/, "ZIP code must be 5 digits.")
        .optional(),
    ),
    distance: z.preprocess(
      toNumber,
      z.number({ error: PRICE_MSG.priceDistance }).positive(PRICE_MSG.priceDistance).max(100, PRICE_MSG.priceDistance).default(25),
    ),
    brand: priceBrandParam,
  })
  .refine((q) => (q.city == null) !== (q.postalCode == null), { message: PRICE_MSG.priceQuery, path: ["city"] });
export type PriceIndexQuery = z.infer<typeof priceIndexQuerySchema>;

// ---- Answers ----

export const currentUnitPriceSchema = z.object({
  brand: z.enum(PRICE_BRANDS),
  perUnitCents: z.number().int(),
  observedOn: z.string(),
  checkedOn: z.string(),
  source: z.enum(PRICE_SOURCES),
});

/** A clinic's price; money in cents, dates YYYY-MM-DD. */
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

/** A price as the API lists it: with whether it may be out of date (older than 180 days). */
export const listedPriceSchema = priceSchema.extend({ mayBeOutOfDate: z.boolean() });
/** A price as the API lists it, with its age flag. */
export type ListedPrice = ClinicPrice & { mayBeOutOfDate: boolean };

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
/** The review queue's context of a report. */
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

/**
 * Compile-time proof that the price shapes ../prices.ts declares without zod (for the islands)
 * are exactly these schemas' answers (types only: nothing of it reaches a bundle).
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type _AnswersMatchSchemas = [
  Assert<Same<ClinicPrice, z.infer<typeof priceSchema>>>,
  Assert<Same<ListedPrice, z.infer<typeof listedPriceSchema>>>,
  Assert<Same<PriceIndex, z.infer<typeof priceIndexSchema>>>,
  Assert<Same<CurrentUnitPrice, z.infer<typeof currentUnitPriceSchema>>>,
  Assert<Same<PriceReport, z.infer<typeof priceReportSchema>>>,
  Assert<Same<{ reports: ListedPriceReport[]; total: number }, z.infer<typeof priceReportListSchema>>>,
];
