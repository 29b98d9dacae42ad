import { Hono } from "hono";
import { API_PREFIX } from "@botox/core";
import type { AppEnv } from "../../context.ts";
import { buildOpenApiDocument, documentRoute } from "../../lib/openapi.ts";

export const openApiRoutes = new Hono<AppEnv>();

// Every route module documents its calls with documentRoute() when imported; app.ts imports
// them all before this document is first built.
openApiRoutes.get("/openapi.json", (c) => c.json(buildOpenApiDocument(new URL(API_PREFIX, c.req.url).toString())));

documentRoute({
  method: "get",
  path: "/openapi.json",
  summary: "This document (OpenAPI 3.1)",
  tags: ["meta"],
  responses: { 200: { description: "The OpenAPI document" } },
});
