import { Hono } from "hono";
import { z } from "zod";
import { SEARCH, nearbyClinicsBodySchema } from "@botox/core";
import { listClinicsNear } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { cachedJson, openNowMoment } from "../../lib/read-cache.ts";
import { parseOrThrow, readJson } from "../../lib/errors.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { clinicSchema, commonErrors, writeErrors } from "../../lib/response-schemas.ts";

export const clinicsPublicRoutes = new Hono<AppEnv>();

documentRoute({
  method: "post",
  path: "/clinics/nearby",
  summary: "Clinics within `radius` miles (default 100) of a point, nearest first, at most 50, with _distance",
  tags: ["clinics"],
  body: nearbyClinicsBodySchema,
  responses: {
    200: { description: "Clinics, nearest first", schema: z.array(clinicSchema) },
    ...commonErrors,
    403: writeErrors[403],
    415: writeErrors[415],
    429: writeErrors[429],
  },
});
// A read sent as POST (spec §7.1); limited generously, as a cheap guard against scraping.
clinicsPublicRoutes.post("/clinics/nearby", rateLimit({ windowMs: 60_000, limit: 120, keyPrefix: "clinics-nearby" }), async (c) => {
  const body = parseOrThrow(nearbyClinicsBodySchema, await readJson(c));
  // The answer depends on the point alone, and visitors located by IP share their city's.
  const open = openNowMoment(c, body.openNow, `POST /clinics/nearby ${body.latitude},${body.longitude},${body.radius}`);
  const search = { origin: { latitude: body.latitude, longitude: body.longitude }, radiusMiles: body.radius, limit: SEARCH.maxNearbyResults, openAt: open.at };
  return cachedJson(c, () => listClinicsNear(c.get("deps").db, search), open.key);
});
