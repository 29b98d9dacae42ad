import { Hono } from "hono";
import { z } from "zod";
import { MSG, QUERY_MSG, citySlugSchema, isoDay, totalPages, clinicBySlugQuerySchema, clinicsByCityQuerySchema, type ClinicListResponse } from "@botox/core";
import { findClinicBySlugOrId, searchClinicsInCity, withCurrentPrices } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { HttpError, parseOrThrow } from "../../lib/errors.ts";
import { cityCentre } from "../../lib/city-centres.ts";
import { asksOpenNow, cachedJson, openNowMoment } from "../../lib/read-cache.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { clinicSchema, commonErrors, errorSchema, paginationSchema } from "../../lib/response-schemas.ts";

export const proxyRoutes = new Hono<AppEnv>();

documentRoute({
  method: "get",
  path: "/proxy/clinics-by-city/{city}",
  summary:
    "One page of a city's clinics. {city}: city slug, optionally ending in a state code (new-york-ny). businessStatus repeatable or comma-joined; distance in miles from the city centre (absent or 'any' = no limit); sortBy reviews|name|price (price: cheapest first, unpriced last); sortOrder desc|asc. maxUnitPrice: dollars, only clinics whose current per-unit price of `brand` (default botox) is at most that. Each clinic carries currentPrice. Unknown city: empty list",
  tags: ["clinics"],
  query: clinicsByCityQuerySchema,
  responses: {
    200: { description: "Clinics and pagination", schema: z.object({ clinics: z.array(clinicSchema), pagination: paginationSchema }) },
    ...commonErrors,
  },
});
proxyRoutes.get("/proxy/clinics-by-city/:city", (c) => {
  const open = openNowMoment(c, asksOpenNow(c.req.query("openNow")));
  return cachedJson(c, async () => {
  const city = parseOrThrow(citySlugSchema, c.req.param("city"));
  const q = parseOrThrow(clinicsByCityQuerySchema, { ...c.req.query(), businessStatus: c.req.queries("businessStatus") });
  const deps = c.get("deps");
  const today = isoDay(new Date());
  const { items, total } = await searchClinicsInCity(deps.db, {
    city,
    centre: q.distance == null ? undefined : await cityCentre(deps, city),
    page: q.page,
    limit: q.limit,
    query: q.query,
    statuses: q.businessStatus,
    radiusMiles: q.distance,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
    openAt: q.openNow ? open.at : undefined,
    price: { brand: q.brand, today, maxUnitCents: q.maxUnitPrice },
  });
  const body: ClinicListResponse = {
    clinics: await withCurrentPrices(deps.db, items, q.brand, today),
    pagination: { totalItems: total, itemsPerPage: q.limit, currentPage: q.page, totalPages: totalPages(total, q.limit) },
  };
  return body;
  }, open.key);
});

const clinicSegmentSchema = z.string().min(1, QUERY_MSG.slug).max(300, QUERY_MSG.slug);

documentRoute({
  method: "get",
  path: "/proxy/clinic/{slug}",
  summary: "One clinic by slug (within ?city= when given), or by id when the segment is a number",
  tags: ["clinics"],
  query: clinicBySlugQuerySchema,
  responses: {
    200: { description: "The clinic", schema: clinicSchema },
    404: { description: MSG.clinic.notFoundTitle, schema: errorSchema },
    ...commonErrors,
  },
});
proxyRoutes.get("/proxy/clinic/:slug", (c) => cachedJson(c, async () => {
  const segment = parseOrThrow(clinicSegmentSchema, c.req.param("slug"));
  const q = parseOrThrow(clinicBySlugQuerySchema, c.req.query());
  const clinic = await findClinicBySlugOrId(c.get("deps").db, segment, q.city);
  if (!clinic) throw new HttpError(404, MSG.clinic.notFoundTitle);
  return clinic;
}));
