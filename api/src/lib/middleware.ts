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
import { cors } from "hono/cors";
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
    cors({
      origin: (origin) => (allowedOrigins.has(origin) ? origin : null),
      credentials: true,
      allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      allowHeaders: ["Content-Type", "Authorization", "X-Request-Id"],
      exposeHeaders: ["X-Request-Id", "Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"],
      maxAge: 600,
    }),
    originCheck(env.ALLOWED_ORIGINS),
    (c, next) => (isUpload(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next)),
    clientIpMiddleware(env.TRUSTED_PROXIES),
  ];
}

function bodyLimitError() {
  return (c: Parameters<MiddlewareHandler>[0]) => c.json(errorBody(MSG.api.payloadTooLarge), 413);
}
