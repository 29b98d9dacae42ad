import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { documentRoute } from "../lib/openapi.ts";
import { resolveVisitorLocation } from "./visitor-location.ts";

export const userLocationSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  source: z.enum(["cdn", "geoip", "fallback"]),
});

export const locationRoutes = new Hono<AppEnv>();

documentRoute({
  method: "get",
  path: "/location",
  summary: "The visitor's approximate location (CDN headers, local GeoIP file, or the New York fallback)",
  tags: ["location"],
  responses: { 200: { description: "User location", schema: userLocationSchema } },
});
locationRoutes.get("/location", async (c) => {
  c.header("Cache-Control", "private, no-store");
  return c.json(await resolveVisitorLocation(c));
});
