import { Hono } from "hono";
import { z } from "zod";
import { zipSearchQuerySchema, type ZipSearchResponse } from "@botox/core";
import { searchClinicsNearZip } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { cachedJson } from "../../lib/read-cache.ts";
import { parseOrThrow } from "../../lib/errors.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { clinicSchema, commonErrors } from "../../lib/response-schemas.ts";

export const zipSearchRoutes = new Hono<AppEnv>();

const zipSearchResponseSchema = z.object({
  clinics: z.array(clinicSchema),
  totalCount: z.number().int(),
  itemsPerPage: z.number().int(),
  currentPage: z.number().int(),
  origin: z.object({ latitude: z.number(), longitude: z.number(), city: z.string(), state: z.string() }).nullable(),
});

documentRoute({
  method: "get",
  path: "/zip-search",
  summary:
    "Clinics near a ZIP centroid, nearest first. distance: miles (default 25; 'any' or 150 = no limit); businessStatus comma-joined, either case. Unknown ZIP: empty result",
  tags: ["clinics"],
  query: zipSearchQuerySchema,
  responses: { 200: { description: "One page of clinics", schema: zipSearchResponseSchema }, ...commonErrors },
});
zipSearchRoutes.get("/zip-search", (c) => cachedJson(c, async () => {
  const q = parseOrThrow(zipSearchQuerySchema, c.req.query());
  const result = await searchClinicsNearZip(c.get("deps").db, {
    postalCode: q.postalCode,
    page: q.page,
    limit: q.limit,
    radiusMiles: q.distance,
    statuses: q.businessStatus,
  });
  const body: ZipSearchResponse = {
    clinics: result.items,
    totalCount: result.total,
    itemsPerPage: q.limit,
    currentPage: q.page,
    origin: result.origin,
  };
  return body;
}));
