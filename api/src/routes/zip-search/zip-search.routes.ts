import { Hono } from "hono";
import { z } from "zod";
import { isoDay, zipSearchQuerySchema, type ZipSearchResponse } from "@botox/core";
import { searchClinicsNearZip, searchClinicsNearZipByPrice, withCurrentPrices } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { asksOpenNow, cachedJson, openNowMoment } from "../../lib/read-cache.ts";
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
    "Clinics near a ZIP centroid, nearest first. distance: miles (default 25; 'any' or 150 = no limit); businessStatus comma-joined, either case. maxUnitPrice: dollars, only clinics whose current per-unit price of `brand` (default botox) is at most that; sortBy=price: cheapest first, unpriced last, then nearest. Each clinic carries currentPrice. Unknown ZIP: empty result",
  tags: ["clinics"],
  query: zipSearchQuerySchema,
  responses: { 200: { description: "One page of clinics", schema: zipSearchResponseSchema }, ...commonErrors },
});
zipSearchRoutes.get("/zip-search", (c) => {
  const open = openNowMoment(c, asksOpenNow(c.req.query("openNow")));
  return cachedJson(c, async () => {
  const q = parseOrThrow(zipSearchQuerySchema, c.req.query());
  const { db } = c.get("deps");
  const search = { postalCode: q.postalCode, page: q.page, limit: q.limit, radiusMiles: q.distance, statuses: q.businessStatus, openAt: q.openNow ? open.at : undefined };
  const today = isoDay(new Date());
  const result =
    q.maxUnitPrice != null || q.sortBy === "price"
      ? await searchClinicsNearZipByPrice(db, { ...search, sortBy: q.sortBy, price: { brand: q.brand, today, maxUnitCents: q.maxUnitPrice } })
      : await searchClinicsNearZip(db, search);
  const body: ZipSearchResponse = {
    clinics: await withCurrentPrices(db, result.items, q.brand, today),
    totalCount: result.total,
    itemsPerPage: q.limit,
    currentPage: q.page,
    origin: result.origin,
  };
  return body;
  }, open.key);
});
