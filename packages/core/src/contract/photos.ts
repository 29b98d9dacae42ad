/**
 * A clinic's photos (decision 283): uploaded by its owners or the team (multipart, the upload
 * path's checks and WebP re-encoding), at most CLINIC_PHOTOS.max per clinic, shown on its page.
 */
import { z } from "zod";
import { MSG } from "../messages.ts";
import { TEXT_MSG, hasUnsafeText } from "../text.ts";

export const CLINIC_PHOTOS = {
  /** Photos per clinic: enough to show the rooms and the team, few enough for one quick page. */
  max: 10,
  altMax: 200,
} as const;

/** The alt text sent beside the image: required, plain text. */
export const clinicPhotoAltSchema = z
  .string({ error: MSG.photos.altRequired })
  .trim()
  .min(1, MSG.photos.altRequired)
  .max(CLINIC_PHOTOS.altMax, MSG.photos.altTooLong(CLINIC_PHOTOS.altMax))
  .refine((s) => !hasUnsafeText(s), { message: TEXT_MSG.unsafe });

export const clinicPhotoSchema = z.object({
  id: z.number().int(),
  clinicId: z.number().int(),
  url: z.string().describe("The WebP image (at most 2000 pixels wide)"),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int().describe("Order on the page, from 1"),
  createdAt: z.string(),
});
export type ClinicPhoto = z.infer<typeof clinicPhotoSchema>;

export const clinicPhotoListSchema = z.object({ photos: z.array(clinicPhotoSchema) });
export type ClinicPhotoList = z.infer<typeof clinicPhotoListSchema>;

export const clinicPhotoCreatedSchema = z.object({ photo: clinicPhotoSchema });
export type ClinicPhotoCreated = z.infer<typeof clinicPhotoCreatedSchema>;

/**
 * A new page order (decision 300): every one of the clinic's photo ids, each once, first shown
 * first. Whether they are exactly the clinic's photos is checked against its rows.
 */
export const clinicPhotoOrderSchema = z.strictObject(
  {
    ids: z
      .array(z.number({ error: MSG.photos.orderIds }).int(MSG.photos.orderIds).positive(MSG.photos.orderIds), { error: MSG.photos.orderIds })
      .max(CLINIC_PHOTOS.max, MSG.photos.orderMismatch)
      .refine((ids) => new Set(ids).size === ids.length, { message: MSG.photos.orderMismatch }),
  },
  { error: MSG.photos.orderIds },
);
export type ClinicPhotoOrder = z.infer<typeof clinicPhotoOrderSchema>;
