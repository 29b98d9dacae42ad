/**
 * Every admin route is declared with `adminRoute` (architecture.md §9: every admin endpoint
 * checks the session on the server). It adds what each of them shares, once:
 *  - the session check before the route's own middleware, so nothing of the body is read
 *    before the caller is known: a team session, or (decision 267) a clinic owner's where the
 *    route says which clinic it acts on (`owner`) and that clinic is one of theirs; an owner on
 *    any other team route is refused 403, on another owner's clinic 404;
 *  - `security: session` in the document, and `x-owner-access` where owners are let in;
 *  - the documented 401 (no session) and, on unsafe methods, 403: the global origin check
 *    (lib/origin-check.ts, mounted for every route in lib/middleware.ts) refuses a foreign
 *    origin there, so the route only documents it.
 * admin-route.test.ts fails when a route outside its list of public routes lacks any of this;
 * owner-access.test.ts walks every route with owner sessions.
 */
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { MSG } from "@botox/core";
import type { AppEnv } from "../context.ts";
import { HttpError } from "../lib/errors.ts";
import { errorResponses } from "../lib/openapi.ts";
import { ownsClinic, type ClinicOf } from "../owners/access.ts";
import { requireSession, sessionOrUnauthorized } from "./session.ts";

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

/**
 * How owners reach a route: `own-clinic` (a team route, on their clinics), `self` (owners only),
 * `self-clinic` (owners only, on their clinics: co-owners, objections to a claim), or
 * `any-owner` (a team tool that touches no clinic's data, e.g. the NPI lookup).
 * @internal Exported for its tests.
 */
export const OWNER_ACCESS = "x-owner-access";
type OwnerAccessKind = "own-clinic" | "self" | "self-clinic" | "any-owner";

/** A createRoute config without what adminRoute adds; `middleware` runs after the session check. */
type AdminRouteConfig = Omit<RouteConfig, "security" | "middleware"> & {
  middleware?: readonly MiddlewareHandler<AppEnv>[];
  /** Lets a clinic's owners use the route on that clinic: which clinic the request acts on. */
  owner?: ClinicOf;
  /** Lets every signed-in owner use the route (it reads nothing of any clinic's). */
  anyOwner?: true;
};

/** The team, or an owner of the clinic the request acts on (404 for any other clinic). */
function requireClinicAccess(clinicOf: ClinicOf): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await sessionOrUnauthorized(c);
    if (user.role === "owner") {
      const clinicId = await clinicOf(c);
      // Another owner's clinic answers as a missing one: an owner learns nothing of it.
      if (clinicId === null || !(await ownsClinic(c.get("deps").sql, user.id, clinicId))) throw new HttpError(404, MSG.api.notFound);
    }
    await next();
  };
}

/** `createRoute` for a route only a signed-in admin (or, with `owner`, the clinic's owner) may call. */
export function adminRoute<const R extends AdminRouteConfig>(config: R) {
  const { middleware = [], responses, owner, anyOwner, ...route } = config;
  const check = owner ? requireClinicAccess(owner) : anyOwner ? anySession : requireSession;
  return createRoute({
    ...route,
    ...(owner ? { [OWNER_ACCESS]: "own-clinic" satisfies OwnerAccessKind } : {}),
    ...(anyOwner ? { [OWNER_ACCESS]: "any-owner" satisfies OwnerAccessKind } : {}),
    security: sessionSecurity,
    middleware: [check, ...middleware],
    responses: { ...(responses as Omit<R["responses"], 401 | 403>), ...sessionErrors<R["method"]>(config.method) },
  });
}

/** Any signed-in session, the team's or an owner's: 401 without one. */
const anySession: MiddlewareHandler<AppEnv> = async (c, next) => {
  await sessionOrUnauthorized(c);
  await next();
};

/** An owner's session only (their own workspace): 401 without a session, 403 for the team's. */
const requireOwner: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await sessionOrUnauthorized(c);
  if (user.role !== "owner") throw new HttpError(403, MSG.owner.ownersOnly);
  await next();
};

/** An owner's session on one of their clinics (`clinicOf`): 404 for any other clinic, as for `adminRoute`'s `owner`. */
function requireOwnerOf(clinicOf: ClinicOf): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await sessionOrUnauthorized(c);
    if (user.role !== "owner") throw new HttpError(403, MSG.owner.ownersOnly);
    const clinicId = await clinicOf(c);
    if (clinicId === null || !(await ownsClinic(c.get("deps").sql, user.id, clinicId))) throw new HttpError(404, MSG.api.notFound);
    await next();
  };
}

/**
 * `createRoute` for a route of the owner's own workspace (GET /owner/clinics); with `clinic`, on
 * one of the owner's clinics only (which clinic the request acts on).
 */
export function ownerRoute<const R extends Omit<AdminRouteConfig, "owner"> & { clinic?: ClinicOf }>(config: R) {
  const { middleware = [], responses, clinic, ...route } = config;
  return createRoute({
    ...route,
    [OWNER_ACCESS]: (clinic ? "self-clinic" : "self") satisfies OwnerAccessKind,
    security: sessionSecurity,
    middleware: [clinic ? requireOwnerOf(clinic) : requireOwner, ...middleware],
    responses: { ...(responses as Omit<R["responses"], 401 | 403>), ...writeSessionErrors },
  });
}
