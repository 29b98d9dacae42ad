/**
 * CSRF defence for unsafe methods (architecture.md §8): a browser always sends Origin on
 * POST/PUT/PATCH/DELETE, and Sec-Fetch-Site when it omits it. So:
 *  - Origin present: it must be one of ALLOWED_ORIGINS (exact match), else 403;
 *  - Origin absent, Sec-Fetch-Site "cross-site": 403;
 *  - neither header: not a browser (curl, a CI job, another server). Such callers are only
 *    expected on the publish webhook, which carries its own shared secret, so they are
 *    allowed there and refused everywhere else (tests send an allowed Origin).
 * Safe methods (GET, HEAD, OPTIONS) are never checked: they must not change anything.
 */
import type { MiddlewareHandler } from "hono";
import { API_PREFIX, MSG } from "@botox/core";
import type { AppEnv } from "../context.ts";
import { errorBody } from "./errors.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The methods that may change something (the only ones checked here). */
export const isUnsafeMethod = (method: string): boolean => UNSAFE.has(method.toUpperCase());
/** Server-to-server calls with neither Origin nor Sec-Fetch-Site are accepted here only. */
const HEADERLESS_WRITE_PATHS = new Set([`${API_PREFIX}/publish/webhook`]);
/**
 * RFC 8058 one-click unsubscribe: mail providers post it from their servers, from any origin;
 * the token in its URL is what authorises it, and all it can do is stop mail.
 */
const ANY_ORIGIN_WRITE_PATHS = new Set([`${API_PREFIX}/newsletter/unsubscribe`]);

/** Whether a request may go on, by the rules above (`allowed`: ALLOWED_ORIGINS). */
export function originAllowed(method: string, path: string, origin: string | undefined, fetchSite: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (!isUnsafeMethod(method) || ANY_ORIGIN_WRITE_PATHS.has(path.replace(/\/+$/, ""))) return true;
  if (origin !== undefined) return allowed.has(origin);
  if (fetchSite !== undefined) return fetchSite.toLowerCase() !== "cross-site";
  return HEADERLESS_WRITE_PATHS.has(path.replace(/\/+$/, ""));
}

export function originCheck(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (!originAllowed(c.req.method, c.req.path, c.req.header("origin"), c.req.header("sec-fetch-site"), allowed)) {
      return c.json(errorBody(MSG.api.forbiddenOrigin), 403);
    }
    await next();
  };
}
