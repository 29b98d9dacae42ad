import { createRoute } from "@hono/zod-openapi";
import {
  NEWSLETTER_TOKEN_ERRORS,
  newsletterConfirmResponseSchema,
  newsletterConfirmSchema,
  newsletterDeleteResponseSchema,
  newsletterPreferencesResponseSchema,
  newsletterPreferencesSchema,
  newsletterResponseSchema,
  newsletterSchema,
  newsletterTokenQuerySchema,
  newsletterUnsubscribeResponseSchema,
  priceAlertResponseSchema,
  priceAlertSchema,
  type NewsletterResponse,
  type PriceAlertResponse,
} from "@botox/core";
import { HttpError } from "../../lib/errors.ts";
import { commonErrors, createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { networkHash } from "../../lib/visitor.ts";
import { mailContext, nudgeMail } from "../../mail/service.ts";
import {
  confirmSubscription,
  eraseSubscription,
  readPreferences,
  requestSubscription,
  subscribe,
  unsubscribe,
  writePreferences,
  type TokenProblem,
} from "../../mail/subscriptions.ts";

const tokenErrors = {
  404: errorResponse(NEWSLETTER_TOKEN_ERRORS.invalid.error),
  409: errorResponse(NEWSLETTER_TOKEN_ERRORS.used.error),
  410: errorResponse(NEWSLETTER_TOKEN_ERRORS.expired.error),
};

const refuse = (problem: TokenProblem): never => {
  const { status, error } = NEWSLETTER_TOKEN_ERRORS[problem];
  throw new HttpError(status, error);
};

// One limit for every write reached from a mail link (per network), besides each form's own.
const tokenLimit = () => rateLimit({ windowMs: 60_000, limit: 30, keyPrefix: "newsletter-token" });

const subscribeRoute = createRoute({
  method: "post",
  path: "/newsletter/subscribe",
  summary:
    "Subscribe with double opt-in: a new, pending or unsubscribed address becomes pending and is sent a confirmation link; an address already confirmed is sent nothing. The answer is the same in every case",
  tags: ["newsletter"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 5, keyPrefix: "newsletter" }), jsonBody] as const,
  request: { body: jsonRequest(newsletterSchema) },
  responses: { 200: json("Subscribed (or already)", newsletterResponseSchema), ...writeErrors },
});

const confirmRoute = createRoute({
  method: "post",
  path: "/newsletter/confirm",
  summary: "Confirm a subscription with the token from the confirmation mail (single use, 7 days)",
  tags: ["newsletter"],
  middleware: [tokenLimit(), jsonBody] as const,
  request: { body: jsonRequest(newsletterConfirmSchema) },
  responses: { 200: json("Confirmed; preferencesToken opens the preferences", newsletterConfirmResponseSchema), ...tokenErrors, ...writeErrors },
});

const readPreferencesRoute = createRoute({
  method: "get",
  path: "/newsletter/preferences",
  summary: "A subscription's preferences, from the token in any of its mails",
  tags: ["newsletter"],
  request: { query: newsletterTokenQuerySchema },
  responses: { 200: json("Preferences", newsletterPreferencesResponseSchema), 404: tokenErrors[404], ...commonErrors },
});

const writePreferencesRoute = createRoute({
  method: "put",
  path: "/newsletter/preferences",
  summary: "Replace a subscription's preferences: ZIP, radius (5, 10, 25 or 50 miles), brands, frequency (new: when something new appears; weekly)",
  tags: ["newsletter"],
  middleware: [tokenLimit(), jsonBody] as const,
  request: { query: newsletterTokenQuerySchema, body: jsonRequest(newsletterPreferencesSchema) },
  responses: { 200: json("Saved", newsletterPreferencesResponseSchema), 404: tokenErrors[404], ...writeErrors },
});

