import { Hono } from "hono";
import { z } from "zod";
import { MSG, RATING, isId, RATING_EMOJIS, ratingSchema, type HasRatedResponse, type RatingResponse } from "@botox/core";
import { clinicExists, hasRated, insertRating, ratingStats, ratingSummaries } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { HttpError, parseOrThrow, readJson } from "../../lib/errors.ts";
import { idParam } from "../../lib/ids.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { commonErrors, errorSchema, ratingStatSchema, writeErrors } from "../../lib/response-schemas.ts";
import { addressHash, ensureVisitorId, readVisitorId } from "../../lib/visitor.ts";

export const ratingsRoutes = new Hono<AppEnv>();

/** Path ids: anything but a positive 32-bit integer is simply an unknown clinic. */
const clinicIdOf = (raw: string) => idParam(raw, MSG.clinic.notFoundTitle);

const notFound = { 404: { description: MSG.clinic.notFoundTitle, schema: errorSchema } };

documentRoute({
  method: "post",
  path: "/clinics/{id}/ratings",
  summary: `Rate a clinic with an emoji and an optional comment; one rating per visitor (cookie visitor_id); one address may send ${RATING.perAddressPerClinicPerDay} ratings per clinic per day`,
  tags: ["ratings"],
  body: ratingSchema,
  responses: {
    201: {
      description: "Rating stored",
      schema: z.object({
        rating: z.object({ id: z.number(), clinicId: z.number(), emoji: z.enum(RATING_EMOJIS), comment: z.string().nullable(), createdAt: z.string() }),
      }),
    },
    ...notFound,
    409: { description: MSG.rating.alreadyRated, schema: errorSchema },
    ...writeErrors,
    429: { description: `${MSG.rating.addressLimit} (or the per-minute limit)`, schema: errorSchema },
  },
});
ratingsRoutes.post("/clinics/:id{[0-9]+}/ratings", rateLimit({ windowMs: 60_000, limit: 10, keyPrefix: "ratings" }), async (c) => {
  const clinicId = clinicIdOf(c.req.param("id"));
  const input = parseOrThrow(ratingSchema, await readJson(c));
  if (input.clinicId !== undefined && input.clinicId !== clinicId) {
    throw new HttpError(400, "clinicId does not match the clinic in the path.", [{ path: "clinicId", message: "clinicId does not match the clinic in the path." }]);
  }
  const { db } = c.get("deps");
  if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.clinic.notFoundTitle);
  const result = await insertRating(
    db,
    { clinicId, emoji: input.emoji, comment: input.comment, visitorId: ensureVisitorId(c), addressHash: addressHash(c) },
    RATING.perAddressPerClinicPerDay,
  );
  if ("refused" in result) {
    throw result.refused === "already-rated" ? new HttpError(409, MSG.rating.alreadyRated) : new HttpError(429, MSG.rating.addressLimit);
  }
  const body: RatingResponse = { rating: result.rating };
  return c.json(body, 201);
});

documentRoute({
  method: "get",
  path: "/clinics/{id}/has-rated",
  summary: "Whether this visitor (its cookie) has rated the clinic",
  tags: ["ratings"],
  responses: { 200: { description: "hasRated", schema: z.object({ hasRated: z.boolean() }) }, ...commonErrors },
});
ratingsRoutes.get("/clinics/:id{[0-9]+}/has-rated", async (c) => {
  const clinicId = clinicIdOf(c.req.param("id"));
  const body: HasRatedResponse = { hasRated: await hasRated(c.get("deps").db, clinicId, readVisitorId(c)) };
  c.header("Cache-Control", "private, no-store");
  return c.json(body);
});

documentRoute({
  method: "get",
  path: "/clinics/{id}/rating-stats",
  summary: "Count per emoji, all five emojis, zeros included",
  tags: ["ratings"],
  responses: { 200: { description: "Counts", schema: z.array(ratingStatSchema) }, ...commonErrors },
});
ratingsRoutes.get("/clinics/:id{[0-9]+}/rating-stats", async (c) => {
  return c.json(await ratingStats(c.get("deps").db, clinicIdOf(c.req.param("id"))));
});

/** At most one listing page of clinics per request (the largest page is 50). */
const MAX_SUMMARY_IDS = 50;
const summaryIdsSchema = z
  .string()
  .max(600)
  .regex(/^\d{1,10}(,\d{1,10})*$/, "ids must be comma-separated clinic ids.")
  .transform((v) => [...new Set(v.split(",").map(Number))].filter(isId))
  .refine((ids) => ids.length <= MAX_SUMMARY_IDS, `At most ${MAX_SUMMARY_IDS} ids.`);

documentRoute({
  method: "get",
  path: "/clinics/rating-summary",
  summary: "Our own emoji ratings of up to 50 clinics (ids=1,2,3): clinics with ratings only, non-zero counts",
  tags: ["ratings"],
  responses: { 200: { description: "Counts per clinic id", schema: z.record(z.string(), z.array(ratingStatSchema)) }, ...commonErrors },
});
ratingsRoutes.get("/clinics/rating-summary", async (c) => {
  const ids = parseOrThrow(z.object({ ids: summaryIdsSchema }), { ids: c.req.query("ids") ?? "" }).ids;
  c.header("Cache-Control", "public, max-age=60");
  return c.json(await ratingSummaries(c.get("deps").db, ids));
});
