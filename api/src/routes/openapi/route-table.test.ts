import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testLogger } from "@botox/core/testing";
import { createApp } from "../../app.ts";
import { readApiEnv } from "../../env.ts";
import { createAppState } from "../../lib/app-state.ts";

// The typed client's route table (@botox/core/contract paths.ts) is kept by hand and is
// type-only, so nothing at run time ties it to the routes the API serves. This test does:
// every call the client may make is served, and every served route is either in the table
// or named below with the reason no client of ours calls it.
const app = createApp({
  db: null as never,
  sql: null as never,
  env: readApiEnv({ NODE_ENV: "test" }),
  secret: "route-table-test-secret",
  logger: testLogger(),
  state: createAppState(),
});

/** Served routes no typed client calls, each with why. */
const NOT_CALLED_BY_OUR_CLIENTS: Record<string, string> = {
  "get /openapi.json": "read by people and tools, not by our apps",
  "get /ready": "a load balancer's readiness probe",
  "post /publish/webhook": "called by a CMS or CI with the shared secret",
  "get /uploads/{}": "an image address inside blog HTML, fetched by browsers",
  "get /claims/{}/evidence": "an image (a claim's document), fetched by the admin as a blob",
  "post /events": "the clinic page's beacon, sent by navigator.sendBeacon",
};

const PATHS_FILE = path.join(path.dirname(createRequire(import.meta.url).resolve("@botox/core/contract")), "paths.ts");

/** "get /clinics/{}": a route with its parameters' names left out (the two sides name them differently). */
const shape = (method: string, path: string) => `${method.toLowerCase()} ${path.replace(/\{\w*\}/g, "{}")}`;

function clientRoutes(): Set<string> {
  const text = fs.readFileSync(PATHS_FILE, "utf8");
  const routes = new Set<string>();
  const gets = /export type ApiGets = \[([\s\S]*?)\n\];/.exec(text)?.[1] ?? "";
  const writes = /export interface ApiWrites \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? "";
  const calls = (block: string) => [...block.matchAll(/Call<["`]([^"`]+)["`]/g)].map((m) => (m[1] ?? "").replace(/\$\{Seg\}/g, "{}"));
  for (const p of calls(gets)) routes.add(shape("get", p));
  // One method's list per "POST: [" line, running to the next method's.
  let method = "";
  for (const line of writes.split("\n")) {
    method = /^\s*(POST|PUT|PATCH|DELETE): \[/.exec(line)?.[1] ?? method;
    for (const p of calls(line)) routes.add(shape(method, p));
  }
  return routes;
}

function servedRoutes(): Set<string> {
  const out = new Set<string>();
  for (const r of app.routes) {
    if (r.method === "ALL") continue; // middleware
    out.add(shape(r.method, r.path.replace(/^\/api\/v1/, "").replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")));
  }
  return out;
}

describe("the typed client's route table", () => {
  it("is read from paths.ts (the parser still fits the file)", () => {
    const routes = clientRoutes();
    expect(routes.size).toBeGreaterThan(50);
    expect(routes).toContain("get /clinics/{}");
    expect(routes).toContain("put /clinics/{}");
    expect(routes).toContain("delete /blog/categories/{}");
  });

  it("names only routes the API serves", () => {
    const served = servedRoutes();
    expect([...clientRoutes()].filter((r) => !served.has(r))).toEqual([]);
  });

  it("holds every served route, except those no client of ours calls", () => {
    const client = clientRoutes();
    const missing = [...servedRoutes()].filter((r) => !client.has(r) && !(r in NOT_CALLED_BY_OUR_CLIENTS));
    expect(missing).toEqual([]);
  });

  it("lists no exception that the table holds or the API no longer serves", () => {
    const served = servedRoutes();
    const client = clientRoutes();
    for (const r of Object.keys(NOT_CALLED_BY_OUR_CLIENTS)) {
      expect(served.has(r), r).toBe(true);
      expect(client.has(r), r).toBe(false);
    }
  });
});
