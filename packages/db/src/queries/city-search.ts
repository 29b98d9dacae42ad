/**
 * clinics-by-city (GET /proxy/clinics-by-city/{city}, product.md §7.1): a city's clinics, with
 * the text query, a radius from the city's centre, the price filter and the sorts.
 *
 * Keeps: one statement per shape (`fixedStatementsByShape`, the shape a zip-search's plus the
 * city key's form, the query, the price filter and the order), the ranking's LIMIT one of
 * `nearestReach`'s constant buckets. Proved unchanged by listing-sql.test.ts
 * (listing-sql.snapshot.sql) and api/src/routes/clinics/clinics-by-city.test.ts.
 */
import { and, asc, count, desc, ilike, or, sql, type SQL } from "drizzle-orm";
import { oldestCurrentCheck, type BusinessStatus, type LatLon } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicCurrentPrices, clinics } from "../schema/schema.ts";
import { cityCondition, findCityCentre, parseCitySlug } from "./cities.ts";
import { listedClinicsText } from "./clinic-fragments.ts";
import { roundGeo } from "./geo.ts";
import { locatedConditionsOf, locatedValues, type CredentialSearch, type ListedPage, type ListingExtras, type PriceSearch } from "./listing-filters.ts";
import { clinicMilesFrom, clinicPlace, hasPlace, milesFrom, priceCity, pricePlace, staffCity } from "./listing-geometry.ts";
import {
  currentPriceJoinOn,
  fixedStatement,
  fixedStatementsByShape,
  listingColumns,
  listingPriceColumns,
  listingRolesColumnOn,
  listingVersionColumn,
  priceOrderFrom,
  toListedClinic,
  verifiedStaffOf,
  type ListingPriceRow,
} from "./listings.ts";
import { keptPriceCounts, oldestCountingDay, oldestFreshDay, pricedAtMostOn } from "./price-filters.ts";
import { nearestReach, zipBindings, zipNames, zipPartsOf, type ZipParts, type ZipShape } from "./zip-search.ts";

export interface CitySearch extends ListingExtras {
  /** City route segment: a city slug, possibly ending in a state code (new-york-ny). */
  city: string;
  page: number;
  limit: number;
  /** Case-insensitive text matched against name, street, address and postal code. */
  query?: string;
  statuses?: readonly BusinessStatus[];
  /** Miles from the city centre; null means no limit. */
  radiusMiles: number | null;
  /** `price`: cheapest current per-unit price of `price.brand` first, unpriced clinics last. */
  sortBy: "reviews" | "name" | "price";
  /** Default: reviews best-first, names A to Z, prices cheapest first. */
  sortOrder?: "asc" | "desc";
  /** The price filter and sort's brand and day. */
  price?: PriceSearch;
  /**
   * The city's centre when the caller already knows it (the API caches it); looked up here
   * when undefined, and only needed with a radius.
   */
  centre?: LatLon | null;
  /** Only clinics open at this instant (openNow=true). */
  openAt?: Date;
  /** Only clinics with a currently verified staff member holding one of these. */
  credential?: CredentialSearch;
}

/**
 * One page of a city's clinics (product.md §7.1 clinics-by-city); an unknown city finds nothing.
 * The page is ranked in a first step that reads only clinics_city_slug_idx (an index-only scan:
 * the index carries every column the filters and sorts need), and only the rows shown are then
 * read from the table. The radius test is the haversine alone: a city's clinics are few, and
 * an earth_box prefilter would cost ll_to_earth on each of them.
 */
