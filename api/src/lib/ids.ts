import { z } from "zod";
import { parseId } from "@botox/core";

/**
 * Path parameters that name a record: declared with zod on every route (`request.params`), so
 * the document types them and handlers read them with `c.req.valid("param")` (decision 290).
 * A value that names nothing answers the route's own "not found" (404), never a 400: the
 * router's hook (lib/openapi.ts) turns the issue these schemas raise into that answer.
 */

/** Marks the issue a path parameter raises when it names nothing: the route answers 404. */
const NOT_FOUND = { status: 404 } as const;

/** What `parseId` accepts, for the document; the transform below decides (ids are at most 2^31-1). */
const ID_PATTERN = "^[0-9]{1,10}$";

/** A record id in the path (`/clinics/{id}`): a positive 32-bit integer, else 404 with `notFound`. */
export function pathId(notFound: string) {
  return z
    .string()
    .meta({ pattern: ID_PATTERN, example: "1" })
    .transform((raw, ctx) => {
      const id = parseId(raw);
      if (id !== null) return id;
      ctx.issues.push({ code: "custom", message: notFound, input: raw, params: NOT_FOUND });
      return z.NEVER;
    });
}

/** A text path parameter (a slug, a file name): outside `pattern` it names nothing, 404 with `notFound`. */
export function pathText(pattern: RegExp, notFound: string) {
  return z
    .string()
    .meta({ pattern: pattern.source })
    .superRefine((raw, ctx) => {
      if (!pattern.test(raw)) ctx.addIssue({ code: "custom", message: notFound, input: raw, params: NOT_FOUND });
    });
}

/** `{id}` routes' parameters: one schema, the route's own not-found message. */
export const idParams = (notFound: string) => z.object({ id: pathId(notFound) });

/** The not-found message of the first path parameter that names nothing, if any. */
export function notFoundOf(error: z.ZodError): string | undefined {
  return error.issues.find((issue) => issue.code === "custom" && issue.params?.status === NOT_FOUND.status)?.message;
}
