/** Image file rules of the post form and the upload endpoint (product.md §5, architecture.md §8). */
import { POST_FORM } from "./constants.ts";
import { VALIDATION_MSG } from "./messages.ts";

export type ImageMimeType = (typeof POST_FORM.imageTypes)[number];

export interface ImageFileError {
  title: string;
  description: string;
}

/** null when acceptable; else the spec's toast (type checked first, then size). */
export function validateImageFile(file: { type: string; size: number }): ImageFileError | null {
  if (!(POST_FORM.imageTypes as readonly string[]).includes(file.type.toLowerCase())) {
    return { title: VALIDATION_MSG.imageTypeTitle, description: VALIDATION_MSG.imageType };
  }
  if (file.size > POST_FORM.imageMaxBytes) {
    return { title: VALIDATION_MSG.imageSizeTitle, description: VALIDATION_MSG.imageSize };
  }
  return null;
}

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The real type by magic bytes: the declared type of an upload is not trusted (architecture.md §8). */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}
