/**
 * zip-search by price (product.md §7.1, issue 13): the price filter and the cheapest-first sort
 * near a ZIP, in one statement. The searches without a price stay in clinic-search.ts, whose
 * ZIP origin and filters this reuses.
 */
import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { BusinessStatus } from "@botox/core";
import type { Database } from "../client.ts";
import { clinicCurrentPrices, clinics } from "../schema.ts";
import {
  credentialCondition,
  openAtCondition,
  withinMilesOfZipOrigin,
  zipOriginColumns,
  zipOriginCte,
  zipOriginMiles,
  zipOriginOf,
  type StaffedPage,
  type PriceSearch,
  type ZipOrigin,
  type ZipSearch,
} from "./clinic-search.ts";
import { listedStatusCondition } from "./listed.ts";
import {
  currentPriceJoin,
  listingColumns,
  listingPriceColumns,
  preparedRows,
  priceOrder,
  listingRolesColumn,
  toListedClinic,
  verifiedStaffOf,
  type ListedClinic,
  type ListingPriceRow,
} from "./listings.ts";
import { oldestCountingDay } from "./price-filters.ts";

/**
 * zip-search with a price filter or the price sort: every clinic within the radius (an
 * earth_box prefilter on clinics_earth_idx) or, with a price filter, among the clinics priced
 * at most that (clinic_current_prices joined), ranked by price (`priceOrder`: prices checked
 * within 180 days first, out-of-date ones after them, unpriced last) or distance, then distance
 * and id; the total from the same pass, or counted apart for the cheapest-first page at any
 * distance. The price sort without a filter at any distance still ranks every located clinic.
 * One statement: the ZIP's centroid, the page, its current prices and the total.
 */
export async function searchClinicsNearZipByPrice(
  db: Database,
  s: ZipSearch & { price: PriceSearch; sortBy: "distance" | "price"; statuses?: readonly BusinessStatus[] },
): Promise<StaffedPage<ListedClinic> & { origin: ZipOrigin | null }> {
  // The filters every clinic of the answer passes (more can be pushed, e.g. an EXISTS fragment).
  const filters: SQL[] = [
    s.radiusMiles == null ? sql`${clinics.latitude} IS NOT NULL AND ${clinics.longitude} IS NOT NULL` : withinMilesOfZipOrigin(s.radiusMiles),
  ];
  filters.push(listedStatusCondition(s.statuses));
  if (s.openAt) filters.push(openAtCondition(s.openAt));
  filters.push(...credentialCondition(s.credential));
  // Each clinic's current price as a join, not a probe per row: with a filter only the clinics
  // priced at most that take part (an inner join the planner can start from the priced
  // clinics); without one, unpriced clinics stay (a left join: their unit is null).
  const { maxUnitCents } = s.price;
  const priceJoin = and(
    eq(clinicCurrentPrices.clinicId, clinics.id),
    eq(clinicCurrentPrices.brand, s.price.brand),
    gte(clinicCurrentPrices.checkedOn, oldestCountingDay(s.price.today)),
    maxUnitCents != null ? lte(clinicCurrentPrices.perUnitCents, maxUnitCents) : undefined,
  );
  const order = (unit: SQL, checkedOn: SQL, distance: SQL, id: SQL) => [
    ...(s.sortBy === "price" ? priceOrder(unit, checkedOn, s.price.today, "asc") : []),
    sql`${distance} ASC`,
    sql`${id} ASC`,
  ];
  // Cheapest first among the priced clinics at any distance: the page is read in the order of
  // clinic_current_prices_unit_idx and stops once it is full (an incremental sort by distance
  // within a price), so the total is counted on its own instead of by a window over every row.
  const countApart = s.radiusMiles == null && maxUnitCents != null && s.sortBy === "price";
  const rows = await preparedRows<
    ListingPriceRow & { originLatitude: number; originLongitude: number; originCity: string; originState: string; total: number | string }
  >(
    db,
    sql`WITH ${zipOriginCte(s.postalCode)},
    ranked AS (
      SELECT ${clinics.id} AS id, ${zipOriginMiles()} AS distance, ${clinicCurrentPrices.perUnitCents} AS unit, ${clinicCurrentPrices.checkedOn} AS unit_checked_on
      FROM ${clinics} ${maxUnitCents != null ? sql`INNER JOIN` : sql`LEFT JOIN`} ${clinicCurrentPrices} ON ${priceJoin}
      WHERE ${and(...filters)}),
    page AS (
      SELECT id, distance, unit, unit_checked_on, ${countApart ? sql`NULL::bigint` : sql`count(*) over ()`} AS total FROM ranked
      ORDER BY ${sql.join(order(sql`unit`, sql`unit_checked_on`, sql`distance`, sql`id`), sql`, `)} LIMIT ${s.limit} OFFSET ${(s.page - 1) * s.limit})
    SELECT ${zipOriginColumns}, ${listingColumns}, page.distance, coalesce(page.total, (SELECT count(*) FROM ranked)) AS total, ${listingPriceColumns(true)}, ${listingRolesColumn(s.verifiedOn)}
    FROM origin LEFT JOIN (page JOIN ${clinics} ON ${clinics.id} = page.id ${currentPriceJoin(s.price)}) ON true
    ORDER BY ${sql.join(order(sql`page.unit`, sql`page.unit_checked_on`, sql`page.distance`, sql`page.id`), sql`, `)}`,
  );
  const listed = rows.filter((r) => r.id != null);
  return {
    items: listed.map((r) => toListedClinic(r, s.price.brand)),
    verifiedStaff: verifiedStaffOf(listed),
    total: Number(rows[0]?.total ?? 0),
    origin: zipOriginOf(rows),
  };
}
