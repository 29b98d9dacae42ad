import { MSG } from "@botox/core";
import { HttpError, isUniqueViolation } from "../../lib/errors.ts";

/** Path ids: anything but a positive 32-bit integer is simply not found (never a 500). */
function idParam(raw: string, message: string): number {
  const n = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || n < 1 || n > 2_147_483_647) throw new HttpError(404, message);
  return n;
}
export const postId = (raw: string) => idParam(raw, MSG.blog.postNotFound);
export const categoryId = (raw: string) => idParam(raw, MSG.blog.categoryNotFound);

/** A PATCH body must be a JSON object before it is merged with the stored record. */
export function patchObject(patch: unknown): Record<string, unknown> {
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) throw new HttpError(400, MSG.api.invalidInput);
  return patch as Record<string, unknown>;
}

export function slugConflict(err: unknown): never {
  if (isUniqueViolation(err, "blog_posts_slug_key")) throw new HttpError(409, MSG.api.postSlugTaken);
  if (isUniqueViolation(err, "blog_categories_slug_key")) throw new HttpError(409, MSG.api.categorySlugTaken);
  throw err;
}

export const tags = ["blog"];
