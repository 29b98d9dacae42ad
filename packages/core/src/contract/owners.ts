/**
 * Clinic owners (decision 267): an owner signs in with an emailed one-time link; their session
 * has the role `owner` and reaches only their own clinics.
 */
import { z } from "zod";
import { BOOKING_LINK_MAX, BOOKING_LINK_MSG } from "../booking-platforms.ts";
import { MSG } from "../messages.ts";
import { TEXT_MSG, hasUnsafeText } from "../text.ts";
import { businessStatusSchema, clinicInputSchema } from "./clinics.ts";

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
 * fields that say who and where the clinic is (name, phone, website, address, business status)
 * are held for the team (202).
 */
export const OWNER_HELD_FIELDS = ["name", "phone", "site", "fullAddress", "businessStatus"] as const;

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
export const clinicPatchHeldSchema = z.object({ held: z.array(z.enum(OWNER_HELD_FIELDS)) });
export type ClinicPatchHeld = z.infer<typeof clinicPatchHeldSchema>;
