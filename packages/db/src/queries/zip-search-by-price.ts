/**
 * zip-search by price (product.md §7.1): the price filter and the cheapest-first sort
 * near a ZIP, in one statement. The search without a price is zip-search.ts, whose statement
 * shapes and ZIP origin this reuses (the geometry is listing-geometry.ts, the filters
 * listing-filters.ts).
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BusinessStatus } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicCurrentPrices, clinics } from "../schema/schema.ts";
import { locatedConditionsOf, type ListedPage, type PriceSearch } from "./listing-filters.ts";
import { hasPlace, pricePlace, withinMilesOfZipOrigin, zipOriginCte, zipOriginMiles } from "./listing-geometry.ts";
import {
  knownTotalValues,
  locatedGeneration,
  nearestReach,
  zipBindings,
  zipNames,
  zipOriginColumns,
  zipOriginOf,
  zipPageOf,
  zipPartsOf,
  type KnownTotal,
  type ZipOrigin,
  type ZipListingRow,
  type ZipSearch,
  type ZipShape,
} from "./zip-search.ts";
import {
  currentPriceJoinOn,
  fixedStatement,
  fixedStatementsByShape,
  listingColumns,
  listingPriceColumns,
  listingRolesColumnOn,
  priceOrderFrom,
  toListedClinic,
  verifiedStaffOf,
  type ListingPriceRow,
} from "./listings.ts";
import { keptPriceCounts, oldestFreshDay } from "./price-filters.ts";

type ZipPriceRow = ListingPriceRow & { originLatitude: number; originLongitude: number; originCity: string; originState: string; total: number | string };

/**
 * `searchClinicsNearZipByPrice`'s statement, one fixed text per shape (as
 * zip-search.ts `zipNearStatement`): every value bound, nothing rendered per request.
 */
const zipPriceStatement = fixedStatementsByShape((shape: ZipShape & { maxUnit: boolean; sortBy: "distance" | "price" }) => {
  const { names, parts } = zipNames(shape);
  const more = [...(shape.maxUnit ? ["maxUnitCents"] : []), ...(shape.sortBy === "price" ? ["freshOldest"] : []), "limit", "offset"];
  return fixedStatement([...names, ...more], (v) => {
    const p = parts(v);
    const { price } = p;
    if (!price) throw new Error("zip-search by price: a statement without a brand");
    const priced = keptPriceCounts(price.brand, price.oldestCounting, shape.maxUnit ? v.maxUnitCents : undefined);
    // With a price ceiling only priced clinics can match: they are read from the kept prices
    // alone, by their own copy of the clinic's place and status (migration 0018, decision 215),
    // through clinic_current_prices_point_idx, and the clinic is joined only for the filters
    // that read it (open now, credentials). Without one, unpriced clinics stay: every clinic of
    // the area is read and its price joined (a left join: their unit is null).
    const fromPrices = shape.maxUnit;
    const clinicFilters = shape.openAt || shape.credentials > 0;
    const at = fromPrices ? pricePlace : undefined;
    // The filters every clinic of the answer passes (more can be pushed, e.g. an EXISTS fragment).
    const filters = locatedConditionsOf(
      p.located,
      p.radius === undefined ? (at ? hasPlace(at) : undefined) : withinMilesOfZipOrigin(p.radius, at),
      fromPrices ? clinicCurrentPrices.businessStatus : undefined,
    );
    const source = fromPrices
      ? sql`${clinicCurrentPrices} ${clinicFilters ? sql`JOIN ${clinics} ON ${clinics.id} = ${clinicCurrentPrices.clinicId}` : sql``}`
      : sql`${clinics} LEFT JOIN ${clinicCurrentPrices} ON ${and(eq(clinicCurrentPrices.clinicId, clinics.id), priced)}`;
    const order = (unit: SQL, checkedOn: SQL, distance: SQL, id: SQL) => [
      ...(shape.sortBy === "price" ? priceOrderFrom(unit, checkedOn, v.freshOldest, "asc") : []),
      sql`${distance} ASC`,
      sql`${id} ASC`,
    ];
    // Cheapest first among the priced clinics at any distance: the page is read in the order of
    // clinic_current_prices_unit_idx and stops once it is full (an incremental sort by distance
    // within a price), so the total is counted on its own instead of by a window over every row.
    const countApart = !shape.radius && shape.maxUnit && shape.sortBy === "price";
    return sql`WITH ${zipOriginCte(p.zip)},
    ranked AS (
      SELECT ${fromPrices ? clinicCurrentPrices.clinicId : clinics.id} AS id, ${zipOriginMiles(at)} AS distance, ${clinicCurrentPrices.perUnitCents} AS unit, ${clinicCurrentPrices.checkedOn} AS unit_checked_on
      FROM ${source}
      WHERE ${and(...filters, fromPrices ? priced : undefined)}),
    page AS (
      SELECT id, distance, unit, unit_checked_on, ${countApart ? sql`NULL::bigint` : sql`count(*) over ()`} AS total FROM ranked
      ORDER BY ${sql.join(order(sql`unit`, sql`unit_checked_on`, sql`distance`, sql`id`), sql`, `)} LIMIT ${v.limit} OFFSET ${v.offset})
    SELECT ${zipOriginColumns}, ${listingColumns}, page.distance, coalesce(page.total, (SELECT count(*) FROM ranked)) AS total, ${listingPriceColumns(true)}, ${listingRolesColumnOn(p.staff)}
    FROM origin LEFT JOIN (page JOIN ${clinics} ON ${clinics.id} = page.id ${currentPriceJoinOn(price.brand, price.oldestCounting)}) ON true
    ORDER BY ${sql.join(order(sql`page.unit`, sql`page.unit_checked_on`, sql`page.distance`, sql`page.id`), sql`, `)}`;
  });
});

