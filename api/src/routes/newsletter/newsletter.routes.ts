import { Hono } from "hono";
import { z } from "zod";
import { newsletterSchema, type NewsletterResponse } from "@botox/core";
import { upsertNewsletterSubscription } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { parseOrThrow, readJson } from "../../lib/errors.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { writeErrors } from "../../lib/response-schemas.ts";

export const newsletterRoutes = new Hono<AppEnv>();

documentRoute({
  method: "post",
  path: "/newsletter/subscribe",
  summary: "Subscribe to the newsletter; subscribing an email again succeeds and changes nothing stored (no duplicate)",
  tags: ["newsletter"],
  body: newsletterSchema,
  responses: { 200: { description: "Subscribed", schema: z.object({ subscribed: z.literal(true) }) }, ...writeErrors },
});
newsletterRoutes.post("/newsletter/subscribe", rateLimit({ windowMs: 60_000, limit: 5, keyPrefix: "newsletter" }), async (c) => {
  const input = parseOrThrow(newsletterSchema, await readJson(c));
  await upsertNewsletterSubscription(c.get("deps").db, input);
  const body: NewsletterResponse = { subscribed: true };
  return c.json(body);
});
