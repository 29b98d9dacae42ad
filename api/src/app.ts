import { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { API_PREFIX, EVENTS_PATH, MSG } from "@botox/core";
import type { AppEnv, Deps } from "./context.ts";
import { errorBody, handleError } from "./lib/errors.ts";
import { keptAnswerFirst } from "./lib/cached-json.ts";
import { answerHeaders, globalMiddleware } from "./lib/middleware.ts";
import { isUnsafeMethod } from "./lib/origin-check.ts";
import { createRouter } from "./lib/openapi.ts";
import { locationRoutes } from "./routes/location/location.routes.ts";
import { healthRoutes } from "./routes/health/health.routes.ts";
import { citiesRoutes } from "./routes/cities/cities.routes.ts";
import { clinicsPublicRoutes } from "./routes/clinics/clinics-public.routes.ts";
import { zipSearchRoutes } from "./routes/clinics/zip-search.routes.ts";
import { providersRoutes } from "./routes/clinics/providers.routes.ts";
import { clinicsByCityRoutes } from "./routes/clinics/clinics-by-city.routes.ts";
import { ratingsRoutes } from "./routes/ratings/ratings.routes.ts";
import { pricesRoutes } from "./routes/prices/prices.routes.ts";
import { dealsRoutes } from "./routes/deals/deals.routes.ts";
import { staffRoutes } from "./routes/staff/staff.routes.ts";
import { photosRoutes } from "./routes/photos/photos.routes.ts";
import { npiRoutes } from "./routes/staff/npi.routes.ts";
import { newsletterRoutes } from "./routes/newsletter/newsletter.routes.ts";
import { openApiRoutes } from "./routes/openapi/openapi.routes.ts";
import { authRoutes } from "./routes/auth/auth.routes.ts";
import { statsRoutes } from "./routes/stats/stats.routes.ts";
import { clinicsAdminRoutes } from "./routes/clinics/clinics-admin.routes.ts";
import { postsRoutes } from "./routes/blog/posts.routes.ts";
import { categoriesRoutes } from "./routes/blog/categories.routes.ts";
import { contactRoutes } from "./routes/contact/contact.routes.ts";
import { uploadRoutes } from "./routes/upload/upload.routes.ts";
import { publishRoutes } from "./routes/publish/publish.routes.ts";
import { suggestionsRoutes } from "./routes/suggestions/suggestions.routes.ts";
import { searchRoutes } from "./routes/search/search.routes.ts";
import { mailRoutes } from "./routes/mail/mail.routes.ts";
import { ownerSecurityRoutes } from "./routes/owner/owner-security.routes.ts";
import { ownerRoutes } from "./routes/owner/owner.routes.ts";
import { claimsRoutes } from "./routes/claims/claims.routes.ts";
import { clinicPatchRoutes } from "./routes/clinics/clinic-patch.routes.ts";
import { bookingLinkRoutes } from "./routes/clinics/booking-link.routes.ts";
import { clinicAuditRoutes } from "./routes/clinics/clinic-audit.routes.ts";
import { eventsRoutes } from "./routes/events/events.routes.ts";
import { beaconFirst } from "./routes/events/beacon-first.ts";

/**
 * Builds the API. `index.ts` only serves it; tests call `createApp(deps).request(...)`.
 * Route modules are mounted under /api/v1 below, one line each.
 */
export function createApp(deps: Deps) {
  // The router, chosen: Hono's default SmartRouter tries RegExpRouter first, which
  // refuses a parameter beside another route at the same place of a path
  // (`/clinics/:id{[0-9]+}/…` beside `/clinics/nearby` and `/clinics/rating-summary`,
  // `/blog/posts/:id` beside `/blog/posts/slug/:slug`), public addresses that stay; it then
  // falls back to TrieRouter on the first request anyway. TrieRouter is also the fastest router
  // that accepts these routes (decision 198). app.test.ts pins it.
  const app = new Hono<AppEnv>({ router: new TrieRouter() });
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  // Request id, secure headers, CORS, origin check, body limit, client address (lib/middleware.ts).
  const answer = answerHeaders(deps.env);
  for (const mw of globalMiddleware(deps.env, answer)) app.use("*", mw);
  // The dashboard's shared counts (lib/counts-memo.ts) go when any write this instance answers
  // ends, failed or not: an admin never sees counts from before their own change. The listing
  // beacon is the exception: it changes no count but the week's listing totals, which may be a
  // second old, and under its load it would leave nothing kept (decision 277).
  if (deps.countsMemo) {
    const memo = deps.countsMemo;
    const beacon = `${API_PREFIX}${EVENTS_PATH}`;
    app.use("*", async (c, next) => {
      if (!isUnsafeMethod(c.req.method) || c.req.path === beacon) return next();
      try {
        await next();
      } finally {
        memo.clear();
      }
    });
  }

  // Mounting the modules' routers gathers their createRoute definitions: the OpenAPI document.
  const v1 = createRouter();
  // ---- route modules (one line each) ----
  v1.route("/", authRoutes);
  v1.route("/", statsRoutes);
  v1.route("/", clinicsAdminRoutes);
  v1.route("/", postsRoutes);
  v1.route("/", categoriesRoutes);
  v1.route("/", contactRoutes);
  v1.route("/", uploadRoutes);
  v1.route("/", publishRoutes);
  v1.route("/", healthRoutes);
  v1.route("/", locationRoutes);
  v1.route("/", citiesRoutes);
  v1.route("/", clinicsPublicRoutes);
  v1.route("/", zipSearchRoutes);
  v1.route("/", providersRoutes);
  v1.route("/", clinicsByCityRoutes);
  v1.route("/", ratingsRoutes);
  v1.route("/", pricesRoutes);
  v1.route("/", dealsRoutes);
  v1.route("/", staffRoutes);
  v1.route("/", photosRoutes);
  v1.route("/", npiRoutes);
  v1.route("/", suggestionsRoutes);
  v1.route("/", searchRoutes);
  v1.route("/", newsletterRoutes);
  v1.route("/", mailRoutes);
  v1.route("/", ownerRoutes);
  v1.route("/", ownerSecurityRoutes);
  v1.route("/", claimsRoutes);
  v1.route("/", clinicPatchRoutes);
  v1.route("/", bookingLinkRoutes);
  v1.route("/", clinicAuditRoutes);
  v1.route("/", eventsRoutes);
  v1.route("/", openApiRoutes(v1));

  app.route(API_PREFIX, v1);
  app.notFound((c) => c.json(errorBody(MSG.api.notFound), 404));
  app.onError(handleError);
  // A GET whose answer the read cache keeps is answered before routing (lib/cached-json.ts), and
  // so is the ordinary listing beacon (routes/events/beacon-first.ts).
  const keptFirst = keptAnswerFirst(deps, answer);
  const routed = app.fetch;
  const beacon = beaconFirst(deps, answer, (request, env) => routed(request, env));
  app.fetch = (request, ...rest) => keptFirst(request) ?? beacon(request, rest[0]) ?? routed(request, ...rest);
  return app;
}

export type App = ReturnType<typeof createApp>;