/**
 * The cheapest first among the clinics priced at most a ceiling, at any distance (decision
 * 213): the page is read in clinic_current_prices_unit_idx order, one branch for the
 * prices checked within 180 days and one for the older ones that still count, each stopping
 * once it holds the nearest `reach` clinics of its cheapest prices (an incremental sort by
 * distance within a price), instead of ranking every priced clinic's distance; the two are
 * then ordered as `priceOrderFrom` orders them. The total is the same from every ZIP: kept with
 * the located clinics' write generation (migration 0016 moves it with prices too), as
 * `searchClinicsNearZip` keeps its total at any distance, and counted when it moved.
 */
const cheapestAnywhereStatement = fixedStatementsByShape((shape: ZipShape & { known: boolean; reach: number }) => {
  const { names, parts } = zipNames(shape);
  const more = ["maxUnitCents", "freshOldest", "limit", "offset", ...(shape.known ? ["knownGeneration", "knownTotal"] : [])];
  return fixedStatement([...names, ...more], (v) => {
    const p = parts(v);
    const { price } = p;
    if (!price) throw new Error("zip-search by price: a statement without a brand");
    const filters = and(...locatedConditionsOf(p.located));
    const priced = sql`${clinicCurrentPrices} ccp JOIN ${clinics} ON ${clinics.id} = ccp.clinic_id
      WHERE ccp.brand = ${price.brand} AND ccp.per_unit_cents <= ${v.maxUnitCents} AND ccp.checked_on >= ${price.oldestCounting}::date AND ${filters}`;
    const branch = (
      tier: SQL,
    ) => sql`(SELECT ${clinics.id} AS id, ${zipOriginMiles()} AS distance, ccp.per_unit_cents AS unit, ccp.checked_on AS unit_checked_on
      FROM ${priced} AND ${tier}
      ORDER BY ccp.per_unit_cents ASC, distance ASC, ${clinics.id} ASC LIMIT ${sql.raw(String(Math.trunc(shape.reach)))})`;
    const order = (unit: SQL, checkedOn: SQL, distance: SQL, id: SQL) => [
      ...priceOrderFrom(unit, checkedOn, v.freshOldest, "asc"),
      sql`${distance} ASC`,
      sql`${id} ASC`,
    ];
    const counted = sql`(SELECT count(*) FROM ${priced})`;
    const count = shape.known ? sql`CASE WHEN ${locatedGeneration} = ${v.knownGeneration}::bigint THEN ${v.knownTotal}::bigint ELSE ${counted} END` : counted;
    return sql`WITH ${zipOriginCte(p.zip)},
    page AS (
      SELECT id, distance, unit, unit_checked_on FROM (
        ${branch(sql`ccp.checked_on >= ${v.freshOldest}::date`)} UNION ALL ${branch(sql`ccp.checked_on < ${v.freshOldest}::date`)}) cheapest
      ORDER BY ${sql.join(order(sql`unit`, sql`unit_checked_on`, sql`distance`, sql`id`), sql`, `)} LIMIT ${v.limit} OFFSET ${v.offset}),
    meta AS (SELECT ${zipOriginColumns}, ${count} AS total, ${locatedGeneration}::text AS generation FROM origin)
    SELECT meta.*, ${listingColumns}, page.distance, ${listingPriceColumns(true)}, ${listingRolesColumnOn(p.staff)}
    FROM meta LEFT JOIN (page JOIN ${clinics} ON ${clinics.id} = page.id ${currentPriceJoinOn(price.brand, price.oldestCounting)}) ON true
    ORDER BY ${sql.join(order(sql`page.unit`, sql`page.unit_checked_on`, sql`page.distance`, sql`page.id`), sql`, `)}`;
  });
});

