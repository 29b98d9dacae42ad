import { createRoute } from "@hono/zod-openapi";
import { newsletterResponseSchema, newsletterSchema, type NewsletterResponse } from "@botox/core";
import { upsertNewsletterSubscription } from "@botox/db";
import { createRouter, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";

const subscribeRoute = createRoute({
  method: "post",
  path: "/newsletter/subscribe",
  summary: "Subscribe to the newsletter; subscribing an email again succeeds and changes nothing stored (no duplicate)",
  tags: ["newsletter"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 5, keyPrefix: "newsletter" }), jsonBody] as const,
  request: { body: jsonRequest(newsletterSchema) },
  responses: { 200: json("Subscribed", newsletterResponseSchema), ...writeErrors },
});

export const newsletterRoutes = createRouter().openapi(subscribeRoute, async (c) => {
  await upsertNewsletterSubscription(c.get("deps").db, c.req.valid("json"));
  const body: NewsletterResponse = { subscribed: true };
  return c.json(body, 200);
});
