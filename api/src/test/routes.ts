/** The route lists the route walks share (auth/admin-route.test.ts, auth/owner-access.test.ts). */
import type { createApp } from "../app.ts";

/**
 * Every route anyone may call. Any other route is an admin route and must be declared with
 * adminRoute (or ownerRoute): a new route is refused until it is either listed (public) or uses one.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  "post /login",
  "post /logout",
  "post /owner/sign-in-link",
  "post /owner/sign-in",
  "post /owner/sign-in-password",
  "post /owner/sign-in/second-factor",
  "post /owner/invites/accept",
  "post /upload/claim-evidence",
  "post /clinics/{id}/claims",
  "post /claims/{id}/verify",
  "get /health",
  "get /ready",
  "get /openapi.json",
  "get /location",
  "get /cities/popular",
  "get /cities/nearby",
  "post /clinics/nearby",
  "get /zip-search",
  "get /search/lookup",
  "get /providers/near-user",
  "get /proxy/clinics-by-city/{city}",
  "get /proxy/clinic/{slug}",
  "post /clinics/{id}/ratings",
  "get /clinics/{id}/has-rated",
  "get /clinics/{id}/rating-stats",
  "get /clinics/rating-summary",
  // status=all needs a session; the handler checks it (the public list is cached, that one not).
  "get /clinics/{id}/prices",
  "get /price-index",
  "post /clinics/{id}/price-reports",
  "get /deals",
  "get /clinics/{id}/staff",
  "post /clinics/{id}/suggestions",
  // The clinic page's beacon: counts only (decision 277).
  "post /events",
  "get /blog/posts",
  "get /blog/posts/recent",
  "get /blog/posts/slug/{slug}",
  "get /blog/categories",
  "get /blog/categories/{id}",
  "post /contact",
  "post /newsletter/subscribe",
  "post /newsletter/confirm",
  "get /newsletter/preferences",
  "put /newsletter/preferences",
  "post /newsletter/unsubscribe",
  "delete /newsletter/subscription",
  "post /price-alerts",
  "get /uploads/{name}",
  // Server to server, with its own shared secret.
  "post /publish/webhook",
]);

/** Every route the app serves, in the document's form ("get /clinics/{id}"). */
export function servedRoutesOf(app: ReturnType<typeof createApp>): string[] {
  const out = new Set<string>();
  for (const r of app.routes) {
    if (r.method === "ALL") continue;
    out.add(`${r.method.toLowerCase()} ${r.path.replace(/^\/api\/v1/, "").replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}`);
  }
  return [...out].sort();
}
