import { createHash, timingSafeEqual } from "node:crypto";
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { publishQueuedSchema, publishRollbackResponseSchema, publishStatusSchema } from "@botox/core";
import type { AppEnv } from "../../context.ts";
import { adminRoute } from "../../auth/admin-route.ts";
import { HttpError } from "../../lib/errors.ts";
import { idParams } from "../../lib/ids.ts";
import { createRouter, errorResponse, json } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import type { Publisher } from "@botox/publish";

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
 * @internal Exported for its tests.
 */
export const WEBHOOK_RATE_LIMIT = { windowMs: 60_000, limit: 10, keyPrefix: "publish-webhook" } as const;

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Constant-time comparison: both sides are hashed to equal length first.
 * @internal Exported for its tests.
 */
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

const notRunning = errorResponse("Publishing not running in this process");

const webhookRoute = createRoute({
  method: "post",
  path: "/publish/webhook",
  summary: "Request a site rebuild (server-to-server; shared secret in X-Webhook-Secret or Authorization: Bearer)",
  tags: ["publish"],
  middleware: [rateLimit(WEBHOOK_RATE_LIMIT)] as const,
  responses: {
    202: json("Rebuild queued", publishQueuedSchema),
    401: errorResponse("Missing or wrong secret"),
    404: errorResponse("Webhook disabled (no secret configured)"),
    429: errorResponse("Rate limited"),
    503: notRunning,
  },
});

const statusRoute = adminRoute({
  method: "get",
  path: "/publish/status",
  summary: "Publishing state, queue, live build and recent builds with the tail of their logs",
  tags: ["publish"],
  responses: { 200: json("Status", publishStatusSchema), 503: notRunning },
});

const rebuildRoute = adminRoute({
  method: "post",
  path: "/publish/rebuild",
  summary: "Rebuild now",
  tags: ["publish"],
  responses: { 202: json("Rebuild queued", publishQueuedSchema), 503: notRunning },
});

const rollbackRoute = adminRoute({
  method: "post",
  path: "/publish/rollback/{id}",
  summary: "Make a kept successful build live again (local mode)",
  tags: ["publish"],
  request: { params: idParams(PUBLISH_MSG.buildNotFound) },
  responses: {
    200: json("Now live", publishRollbackResponseSchema),
    404: errorResponse(PUBLISH_MSG.buildNotFound),
    409: errorResponse("Not a kept successful build, or hook mode"),
  },
});

export const publishRoutes = createRouter()
  .openapi(webhookRoute, async (c) => {
    const expected = c.get("deps").env.PUBLISH_WEBHOOK_SECRET;
    if (!expected) throw new HttpError(404, PUBLISH_MSG.disabled);
    if (!secretMatches(presentedSecret(c), expected)) throw new HttpError(401, PUBLISH_MSG.badSecret);
    publisher(c).request("webhook");
    return c.json({ queued: true as const }, 202);
  })
  .openapi(statusRoute, async (c) => c.json(await publisher(c).status(), 200))
  .openapi(rebuildRoute, (c) => {
    publisher(c).request("rebuild");
    return c.json({ queued: true as const }, 202);
  })
  .openapi(rollbackRoute, async (c) => {
    const id = c.req.valid("param").id;
    const result = await publisher(c).rollback(id);
    if (!result.ok) throw new HttpError(result.status, result.error);
    return c.json({ live: { id: result.id } }, 200);
  });
