/**
 * The API's global middleware, in order (architecture.md §8):
 *  1. request id (X-Request-Id, echoed or generated);
 *  2. secure headers (a JSON API: nothing may be framed or run; uploads may be embedded
 *     cross-origin as images);
 *  3. CORS: exact-origin allowlist (ALLOWED_ORIGINS), with credentials;
 *  4. Origin / Sec-Fetch-Site check on unsafe methods (origin-check.ts), 403;
 *  5. body limit: 1 MB, 5 MB + 64 KB under /upload (a 5 MB image plus multipart overhead),
 *     413; uploads must declare Content-Length (411). Nothing is read here: a body without
 *     Content-Length is counted while the handler reads it (body-limit.ts), so routes
 *     authenticate before any byte of the body is read;
 *  6. client address (`clientIp`, client-ip.ts).
 */
import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { API_PREFIX, MSG, POST_FORM } from "@botox/core";
import type { AppEnv } from "../context.ts";
import { cookiesSecure, type ApiEnv } from "../env.ts";
import { lazyBodyLimit } from "./body-limit.ts";
import { clientIpMiddleware } from "./client-ip.ts";
import { originCheck } from "./origin-check.ts";

export const JSON_BODY_LIMIT = 1024 * 1024;
/** A 5 MB image plus its multipart envelope. */
const UPLOAD_BODY_LIMIT = POST_FORM.imageMaxBytes + 64 * 1024;
const UPLOAD_PREFIX = `${API_PREFIX}/upload`;
const isUpload = (path: string) => path === UPLOAD_PREFIX || path.startsWith(`${UPLOAD_PREFIX}/`);

export function globalMiddleware(env: ApiEnv): MiddlewareHandler<AppEnv>[] {
  const allowedOrigins = new Set(env.ALLOWED_ORIGINS);

  const headers = (crossOriginResourcePolicy: string) =>
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      crossOriginResourcePolicy,
      // Only where the API is served over https (configuration, as for cookies): never on a
      // plain-http localhost.
      strictTransportSecurity: cookiesSecure(env) ? "max-age=15552000; includeSubDomains" : false,
    });
  const apiHeaders = headers("same-site");
  // The site (another origin) shows uploaded images; everything else stays same-site.
  const uploadHeaders = headers("cross-origin");
  const uploadsPath = (path: string) => path.startsWith(`${API_PREFIX}/uploads/`) || isUpload(path);

  const jsonLimit = lazyBodyLimit({ maxSize: JSON_BODY_LIMIT, message: MSG.api.payloadTooLarge, requireLength: false });
  // The spec's own message for an image over 5 MB, whichever check sees it first.
  const uploadLimit = lazyBodyLimit({ maxSize: UPLOAD_BODY_LIMIT, message: MSG.validation.imageSize, requireLength: true });

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
function cors(allowedOrigins: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
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
