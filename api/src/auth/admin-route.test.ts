import { describe, expect, it } from "vitest";
import { testLogger } from "@botox/core/testing";
import { MSG } from "@botox/core";
import { createApp } from "../app.ts";
import { readApiEnv } from "../env.ts";
import { createAppState } from "../lib/app-state.ts";
import { PUBLIC_ROUTES, servedRoutesOf } from "../test/routes.ts";

// No database: without a session cookie the session check answers before any query runs.
const app = createApp({
  db: null as never,
  sql: null as never,
  env: readApiEnv({ NODE_ENV: "test" }),
  secret: "admin-route-test-secret",
  logger: testLogger(),
  state: createAppState(),
});
const ALLOWED_ORIGIN = readApiEnv({ NODE_ENV: "test" }).ALLOWED_ORIGINS[0];

const SAFE = new Set(["get", "head", "options"]);

type Operation = { security?: unknown[]; responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }> };

async function documented(): Promise<Map<string, Operation>> {
  const res = await app.request("/api/v1/openapi.json");
  const doc = (await res.json()) as { paths: Record<string, Record<string, Operation>> };
  return new Map(Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method} ${path}`, op] as const)));
}

const servedRoutes = () => servedRoutesOf(app);

const adminRoutes = servedRoutes().filter((r) => !PUBLIC_ROUTES.has(r));

/** A URL for a documented route: every path parameter is 1 (the session check runs first). */
const urlOf = (path: string) => `/api/v1${path.replace(/\{\w+\}/g, "1")}`;

describe("admin routes (adminRoute)", () => {
  it("the public list names served routes only", () => {
    const served = new Set(servedRoutes());
    expect([...PUBLIC_ROUTES].filter((r) => !served.has(r))).toEqual([]);
    expect(adminRoutes.length).toBeGreaterThan(30);
  });

  it("every admin route is documented with the session, its 401 and, when it writes, the origin check's 403", async () => {
    const ops = await documented();
    const unauthorized = ops.get("get /stats")?.responses["401"];
    expect(unauthorized?.description).toBe(MSG.api.unauthorized);
    for (const route of adminRoutes) {
      const op = ops.get(route);
      expect(op?.security, route).toEqual([{ session: [] }]);
      expect(op?.responses["401"], route).toEqual(unauthorized);
      if (!SAFE.has(route.split(" ")[0]!)) expect(op?.responses["403"]?.description, route).toBe("Origin not allowed");
    }
    for (const route of PUBLIC_ROUTES) expect(ops.get(route)?.security, `${route} is public`).toBeUndefined();
  });

  it.each(adminRoutes)("%s answers 401 without a session, and 403 to a foreign origin when it writes", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    const headers: Record<string, string> = SAFE.has(method) ? {} : { Origin: ALLOWED_ORIGIN ?? "" };
    const res = await app.request(urlOf(path), { method: method.toUpperCase(), headers });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: MSG.api.unauthorized });
    if (!SAFE.has(method)) {
      const foreign = await app.request(urlOf(path), { method: method.toUpperCase(), headers: { Origin: "https://evil.example" } });
      expect(foreign.status).toBe(403);
      expect(await foreign.json()).toEqual({ error: MSG.api.forbiddenOrigin });
    }
  });
});
