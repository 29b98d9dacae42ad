import { Hono } from "hono";
import { z } from "zod";
import { SEARCH, popularCitiesQuerySchema, type City } from "@botox/core";
import { findNearestCities, findPopularCities } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { parseOrThrow } from "../../lib/errors.ts";
import { cachedJson } from "../../lib/read-cache.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { citySchema, commonErrors } from "../../lib/response-schemas.ts";
import { resolveVisitorLocation } from "../../location/visitor-location.ts";

export const citiesRoutes = new Hono<AppEnv>();

documentRoute({
  method: "get",
  path: "/cities/popular",
  summary: "Cities with the most clinics: count and mean coordinates",
  tags: ["cities"],
  query: popularCitiesQuerySchema,
  responses: { 200: { description: "Cities, most clinics first", schema: z.array(citySchema) }, ...commonErrors },
});
citiesRoutes.get("/cities/popular", (c) => cachedJson(c, async () => {
  const q = parseOrThrow(popularCitiesQuerySchema, c.req.query());
  const cities: City[] = await findPopularCities(c.get("deps").db, q.limit);
  return cities;
}));

documentRoute({
  method: "get",
  path: "/cities/nearby",
  summary: "The 9 cities nearest the visitor, one per name, with their distance in miles",
  tags: ["cities"],
  responses: { 200: { description: "Cities, nearest first", schema: z.array(citySchema) }, ...commonErrors },
});
citiesRoutes.get("/cities/nearby", async (c) => {
  const location = await resolveVisitorLocation(c);
  const cities = await findNearestCities(c.get("deps").db, { latitude: location.lat, longitude: location.lon }, SEARCH.cityGridSize);
  // Depends on the visitor's address or CDN geo headers: never stored by a shared cache.
  c.header("Cache-Control", "private, no-store");
  return c.json(cities);
});