export async function searchClinicsInCity(db: Database, s: CitySearch): Promise<ListedPage> {
  const key = parseCitySlug(s.city);
  let centre: LatLon | null | undefined;
  if (s.radiusMiles != null) {
    centre = s.centre === undefined ? await findCityCentre(db, key) : s.centre;
    if (!centre) return { items: [], verifiedStaff: [], total: 0 };
  }
  const byPrice = s.price && s.sortBy === "price" ? s.price : undefined;
  const maxUnit = s.price?.maxUnitCents != null ? s.price : undefined;
  const { shape, values } = zipBindings({
    zip: undefined,
    ...(centre && s.radiusMiles != null ? { radius: roundGeo(s.radiusMiles) } : {}),
    located: locatedValues(s),
    ...(s.price ? { price: { brand: s.price.brand, oldestCounting: oldestCountingDay(s.price.today) } } : {}),
    ...(s.verifiedOn ? { staff: { oldest: oldestCurrentCheck(s.verifiedOn), today: s.verifiedOn } } : {}),
  });
  const latitude = centre ? roundGeo(centre.latitude) : undefined;
  const offset = (s.page - 1) * s.limit;
  const statement = cityStatement({
    ...shape,
    suffixed: key.withoutState != null && key.state != null,
    query: !!s.query,
    maxUnit: maxUnit != null,
    sortBy: s.sortBy,
    direction: s.sortOrder ?? (s.sortBy === "name" || s.sortBy === "price" ? "asc" : "desc"),
    byPrice: byPrice != null,
    reach: nearestReach(offset + s.limit),
  });
  const rows = await statement<ListingPriceRow & { total: number | string }>(db, {
    ...values,
    slug: key.slug,
    withoutState: key.withoutState,
    stateCode: key.state,
    centreLatitude: latitude,
    centreLongitude: centre ? roundGeo(centre.longitude) : undefined,
    centreCos: latitude === undefined ? undefined : Math.cos((latitude * Math.PI) / 180),
    pattern: s.query ? `%${escapeLike(s.query)}%` : undefined,
    maxUnitCents: maxUnit?.maxUnitCents,
    freshOldest: byPrice ? oldestFreshDay(byPrice.today) : undefined,
    limit: s.limit,
    offset,
  });
  if (rows[0]) {
    const total = Number(rows[0].total);
    const verifiedStaff = verifiedStaffOf(rows);
    const written = s.texts && listedClinicsText(s.texts, rows, s.price?.brand, verifiedStaff);
    if (written !== undefined) return { items: [], verifiedStaff: [], total, clinicsText: written };
    return { items: rows.map((r) => toListedClinic(r, s.price?.brand)), verifiedStaff, total };
  }
  // A page past the last: the total counted on its own (rare; rendered by drizzle as before).
  const total = offset > 0 ? await countWhere(db, cityWhere(s, key, centre), 0, offset, s.limit) : 0;
  return { items: [], verifiedStaff: [], total };
}

/** The shape of a clinics-by-city statement: a zip-search's (`ZipShape`), the city key's form, the text query, the price filter and the order. */
interface CityShape extends ZipShape {
  /** The segment ends in a state code (`parseCitySlug`). */
  suffixed: boolean;
  query: boolean;
  maxUnit: boolean;
  sortBy: CitySearch["sortBy"];
  direction: "asc" | "desc";
  /** Sorted by price (with a brand). */
  byPrice: boolean;
  /** How many ranked clinics the statement keeps for the page: `nearestReach(offset + limit)`, a constant of its text. */
  reach: number;
}

/**
 * `searchClinicsInCity`'s statement, one fixed text per shape (rendering it per
 * request was a visible share of an uncached clinics-by-city request's CPU, decision 200):
 * every value bound.
 */
