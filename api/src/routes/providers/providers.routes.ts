import { Hono } from "hono";
import { z } from "zod";
import { SEARCH, providersNearUserQuerySchema, type NearbyProvidersResponse } from "@botox/core";
import { listClinicsNear } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { parseOrThrow } from "../../lib/errors.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { clinicSchema, commonErrors } from "../../lib/response-schemas.ts";
import { userLocationSchema } from "../../location/location.routes.ts";
import { resolveVisitorLocation } from "../../location/visitor-location.ts";

export const providersRoutes = new Hono<AppEnv>();

documentRoute({
  method: "get",
  path: "/providers/near-user",
  summary: "Clinics within 100 miles of the visitor's location, nearest first",
  tags: ["clinics"],
  query: providersNearUserQuerySchema,
  responses: {
    200: {
      description: "Providers near the visitor",
      schema: z.object({ providers: z.array(clinicSchema), userLocation: userLocationSchema, searchRadius: z.number() }),
    },
    ...commonErrors,
  },
});
providersRoutes.get("/providers/near-user", async (c) => {
  const q = parseOrThrow(providersNearUserQuerySchema, c.req.query());
  const userLocation = await resolveVisitorLocation(c);
  const items = await listClinicsNear(c.get("deps").db, {
    origin: { latitude: userLocation.lat, longitude: userLocation.lon },
    radiusMiles: SEARCH.nearbyRadiusMiles,
    limit: q.limit,
  });
  const body: NearbyProvidersResponse = { providers: items, userLocation, searchRadius: SEARCH.nearbyRadiusMiles };
  c.header("Cache-Control", "private, no-store");
  return c.json(body);
});
