/**
 * Clinic owners (decision 267): an owner signs in with an emailed one-time link; their session
 * has the role `owner` and reaches only their own clinics.
 */
import { z } from "zod";
import { MSG } from "../messages.ts";

export const ownerEmailField = z
  .string({ error: MSG.owner.emailRequired })
  .trim()
  .min(1, MSG.owner.emailRequired)
  .max(254, MSG.owner.emailRequired)
  .pipe(z.email(MSG.owner.emailRequired))
  .transform((v) => v.toLowerCase());

export const ownerSignInLinkSchema = z.object({ email: ownerEmailField });

export const ownerSignInLinkResponseSchema = z.object({ message: z.string() });
export type OwnerSignInLinkResponse = z.infer<typeof ownerSignInLinkResponseSchema>;

/** The token from the mailed link (43 characters of base64url). */
export const ownerSignInSchema = z.object({
  token: z.string({ error: MSG.owner.linkInvalid }).trim().min(1, MSG.owner.linkInvalid).max(200, MSG.owner.linkInvalid),
});

export const sessionRoleSchema = z.enum(["admin", "owner"]);
export type SessionRole = z.infer<typeof sessionRoleSchema>;

export const ownerSignInResponseSchema = z.object({
  owner: z.object({ id: z.number(), email: z.string() }),
  role: z.literal("owner"),
  expiresAt: z.string(),
});
export type OwnerSignInResponse = z.infer<typeof ownerSignInResponseSchema>;

export const ownerClinicSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  city: z.string(),
  citySlug: z.string(),
  state: z.string(),
});
export type OwnerClinic = z.infer<typeof ownerClinicSchema>;

export const ownerClinicsResponseSchema = z.object({ clinics: z.array(ownerClinicSchema) });
export type OwnerClinicsResponse = z.infer<typeof ownerClinicsResponseSchema>;

/**
 * PATCH /clinics/{id}: an owner's hours go live at once; the fields that say who and where the
 * clinic is (phone, website, address, business status) are held for the team (202).
 */
export const OWNER_HELD_FIELDS = ["phone", "site", "fullAddress", "businessStatus"] as const;
export const clinicPatchHeldSchema = z.object({ held: z.array(z.enum(OWNER_HELD_FIELDS)) });
export type ClinicPatchHeld = z.infer<typeof clinicPatchHeldSchema>;

/** An owner's invitation of a co-owner is valid this long (decision 285). */
export const OWNER_INVITE_DAYS = 7;

/** POST /owner/clinics/{id}/invites */
export const ownerInviteInputSchema = z.strictObject(
  { email: ownerEmailField },
  { error: (i) => (i.code === "unrecognized_keys" ? MSG.coOwners.unknownField : undefined) },
);

export const ownerInviteSchema = z.object({
  id: z.number(),
  email: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
});
export type OwnerInvite = z.infer<typeof ownerInviteSchema>;
export const ownerInviteCreatedSchema = z.object({ invite: ownerInviteSchema });

/** A contested claim on the clinic (decision 284), shown to its owners so they may object. */
export const ownerContestedClaimSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string(),
  email: z.string(),
  contestEndsAt: z.string(),
});
export type OwnerContestedClaim = z.infer<typeof ownerContestedClaimSchema>;

/** GET /owner/clinics/{id}/owners: the clinic's owners, open invites, and claims they may object to. */
export const clinicOwnersResponseSchema = z.object({
  owners: z.array(z.object({ id: z.number(), email: z.string(), since: z.string(), you: z.boolean() })),
  invites: z.array(ownerInviteSchema),
  claims: z.array(ownerContestedClaimSchema),
});
export type ClinicOwnersResponse = z.infer<typeof clinicOwnersResponseSchema>;

/** DELETE …/owners/{ownerId} */
export const ownerRemovedSchema = z.object({ removed: z.object({ ownerId: z.number(), clinicId: z.number() }), remaining: z.number() });
export type OwnerRemoved = z.infer<typeof ownerRemovedSchema>;
