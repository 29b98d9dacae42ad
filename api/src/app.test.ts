/**
 * The app's router is chosen, not found on the first request (app.ts): TrieRouter, because
 * RegExpRouter refuses the API's public addresses (a parameter beside other routes at the same
 * place of a path). If RegExpRouter ever takes them all, this says so: the choice is then to be
 * made again.
 */
import { describe, expect, it } from "vitest";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { testLogger } from "@botox/core/testing";
import { createApp } from "./app.ts";
import { readApiEnv } from "./env.ts";
import { createAppState } from "./lib/app-state.ts";

const app = createApp({
  db: null as never,
  sql: null as never,
  env: readApiEnv({ NODE_ENV: "test" }),
  secret: "app-test-secret",
  logger: testLogger(),
  state: createAppState(),
});

describe("the API's router", () => {
  it("is TrieRouter from the start", () => {
    expect(app.router.name).toBe("TrieRouter");
  });

  it("is needed: RegExpRouter refuses the API's routes", () => {
    const regExp = new RegExpRouter<unknown>();
    expect(() => {
      for (const r of app.routes) regExp.add(r.method, r.path, r.handler);
      regExp.match("GET", "/api/v1/health");
    }).toThrow(/\/api\/v1\//);
  });

  it("routes the public reads to their handlers (a clinic's slug, a city, a ZIP search)", async () => {
    // Validation answers 400 before any database is read: the request reached its route.
    for (const path of ["/api/v1/zip-search?postalCode=x", "/api/v1/proxy/clinics-by-city/new-york?page=0", `/api/v1/proxy/clinic/${"x".repeat(301)}`]) {
      expect((await app.request(path)).status, path).toBe(400);
    }
    expect((await app.request("/api/v1/no-such-route")).status).toBe(404);
  });
});
