import { Hono } from "hono";
import { z } from "zod";
import { MSG, RATING_EMOJIS, ratingSchema, type HasRatedResponse, type RatingResponse } from "@botox/core";
import { clinicExists, hasRated, insertRating, ratingStats } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { HttpError, parseOrThrow, readJson } from "../../lib/errors.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { commonErrors, errorSchema, ratingStatSchema, writeErrors } from "../../lib/response-schemas.ts";
import { addressHash, ensureVisitorId, readVisitorId } from "../../lib/visitor.ts";

export const ratingsRoutes = new Hono<AppEnv>();

/** Path ids: anything but a positive 32-bit integer is simply an unknown clinic. */
function clinicIdOf(raw: string): number {
  const n = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || n < 1 || n > 2_147_483_647) throw new HttpError(404, MSG.clinic.notFoundTitle);
  return n;
}

const notFound = { 404: { description: MSG.clinic.notFoundTitle, schema: errorSchema } };

documentRoute({
  method: "post",
  path: "/clinics/{id}/ratings",
  summary: "Rate a clinic with an emoji and an optional comment; one rating per visitor (cookie visitor_id and address)",
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
  const rating = await insertRating(db, {
    clinicId,
    emoji: input.emoji,
    comment: input.comment,
    visitorId: ensureVisitorId(c),
    addressHash: addressHash(c),
  });
  if (!rating) throw new HttpError(409, MSG.rating.alreadyRated);
  const body: RatingResponse = { rating };
  return c.json(body, 201);
});

documentRoute({
  method: "get",
  path: "/clinics/{id}/has-rated",
  summary: "Whether this visitor (cookie or address) has rated the clinic",
  tags: ["ratings"],
  responses: { 200: { description: "hasRated", schema: z.object({ hasRated: z.boolean() }) }, ...commonErrors },
});
ratingsRoutes.get("/clinics/:id{[0-9]+}/has-rated", async (c) => {
  const clinicId = clinicIdOf(c.req.param("id"));
  const body: HasRatedResponse = { hasRated: await hasRated(c.get("deps").db, clinicId, readVisitorId(c), addressHash(c)) };
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
