import { createRoute } from "@hono/zod-openapi";
import { SEARCH, nearbyProvidersResponseSchema, providersNearUserQuerySchema, type NearbyProvidersResponse } from "@botox/core";
import { listClinicsNear } from "@botox/db";
import { commonErrors, createRouter, json } from "../../lib/openapi.ts";
import { resolveVisitorLocation } from "../location/visitor-location.ts";

const nearUserRoute = createRoute({
  method: "get",
  path: "/providers/near-user",
  summary: "Clinics within 100 miles of the visitor's location, nearest first",
  tags: ["clinics"],
  request: { query: providersNearUserQuerySchema },
  responses: { 200: json("Providers near the visitor", nearbyProvidersResponseSchema), ...commonErrors },
});

export const providersRoutes = createRouter().openapi(nearUserRoute, async (c) => {
  const q = c.req.valid("query");
  const userLocation = await resolveVisitorLocation(c);
  const items = await listClinicsNear(c.get("deps").db, {
    origin: { latitude: userLocation.lat, longitude: userLocation.lon },
    radiusMiles: SEARCH.nearbyRadiusMiles,
    limit: q.limit,
  });
  const body: NearbyProvidersResponse = { providers: items, userLocation, searchRadius: SEARCH.nearbyRadiusMiles };
  c.header("Cache-Control", "private, no-store");
  return c.json(body, 200);
});
