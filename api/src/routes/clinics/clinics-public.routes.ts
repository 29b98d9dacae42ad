import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { SEARCH, clinicSchema, isoDay, nearbyClinicsBodySchema } from "@botox/core";
import { listClinicsNearEncoded } from "@botox/db";
import { clinicTextsOf } from "../../lib/clinic-texts.ts";
import { cachedJson, openNowMoment } from "../../lib/cached-json.ts";
import { nearScope } from "../../lib/read-cache.ts";
import { commonErrors, createRouter, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";

const nearbyRoute = createRoute({
  method: "post",
  path: "/clinics/nearby",
  summary:
    "Clinics within `radius` miles (default 100) of a point, nearest first, at most 50, with _distance, each with its current Botox per-unit price (currentPrice) and currently verified staff (verifiedCredentials, verifiedStaff)",
  tags: ["clinics"],
  // A read sent as POST (product.md §7.1); limited generously, as a cheap guard against scraping.
  middleware: [rateLimit({ windowMs: 60_000, limit: 120, keyPrefix: "clinics-nearby" }), jsonBody] as const,
  request: { body: jsonRequest(nearbyClinicsBodySchema) },
  responses: {
    200: json("Clinics, nearest first", z.array(clinicSchema)),
    ...commonErrors,
    403: writeErrors[403],
    415: writeErrors[415],
    429: writeErrors[429],
  },
});

export const clinicsPublicRoutes = createRouter().openapi(nearbyRoute, (c) => {
  const body = c.req.valid("json");
  // The answer depends on the point alone, and visitors located by IP share their city's.
  const open = openNowMoment(c, body.openNow, `POST /clinics/nearby ${body.latitude},${body.longitude},${body.radius}`);
  const { db, now } = c.get("deps");
  const today = isoDay(now?.() ?? new Date());
  const search = {
    origin: { latitude: body.latitude, longitude: body.longitude },
    radiusMiles: body.radius,
    limit: SEARCH.maxNearbyResults,
    openAt: open.at,
    // Each card's current Botox price and verified staff, as the other listings give them.
    cardsOn: today,
  };
  return cachedJson(
    c,
    // Written from the clinics' kept texts (decision 221): 50 clinics a request made this route's CPU.
    () => listClinicsNearEncoded(db, search, clinicTextsOf(c.get("deps"))),
    // A price or a staff check stops counting with the days: the day is part of the key.
    `${open.key} ${today}`,
    () => nearScope(search.origin, search.radiusMiles),
  );
});
