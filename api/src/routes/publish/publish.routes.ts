import { createHash, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { MSG } from "@botox/core";
import type { AppEnv } from "../../context.ts";
import { requireSession } from "../../auth/session.ts";
import { HttpError } from "../../lib/errors.ts";
import { idParam } from "../../lib/ids.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import type { Publisher } from "@botox/publish";

const errorSchema = z.object({ error: z.string() });
const queuedSchema = z.object({ queued: z.literal(true) });
const buildSchema = z.object({
  id: z.number(),
  status: z.enum(["queued", "running", "succeeded", "failed"]),
  trigger: z.string(),
  changeWatermark: z.number(),
  live: z.boolean(),
  durationMs: z.number().nullable(),
  pageCount: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  logTail: z.string(),
});
const publishStatusSchema = z.object({
  mode: z.enum(["local", "hook"]),
  state: z.enum(["idle", "queued", "running"]),
  dirty: z.boolean(),
  queue: z.array(z.object({ trigger: z.string(), requestedAt: z.string(), dueAt: z.string().nullable(), buildId: z.number().nullable() })),
  live: z.object({ id: z.number(), finishedAt: z.string().nullable() }).nullable(),
  nextNightlyRun: z.string().nullable(),
  builds: z.array(buildSchema),
});

const PUBLISH_MSG = {
  disabled: "The rebuild webhook is disabled (PUBLISH_WEBHOOK_SECRET is not set)",
  badSecret: "Invalid webhook secret",
  notRunning: "Publishing is not running in this API process",
  buildNotFound: "Build not found",
} as const;

function publisher(c: Context<AppEnv>): Publisher {
  const p = c.get("deps").publisher;
  if (!p) throw new HttpError(503, PUBLISH_MSG.notRunning);
  return p;
}

/**
 * Per address: a deploy tool calls a few times a minute at most. Wrong secrets count too, so
 * guessing one is slow; every request past the limit answers 429 before the secret is checked.
 */
export const WEBHOOK_RATE_LIMIT = { windowMs: 60_000, limit: 10, keyPrefix: "publish-webhook" } as const;

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Constant-time comparison: both sides are hashed to equal length first. */
export function secretMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

function presentedSecret(c: Context<AppEnv>): string | undefined {
  const header = c.req.header("x-webhook-secret");
  if (header !== undefined) return header;
  const auth = c.req.header("authorization");
  const m = auth ? /^Bearer\s+(.+)$/i.exec(auth) : null;
  return m?.[1]?.trim();
}

export const publishRoutes = new Hono<AppEnv>();

documentRoute({
  method: "post",
  path: "/publish/webhook",
  summary: "Request a site rebuild (server-to-server; shared secret in X-Webhook-Secret or Authorization: Bearer)",
  tags: ["publish"],
  responses: {
    202: { description: "Rebuild queued", schema: queuedSchema },
    401: { description: "Missing or wrong secret", schema: errorSchema },
    404: { description: "Webhook disabled (no secret configured)", schema: errorSchema },
    429: { description: "Rate limited", schema: errorSchema },
    503: { description: "Publishing not running in this process", schema: errorSchema },
  },
});
publishRoutes.post("/publish/webhook", rateLimit(WEBHOOK_RATE_LIMIT), async (c) => {
  const expected = c.get("deps").env.PUBLISH_WEBHOOK_SECRET;
  if (!expected) throw new HttpError(404, PUBLISH_MSG.disabled);
  if (!secretMatches(presentedSecret(c), expected)) throw new HttpError(401, PUBLISH_MSG.badSecret);
  publisher(c).request("webhook");
  return c.json({ queued: true as const }, 202);
});

documentRoute({
  method: "get",
  path: "/publish/status",
  summary: "Publishing state, queue, live build and recent builds with the tail of their logs",
  tags: ["publish"],
  auth: true,
  responses: {
    200: { description: "Status", schema: publishStatusSchema },
    401: { description: MSG.api.unauthorized, schema: errorSchema },
    503: { description: "Publishing not running in this process", schema: errorSchema },
  },
});
publishRoutes.get("/publish/status", requireSession, async (c) => c.json(await publisher(c).status()));

documentRoute({
  method: "post",
  path: "/publish/rebuild",
  summary: "Rebuild now",
  tags: ["publish"],
  auth: true,
  responses: {
    202: { description: "Rebuild queued", schema: queuedSchema },
    401: { description: MSG.api.unauthorized, schema: errorSchema },
    503: { description: "Publishing not running in this process", schema: errorSchema },
  },
});
publishRoutes.post("/publish/rebuild", requireSession, (c) => {
  publisher(c).request("rebuild");
  return c.json({ queued: true as const }, 202);
});

documentRoute({
  method: "post",
  path: "/publish/rollback/{id}",
  summary: "Make a kept successful build live again (local mode)",
  tags: ["publish"],
  auth: true,
  responses: {
    200: { description: "Now live", schema: z.object({ live: z.object({ id: z.number() }) }) },
    401: { description: MSG.api.unauthorized, schema: errorSchema },
    404: { description: PUBLISH_MSG.buildNotFound, schema: errorSchema },
    409: { description: "Not a kept successful build, or hook mode", schema: errorSchema },
  },
});
publishRoutes.post("/publish/rollback/:id", requireSession, async (c) => {
  const id = idParam(c.req.param("id"), PUBLISH_MSG.buildNotFound);
  const result = await publisher(c).rollback(id);
  if (!result.ok) throw new HttpError(result.status, result.error);
  return c.json({ live: { id: result.id } });
});
