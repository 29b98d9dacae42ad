import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  MSG,
  QUERY_MSG,
  citySlugSchema,
  clinicBySlugQuerySchema,
  clinicListResponseSchema,
  clinicSchema,
  clinicsByCityQuerySchema,
  isoDay,
  type ClinicListResponse,
} from "@botox/core";
import { findClinicTextBySlugOrId, searchClinicsInCity, withVerifiedStaff } from "@botox/db";
import { HttpError } from "../../lib/errors.ts";
import { cityCentre } from "../../lib/city-centres.ts";
import { clinicTextsOf } from "../../lib/clinic-texts.ts";
import { asksOpenNow, cachedJson, keptAnswer, listingAnswer, openNowKey, openNowMoment } from "../../lib/cached-json.ts";
import { commonErrors, createRouter, errorResponse, json } from "../../lib/openapi.ts";

const clinicsByCityRoute = createRoute({
  method: "get",
  path: "/proxy/clinics-by-city/{city}",
  summary:
    "One page of a city's clinics. {city}: city slug, optionally ending in a state code (new-york-ny). businessStatus repeatable or comma-joined; distance in miles from the city centre (absent or 'any' = no limit); sortBy reviews|name|price (price: cheapest first, unpriced last); sortOrder desc|asc. maxUnitPrice: dollars, only clinics whose current per-unit price of `brand` (default botox) is at most that. credential: comma-separated MD, DO, NP, PA, RN, other: only clinics with a staff member of one of them whose licence check is current. Each clinic carries currentPrice and verifiedCredentials. Unknown city: empty list",
  tags: ["clinics"],
  // A kept answer is sent before the segment and query are validated again (a cache hit).
  middleware: [keptAnswer(openNowKey)] as const,
  request: { params: z.object({ city: citySlugSchema }), query: clinicsByCityQuerySchema },
  responses: { 200: json("Clinics and pagination", clinicListResponseSchema), ...commonErrors },
});

const clinicSegmentSchema = z.string().min(1, QUERY_MSG.slug).max(300, QUERY_MSG.slug);

const clinicRoute = createRoute({
  method: "get",
  path: "/proxy/clinic/{slug}",
  summary: "One clinic by slug (within ?city= when given), or by id when the segment is a number",
  tags: ["clinics"],
  // A kept answer is sent before the segment and query are validated again (a cache hit).
  middleware: [keptAnswer()] as const,
  request: { params: z.object({ slug: clinicSegmentSchema }), query: clinicBySlugQuerySchema },
  responses: {
    200: json("The clinic", clinicSchema),
    404: errorResponse(MSG.clinic.notFoundTitle),
    ...commonErrors,
  },
});

export const clinicsByCityRoutes = createRouter()
  .openapi(clinicsByCityRoute, (c) => {
    const { city } = c.req.valid("param");
    const q = c.req.valid("query");
    const open = openNowMoment(c, asksOpenNow(c.req.query("openNow")));
    return cachedJson(
      c,
      async () => {
        const deps = c.get("deps");
        const today = isoDay(deps.now?.() ?? new Date());
        const { items, verifiedStaff, total, clinicsText } = await searchClinicsInCity(deps.db, {
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
          credential: { credentials: q.credential, today },
          // The page's verified staff, read in the page's statement.
          verifiedOn: today,
          // Each clinic written from its kept text (decision 221).
          texts: clinicTextsOf(deps),
        });
        const pagination = { totalItems: total, itemsPerPage: q.limit, currentPage: q.page, totalPages: Math.ceil(total / q.limit) };
        if (clinicsText !== undefined) return listingAnswer<ClinicListResponse>(clinicsText, { pagination });
        const body: ClinicListResponse = { clinics: withVerifiedStaff(items, verifiedStaff), pagination };
        return body;
      },
      open.key,
      () => ({ kind: "city", segment: city }),
    );
  })
  .openapi(clinicRoute, (c) => {
    const { slug } = c.req.valid("param");
    const q = c.req.valid("query");
    return cachedJson(
      c,
      async () => {
        // Written from the clinic's kept text (decision 221).
        const clinic = await findClinicTextBySlugOrId(c.get("deps").db, slug, q.city, clinicTextsOf(c.get("deps")));
        if (!clinic) throw new HttpError(404, MSG.clinic.notFoundTitle);
        return clinic;
      },
      undefined,
      () => ({ kind: "clinic", segment: slug }),
    );
  });
