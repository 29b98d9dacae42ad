/**
 * A clinic's audit log (decisions 278, 298): every change the team or the clinic's owners made to
 * the clinic, its prices, deals, staff, claims, owners and photos, newest first, with who made it, the changed
 * fields and their values before and after.
 */
import { z } from "zod";
import { sessionRoleSchema } from "./owners.ts";
import { limitParam, pageParam } from "./shared.ts";

/** What a row of the log is about. */
export const AUDIT_ENTITIES = ["clinic", "price", "deal", "staff", "claim", "owner", "photo"] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * What happened: `<entity>.<create|update|delete>`, a decided claim, or a suggested edit applied
 * by the team (a visitor's, or a clinic owner's held edit), or the clinic's photos put in a new
 * order (`photo.reorder`, on the clinic: its photo ids in order before and after, decision 300).
 * Deleting a clinic removes its log.
 */
export const AUDIT_ACTIONS = [
  "clinic.create",
  "clinic.update",
  "suggestion.applied",
  "owner-edit.applied",
  "price.create",
  "price.update",
  "price.delete",
  "deal.create",
  "deal.update",
  "deal.delete",
  "staff.create",
  "staff.update",
  "staff.delete",
  "claim.verified",
  "claim.rejected",
  "owner.add",
  "owner.remove",
  "photo.create",
  "photo.update",
  "photo.delete",
  "photo.reorder",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE = { limit: 20, maxLimit: 100 } as const;

export const clinicAuditQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(AUDIT_PAGE.limit, AUDIT_PAGE.maxLimit),
});

const valuesSchema = z.record(z.string(), z.unknown());

export const clinicAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe("When (ISO 8601)"),
  actor: z
    .object({ id: z.number().int(), email: z.string(), role: sessionRoleSchema })
    .describe("Who: a team member (role admin, their sign-in name) or a clinic owner (role owner, their address), as it was then"),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.number().int().describe("The clinic's, price's, deal's, staff member's, claim's, owner's or photo's id"),
  suggestionId: z.number().int().nullable().describe("The suggested edit an applied change came from"),
  fields: z.array(z.string()).describe("The changed fields (the API's names)"),
  before: valuesSchema.describe("The changed fields' values before; empty for a new row"),
  after: valuesSchema.describe("The changed fields' values after; empty for a deleted row"),
  subject: valuesSchema.describe(
    "What names the row (a price's brand and model, a staff member's name, a claim's or an owner's address, a photo's description)",
  ),
});
export type ClinicAuditEntry = z.infer<typeof clinicAuditEntrySchema>;

export const clinicAuditListSchema = z.object({
  entries: z.array(clinicAuditEntrySchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ClinicAuditList = z.infer<typeof clinicAuditListSchema>;
