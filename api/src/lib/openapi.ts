import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { MSG, errorSchema, issuesOf } from "@botox/core";
import type { AppEnv } from "../context.ts";
import { HttpError, readJson } from "./errors.ts";
import { notFoundOf } from "./ids.ts";

/**
 * Every route is a `createRoute` definition (@hono/zod-openapi) whose zod schemas, most of them
 * from @botox/core, validate the request, type the handler's answers, and are what
 * `/api/v1/openapi.json` is generated from (OpenAPI 3.1): one definition per call.
 */

/**
 * A route's query string may name only the parameters its schema declares, each once unless
 * it takes a list (a GET without a query schema takes none): anything else is a 400 naming it (decision 234), so an
 * unknown or repeated parameter is never ignored, and never a new read-cache entry either.
 */
function knownQueryOnly(route: RouteConfig): MiddlewareHandler<AppEnv> | undefined {
  const query = route.request?.query;
  if (!(query instanceof z.ZodObject) && route.method !== "get") return undefined;
  const shape: Record<string, z.ZodType> = query instanceof z.ZodObject ? query.shape : {};
  const known = Object.keys(shape);
  return async (c, next) => {
    const given = c.req.queries();
    const unknown = Object.keys(given).filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      const message = MSG.api.unknownQuery(unknown, known);
      throw new HttpError(
        400,
        message,
        unknown.map((path) => ({ path, message })),
      );
    }
    // Repeated only where the parameter takes a list (businessStatus=a&businessStatus=b).
    const repeated = Object.entries(given).find(([name, values]) => values.length > 1 && !shape[name]?.safeParse(values).success);
    if (repeated) throw new HttpError(400, MSG.api.repeatedQuery(repeated[0]), [{ path: repeated[0], message: MSG.api.repeatedQuery(repeated[0]) }]);
    await next();
  };
}

/**
 * A route module's router: failed validation is our usual 400 (first message in `error`, all in
 * `issues`), except a path parameter that names nothing (lib/ids.ts): the route's own 404.
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const notFound = result.target === "param" ? notFoundOf(result.error) : undefined;
        if (notFound !== undefined) throw new HttpError(404, notFound);
        const issues = issuesOf(result.error);
        throw new HttpError(400, issues[0]?.message ?? MSG.api.invalidInput, issues);
      }
    },
  });
  const openapi = router.openapi.bind(router);
  router.openapi = ((route: RouteConfig, ...rest: unknown[]) => {
    const check = knownQueryOnly(route);
    const middleware = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
    const checked = check ? { ...route, middleware: [check, ...middleware] } : route;
    return (openapi as (...args: unknown[]) => unknown)(checked, ...rest);
  }) as typeof router.openapi;
  return router;
}

/**
 * Route middleware for JSON bodies: reads the body first, so a wrong content type is our 415,
 * malformed JSON our 400 and an oversized body our 413 (the validator's own answers differ);
 * the validator then reads the parsed body from Hono's cache.
 */
export const jsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  await readJson(c);
  await next();
};

/** A JSON request body declared for validation and the document. */
export function jsonRequest<S extends z.ZodType>(schema: S) {
  return { required: true, content: { "application/json": { schema } } } as const;
}

/**
 * A JSON body documented from its schema but validated by the handler: a PATCH is validated
 * merged with the stored record (partial schemas would answer differently); the beacon's JSON
 * comes as text/plain too (decision 277), which the library would not validate.
 */
export function documentedJsonRequest(schema: z.ZodType, mediaTypes: readonly string[] = ["application/json"]) {
  const documented = { schema: toSchema(schema) };
  return { required: true, content: Object.fromEntries(mediaTypes.map((type) => [type, documented])) } as const;
}

/** A JSON answer declared for types and the document. */
export function json<S extends z.ZodType>(description: string, schema: S) {
  return { description, content: { "application/json": { schema } } } as const;
}

const error = (description: string) => json(description, errorSchema);

/**
 * The answers routes share, each described once: routes take them from here (commonErrors,
 * writeErrors, adminRoute's session answers), never restate them.
 */
export const errorResponses = {
  400: error("Invalid input (the first message in `error`, all in `issues`)"),
  // The text of the answer itself (product.md §7.2, §8): one description for every admin route.
  401: error(MSG.api.unauthorized),
  403: error("Origin not allowed"),
  413: error("Body too large"),
  415: error("Body is not JSON"),
  429: error("Rate limited"),
  503: error("Database unavailable"),
} as const;

/** The answers every route may give besides its own. */
export const commonErrors = { 400: errorResponses[400], 503: errorResponses[503] } as const;
export const writeErrors = {
  ...commonErrors,
  403: errorResponses[403],
  413: errorResponses[413],
  415: errorResponses[415],
  429: errorResponses[429],
} as const;
export const errorResponse = error;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect), without a `$schema` on every inline schema. */
function toSchema(s: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  // A field with a preprocess step (trim, "" → null...) looks required to zod's converter;
  // what is required is what fails without a value.
  if (s instanceof z.ZodObject && Array.isArray(json.required)) {
    const shape = s.shape as Record<string, z.ZodType>;
    const required = (json.required as string[]).filter((key) => !shape[key]?.safeParse(undefined).success);
    if (required.length) json.required = required;
    else delete json.required;
  }
  return json;
}

type Operation = { operationId?: string; parameters?: unknown[]; [key: string]: unknown };

/**
 * The document: the library's own OpenAPI 3.1 rendering of every createRoute definition
 * mounted on `app`, with what the library leaves to us filled in: an operation id per call
 * and the session scheme. Every path parameter is declared with zod (lib/ids.ts).
 */
export function buildOpenApiDocument(serverUrl: string, app: OpenAPIHono<AppEnv>) {
  const doc = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Botox Near Me API", version: "1.0.0" },
    servers: [{ url: serverUrl }],
  });
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [honoPath, ops] of Object.entries(doc.paths ?? {})) {
    // Hono paths may carry a pattern (":id{[0-9]+}"); the document names the parameter only.
    const path = honoPath.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
    for (const [method, value] of Object.entries(ops as Record<string, Operation>)) {
      const op: Operation = { ...value, parameters: value.parameters ?? [], operationId: value.operationId ?? operationId(method, path) };
      (paths[path] ??= {})[method] = op;
    }
  }
  return {
    ...doc,
    components: {
      ...doc.components,
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "session" } },
      schemas: { Error: { type: "object", properties: { error: { type: "string" }, issues: { type: "array" } }, required: ["error"] } },
    },
    paths,
  };
}

/** "get", "/clinics/{id}/has-rated" → "getClinicsIdHasRated". */
function operationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}
