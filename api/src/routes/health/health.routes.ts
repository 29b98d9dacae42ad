import { Hono } from "hono";
import { z } from "zod";
import type { HealthResponse } from "@botox/core";
import type { AppEnv, Deps } from "../../context.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { checkReadiness } from "../../lib/readiness.ts";

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

const readySchema = z.object({ status: z.enum(["ready", "not ready"]), database: z.enum(["up", "down"]), migrations: z.enum(["current", "pending", "unknown"]) });
documentRoute({
  method: "get",
  path: "/ready",
  summary: "Readiness for load balancers: the database answers and every migration is applied",
  tags: ["health"],
  responses: {
    200: { description: "Ready", schema: readySchema },
    503: { description: "The database is unreachable or migrations are pending", schema: readySchema },
  },
});
healthRoutes.get("/ready", async (c) => {
  c.header("Cache-Control", "no-store");
  const r = await checkReadiness(c.get("deps").sql);
  return c.json({ status: r.ready ? "ready" : "not ready", database: r.database, migrations: r.migrations }, r.ready ? 200 : 503);
});
