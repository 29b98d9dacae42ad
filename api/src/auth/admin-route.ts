/**
 * Every admin route is declared with `adminRoute` (architecture.md §9: every admin endpoint
 * checks the session on the server). It adds what each of them shares, once:
 *  - the session check (`requireSession`) before the route's own middleware, so nothing of
 *    the body is read before the caller is known;
 *  - `security: session` in the document;
 *  - the documented 401 (no session) and, on unsafe methods, 403: the global origin check
 *    (lib/origin-check.ts, mounted for every route in lib/middleware.ts) refuses a foreign
 *    origin there, so the route only documents it.
 * admin-route.test.ts fails when a route outside its list of public routes lacks any of this.
 */
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { errorResponses } from "../lib/openapi.ts";
import { requireSession } from "./session.ts";

const sessionSecurity = [{ session: [] }];

type Method = RouteConfig["method"];
type SafeMethod = "get" | "head" | "options" | "trace";
const SAFE_METHODS: ReadonlySet<Method> = new Set<SafeMethod>(["get", "head", "options", "trace"]);

const readErrors = { 401: errorResponses[401] } as const;
const writeSessionErrors = { 401: errorResponses[401], 403: errorResponses[403] } as const;
type SessionErrors<M extends Method> = M extends SafeMethod ? typeof readErrors : typeof writeSessionErrors;

function sessionErrors<M extends Method>(method: M): SessionErrors<M> {
  return (SAFE_METHODS.has(method) ? readErrors : writeSessionErrors) as SessionErrors<M>;
}

/** A createRoute config without what adminRoute adds; `middleware` runs after the session check. */
type AdminRouteConfig = Omit<RouteConfig, "security" | "middleware"> & { middleware?: readonly MiddlewareHandler<AppEnv>[] };

/** `createRoute` for a route only a signed-in admin may call. */
export function adminRoute<const R extends AdminRouteConfig>(config: R) {
  const { middleware = [], responses, ...route } = config;
  return createRoute({
    ...route,
    security: sessionSecurity,
    middleware: [requireSession, ...middleware],
    responses: { ...(responses as Omit<R["responses"], 401 | 403>), ...sessionErrors<R["method"]>(config.method) },
  });
}
