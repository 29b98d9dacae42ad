import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { errorSummary } from "./logger.ts";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { MSG, issuesOf, type ApiError } from "@botox/core";
import { codeOf, findCause } from "@botox/core/error-cause";
import { slugConflictOf, type SlugOwner } from "@botox/db";

/** Thrown by handlers; rendered as `{ error, issues? }` with its status (architecture.md §5). */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly issues?: ApiError["issues"];

  constructor(status: ContentfulStatusCode, message: string, issues?: ApiError["issues"]) {
    super(message);
    this.status = status;
    this.issues = issues;
  }
}

/** A body read past its limit (body-limit.ts). */
export class BodyTooLargeError extends Error {
  readonly messageForClient: string;

  constructor(messageForClient: string) {
    super("request body over the limit");
    this.messageForClient = messageForClient;
  }
}

/** The 413 a body read failed with, if that is why it failed. */
export function bodyTooLarge(err: unknown): HttpError | undefined {
  const e = findCause(err, (link) => link instanceof BodyTooLargeError);
  return e instanceof BodyTooLargeError ? new HttpError(413, e.messageForClient) : undefined;
}

/** Parses with a zod schema; a failure is a 400 whose `error` is the first issue's message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = issuesOf(result.error);
    throw new HttpError(400, issues[0]?.message ?? MSG.api.invalidInput, issues);
  }
  return result.data;
}

/** Reads a JSON body; malformed JSON or a wrong content type is a clear 4xx, never a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) throw new HttpError(415, MSG.api.unsupportedMediaType);
  try {
    return await c.req.json();
  } catch (err) {
    throw bodyTooLarge(err) ?? new HttpError(400, MSG.api.invalidJson);
  }
}

const DB_DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P03",
  "08006",
  "08001",
  "08003",
]);

/**
 * What a known cause in `err`'s chain answers, found in one walk: a body over its limit (413),
 * the database unreachable (503), or a PostgreSQL data exception (SQLSTATE class 22: a NUL byte
 * in text, a number out of range, an invalid JSON escape...), which only values can cause and
 * every value comes from the request, so bad input (400), not a server fault.
 */
function knownCause(err: unknown): HttpError | undefined {
  let answer: HttpError | undefined;
  findCause(err, (e) => {
    const code = codeOf(e) ?? "";
    if (e instanceof BodyTooLargeError) answer = new HttpError(413, e.messageForClient);
    else if (DB_DOWN_CODES.has(code)) answer = new HttpError(503, MSG.api.databaseUnavailable);
    else if (/^22[0-9A-Z]{3}$/.test(code)) answer = new HttpError(400, MSG.api.invalidInput);
    return answer !== undefined;
  });
  return answer;
}

const SLUG_TAKEN: Record<SlugOwner, string> = {
  clinic: MSG.api.clinicSlugTaken,
  post: MSG.api.postSlugTaken,
  category: MSG.api.categorySlugTaken,
};

/**
 * A write's `.catch`: a slug that is taken becomes the 409 with the spec's message (product.md §5);
 * any other error goes on as it was.
 */
export function slugConflict(err: unknown): never {
  const owner = slugConflictOf(err);
  if (owner) throw new HttpError(409, SLUG_TAKEN[owner]);
  throw err;
}

/** Postgres foreign key violation (23503), the driver's error or one it wraps. */
function isForeignKeyViolation(err: unknown): boolean {
  return findCause(err, (e) => codeOf(e) === "23503") !== undefined;
}

/**
 * A write's `.catch` for rows that belong to a clinic: the clinic went away between the check
 * and the insert, so the answer is the 404 it would have been; any other error goes on.
 */
export const clinicGone =
  (message: string) =>
  (err: unknown): never => {
    if (isForeignKeyViolation(err)) throw new HttpError(404, message);
    throw err;
  };

export function errorBody(message: string, issues?: ApiError["issues"]): ApiError {
  return issues && issues.length ? { error: message, issues } : { error: message };
}

/** app.onError: known errors keep their status; unknown ones are logged and never leak a stack. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof HttpError) return c.json(errorBody(err.message, err.issues), err.status);
  const known = knownCause(err);
  // A body over its limit wins even when Hono wrapped it in its own exception.
  if (known?.status === 413) return c.json(errorBody(known.message), known.status);
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? MSG.api.payloadTooLarge : err.message || MSG.api.invalidInput;
    return c.json(errorBody(message), status);
  }
  if (known) return c.json(errorBody(known.message), known.status);
  // The stack stays in the server's log (never in the answer): it is how the cause is found.
  c.get("deps").logger.error({ error: errorSummary(err), stack: err.stack, method: c.req.method, path: c.req.path }, "unhandled error");
  return c.json(errorBody(MSG.api.internal), 500);
}
