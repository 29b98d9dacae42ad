import { MSG } from "@botox/core";
import { HttpError } from "../../lib/errors.ts";
import { idParam } from "../../lib/ids.ts";

export const postId = (raw: string) => idParam(raw, MSG.blog.postNotFound);
export const categoryId = (raw: string) => idParam(raw, MSG.blog.categoryNotFound);

/** A PATCH body must be a JSON object before it is merged with the stored record. */
export function patchObject(patch: unknown): Record<string, unknown> {
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) throw new HttpError(400, MSG.api.invalidInput);
  return patch as Record<string, unknown>;
}

export { slugConflict } from "../../lib/errors.ts";

export const tags = ["blog"];
