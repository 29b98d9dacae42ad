import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { SEARCH, citySchema, popularCitiesQuerySchema } from "@botox/core";
import { findNearestCities, findPopularCities } from "@botox/db";
import { cachedJson } from "../../lib/cached-json.ts";
import { commonErrors, createRouter, json } from "../../lib/openapi.ts";
import { resolveVisitorLocation } from "../location/visitor-location.ts";

const popularRoute = createRoute({
  method: "get",
  path: "/cities/popular",
  summary: "Cities with the most clinics: count and mean coordinates",
  tags: ["cities"],
  request: { query: popularCitiesQuerySchema },
  responses: { 200: json("Cities, most clinics first", z.array(citySchema)), ...commonErrors },
});

const nearbyRoute = createRoute({
  method: "get",
  path: "/cities/nearby",
  summary: "The 9 cities nearest the visitor, one per name, with their distance in miles",
  tags: ["cities"],
  responses: { 200: json("Cities, nearest first", z.array(citySchema)), ...commonErrors },
});

export const citiesRoutes = createRouter()
  .openapi(popularRoute, (c) => {
    const q = c.req.valid("query");
    return cachedJson(c, () => findPopularCities(c.get("deps").db, q.limit));
  })
  .openapi(nearbyRoute, async (c) => {
    const location = await resolveVisitorLocation(c);
    const cities = await findNearestCities(c.get("deps").db, { latitude: location.lat, longitude: location.lon }, SEARCH.cityGridSize);
    // Depends on the visitor's address or CDN geo headers: never stored by a shared cache.
    c.header("Cache-Control", "private, no-store");
    return c.json(cities, 200);
  });
