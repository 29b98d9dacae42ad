/**
 * Visitors' suggested edits of a listing: the request a visitor sends, the admin's
 * decision, and the answers. Each suggested field is checked by the admin clinic form's own
 * rule (clinicInputSchema), so a suggestion can never hold what an admin could not save.
 */
import { z } from "zod";
import { FRESHNESS, SUGGESTION_MSG, SUGGESTION_STATUSES } from "../freshness.ts";
import { businessStatusSchema, clinicCategorySchema, clinicInputSchema } from "./clinics.ts";
import { CLINIC_CATEGORIES } from "../clinic-category.ts";
import { BUSINESS_STATUSES } from "../status.ts";
import { safeText } from "../text.ts";
import { intParam, limitParam, pageParam } from "./shared.ts";

const f = clinicInputSchema.shape;

/** The changes a visitor suggests: only these fields, each optional, at least one given. */
export const suggestionChangesSchema = z
  .strictObject(
    {
      phone: f.phone.optional(),
      site: f.site.optional(),
      fullAddress: f.fullAddress.optional(),
      // Decision 301: null (or "") suggests the category is not known, clearing it.
      category: clinicCategorySchema.optional(),
      workingHours: f.workingHours,
      // The form's own rule without its default: an absent status is no change.
      businessStatus: businessStatusSchema.optional(),
    },
    { error: (i) => (i.code === "unrecognized_keys" ? SUGGESTION_MSG.unknownField : SUGGESTION_MSG.noChange) },
  )
  .refine((c) => Object.values(c).some((v) => v !== undefined), { message: SUGGESTION_MSG.noChange });
export type SuggestionChanges = z.infer<typeof suggestionChangesSchema>;

/** POST /clinics/{id}/suggestions. */
export const suggestionInputSchema = z.strictObject(
  {
    changes: suggestionChangesSchema,
    note: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined)),
      safeText({ label: "Note", max: FRESHNESS.suggestionNoteMax }).optional(),
    ),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? SUGGESTION_MSG.unknownField : SUGGESTION_MSG.noChange) },
);
export type SuggestionInput = z.infer<typeof suggestionInputSchema>;

/** PATCH /suggestions/{id}: the admin's decision. */
export const suggestionDecisionSchema = z.strictObject({
  status: z.enum(["applied", "rejected"], { error: SUGGESTION_MSG.decision }),
  reason: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined)), safeText({ label: "Reason", max: 500 }).optional()),
});
export type SuggestionDecision = z.infer<typeof suggestionDecisionSchema>;

export const suggestionCreatedSchema = z.object({ id: z.number().int(), status: z.literal("pending"), message: z.string() });
export type SuggestionCreated = z.infer<typeof suggestionCreatedSchema>;

const hoursValueSchema = z.union([z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string()), z.null()]))]).nullable();

/** The suggested fields' values as stored, and the clinic's values of the same fields. */
const suggestionValuesSchema = z.object({
  name: z.string().optional(),
  phone: z.string().nullable().optional(),
  site: z.string().nullable().optional(),
  fullAddress: z.string().nullable().optional(),
  category: z.enum(CLINIC_CATEGORIES).nullable().optional(),
  workingHours: hoursValueSchema.optional(),
  businessStatus: z.enum(BUSINESS_STATUSES).optional(),
});
export type SuggestionValues = z.infer<typeof suggestionValuesSchema>;

export const suggestionSchema = z.object({
  id: z.number().int(),
  clinicId: z.number().int(),
  clinicName: z.string(),
  clinicSlug: z.string(),
  citySlug: z.string(),
  changes: suggestionValuesSchema,
  current: suggestionValuesSchema.describe("The clinic's values of the suggested fields now"),
  note: z.string().nullable(),
  fromOwner: z.boolean().describe("Sent by one of the clinic's owners (their held edit, or their own saved change), not by a visitor"),
  status: z.enum(SUGGESTION_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionListSchema = z.object({
  suggestions: z.array(suggestionSchema),
  total: z.number().int().describe("Every suggestion the status and clinic select, across pages"),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SuggestionList = z.infer<typeof suggestionListSchema>;

/** The admin's queue: a status, one clinic or all, a page of `limit` (oldest first). */
export const SUGGESTION_PAGE = { limit: 50, maxLimit: 200 } as const;

export const suggestionListQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.enum([...SUGGESTION_STATUSES, "all"], { error: SUGGESTION_MSG.listStatus }).default("pending"),
  ),
  clinicId: intParam(1, 2_147_483_647, 0, SUGGESTION_MSG.listClinic).describe("Only this clinic's suggestions; absent: every clinic's"),
  page: pageParam,
  limit: limitParam(SUGGESTION_PAGE.limit, SUGGESTION_PAGE.maxLimit),
});
