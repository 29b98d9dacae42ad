import { parseId } from "@botox/core";
import { HttpError } from "./errors.ts";

/**
 * A path id (`/clinics/:id`): anything but a positive 32-bit integer is simply not found,
 * with the route's own message, never a 500 from the database.
 */
export function idParam(raw: string, notFound: string): number {
  const id = parseId(raw);
  if (id == null) throw new HttpError(404, notFound);
  return id;
}
