/**
 * The zod schemas of prices (issue 13), apart from the rules in ../prices.ts so the site's
 * islands can import those rules without zod (the 95 KB page JavaScript budget).
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
} from "../prices.ts";

const blank = (v: unknown) => (v == null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const toNumber = (v: unknown) => {
  const x = blank(v);
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
    const x = blank(v);
    return typeof x === "string" && /^\s*\d{1,4}(\.\d{1,2})?\s*$/.test(x) ? Math.round(Number(x) * 100) : x;
  },
  z.number({ error: PRICE_MSG.maxUnitPrice }).int(PRICE_MSG.maxUnitPrice).min(1, PRICE_MSG.maxUnitPrice).max(100_000, PRICE_MSG.maxUnitPrice).optional(),
);

export const priceBrandParam = z.preprocess(
  (v) => (typeof blank(v) === "string" ? String(v).trim().toLowerCase() : blank(v)),
  priceBrandSchema.default("botox"),
);

/** GET /price-index: ?city= or ?postalCode=&distance=, with brand. */
export const priceIndexQuerySchema = z
  .object({
    city: z.preprocess(
      blank,
      z
        .string({ error: "City must be a city slug such as new-york or new-york-ny." })
        .trim()
        .toLowerCase()
        .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, "City must be a city slug such as new-york or new-york-ny.")
        .max(120, "City must be a city slug such as new-york or new-york-ny.")
        .optional(),
    ),
    postalCode: z.preprocess(
      blank,
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
