/**
 * A clinic's photos (decision 283), for the team and the clinic's owners: listed, added
 * (multipart, through the upload path: magic bytes, size and pixel caps, re-encoded to WebP
 * with its metadata dropped), removed and put in a new order (decision 300). At most CLINIC_PHOTOS.max per clinic, counted under
 * the clinic's row lock. Writes go through writeContent like every clinic edit, so the clinic's
 * pages are published again.
 */
import type { Context } from "hono";
import sharp from "sharp";
import {
  CLINIC_PHOTOS,
  MSG,
  clinicPhotoAltSchema,
  clinicPhotoCreatedSchema,
  clinicPhotoListSchema,
  clinicPhotoOrderSchema,
  okResponseSchema,
} from "@botox/core";
import { clinicExists, deleteClinicPhoto, insertClinicPhoto, listClinicPhotos, reorderClinicPhotos } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { adminRoute } from "../../auth/admin-route.ts";
import { actorOf, writeContent } from "../../lib/content-changes.ts";
import { HttpError, bodyTooLarge, parseOrThrow } from "../../lib/errors.ts";
import { clinicNotFound, clinicParams } from "../../lib/clinic-id.ts";
import { idParams } from "../../lib/ids.ts";
import { createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { IMAGE_TOO_LARGE, UPLOAD_MAX_BYTES, inUploadSlot, processImage, saveImage, uploadStorage } from "../../lib/uploads.ts";
import { publicApiUrl } from "../../env.ts";
import { clinicIdParam, clinicOfRow } from "../../owners/access.ts";

export const photosRoutes = createRouter();

const listRoute = adminRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}/photos",
  summary: "A clinic's photos in page order (team, or the clinic's owner)",
  tags: ["clinics", "owners"],
  owner: clinicIdParam,
  request: { params: clinicParams },
  responses: { 200: json("Photos", clinicPhotoListSchema), 404: clinicNotFound },
});

photosRoutes.openapi(listRoute, async (c) => {
  const clinicId = c.req.valid("param").id;
  const { db } = c.get("deps");
  if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.admin.clinicNotFound);
  c.header("Cache-Control", "private, no-store");
  return c.json({ photos: await listClinicPhotos(db, clinicId) }, 200);
});

const addRoute = adminRoute({
  method: "post",
  path: "/clinics/:id{[0-9]+}/photos",
  summary: `Add a photo to a clinic (team, or the clinic's owner): multipart image (JPEG, PNG, GIF or WebP by content, at most 5 MB and 40 MP; stored as WebP at most 2000 wide) and alt text; at most ${CLINIC_PHOTOS.max} per clinic`,
  tags: ["clinics", "owners"],
  owner: clinicIdParam,
  request: {
    params: clinicParams,
    body: {
      required: true,
      // Documented only: the handler reads the form after the session check (as POST /upload/blog-image).
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { image: { type: "string", format: "binary" }, alt: { type: "string", maxLength: CLINIC_PHOTOS.altMax } },
            required: ["image", "alt"],
          },
        },
      },
    },
  },
  responses: {
    201: json("The added photo", clinicPhotoCreatedSchema),
    400: errorResponse(`No file, no alt text, an unreadable image, ${IMAGE_TOO_LARGE}, or ${MSG.photos.tooMany(CLINIC_PHOTOS.max)}`),
    404: clinicNotFound,
    411: errorResponse(MSG.api.lengthRequired),
    413: errorResponse(MSG.validation.imageSize),
    415: errorResponse(MSG.validation.imageType),
    429: errorResponse(MSG.api.uploadsBusy),
  },
});

const tooMany = () => new HttpError(400, MSG.photos.tooMany(CLINIC_PHOTOS.max), [{ path: "image", message: MSG.photos.tooMany(CLINIC_PHOTOS.max) }]);

