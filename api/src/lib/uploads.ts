/**
 * Blog image uploads (architecture.md §8): the type is decided by magic bytes, size and pixel count
 * are capped, and every image is re-encoded by sharp to WebP (metadata such as EXIF/GPS is
 * dropped), so what is served is always a fresh image under a server-generated name.
 * Files live in UPLOADS_DIR (default `.data/uploads`), or in an S3-compatible bucket when
 * S3_ENDPOINT and S3_BUCKET are set.
 */
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import sharp, { type Metadata } from "sharp";
import { MSG, POST_FORM, sniffImageType } from "@botox/core";
import type { Deps } from "../context.ts";
import { HttpError } from "./errors.ts";
import { createUploadStorage, type UploadStorage } from "./upload-storage.ts";

export const UPLOAD_MAX_BYTES = POST_FORM.imageMaxBytes;
/** 40 megapixels: more than any camera photo a blog needs, far below a decompression bomb. */
const UPLOAD_MAX_PIXELS = 40_000_000;
const UPLOAD_MAX_WIDTH = 2000;
const COVER_SIZE = { width: POST_FORM.idealImageWidth, height: POST_FORM.idealImageHeight } as const;
export const IMAGE_TOO_LARGE = "Image dimensions are too large. Please use an image under 40 megapixels.";
const IMAGE_UNREADABLE = "The image could not be read. Please try another file.";

/** The names this module generates (a route's path parameter names nothing else). */
export const UPLOAD_NAME = /^[a-f0-9]{32}(?:-og)?\.webp$/;

/** Only names this module generated; anything else (../, other extensions) is not served. */
function isUploadName(name: string): boolean {
  return UPLOAD_NAME.test(name);
}

export interface ProcessedImage {
  main: Buffer;
  cover: Buffer;
}

/** Validates and re-encodes an upload; throws HttpError 413/415/400 with the spec's messages. */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new HttpError(413, MSG.validation.imageSize);
  if (!sniffImageType(bytes)) throw new HttpError(415, MSG.validation.imageType);

  // Header only: a pixel bomb is refused before anything is decoded.
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, IMAGE_UNREADABLE);
  }
  if (!meta.width || !meta.height) throw new HttpError(400, IMAGE_UNREADABLE);
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw new HttpError(400, IMAGE_TOO_LARGE);

  try {
    const source = sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: "error", animated: false }).rotate();
    const main = await source.clone().resize({ width: UPLOAD_MAX_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    const cover = await source.clone().resize(COVER_SIZE.width, COVER_SIZE.height, { fit: "cover" }).webp({ quality: 80 }).toBuffer();
    return { main, cover };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new HttpError(400, IMAGE_TOO_LARGE);
    throw new HttpError(400, IMAGE_UNREADABLE);
  }
}

/**
 * Uploads decoded at once in this process (blog images and clinic photos): each holds up to 5 MB and keeps sharp busy.
 * @internal Exported for its tests.
 */
export const MAX_CONCURRENT_UPLOADS = 4;
let activeUploads = 0;

/** Runs `work` in one of the process's upload slots; 429 (Retry-After: 1) when all are taken. */
export async function inUploadSlot<T>(c: Context, work: () => Promise<T>): Promise<T> {
  if (activeUploads >= MAX_CONCURRENT_UPLOADS) {
    c.header("Retry-After", "1");
    throw new HttpError(429, MSG.api.uploadsBusy);
  }
  activeUploads += 1;
  try {
    return await work();
  } finally {
    activeUploads -= 1;
  }
}

/** The app's storage for its env, kept in deps.state: S3-compatible when S3_ENDPOINT and S3_BUCKET are set, else UPLOADS_DIR. */
export function uploadStorage(deps: Deps): UploadStorage {
  const storages = deps.state.uploadStorages;
  let storage = storages.get(deps.env);
  if (!storage) storages.set(deps.env, (storage = createUploadStorage(deps.env)));
  return storage;
}

/** Stores both variants under fresh random names; returns the names. */
export async function saveImage(storage: UploadStorage, image: ProcessedImage): Promise<{ name: string; ogName: string }> {
  const base = randomBytes(16).toString("hex");
  const name = `${base}.webp`;
  const ogName = `${base}-og.webp`;
  await storage.put(name, image.main);
  await storage.put(ogName, image.cover);
  return { name, ogName };
}

/** The stored bytes, or null for an invalid or unknown name. */
export async function readUpload(storage: UploadStorage, name: string): Promise<Buffer | null> {
  return isUploadName(name) ? storage.get(name) : null;
}
