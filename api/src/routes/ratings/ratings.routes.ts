import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  MSG,
  RATING,
  isId,
  hasRatedResponseSchema,
  ratingResponseSchema,
  ratingSchema,
  ratingStatSchema,
  type HasRatedResponse,
  type RatingResponse,
} from "@botox/core";
import { clinicExists, hasRated, insertRating, ratingStats, ratingSummaries } from "@botox/db";
import { HttpError } from "../../lib/errors.ts";
import { idParams } from "../../lib/ids.ts";
import { commonErrors, createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { addressHash, ensureVisitorId, networkHash, readVisitorId } from "../../lib/visitor.ts";

/** Path ids: anything but a positive 32-bit integer is simply an unknown clinic. */
const clinicParams = idParams(MSG.clinic.notFoundTitle);

const notFound = { 404: errorResponse(MSG.clinic.notFoundTitle) };

// Hono paths with a pattern: only digits reach these routes (the document shows `{id}`).
const rateRoute = createRoute({
  method: "post",
  path: "/clinics/:id{[0-9]+}/ratings",
  summary: `Rate a clinic with an emoji and an optional comment; one rating per visitor (cookie visitor_id); one address (IPv4 address, IPv6 /64) may give a clinic ${RATING.perNetworkPerClinic} ratings in ${RATING.windowDays} days, whatever its cookies; rating markup counts networks by IPv4 /24 and IPv6 /48`,
  tags: ["ratings"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 10, keyPrefix: "ratings" }), jsonBody] as const,
  request: { params: clinicParams, body: jsonRequest(ratingSchema) },
  responses: {
    201: json("Rating stored", ratingResponseSchema),
    ...notFound,
    409: errorResponse(MSG.rating.alreadyRated),
    ...writeErrors,
    429: errorResponse(`${MSG.rating.addressLimit} (or the per-minute limit)`),
  },
});

const hasRatedRoute = createRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}/has-rated",
  summary: "Whether this visitor (its cookie) has rated the clinic",
  tags: ["ratings"],
  request: { params: clinicParams },
  responses: { 200: json("hasRated", hasRatedResponseSchema), ...commonErrors },
});

const statsRoute = createRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}/rating-stats",
  summary: "Count per emoji, all five emojis, zeros included",
  tags: ["ratings"],
  request: { params: clinicParams },
  responses: { 200: json("Counts", z.array(ratingStatSchema)), ...commonErrors },
});

/** At most one listing page of clinics per request (the largest page is 50). */
const MAX_SUMMARY_IDS = 50;
const summaryIdsSchema = z.preprocess(
  // No ids at all reads as an empty list, refused with the same message as a malformed one.
  (v) => v ?? "",
  z
    .string()
    .max(600)
    .regex(/^\d{1,10}(,\d{1,10})*$/, "ids must be comma-separated clinic ids.")
    .transform((v) => [...new Set(v.split(",").map(Number))].filter(isId))
    .refine((ids) => ids.length <= MAX_SUMMARY_IDS, `At most ${MAX_SUMMARY_IDS} ids.`),
);

const summaryRoute = createRoute({
  method: "get",
  path: "/clinics/rating-summary",
  summary: "Our own emoji ratings of up to 50 clinics (ids=1,2,3): clinics with ratings only, non-zero counts",
  tags: ["ratings"],
  request: { query: z.object({ ids: summaryIdsSchema }) },
  responses: { 200: json("Counts per clinic id", z.record(z.string(), z.array(ratingStatSchema))), ...commonErrors },
});

export const ratingsRoutes = createRouter()
  .openapi(rateRoute, async (c) => {
    const clinicId = c.req.valid("param").id;
    const input = c.req.valid("json");
    if (input.clinicId !== undefined && input.clinicId !== clinicId) {
      throw new HttpError(400, "clinicId does not match the clinic in the path.", [
        { path: "clinicId", message: "clinicId does not match the clinic in the path." },
      ]);
    }
    const { db } = c.get("deps");
    if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.clinic.notFoundTitle);
    const result = await insertRating(
      db,
      { clinicId, emoji: input.emoji, comment: input.comment, visitorId: ensureVisitorId(c), addressHash: addressHash(c), networkHash: networkHash(c) },
      { perNetwork: RATING.perNetworkPerClinic, windowDays: RATING.windowDays },
    );
    if ("refused" in result) {
      throw result.refused === "already-rated" ? new HttpError(409, MSG.rating.alreadyRated) : new HttpError(429, MSG.rating.addressLimit);
    }
    const body: RatingResponse = { rating: result.rating };
    return c.json(body, 201);
  })
  .openapi(hasRatedRoute, async (c) => {
    const clinicId = c.req.valid("param").id;
    const body: HasRatedResponse = { hasRated: await hasRated(c.get("deps").db, clinicId, readVisitorId(c)) };
    c.header("Cache-Control", "private, no-store");
    return c.json(body, 200);
  })
  .openapi(statsRoute, async (c) => c.json(await ratingStats(c.get("deps").db, c.req.valid("param").id), 200))
  .openapi(summaryRoute, async (c) => {
    const { ids } = c.req.valid("query");
    c.header("Cache-Control", "public, max-age=60");
    return c.json(await ratingSummaries(c.get("deps").db, ids), 200);
  });
