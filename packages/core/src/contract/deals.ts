/**
 * The zod schemas of deals: the admin's writes, the public query and the answers.
 * The date rules depend on the day, so the write schemas are built for `today`.
 */
import { z } from "zod";
import { DEAL_BRANDS, DEAL_MODELS, DEAL_MSG, DEAL_RULES, dealDateIssues, dealPlausibilityIssues, dealShapeIssues } from "../deals.ts";
import { PRICE_AREAS, isIsoDate } from "../price-format.ts";
import { PRICE_MSG } from "../prices.ts";
import { priceAreaSchema, priceIndexQuerySchema } from "./prices.ts";
import { safeText } from "../text.ts";

const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

const centsSchema = z.number({ error: PRICE_MSG.cents }).int(PRICE_MSG.cents).min(1, PRICE_MSG.cents).max(10_000_000, PRICE_MSG.cents);
const unitsSchema = z.number({ error: PRICE_MSG.units }).int(PRICE_MSG.units).min(1, PRICE_MSG.units).max(1000, PRICE_MSG.units);
// An empty date is a missing one (a form's blank field), with the field's own message.
const isoDate = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .refine((s) => s !== "", { message: missing, abort: true })
    .refine(isIsoDate, { message: PRICE_MSG.date });

/** https only: a deal's source is shown as a link, and javascript:, data: or plain http are refused. */
const sourceUrlSchema = z.preprocess(
  emptyToNull,
  z
    .string({ error: DEAL_MSG.sourceUrl })
    .trim()
    .max(2048, DEAL_MSG.sourceUrl)
    .refine(
      (s) => {
        try {
          const u = new URL(s);
          return u.protocol === "https:" && u.hostname.includes(".") && u.username === "" && u.password === "";
        } catch {
          return false;
        }
      },
      { message: DEAL_MSG.sourceUrl },
    )
    .nullable(),
);

const dealFields = {
  title: safeText({ label: "Title", max: DEAL_RULES.titleMax, required: DEAL_MSG.titleRequired }),
  brand: z.enum(DEAL_BRANDS, { error: DEAL_MSG.brand }),
  model: z.enum(DEAL_MODELS, { error: DEAL_MSG.model }),
  unitPriceCents: centsSchema.nullable().optional(),
  area: priceAreaSchema.nullable().optional(),
  areaPriceCents: centsSchema.nullable().optional(),
  units: unitsSchema.nullable().optional(),
  startsOn: isoDate(PRICE_MSG.date).optional(),
  endsOn: isoDate(DEAL_MSG.endsOnRequired),
  conditions: z.preprocess(emptyToNull, safeText({ label: "Conditions", max: DEAL_RULES.conditionsMax }).nullable()).optional(),
  newPatientsOnly: z.boolean({ error: "newPatientsOnly must be true or false." }).optional(),
  sourceUrl: sourceUrlSchema.optional(),
};

/** Admin: a new deal (POST /clinics/{id}/deals); startsOn defaults to `today`. */
export const dealInputSchema = (today: string) =>
  z.strictObject(dealFields).superRefine((d, ctx) => {
    const issues = [...dealShapeIssues(d), ...dealPlausibilityIssues(d), ...dealDateIssues({ startsOn: d.startsOn ?? today, endsOn: d.endsOn }, today)];
    for (const i of issues) ctx.addIssue({ code: "custom", path: [i.path], message: i.message });
  });
export type DealInput = z.infer<ReturnType<typeof dealInputSchema>>;

/** Admin: some fields of a deal (PATCH /deals/{id}); the merged deal is checked again. */
export const dealPatchSchema = z
  .strictObject({
    ...dealFields,
    title: dealFields.title.optional(),
    brand: dealFields.brand.optional(),
    model: dealFields.model.optional(),
    endsOn: dealFields.endsOn.optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { message: PRICE_MSG.emptyPatch });
export type DealPatch = z.infer<typeof dealPatchSchema>;

const { city, postalCode, distance } = priceIndexQuerySchema.shape;

/** GET /deals: ?city= or ?postalCode=&distance= (as the price index), optionally one brand. */
export const dealQuerySchema = z
  .object({
    city,
    postalCode,
    distance,
    brand: z.preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim().toLowerCase()) : v),
      z.enum(DEAL_BRANDS, { error: DEAL_MSG.brand }).optional(),
    ),
  })
  .refine((q) => (q.city == null) !== (q.postalCode == null), { message: DEAL_MSG.query, path: ["city"] });
export type DealQuery = z.infer<typeof dealQuerySchema>;

export const dealSchema = z.object({
  id: z.number().int(),
  clinicId: z.number().int(),
  title: z.string(),
  brand: z.enum(DEAL_BRANDS),
  model: z.enum(DEAL_MODELS),
  unitPriceCents: z.number().int().nullable(),
  area: z.enum(PRICE_AREAS).nullable(),
  areaPriceCents: z.number().int().nullable(),
  units: z.number().int().nullable(),
  perUnitCents: z.number().int().describe("The unit price, or areaPriceCents / units"),
  startsOn: z.string(),
  endsOn: z.string().describe("The deal's last day (YYYY-MM-DD)"),
  conditions: z.string().nullable(),
  newPatientsOnly: z.boolean(),
  sourceUrl: z.string().nullable(),
  demo: z.boolean().describe("A seeded demo offer (demo data), not a clinic's real deal"),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const publicDealSchema = dealSchema.omit({ createdBy: true, createdAt: true, updatedAt: true }).extend({
  clinicName: z.string(),
  clinicSlug: z.string(),
  clinicCitySlug: z.string(),
  belowTypical: z.boolean().describe("perUnitCents at or below the 25th percentile of the same brand's local index, when that index is sufficient (5 clinics)"),
  typical: z
    .object({ p25: z.number().int(), median: z.number().int() })
    .nullable()
    .describe("The same brand's local index (p25 and median, cents a unit), or null when it has too few clinics"),
});
