import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { API_PREFIX } from "@botox/core";
import type { AppEnv } from "../../context.ts";
import { buildOpenApiDocument, createRouter, json } from "../../lib/openapi.ts";

const openApiRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  summary: "This document (OpenAPI 3.1)",
  tags: ["meta"],
  responses: { 200: json("The OpenAPI document", z.record(z.string(), z.unknown())) },
});

/** Serves the document of every route mounted on `documented` (app.ts mounts this last). */
export function openApiRoutes(documented: OpenAPIHono<AppEnv>) {
  return createRouter().openapi(openApiRoute, (c) => c.json(buildOpenApiDocument(new URL(API_PREFIX, c.req.url).toString(), documented), 200));
}
