import { Hono, type Context } from "hono";
import { z } from "zod";
import { MSG, type UploadResponse } from "@botox/core";
import type { AppEnv } from "../../context.ts";
import { requireSession } from "../../auth/session.ts";
import { HttpError, bodyTooLarge } from "../../lib/errors.ts";
import { publicApiUrl } from "../../env.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { IMAGE_TOO_LARGE, UPLOAD_MAX_BYTES, processImage, readUpload, saveImage, uploadStorage } from "../../lib/uploads.ts";

/** Uploads decoded at once in this process; each holds up to 5 MB and keeps sharp busy. */
export const MAX_CONCURRENT_UPLOADS = 4;
let activeUploads = 0;

export const uploadRoutes = new Hono<AppEnv>();

// The global body limit (lib/middleware.ts) already refused a missing or too large
// Content-Length without reading the body; the session is checked before it is read.
uploadRoutes.post("/upload/blog-image", requireSession, async (c) => {
  if (activeUploads >= MAX_CONCURRENT_UPLOADS) {
    c.header("Retry-After", "1");
    throw new HttpError(429, MSG.api.uploadsBusy);
  }
  activeUploads += 1;
  try {
    return await receiveUpload(c);
  } finally {
    activeUploads -= 1;
  }
});

async function receiveUpload(c: Context<AppEnv>) {
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
  const image = await processImage(new Uint8Array(await file.arrayBuffer()));
  const storage = uploadStorage(c.get("deps").env);
  const { name, ogName } = await saveImage(storage, image);
  // From configuration: the Host header is the client's to choose.
  const base = `${publicApiUrl(c.get("deps").env)}/uploads`;
  const urlOf = (n: string) => storage.publicUrl(n) ?? `${base}/${n}`;
  const body: UploadResponse = { url: urlOf(name), ogUrl: urlOf(ogName) };
  return c.json(body, 201);
}

/** Uploaded images only ever leave as WebP that cannot be sniffed or run as a document. */
uploadRoutes.get("/uploads/:name", async (c) => {
  const bytes = await readUpload(uploadStorage(c.get("deps").env), c.req.param("name"));
  if (!bytes) throw new HttpError(404, MSG.api.notFound);
  return c.body(new Uint8Array(bytes), 200, {
    "Content-Type": "image/webp",
    "Content-Length": String(bytes.byteLength),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
    "Cache-Control": "public, max-age=31536000, immutable",
  });
});

documentRoute({
  method: "post",
  path: "/upload/blog-image",
  summary: "Upload a blog image (JPEG, PNG, GIF or WebP by content, at most 5 MB and 40 MP); stored as WebP (max width 2000) plus a 1200x630 cover",
  tags: ["uploads"],
  auth: true,
  bodyType: "multipart",
  body: z.object({ image: z.string().meta({ format: "binary" }) }),
  responses: {
    201: { description: "Absolute URLs of the image and its 1200x630 variant", schema: z.object({ url: z.string(), ogUrl: z.string() }) },
    400: { description: `No file, an unreadable image, or ${IMAGE_TOO_LARGE}` },
    401: { description: "No valid session" },
    411: { description: MSG.api.lengthRequired },
    429: { description: MSG.api.uploadsBusy },
    413: { description: MSG.validation.imageSize },
    415: { description: MSG.validation.imageType },
  },
});
documentRoute({
  method: "get",
  path: "/uploads/{name}",
  summary: "An uploaded image (image/webp, immutable)",
  tags: ["uploads"],
  responses: { 200: { description: "The image" }, 404: { description: MSG.api.notFound } },
});
