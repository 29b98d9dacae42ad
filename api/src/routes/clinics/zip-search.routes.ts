import { createRoute } from "@hono/zod-openapi";
import { isoDay, zipSearchQuerySchema, zipSearchResponseSchema, type ZipSearchResponse } from "@botox/core";
import { searchClinicsNearZip, searchClinicsNearZipByPrice, withVerifiedCredentials } from "@botox/db";
import { asksOpenNow, cachedJson, openNowMoment } from "../../lib/cached-json.ts";
import { nearScope } from "../../lib/read-cache.ts";
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
      const today = isoDay(now?.() ?? new Date());
      const search = {
        postalCode: q.postalCode,
        page: q.page,
        limit: q.limit,
        radiusMiles: q.distance,
        statuses: q.businessStatus,
        openAt: q.openNow ? open.at : undefined,
        price: { brand: q.brand, today, maxUnitCents: q.maxUnitPrice },
        credential: { credentials: q.credential, today },
      };
      // One statement either way: the page, its current prices and the total.
      const result =
        q.maxUnitPrice != null || q.sortBy === "price"
          ? await searchClinicsNearZipByPrice(db, { ...search, sortBy: q.sortBy })
          : await searchClinicsNearZip(db, search);
      const body: ZipSearchResponse = {
        // The page's verified staff in one batched read (issue 21).
        clinics: await withVerifiedCredentials(db, result.items, today),
        totalCount: result.total,
        itemsPerPage: q.limit,
        currentPage: q.page,
        origin: result.origin,
      };
      return body;
    },
    open.key,
    // The clinics within the radius of the ZIP's centroid; an unknown ZIP's answer depends on none.
    (answer) => (answer.origin ? nearScope(answer.origin, q.distance) : { kind: "none" }),
  );
});
