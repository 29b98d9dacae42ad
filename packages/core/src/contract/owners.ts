/**
 * Clinic owners (decision 267): an owner signs in with an emailed one-time link; their session
 * has the role `owner` and reaches only their own clinics.
 */
import { z } from "zod";
import { BOOKING_LINK_MAX, BOOKING_LINK_MSG } from "../booking-platforms.ts";
import { MSG } from "../messages.ts";
import { TEXT_MSG, hasUnsafeText } from "../text.ts";
import { businessStatusSchema, clinicCategorySchema, clinicInputSchema } from "./clinics.ts";

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
 * PATCH /clinics/{id}: an owner's hours, description and booking link go live at once; the
 * fields that say who and where the clinic is (name, phone, website, address, category, business
 * status) are held for the team (202).
 */
export const OWNER_HELD_FIELDS = ["name", "phone", "site", "fullAddress", "category", "businessStatus"] as const;

/** The clinic's description (decision 282): plain text, shown as text; empty clears it. */
export const CLINIC_DESCRIPTION_MAX = 1500;

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const f = clinicInputSchema.shape;

/**
 * PATCH /clinics/{id}: only these fields, each optional, at least one given. Any other field is
 * refused (400), never dropped: an owner learns at once that it was not saved.
 */
export const clinicPatchSchema = z
  .strictObject(
    {
      name: f.name.optional(),
      phone: f.phone.optional(),
      site: f.site.optional(),
      fullAddress: f.fullAddress.optional(),
      category: clinicCategorySchema.optional(),
      workingHours: f.workingHours,
      businessStatus: businessStatusSchema.optional(),
      description: z
        .preprocess(
          blankToNull,
          z
            .string({ error: "The description must be text." })
            .trim()
            .max(CLINIC_DESCRIPTION_MAX, MSG.owner.descriptionTooLong(CLINIC_DESCRIPTION_MAX))
            .refine((s) => !hasUnsafeText(s), { message: TEXT_MSG.unsafe })
            .nullable(),
        )
        .optional(),
      // The link's rule needs the clinic's website (booking-platforms.ts): checked by the handler.
      bookingUrl: z
        .preprocess(blankToNull, z.string({ error: BOOKING_LINK_MSG.notUrl }).trim().max(BOOKING_LINK_MAX, BOOKING_LINK_MSG.tooLong).nullable())
        .optional(),
    },
    { error: (i) => (i.code === "unrecognized_keys" ? MSG.owner.patchUnknownField : MSG.owner.patchNoChange) },
  )
  .refine((c) => Object.values(c).some((v) => v !== undefined), { message: MSG.owner.patchNoChange });
export type ClinicPatch = z.infer<typeof clinicPatchSchema>;
/** The stored booking link and what its checks found (decision 299): the owner workspace shows it. */
export const bookingLinkStateSchema = z.object({
  url: z.string().nullable().describe("The stored link, shown or not; null when none"),
  shown: z.boolean().describe("Whether visitors see it: false once it failed BOOKING_LINK_RECHECK.hideAfterFailures checks in a row"),
  checkedAt: z.string().nullable().describe("When it was last asked (ISO 8601): when saved, then about daily"),
  failures: z.number().int().describe("Checks in a row it did not answer"),
  failingSince: z.string().nullable().describe("When the first of those failed checks ran; null while it answers"),
});
export type BookingLinkState = z.infer<typeof bookingLinkStateSchema>;

export const clinicPatchHeldSchema = z.object({ held: z.array(z.enum(OWNER_HELD_FIELDS)) });
export type ClinicPatchHeld = z.infer<typeof clinicPatchHeldSchema>;

// ---- Passwords and the second factor (decision 286) ----

/** An owner's password: long enough that a throttled guess cannot find it (NIST SP 800-63B: at least 8; we ask 12). */
export const OWNER_PASSWORD_MIN = 12;
const ownerNewPassword = z
  .string({ error: MSG.owner.passwordTooShort })
  .min(OWNER_PASSWORD_MIN, MSG.owner.passwordTooShort)
  .max(1000, MSG.owner.passwordTooLong);

export const ownerPasswordSignInSchema = z.object({
  email: ownerEmailField,
  password: z.string({ error: MSG.owner.passwordRequired }).min(1, MSG.owner.passwordRequired).max(1000, MSG.owner.passwordTooLong),
});

/** A sign-in whose second factor is still awaited (202): the ticket is in an HttpOnly cookie. */
export const ownerSecondFactorNeededSchema = z.object({ secondFactor: z.literal("totp"), message: z.string() });
export type OwnerSecondFactorNeeded = z.infer<typeof ownerSecondFactorNeededSchema>;

/** A 6-digit code from the authenticator app, or one of the recovery codes (xxxxx-xxxxx). */
export const ownerSecondFactorCodeSchema = z.object({
  code: z
    .string({ error: MSG.owner.secondFactorFormat })
    .transform((v) => v.replace(/\s+/g, "").toLowerCase())
    .pipe(z.string().regex(/^(?:\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, MSG.owner.secondFactorFormat)),
});

export const ownerSetPasswordSchema = z.object({
  password: ownerNewPassword,
  /** Required when the owner already has a password. */
  currentPassword: z.string().max(1000, MSG.owner.passwordTooLong).optional(),
});

export const ownerSecuritySchema = z.object({
  hasPassword: z.boolean(),
  secondFactor: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type OwnerSecurity = z.infer<typeof ownerSecuritySchema>;

/** The key to add to an authenticator app: as text and as an otpauth:// address. */
export const ownerTotpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type OwnerTotpSetup = z.infer<typeof ownerTotpSetupSchema>;

/** Shown once, when the second factor is turned on. */
export const ownerRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type OwnerRecoveryCodes = z.infer<typeof ownerRecoveryCodesSchema>;
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
