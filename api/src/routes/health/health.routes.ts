import { Hono } from "hono";
import { z } from "zod";
import type { HealthResponse } from "@botox/core";
import type { AppEnv, Deps } from "../../context.ts";
import { documentRoute } from "../../lib/openapi.ts";

/** Longest the probe waits: a database that does not answer in time counts as down. */
const PROBE_TIMEOUT_MS = 2_000;

async function databaseUp(deps: Deps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  const probe = deps.sql`select 1`.then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes = new Hono<AppEnv>();

const healthSchema = z.object({ status: z.enum(["ok", "degraded"]), database: z.enum(["up", "down"]) });
documentRoute({
  method: "get",
  path: "/health",
  summary: "Liveness and database state",
  tags: ["health"],
  responses: {
    200: { description: "Up", schema: healthSchema },
    503: { description: "The database is unreachable", schema: healthSchema },
  },
});
healthRoutes.get("/health", async (c) => {
  c.header("Cache-Control", "no-store");
  const up = await databaseUp(c.get("deps"));
  const body: HealthResponse = up ? { status: "ok", database: "up" } : { status: "degraded", database: "down" };
  return c.json(body, up ? 200 : 503);
});
