/**
 * The API's global middleware, in order (design.md §8):
 *  1. request id (X-Request-Id, echoed or generated);
 *  2. secure headers (a JSON API: nothing may be framed or run; uploads may be embedded
 *     cross-origin as images);
 *  3. CORS: exact-origin allowlist (ALLOWED_ORIGINS), with credentials;
 *  4. Origin / Sec-Fetch-Site check on unsafe methods (origin-check.ts), 403;
 *  5. body limit: 1 MB, 6 MB under /upload (a 5 MB image plus multipart overhead), 413;
 *  6. client address (`clientIp`, client-ip.ts).
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { API_PREFIX, MSG } from "@botox/core";
import type { AppEnv } from "../context.ts";
import type { ApiEnv } from "../env.ts";
import { clientIpMiddleware } from "./client-ip.ts";
import { errorBody } from "./errors.ts";
import { originCheck } from "./origin-check.ts";

export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = 6 * 1024 * 1024;
const UPLOAD_PREFIX = `${API_PREFIX}/upload`;
const isUpload = (path: string) => path === UPLOAD_PREFIX || path.startsWith(`${UPLOAD_PREFIX}/`);

export function globalMiddleware(env: ApiEnv): MiddlewareHandler<AppEnv>[] {
  const allowedOrigins = new Set(env.ALLOWED_ORIGINS);

  const headers = (crossOriginResourcePolicy: string) =>
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      crossOriginResourcePolicy,
      strictTransportSecurity: env.NODE_ENV === "production" ? "max-age=15552000; includeSubDomains" : false,
    });
  const apiHeaders = headers("same-site");
  // The site (another origin) shows uploaded images; everything else stays same-site.
  const uploadHeaders = headers("cross-origin");
  const uploadsPath = (path: string) => path.startsWith(`${API_PREFIX}/uploads/`) || isUpload(path);

  const tooLarge = bodyLimitError();
  const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  const uploadLimit = bodyLimit({ maxSize: UPLOAD_BODY_LIMIT, onError: tooLarge });

  return [
    requestId({ limitLength: 64 }),
    (c, next) => (uploadsPath(c.req.path) ? uploadHeaders(c, next) : apiHeaders(c, next)),
    cors(allowedOrigins),
    originCheck(env.ALLOWED_ORIGINS),
    // GET and HEAD never carry a body (the node adapter drops one), and asking for it would
    // build the full web Request for nothing.
    (c, next) => (BODYLESS.has(c.req.method) ? next() : isUpload(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next)),
    clientIpMiddleware(env.TRUSTED_PROXIES),
  ];
}

const BODYLESS = new Set(["GET", "HEAD"]);
const CORS_METHODS = "GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS";
const CORS_REQUEST_HEADERS = "Content-Type,Authorization,X-Request-Id";
const CORS_EXPOSED = "X-Request-Id,Retry-After,RateLimit-Limit,RateLimit-Remaining,RateLimit-Reset";

/**
 * CORS for an exact-origin allowlist, with credentials; preflights answer 204 here.
 * Not hono/cors, which writes through `c.res` before the handler and `c.header` after it:
 * either makes Hono rebuild the handler's answer around its body as a stream, which cost
 * more CPU than the rest of a small JSON answer (bench:api profile). Every header is set
 * with `c.header` before the handler runs, so `c.json` answers carry them as they are made.
 */
export function cors(allowedOrigins: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin !== undefined && allowedOrigins.has(origin)) c.header("Access-Control-Allow-Origin", origin);
    c.header("Access-Control-Allow-Credentials", "true");
    c.header("Access-Control-Expose-Headers", CORS_EXPOSED);
    c.header("Vary", "Origin", { append: true });
    if (c.req.method === "OPTIONS") {
      c.header("Access-Control-Max-Age", "600");
      c.header("Access-Control-Allow-Methods", CORS_METHODS);
      c.header("Access-Control-Allow-Headers", CORS_REQUEST_HEADERS);
      c.header("Vary", "Access-Control-Request-Headers", { append: true });
      return c.body(null, 204);
    }
    await next();
  };
}

function bodyLimitError() {
  return (c: Parameters<MiddlewareHandler>[0]) => c.json(errorBody(MSG.api.payloadTooLarge), 413);
}
