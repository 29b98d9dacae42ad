import { createRoute } from "@hono/zod-openapi";
import { isoDay, zipSearchQuerySchema, zipSearchResponseSchema, type ZipSearchResponse } from "@botox/core";
import { searchClinicsNearZip, searchClinicsNearZipByPrice, withCurrentPrices, withVerifiedCredentials } from "@botox/db";
import { asksOpenNow, cachedJson, openNowMoment } from "../../lib/read-cache.ts";
import { commonErrors, createRouter, json } from "../../lib/openapi.ts";

const zipSearchRoute = createRoute({
  method: "get",
  path: "/zip-search",
  summary:
    "Clinics near a ZIP centroid, nearest first. distance: miles (default 25; 'any' or 150 = no limit); businessStatus comma-joined, either case. maxUnitPrice: dollars, only clinics whose current per-unit price of `brand` (default botox) is at most that; sortBy=price: cheapest first, unpriced last, then nearest. credential: comma-separated MD, DO, NP, PA, RN, other: only clinics with a staff member of one of them whose licence check is current. Each clinic carries currentPrice and verifiedCredentials. Unknown ZIP: empty result",
  tags: ["clinics"],
  request: { query: zipSearchQuerySchema },
  responses: { 200: json("One page of clinics", zipSearchResponseSchema), ...commonErrors },
});

export const zipSearchRoutes = createRouter().openapi(zipSearchRoute, (c) => {
  const q = c.req.valid("query");
  const open = openNowMoment(c, asksOpenNow(c.req.query("openNow")));
  return cachedJson(
    c,
    async () => {
      const { db, now } = c.get("deps");
      // The staff rule's day from the injected clock (prices keep their own).
      const staffDay = isoDay(now?.() ?? new Date());
      const search = {
        postalCode: q.postalCode,
        page: q.page,
        limit: q.limit,
        radiusMiles: q.distance,
        statuses: q.businessStatus,
        openAt: q.openNow ? open.at : undefined,
        credential: { credentials: q.credential, today: staffDay },
      };
      const today = isoDay(new Date());
      const result =
        q.maxUnitPrice != null || q.sortBy === "price"
          ? await searchClinicsNearZipByPrice(db, { ...search, sortBy: q.sortBy, price: { brand: q.brand, today, maxUnitCents: q.maxUnitPrice } })
          : await searchClinicsNearZip(db, search);
      const body: ZipSearchResponse = {
        clinics: await withVerifiedCredentials(db, await withCurrentPrices(db, result.items, q.brand, today), staffDay),
        totalCount: result.total,
        itemsPerPage: q.limit,
        currentPage: q.page,
        origin: result.origin,
      };
      return body;
    },
    open.key,
  );
});