/**
 * zip-search with a price filter or the price sort: every clinic within the radius (a
 * latitude/longitude box prefilter on clinics_point_idx) or, with a price filter, among the clinics priced
 * at most that (clinic_current_prices joined), ranked by price (`priceOrderFrom`: prices checked
 * within 180 days first, out-of-date ones after them, unpriced last) or distance, then distance
 * and id; the total from the same pass, or counted apart for the cheapest-first page at any
 * distance. The price sort without a filter at any distance still ranks every located clinic.
 * One statement: the ZIP's centroid, the page, its current prices and the total.
 */
export async function searchClinicsNearZipByPrice(
  db: Database,
  s: ZipSearch & { price: PriceSearch; sortBy: "distance" | "price"; statuses?: readonly BusinessStatus[] },
): Promise<ListedPage & { origin: ZipOrigin | null; located?: KnownTotal }> {
  const maxUnitCents = s.price.maxUnitCents;
  const { shape, values } = zipBindings(zipPartsOf(s));
  if (s.radiusMiles == null && maxUnitCents != null && s.sortBy === "price") {
    const offset = (s.page - 1) * s.limit;
    const known = s.knownTotal;
    const statement = cheapestAnywhereStatement({ ...shape, known: known != null, reach: nearestReach(offset + s.limit) });
    const rows = await statement<ZipListingRow & { generation?: string }>(db, {
      ...values,
      maxUnitCents,
      freshOldest: oldestFreshDay(s.price.today),
      limit: s.limit,
      offset,
      ...knownTotalValues(known),
    });
    return zipPageOf(rows, s.price.brand);
  }
  const statement = zipPriceStatement({ ...shape, maxUnit: maxUnitCents != null, sortBy: s.sortBy });
  const rows = await statement<ZipPriceRow>(db, {
    ...values,
    maxUnitCents,
    freshOldest: oldestFreshDay(s.price.today),
    limit: s.limit,
    offset: (s.page - 1) * s.limit,
  });
  const listed = rows.filter((r) => r.id != null);
  return {
    items: listed.map((r) => toListedClinic(r, s.price.brand)),
    verifiedStaff: verifiedStaffOf(listed),
    total: Number(rows[0]?.total ?? 0),
    origin: zipOriginOf(rows),
  };
}
