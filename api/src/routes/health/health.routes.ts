import { createRoute } from "@hono/zod-openapi";
import { healthResponseSchema, readyResponseSchema, type HealthResponse } from "@botox/core";
import type { Deps } from "../../context.ts";
import { createRouter, json } from "../../lib/openapi.ts";
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

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  summary: "Liveness and database state",
  tags: ["health"],
  responses: {
    200: json("Up", healthResponseSchema),
    503: json("The database is unreachable", healthResponseSchema),
  },
});

const readyRoute = createRoute({
  method: "get",
  path: "/ready",
  summary: "Readiness for load balancers: the database answers and every migration is applied",
  tags: ["health"],
  responses: {
    200: json("Ready", readyResponseSchema),
    503: json("The database is unreachable or migrations are pending", readyResponseSchema),
  },
});

export const healthRoutes = createRouter()
  .openapi(healthRoute, async (c) => {
    c.header("Cache-Control", "no-store");
    const up = await databaseUp(c.get("deps"));
    const body: HealthResponse = up ? { status: "ok", database: "up" } : { status: "degraded", database: "down" };
    return up ? c.json(body, 200) : c.json(body, 503);
  })
  .openapi(readyRoute, async (c) => {
    c.header("Cache-Control", "no-store");
    const deps = c.get("deps");
    const r = await checkReadiness(deps.sql);
    const ready = r.ready && !deps.draining?.();
    const body = { status: ready ? "ready" : "not ready", database: r.database, migrations: r.migrations } as const;
    return ready ? c.json(body, 200) : c.json(body, 503);
  });
