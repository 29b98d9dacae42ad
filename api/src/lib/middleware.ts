/**
 * The API's global middleware, in order (architecture.md §8):
 *  1. request id (X-Request-Id, echoed or generated);
 *  2. secure headers (a JSON API: nothing may be framed or run; uploads may be embedded
 *     cross-origin as images);
 *  3. CORS: exact-origin allowlist (ALLOWED_ORIGINS), with credentials;
 *  4. Origin / Sec-Fetch-Site check on unsafe methods (origin-check.ts), 403;
 *  5. body limit: 1 MB, 5 MB + 64 KB under /upload and on a clinic's photo upload (a 5 MB image plus multipart overhead),
 *     413; uploads must declare Content-Length (411). Nothing is read here: a body without
 *     Content-Length is counted while the handler reads it (body-limit.ts), so routes
 *     authenticate before any byte of the body is read;
 *  6. client address (`clientIp`, client-ip.ts).
 */
import type { MiddlewareHandler } from "hono";
import { API_PREFIX, EVENTS_PATH, MSG, POST_FORM } from "@botox/core";
import type { AppEnv } from "../context.ts";
import { cookiesSecure, type ApiEnv } from "../env.ts";
import { lazyBodyLimit } from "./body-limit.ts";
import { clientIpMiddleware } from "./client-ip.ts";
import { originCheck } from "./origin-check.ts";

/** @internal Exported for its tests. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** A 5 MB image plus its multipart envelope. */
const UPLOAD_BODY_LIMIT = POST_FORM.imageMaxBytes + 64 * 1024;
const UPLOAD_PREFIX = `${API_PREFIX}/upload`;
/** A clinic's photo upload (decision 283) takes the upload limit too. */
const CLINIC_PHOTO_UPLOAD = new RegExp(`^${API_PREFIX}/clinics/[0-9]+/photos$`);
const isUpload = (path: string) => path === UPLOAD_PREFIX || path.startsWith(`${UPLOAD_PREFIX}/`) || CLINIC_PHOTO_UPLOAD.test(path);

export function globalMiddleware(env: ApiEnv, answer: AnswerHeaders = answerHeaders(env)): MiddlewareHandler<AppEnv>[] {
  const jsonLimit = lazyBodyLimit({ maxSize: JSON_BODY_LIMIT, message: MSG.api.payloadTooLarge, requireLength: false });
  // The spec's own message for an image over 5 MB, whichever check sees it first.
  const uploadLimit = lazyBodyLimit({ maxSize: UPLOAD_BODY_LIMIT, message: MSG.validation.imageSize, requireLength: true });

  return [
    async (c, next) => {
      c.header("X-Request-Id", requestIdFor(c.req.header("x-request-id")));
      await next();
    },
    // Set on whatever answer the request ends with (an error's too), over any a route set.
    async (c, next) => {
      await next();
      const headers = c.res.headers;
      for (const [name, value] of answer.security(c.req.path)) headers.set(name, value);
    },
    cors(answer),
    originCheck(env.ALLOWED_ORIGINS),
    // GET and HEAD never carry a body (the node adapter drops one), and asking for it would
    // build the full web Request for nothing.
    (c, next) => (BODYLESS.has(c.req.method) ? next() : isUpload(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next)),
    clientIpMiddleware(env.TRUSTED_PROXIES),
  ];
}

type HeaderPairs = readonly (readonly [name: string, value: string])[];

/** The headers every answer carries whatever it is, as one definition for routed answers and kept ones. */
export interface AnswerHeaders {
  /** The security headers of an answer to `path`. */
  security(path: string): HeaderPairs;
  /** The CORS headers of an answer to a request from `origin` (a GET's: no preflight). */
  cors(origin: string | undefined): HeaderPairs;
  /**
   * Every header a kept answer to a GET carries, as a plain record: the request id, CORS, the
   * security headers, `X-Cache: HIT` and its content type (cached-json.ts, `keptAnswerFirst`).
   */
  forKept(request: Request, path: string): Record<string, string>;
  /**
   * The headers this middleware gives any answer to `path`, as a plain record with lower-case
   * names: the request id (`requestId`, the request's X-Request-Id), CORS for `origin` and the
   * security headers (the listing beacon answered before routing, routes/events/beacon-first.ts).
   */
  plain(path: string, requestId: string | undefined, origin: string | undefined): Record<string, string>;
}

/**
 * Secure headers (the security baseline: a JSON API, nothing may be framed or run), the
 * values `hono/secure-headers` gave with this app's options, written out: one list, set on
 * routed answers after they are made and written at once into a kept answer's record.
 */
export function answerHeaders(env: ApiEnv): AnswerHeaders {
  const security = (crossOriginResourcePolicy: "same-site" | "cross-origin"): HeaderPairs => [
    ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", crossOriginResourcePolicy],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "no-referrer"],
    // Only where the API is served over https (configuration, as for cookies): never on a
    // plain-http localhost.
    ...(cookiesSecure(env) ? ([["Strict-Transport-Security", "max-age=15552000; includeSubDomains"]] as const) : []),
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "SAMEORIGIN"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
  ];
  const apiHeaders = security("same-site");
  // The site (another origin, perhaps another site) shows uploaded images, and its pages send
  // the listing beacon, whose empty answer a same-site policy would have the browser block and
  // report as a failed load on every page; everything else stays same-site.
  const uploadHeaders = security("cross-origin");
  const beaconPath = `${API_PREFIX}${EVENTS_PATH}`;
  const crossOriginPath = (path: string) => path.startsWith(`${API_PREFIX}/uploads/`) || isUpload(path) || path === beaconPath;

  const allowedOrigins = new Set(env.ALLOWED_ORIGINS);
  const corsAlways: HeaderPairs = [
    ["Access-Control-Allow-Credentials", "true"],
    ["Access-Control-Expose-Headers", CORS_EXPOSED],
    ["Vary", "Origin"],
  ];
  const corsFor = (origin: string | undefined): HeaderPairs =>
    origin !== undefined && allowedOrigins.has(origin) ? [["Access-Control-Allow-Origin", origin], ...corsAlways] : corsAlways;

  const lowerCased = (pairs: HeaderPairs) => Object.fromEntries(pairs.map(([name, value]) => [name.toLowerCase(), value]));
  const apiRecord = lowerCased(apiHeaders);
  const uploadRecord = lowerCased(uploadHeaders);
  const plain = (path: string, requestId: string | undefined, origin: string | undefined) => {
    const record: Record<string, string> = { ...(crossOriginPath(path) ? uploadRecord : apiRecord) };
    record["x-request-id"] = requestIdFor(requestId);
    for (const [name, value] of corsFor(origin)) record[name.toLowerCase()] = value;
    return record;
  };

  return {
    security: (path) => (crossOriginPath(path) ? uploadHeaders : apiHeaders),
    cors: corsFor,
    forKept(request, path) {
      const headers = request.headers;
      const record = plain(path, headers.get("x-request-id") ?? undefined, headers.get("origin") ?? undefined);
      record["x-cache"] = "HIT";
      record["content-type"] = "application/json";
      return record;
    },
    plain,
  };
}

/** The request's own X-Request-Id when it is short and plain (letters, digits, _ - =), else a new one. */
function requestIdFor(given: string | undefined): string {
  return given && given.length <= 64 && !/[^\w\-=]/.test(given) ? given : crypto.randomUUID();
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
function cors(answer: AnswerHeaders): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const [name, value] of answer.cors(c.req.header("origin"))) c.header(name, value, { append: name === "Vary" });
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
