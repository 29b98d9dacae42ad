import { MSG } from "@botox/core";
import { HttpError } from "../../lib/errors.ts";
import { idParams } from "../../lib/ids.ts";

export const postParams = idParams(MSG.blog.postNotFound);
export const categoryParams = idParams(MSG.blog.categoryNotFound);

/** A PATCH body must be a JSON object before it is merged with the stored record. */
export function patchObject(patch: unknown): Record<string, unknown> {
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) throw new HttpError(400, MSG.api.invalidInput);
  return patch as Record<string, unknown>;
}

export { slugConflict } from "../../lib/errors.ts";

export const tags = ["blog"];