photosRoutes.openapi(addRoute, async (c) => {
  const clinicId = c.req.valid("param").id;
  const deps = c.get("deps");
  // Refused before the image is decoded when the clinic is full or gone (checked again under the lock).
  if (!(await clinicExists(deps.db, clinicId))) throw new HttpError(404, MSG.admin.clinicNotFound);
  if ((await listClinicPhotos(deps.db, clinicId)).length >= CLINIC_PHOTOS.max) throw tooMany();
  const storage = uploadStorage(deps);
  // Decoded in one of the process's upload slots, shared with the blog's uploads.
  const { name, alt, width, height } = await inUploadSlot(c, async () => {
    const form = await readPhotoForm(c);
    const image = await processImage(new Uint8Array(await form.file.arrayBuffer()));
    const size = await sharp(image.main).metadata();
    if (!size.width || !size.height) throw new HttpError(400, MSG.api.invalidInput);
    const saved = await saveImage(storage, image);
    return { name: saved.name, alt: form.alt, width: size.width, height: size.height };
  });
  const url = storage.publicUrl(name) ?? `${publicApiUrl(deps.env)}/uploads/${name}`;
  const added = await writeContent(
    deps,
    actorOf(c),
    (tx) => insertClinicPhoto(tx, { clinicId, uploadName: name, url, alt, width, height }, CLINIC_PHOTOS.max),
    (r) => (r.outcome === "added" ? { entity: "clinic", entityId: clinicId, action: "update" } : null),
    () => [clinicId],
  );
  if (added.outcome === "no-clinic") throw new HttpError(404, MSG.admin.clinicNotFound);
  if (added.outcome === "full") throw tooMany();
  return c.json({ photo: added.photo }, 201);
});

/** The form's image and alt text, with the upload path's answers for what is wrong. */
async function readPhotoForm(c: Context<AppEnv>): Promise<{ file: File; alt: string }> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw new HttpError(415, MSG.api.unsupportedMediaType);
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody();
  } catch (err) {
    throw bodyTooLarge(err) ?? new HttpError(400, MSG.api.invalidInput);
  }
  const file = form.image;
  if (!(file instanceof File)) throw new HttpError(400, MSG.validation.imageType, [{ path: "image", message: MSG.validation.imageType }]);
  if (file.size > UPLOAD_MAX_BYTES) throw new HttpError(413, MSG.validation.imageSize);
  const alt = parseOrThrow(clinicPhotoAltSchema, typeof form.alt === "string" ? form.alt : undefined);
  return { file, alt };
}

const deleteRoute = adminRoute({
  method: "delete",
  path: "/clinic-photos/:id{[0-9]+}",
  summary: "Remove a photo (team, or the clinic's owner)",
  tags: ["clinics", "owners"],
  owner: clinicOfRow("clinic_photos"),
  request: { params: idParams(MSG.photos.notFound) },
  responses: { 200: json("Removed", okResponseSchema), 404: errorResponse(MSG.photos.notFound) },
});

photosRoutes.openapi(deleteRoute, async (c) => {
  const id = c.req.valid("param").id;
  const removed = await writeContent(
    c.get("deps"),
    actorOf(c),
    (tx) => deleteClinicPhoto(tx, id),
    (photo) => (photo ? { entity: "clinic", entityId: photo.clinicId, action: "update" } : null),
  );
  if (!removed) throw new HttpError(404, MSG.photos.notFound);
  return c.json({ ok: true as const }, 200);
});

const orderRoute = adminRoute({
  method: "put",
  path: "/clinics/:id{[0-9]+}/photos/order",
  summary: "Put a clinic's photos in a new page order (team, or the clinic's owner): `ids` lists each of its photos exactly once, first shown first",
  tags: ["clinics", "owners"],
  owner: clinicIdParam,
  middleware: [jsonBody] as const,
  request: { params: clinicParams, body: jsonRequest(clinicPhotoOrderSchema) },
  responses: {
    200: json("The photos in their new order", clinicPhotoListSchema),
    404: clinicNotFound,
    ...writeErrors,
  },
});

photosRoutes.openapi(orderRoute, async (c) => {
  const clinicId = c.req.valid("param").id;
  const { ids } = c.req.valid("json");
  const result = await writeContent(
    c.get("deps"),
    actorOf(c),
    (tx) => reorderClinicPhotos(tx, clinicId, ids),
    (r) => (r.outcome === "done" && r.changed ? { entity: "clinic", entityId: clinicId, action: "update" } : null),
    () => [clinicId],
  );
  if (result.outcome === "no-clinic") throw new HttpError(404, MSG.admin.clinicNotFound);
  if (result.outcome === "mismatch") throw new HttpError(400, MSG.photos.orderMismatch, [{ path: "ids", message: MSG.photos.orderMismatch }]);
  return c.json({ photos: result.photos }, 200);
});
