import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import type { Context } from "hono";
import { MSG, claimEvidenceStoredSchema, uploadResponseSchema, type UploadResponse } from "@botox/core";
import type { AppEnv } from "../../context.ts";
import { adminRoute } from "../../auth/admin-route.ts";
import { HttpError, bodyTooLarge } from "../../lib/errors.ts";
import { publicApiUrl } from "../../env.ts";
import { pathText } from "../../lib/ids.ts";
import { createRouter, errorResponse, json } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { ClaimProblem, storeClaimEvidence } from "../../owners/claims.ts";
import { IMAGE_TOO_LARGE, UPLOAD_MAX_BYTES, UPLOAD_NAME, inUploadSlot, processImage, readUpload, saveImage, uploadStorage } from "../../lib/uploads.ts";

const uploadRoute = adminRoute({
  method: "post",
  path: "/upload/blog-image",
  summary: "Upload a blog image (JPEG, PNG, GIF or WebP by content, at most 5 MB and 40 MP); stored as WebP (max width 2000) plus a 1200x630 cover",
  tags: ["uploads"],
  request: {
    body: {
      required: true,
      // A plain JSON Schema, not zod: documented only. The handler reads the form itself, after
      // the session check, with its own 413/415 answers (a zod form validator would read it first).
      content: { "multipart/form-data": { schema: { type: "object", properties: { image: { type: "string", format: "binary" } }, required: ["image"] } } },
    },
  },
  responses: {
    201: json("Absolute URLs of the image and its 1200x630 variant", uploadResponseSchema),
    400: errorResponse(`No file, an unreadable image, or ${IMAGE_TOO_LARGE}`),
    411: errorResponse(MSG.api.lengthRequired),
    429: errorResponse(MSG.api.uploadsBusy),
    413: errorResponse(MSG.validation.imageSize),
    415: errorResponse(MSG.validation.imageType),
  },
});

const evidenceRoute = createRoute({
  method: "post",
  path: "/upload/claim-evidence",
  summary:
    "Add a document to a new claim (decision 285): the claim's single-use evidence token and an image (JPEG, PNG, GIF or WebP by content, at most 5 MB and 40 MP), re-encoded as WebP and kept apart from the public uploads, for the team only",
  tags: ["uploads", "claims"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 5, keyPrefix: "claim-evidence" })] as const,
  request: {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { token: { type: "string" }, document: { type: "string", format: "binary" } },
            required: ["token", "document"],
          },
        },
      },
    },
  },
  responses: {
    201: json("Stored", claimEvidenceStoredSchema),
    400: errorResponse(`No file, an unreadable image, or ${IMAGE_TOO_LARGE}`),
    404: errorResponse(MSG.claim.evidenceToken),
    411: errorResponse(MSG.api.lengthRequired),
    413: errorResponse(MSG.validation.imageSize),
    415: errorResponse(MSG.validation.imageType),
    429: errorResponse(MSG.api.uploadsBusy),
  },
});

const imageRoute = createRoute({
  method: "get",
  path: "/uploads/{name}",
  summary: "An uploaded image (image/webp, immutable)",
  tags: ["uploads"],
  request: { params: z.object({ name: pathText(UPLOAD_NAME, MSG.api.notFound) }) },
  responses: { 200: { description: "The image" }, 404: errorResponse(MSG.api.notFound) },
});

// The global body limit (lib/middleware.ts) already refused a missing or too large
// Content-Length without reading the body; the session is checked before it is read.
export const uploadRoutes = createRouter()
  .openapi(uploadRoute, (c) => inUploadSlot(c, () => receiveUpload(c)))
  .openapi(evidenceRoute, (c) => inUploadSlot(c, () => receiveEvidence(c)));

/**
 * A claim's document: decoded and re-encoded as every upload is (type by content, size and
 * pixel caps, metadata such as GPS dropped), then stored in the database with its claim, never
 * among the public uploads. The token is checked after the image is read, and used once.
 */
async function receiveEvidence(c: Context<AppEnv>) {
  const form = await readForm(c);
  const token = typeof form.token === "string" ? form.token.trim() : "";
  if (!token || token.length > 200) throw new HttpError(404, MSG.claim.evidenceToken);
  const file = form.document;
  if (!(file instanceof File)) throw new HttpError(400, MSG.validation.imageType, [{ path: "document", message: MSG.validation.imageType }]);
  if (file.size > UPLOAD_MAX_BYTES) throw new HttpError(413, MSG.validation.imageSize);
  const image = await processImage(new Uint8Array(await file.arrayBuffer()));
  const claimId = await storeClaimEvidence(c.get("deps").sql, token, image.main).catch((err: unknown) => {
    if (err instanceof ClaimProblem) throw new HttpError(err.status, err.message);
    throw err;
  });
  return c.json({ claim: { id: claimId } }, 201);
}

async function readForm(c: Context<AppEnv>): Promise<Record<string, string | File | (string | File)[]>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw new HttpError(415, MSG.api.unsupportedMediaType);
  try {
    return await c.req.parseBody();
  } catch (err) {
    throw bodyTooLarge(err) ?? new HttpError(400, MSG.api.invalidInput);
  }
}

async function receiveUpload(c: Context<AppEnv>) {
  const form = await readForm(c);
  const file = form.image;
  if (!(file instanceof File)) throw new HttpError(400, MSG.validation.imageType, [{ path: "image", message: MSG.validation.imageType }]);
  if (file.size > UPLOAD_MAX_BYTES) throw new HttpError(413, MSG.validation.imageSize);
  const image = await processImage(new Uint8Array(await file.arrayBuffer()));
  const storage = uploadStorage(c.get("deps"));
  const { name, ogName } = await saveImage(storage, image);
  // From configuration: the Host header is the client's to choose.
  const base = `${publicApiUrl(c.get("deps").env)}/uploads`;
  const urlOf = (n: string) => storage.publicUrl(n) ?? `${base}/${n}`;
  const body: UploadResponse = { url: urlOf(name), ogUrl: urlOf(ogName) };
  return c.json(body, 201);
}

/** Uploaded images only ever leave as WebP that cannot be sniffed or run as a document. */
uploadRoutes.openapi(imageRoute, async (c) => {
  const bytes = await readUpload(uploadStorage(c.get("deps")), c.req.valid("param").name);
  if (!bytes) throw new HttpError(404, MSG.api.notFound);
  return c.body(new Uint8Array(bytes), 200, {
    "Content-Type": "image/webp",
    "Content-Length": String(bytes.byteLength),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
    "Cache-Control": "public, max-age=31536000, immutable",
  });
});
