import { createRoute } from "@hono/zod-openapi";
import { userLocationSchema } from "@botox/core";
import { createRouter, json } from "../../lib/openapi.ts";
import { resolveVisitorLocation } from "./visitor-location.ts";

const locationRoute = createRoute({
  method: "get",
  path: "/location",
  summary: "The visitor's approximate location (CDN headers, local GeoIP file, or the New York fallback)",
  tags: ["location"],
  responses: { 200: json("User location", userLocationSchema) },
});

export const locationRoutes = createRouter().openapi(locationRoute, async (c) => {
  c.header("Cache-Control", "private, no-store");
  return c.json(await resolveVisitorLocation(c), 200);
});