const cityStatement = fixedStatementsByShape((shape: CityShape) => {
  const { names, parts } = zipNames(shape);
  const more = [
    "slug",
    ...(shape.suffixed ? ["withoutState", "stateCode"] : []),
    ...(shape.radius ? ["centreLatitude", "centreLongitude", "centreCos"] : []),
    ...(shape.query ? ["pattern"] : []),
    ...(shape.maxUnit ? ["maxUnitCents"] : []),
    ...(shape.byPrice ? ["freshOldest"] : []),
    "limit",
    "offset",
  ];
  return fixedStatement([...names, ...more], (v) => {
    const p = parts(v);
    // Under a price ceiling only priced clinics can match: the page is ranked from the kept
    // prices of the city (clinic_current_prices_city_idx, their copy of the clinic's city, place
    // and status: decision 215), each joined to its clinic, instead of probing every clinic of
    // the city for a price twice (the filter and the sort).
    const fromPrices = shape.maxUnit && p.price != null;
    const distance = shape.radius
      ? milesFrom(
          {
            latitude: sql`${v.centreLatitude}::float8`,
            longitude: sql`${v.centreLongitude}::float8`,
            cosLatitude: sql`${v.centreCos}::float8`,
            earth: sql``, // not used: the radius test is the haversine alone (a city's clinics are few)
          },
          fromPrices ? pricePlace : clinicPlace,
        )
      : undefined;
    const where = and(...cityConditions({ ...v, slug: v.slug }, p, shape.suffixed, distance, fromPrices));
    const { direction } = shape;
    const by = direction === "asc" ? asc : desc;
    const byReviews = [
      sql`${clinics.reviewCount} ${direction === "asc" && shape.sortBy !== "price" ? sql`ASC` : sql`DESC`}`,
      sql`${clinics.rating} ${direction === "asc" && shape.sortBy !== "price" ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`}`,
      asc(clinics.name),
      asc(clinics.id),
    ];
    const price = shape.byPrice ? p.price : undefined;
    // Used twice: to rank the page (the sort price read there), then to keep that order after the join.
    const order = (unit: SQL, checkedOn: SQL) =>
      shape.sortBy === "name"
        ? [by(sql`lower(${clinics.name})`), asc(clinics.id)]
        : price
          ? [...priceOrderFrom(unit, checkedOn, v.freshOldest, direction), ...byReviews]
          : byReviews;
    const source = fromPrices
      ? sql`${clinicCurrentPrices} JOIN ${clinics} ON ${clinics.id} = ${clinicCurrentPrices.clinicId}`
      : price
        ? sql`${clinics} LEFT JOIN ${clinicCurrentPrices} ON ${clinicCurrentPrices.clinicId} = ${clinics.id} AND ${clinicCurrentPrices.brand} = ${price.brand} AND ${clinicCurrentPrices.checkedOn} >= ${price.oldestCounting}::date`
        : sql`${clinics}`;
    const unit = sql`${clinicCurrentPrices.perUnitCents}`;
    const checkedOn = sql`${clinicCurrentPrices.checkedOn}`;
    // Every match is read to rank it anyway, so the total comes from the same pass (a window).
    // The ranking keeps a constant number of rows (`reach`), numbered in their order, and the
    // page is taken from those: with a bound LIMIT the generic plan assumed a tenth of the
    // city's clinics were kept, cost more than a custom plan, and PostgreSQL planned every
    // execution afresh (decision 220).
    return sql`WITH ranked AS (
      SELECT k.*, row_number() OVER () AS rank FROM (
        SELECT ${clinics.id} AS id, ${distance ?? sql`NULL::float8`} AS distance, ${price ? unit : sql`NULL::int`} AS unit,
          ${price ? checkedOn : sql`NULL::date`} AS unit_checked_on, count(*) over () AS total
        FROM ${source} WHERE ${where}
        ORDER BY ${sql.join(order(unit, checkedOn), sql`, `)} LIMIT ${sql.raw(String(Math.trunc(shape.reach)))}) k),
    page AS (SELECT id, distance, unit, unit_checked_on, total FROM ranked ORDER BY rank LIMIT ${v.limit} OFFSET ${v.offset})
    SELECT ${listingColumns}, ${listingVersionColumn}, page.distance, page.total, ${listingPriceColumns(p.price != null)}, ${listingRolesColumnOn(p.staff)}
    FROM page JOIN ${clinics} ON ${clinics.id} = page.id ${p.price ? currentPriceJoinOn(p.price.brand, p.price.oldestCounting) : sql``}
    ORDER BY ${sql.join(order(sql`page.unit`, sql`page.unit_checked_on`), sql`, `)}`;
  });
});

/** A city's clinics passing a search's filters, every value as it is bound (or a fixed statement's name). */
function cityConditions(
  v: { slug: unknown; withoutState?: unknown; stateCode?: unknown; pattern?: unknown; maxUnitCents?: unknown },
  p: ZipParts,
  suffixed: boolean,
  distance: SQL | undefined,
  fromPrices = false,
): SQL[] {
  const key = { slug: v.slug as string, ...(suffixed ? { withoutState: v.withoutState as string, state: v.stateCode as string } : {}) };
  // From the kept prices (`fromPrices`): the city, place and status their copy holds (decision 215).
  const city = cityCondition(key, fromPrices ? priceCity : clinics);
  const place = distance ? (and(city, hasPlace(fromPrices ? pricePlace : clinicPlace), sql`${distance} <= ${p.radius}::float8`) ?? city) : city;
  // Every clinic of the city is read to rank it: the credential filter reads the city's verified
  // staff once (their copy of the clinic's city, decision 217) instead of probing each clinic.
  const conditions = locatedConditionsOf(p.located, place, fromPrices ? clinicCurrentPrices.businessStatus : undefined, {
    area: cityCondition(key, staffCity),
  });
  if (v.pattern !== undefined) {
    const pattern = v.pattern as string;
    conditions.push(
      or(ilike(clinics.name, pattern), ilike(clinics.street, pattern), ilike(clinics.fullAddress, pattern), ilike(clinics.postalCode, pattern)) ?? sql`false`, // never undefined: `or` of conditions
    );
  }
  if (v.maxUnitCents !== undefined && p.price) {
    conditions.push(
      fromPrices
        ? keptPriceCounts(p.price.brand, p.price.oldestCounting, v.maxUnitCents)
        : pricedAtMostOn(p.price.brand, p.price.oldestCounting, v.maxUnitCents),
    );
  }
  return conditions;
}

/** `searchClinicsInCity`'s conditions with its values (for the count of a page past the last). */
function cityWhere(s: CitySearch, key: ReturnType<typeof parseCitySlug>, centre: LatLon | null | undefined): SQL | undefined {
  const p = zipPartsOf({ ...s, postalCode: "", radiusMiles: centre ? s.radiusMiles : null });
  const suffixed = key.withoutState != null && key.state != null;
  const v = {
    slug: key.slug,
    withoutState: key.withoutState,
    stateCode: key.state,
    pattern: s.query ? `%${escapeLike(s.query)}%` : undefined,
    maxUnitCents: s.price?.maxUnitCents ?? undefined,
  };
  return and(...cityConditions(v, p, suffixed, centre ? clinicMilesFrom(centre) : undefined));
}

/** Skips the count when the page shows everything there is. */
async function countWhere(db: Database, where: SQL | undefined, got: number, offset: number, limit: number): Promise<number> {
  if (got < limit && (got > 0 || offset === 0)) return offset + got;
  const [row] = await db.select({ n: count() }).from(clinics).where(where);
  return row?.n ?? 0;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