const unsubscribeRoute = createRoute({
  method: "post",
  path: "/newsletter/unsubscribe",
  summary: "One-click unsubscribe (RFC 8058): the token in the query, any body or none; mail clients post it without an Origin",
  tags: ["newsletter"],
  middleware: [tokenLimit()] as const,
  request: { query: newsletterTokenQuerySchema },
  responses: { 200: json("Unsubscribed", newsletterUnsubscribeResponseSchema), 404: tokenErrors[404], ...writeErrors },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/newsletter/subscription",
  summary: "Delete my data: the address, its preferences, price alerts and mail history",
  tags: ["newsletter"],
  middleware: [tokenLimit()] as const,
  request: { query: newsletterTokenQuerySchema },
  responses: { 200: json("Erased", newsletterDeleteResponseSchema), 404: tokenErrors[404], ...writeErrors },
});

const priceAlertRoute = createRoute({
  method: "post",
  path: "/price-alerts",
  summary:
    "Tell me when {brand} is under ${maxUnitPrice} a unit within {radiusMiles} miles of {zipCode}: at most one alert mail a day, once per clinic price that crosses the line. A new address is confirmed first (same double opt-in); the answer is the same in every case",
  tags: ["newsletter"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 5, keyPrefix: "price-alerts" }), jsonBody] as const,
  request: { body: jsonRequest(priceAlertSchema) },
  responses: { 200: json("Accepted", priceAlertResponseSchema), ...writeErrors },
});

/** Alerts one address may keep; more are accepted and not stored (the answer never tells). */
const MAX_ALERTS_PER_ADDRESS = 20;

export const newsletterRoutes = createRouter()
  .openapi(subscribeRoute, async (c) => {
    const deps = c.get("deps");
    if (await subscribe(mailContext(deps), c.req.valid("json"), networkHash(c))) nudgeMail(deps);
    const body: NewsletterResponse = { subscribed: true };
    return c.json(body, 200);
  })
  .openapi(confirmRoute, async (c) => {
    const result = await confirmSubscription(mailContext(c.get("deps")), c.req.valid("json").token);
    if (!result.ok) return refuse(result.problem);
    return c.json({ confirmed: true as const, email: result.value.email, preferencesToken: result.value.manage }, 200);
  })
  .openapi(readPreferencesRoute, async (c) => {
    const prefs = await readPreferences(mailContext(c.get("deps")), c.req.valid("query").token);
    return prefs ? c.json(prefs, 200) : refuse("invalid");
  })
  .openapi(writePreferencesRoute, async (c) => {
    const prefs = await writePreferences(mailContext(c.get("deps")), c.req.valid("query").token, c.req.valid("json"));
    return prefs ? c.json(prefs, 200) : refuse("invalid");
  })
  .openapi(unsubscribeRoute, async (c) => {
    if (!(await unsubscribe(mailContext(c.get("deps")), c.req.valid("query").token))) return refuse("invalid");
    return c.json({ unsubscribed: true as const }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    if (!(await eraseSubscription(mailContext(c.get("deps")), c.req.valid("query").token))) return refuse("invalid");
    return c.json({ deleted: true as const }, 200);
  })
  .openapi(priceAlertRoute, async (c) => {
    const deps = c.get("deps");
    const input = c.req.valid("json");
    const queued = await requestSubscription(
      mailContext(deps),
      { email: input.email, zipCode: null, firstName: null, network: networkHash(c) },
      async (tx, subscriptionId) => {
        await tx`
        insert into price_alerts (subscription_id, brand, max_unit_cents, zip_code, radius_miles)
        select ${subscriptionId}, ${input.brand}, ${Math.round(input.maxUnitPrice * 100)}, ${input.zipCode}, ${input.radiusMiles}
        where (select count(*) from price_alerts where subscription_id = ${subscriptionId}) < ${MAX_ALERTS_PER_ADDRESS}
        on conflict do nothing`;
      },
    );
    if (queued) nudgeMail(deps);
    const body: PriceAlertResponse = { accepted: true };
    return c.json(body, 200);
  });
