import { createRoute } from "@hono/zod-openapi";
import { isoDay, setBounded, zipSearchQuerySchema, zipSearchResponseSchema, type ZipSearchResponse } from "@botox/core";
import { searchClinicsNearZip, searchClinicsNearZipByPrice, withVerifiedStaff, type Database, type KnownTotal, type LocatedFilters } from "@botox/db";
import type { Deps } from "../../context.ts";
import { asksOpenNow, cachedJson, keptAnswer, listingAnswer, openNowKey, openNowMoment } from "../../lib/cached-json.ts";
import { clinicTextsOf } from "../../lib/clinic-texts.ts";
import { nearScope, type AnswerScope } from "../../lib/read-cache.ts";
import { commonErrors, createRouter, json } from "../../lib/openapi.ts";

const zipSearchRoute = createRoute({
  method: "get",
  path: "/zip-search",
  summary:
    "Clinics near a ZIP centroid, nearest first. distance: miles (default 25; 'any' or 150 = no limit); businessStatus comma-joined, either case. maxUnitPrice: dollars, only clinics whose current per-unit price of `brand` (default botox) is at most that; sortBy=price: cheapest first, unpriced last, then nearest. credential: comma-separated MD, DO, NP, PA, RN, other: only clinics with a staff member of one of them whose licence check is current. Each clinic carries currentPrice and verifiedCredentials. Unknown ZIP: empty result",
  tags: ["clinics"],
  // A kept answer is sent before the query is validated again (a cache hit).
  middleware: [keptAnswer(openNowKey)] as const,
  request: { query: zipSearchQuerySchema },
  responses: { 200: json("One page of clinics", zipSearchResponseSchema), ...commonErrors },
});

export const zipSearchRoutes = createRouter().openapi(zipSearchRoute, (c) => {
  const q = c.req.valid("query");
  const open = openNowMoment(c, asksOpenNow(c.req.query("openNow")));
  // The clinics within the radius of the ZIP's centroid; an unknown ZIP's answer depends on none.
  let scope: AnswerScope = { kind: "none" };
  return cachedJson(
    c,
    async () => {
      const { db, now, locatedPlaces, state } = c.get("deps");
      const today = isoDay(now?.() ?? new Date());
      const filters: LocatedFilters = {
        statuses: q.businessStatus,
        openAt: q.openNow ? open.at : undefined,
        credential: { credentials: q.credential, today },
      };
      const search = {
        ...filters,
        postalCode: q.postalCode,
        page: q.page,
        limit: q.limit,
        radiusMiles: q.distance,
        price: { brand: q.brand, today, maxUnitCents: q.maxUnitPrice },
        // The page's verified staff, read in the page's statement.
        verifiedOn: today,
        places: locatedPlaces,
        // Each clinic written from its kept text (decision 221).
        texts: clinicTextsOf(c.get("deps")),
      };
      // One statement either way: the page, its current prices and the total. At any distance
      // the total is every located clinic passing the filters, whichever the ZIP: kept across
      // ZIPs with the write generation it was counted at, it spares each new ZIP a count of
      // tens of thousands of rows while no write changed it, cache or not.
      // The cheapest first under a ceiling at any distance keeps its total the same way (decision 213).
      const byPrice = q.maxUnitPrice != null || q.sortBy === "price";
      const cheapestAnywhere = q.distance == null && q.maxUnitPrice != null && q.sortBy === "price";
      const totals = q.distance == null && (!byPrice || cheapestAnywhere) ? locatedTotals(state.zipSearchTotals, db) : undefined;
      const key = totals && (cheapestAnywhere ? pricedKey(filters, search.price) : locatedKey(filters));
      const knownTotal = key ? totals?.get(key) : undefined;
      const result = await (
        byPrice ? searchClinicsNearZipByPrice(db, { ...search, sortBy: q.sortBy, knownTotal }) : searchClinicsNearZip(db, { ...search, knownTotal })
      ).then((found) => {
        if (key && found.located) keepTotal(totals, key, found.located);
        return found;
      });
      scope = result.origin ? nearScope(result.origin, q.distance) : { kind: "none" };
      const rest = { totalCount: result.total, itemsPerPage: q.limit, currentPage: q.page, origin: result.origin };
      if (result.clinicsText !== undefined) return listingAnswer<ZipSearchResponse>(result.clinicsText, rest);
      const body: ZipSearchResponse = { clinics: withVerifiedStaff(result.items, result.verifiedStaff), ...rest };
      return body;
    },
    open.key,
    () => scope,
  );
});

/**
 * How many filter sets' totals are kept per database (an openNow search is one per minute). A kept
 * total is taken by the statement only at the generation it was counted at: zip-search-total.test.ts
 * and zip-search-cheapest.test.ts prove the answer is the counted one (decision 303: what it pays).
 */
const KEPT_TOTALS = 1_000;
/** The totals at any distance of each database the app reads (deps.state; tests run many apps in one process). */
function locatedTotals(keptTotals: Deps["state"]["zipSearchTotals"], db: Database): Map<string, KnownTotal> {
  let totals = keptTotals.get(db);
  if (!totals) keptTotals.set(db, (totals = new Map<string, KnownTotal>()));
  return totals;
}

function keepTotal(totals: Map<string, KnownTotal> | undefined, key: string, located: KnownTotal): void {
  if (!totals) return;
  setBounded(totals, KEPT_TOTALS, key, located);
}

/** `locatedKey` with the price filter: the brand, the ceiling and the day (prices over 365 days old count for nothing). */
function pricedKey(f: LocatedFilters, price: { brand: string; today: string; maxUnitCents?: number }): string {
  return JSON.stringify({ located: locatedKey(f), brand: price.brand, maxUnitCents: price.maxUnitCents ?? null, today: price.today });
}

/** One key for equal filters, however the query string ordered or cased them. */
function locatedKey(f: LocatedFilters): string {
  const credentials = [...(f.credential?.credentials ?? [])].sort();
  return JSON.stringify({
    statuses: [...(f.statuses ?? [])].sort(),
    openAt: f.openAt?.toISOString() ?? null,
    credentials,
    // The day matters only to the credential rule (a check older than 365 days counts for nothing).
    today: credentials.length > 0 ? (f.credential?.today ?? null) : null,
  });
}
