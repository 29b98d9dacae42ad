/**
 * Claims of a listing (decision 268): someone who runs a clinic asks to manage its listing.
 * An address on the clinic's own domain is mailed a 6-digit code; any other claim waits for
 * the team.
 */
import { z } from "zod";
import { MSG } from "../messages.ts";
import { isValidNpi } from "../staff.ts";
import { safeText } from "../text.ts";
import { ownerEmailField } from "./owners.ts";

/** "" or null leave an optional field out. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined));

export const CLAIM_STATUSES = ["code-sent", "pending-review", "contested", "verified", "rejected"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_METHODS = ["email-domain", "review"] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];

/**
 * A verified claim on a clinic that already has owners is `contested` this long: the owners are
 * mailed and may object; with no objection the claimant becomes a co-owner (decision 284).
 */
export const CLAIM_CONTEST_DAYS = 7;

/** POST /clinics/{id}/claims */
export const claimInputSchema = z.strictObject(
  {
    email: ownerEmailField,
    name: safeText({ label: "Name", max: 100, required: MSG.claim.nameRequired }),
    role: safeText({ label: "Role", max: 100, required: MSG.claim.roleRequired }),
    /** Evidence for the team (decision 285): what the claimant wants them to know. */
    note: z.preprocess(blankToUndefined, safeText({ label: "Note", max: 2000 }).optional()),
    /** The clinic's organisation NPI: the team sees the registry's authorized official beside the claim. */
    npi: z.preprocess(
      blankToUndefined,
      z
        .string({ error: MSG.claim.npi })
        .trim()
        .refine((v) => isValidNpi(v), { message: MSG.claim.npi })
        .optional(),
    ),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? MSG.claim.unknownField : undefined) },
);
export type ClaimInput = z.infer<typeof claimInputSchema>;

/** How long after a claim its document may be uploaded with the claim's evidence token. */
export const CLAIM_EVIDENCE_MINUTES = 60;

export const claimCreatedSchema = z.object({
  claim: z.object({ id: z.number(), status: z.enum(CLAIM_STATUSES), method: z.enum(CLAIM_METHODS) }),
  /** A new claim only: the single-use token to upload its document (POST /upload/claim-evidence), valid CLAIM_EVIDENCE_MINUTES. */
  evidenceToken: z.string().optional(),
});
export type ClaimCreated = z.infer<typeof claimCreatedSchema>;

/** POST /claims/{id}/verify */
export const claimVerifySchema = z.strictObject({
  code: z
    .string({ error: MSG.claim.codeFormat })
    .trim()
    .regex(/^\d{6}$/, MSG.claim.codeFormat),
});

export const claimVerifiedSchema = z.object({
  claim: z.object({ id: z.number(), status: z.enum(CLAIM_STATUSES), method: z.enum(CLAIM_METHODS) }),
  owner: z.object({ id: z.number(), email: z.string() }).nullable(),
  /** A `contested` claim: when the clinic's owners' time to object ends. */
  contestEndsAt: z.string().nullable(),
});
export type ClaimVerified = z.infer<typeof claimVerifiedSchema>;

/** GET /claims?status=… (the team's queue) */
export const claimsQuerySchema = z.strictObject({
  status: z.enum(CLAIM_STATUSES, { error: MSG.claim.statusFilter }).optional(),
});

export const claimSchema = z.object({
  id: z.number(),
  clinicId: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  status: z.enum(CLAIM_STATUSES),
  method: z.enum(CLAIM_METHODS),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** When the owners' time to object ends (a `contested` claim, or one objected to in it). */
  contestEndsAt: z.string().nullable(),
  /** An owner's objection: the claim then waits for the team. */
  objection: z.object({ reason: z.string(), by: z.string().nullable(), at: z.string() }).nullable(),
  /** The claimant's evidence: a note, the organisation NPI they gave, whether a document was uploaded (GET /claims/{id}/evidence). */
  note: z.string().nullable(),
  npi: z.string().nullable(),
  evidence: z.boolean(),
  /** The clinic as it stands, for the team to compare with the claimant. */
  clinic: z.object({
    name: z.string(),
    site: z.string().nullable(),
    phone: z.string().nullable(),
    fullAddress: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    owners: z.number(),
    /** Its current owners (the team may remove one: DELETE /clinics/{id}/owners/{ownerId}). */
    ownerList: z.array(z.object({ id: z.number(), email: z.string() })),
  }),
});
export type Claim = z.infer<typeof claimSchema>;
export const claimListSchema = z.object({ claims: z.array(claimSchema) });
export type ClaimList = z.infer<typeof claimListSchema>;

/** POST /claims/{id}/objections: an owner of the claimed clinic objects within the window. */
export const claimObjectionSchema = z.strictObject(
  {
    reason: safeText({ label: "Reason", max: 1000, required: MSG.claim.objectionRequired }),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? MSG.claim.objectionUnknownField : undefined) },
);
export const claimObjectedSchema = z.object({
  claim: z.object({ id: z.number(), status: z.enum(CLAIM_STATUSES) }),
});
export type ClaimObjected = z.infer<typeof claimObjectedSchema>;

/** POST /upload/claim-evidence */
export const claimEvidenceStoredSchema = z.object({ claim: z.object({ id: z.number() }) });

/** GET /claims/{id}/authorized-official: the registry's record of the organisation NPI a claim gave. */
export const claimRegistrySchema = z.object({
  npi: z.string(),
  organizationName: z.string(),
  authorizedOfficial: z.object({ name: z.string(), title: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  sourceUrl: z.string(),
});
export type ClaimRegistry = z.infer<typeof claimRegistrySchema>;

/** PATCH /claims/{id}: the team's decision. */
export const claimDecisionSchema = z.strictObject({
  status: z.enum(["verified", "rejected"], { error: MSG.claim.decision }),
  reason: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined)), safeText({ label: "Reason", max: 500 }).optional()),
});
export type ClaimDecision = z.infer<typeof claimDecisionSchema>;
