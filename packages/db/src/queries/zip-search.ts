/**
 * zip-search (GET /zip-search, product.md §7.1): clinics near a ZIP's centroid, without a price
 * filter or sort (those are zip-search-by-price.ts, which builds on the parts here). Also the
 * zip-search statement's shape, its bound values and their names (`zipBindings`, `zipNames`,
 * `zipPartsOf`), which nearby.ts and city-search.ts use too, and `nearestReach`.
 *
 * Keeps: one statement per shape (`fixedStatementsByShape`), its LIMIT one of `nearestReach`'s
 * constant buckets; the totals kept by the caller are offered to the statement and taken only
 * when its own snapshot proves them current (`KnownTotal`, located-places.ts). Proved unchanged
 * by listing-sql.test.ts (listing-sql.snapshot.sql) and api/src/routes/clinics/zip-search*.test.ts.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { oldestCurrentCheck, type BusinessStatus, type PriceBrand } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicStaff, clinics, zipCodes } from "../schema/schema.ts";
import { listedClinicsText, versionedRows, type ClinicFragments } from "./clinic-fragments.ts";
import { roundGeo } from "./geo.ts";
import { listedStatuses } from "./listed.ts";
import {
  locatedConditionsOf,
  locatedValues,
  type ListedPage,
  type ListingExtras,
  type LocatedFilters,
  type LocatedValues,
  type PriceSearch,
} from "./listing-filters.ts";
import { clinicEarth, hasPlace, staffPlace, withinMilesOfZipOrigin, zipOriginCte, zipOriginEarth, zipOriginMiles, zipPoint } from "./listing-geometry.ts";
import {
  currentPriceJoinOn,
  fixedStatement,
  fixedStatementsByShape,
  listingColumns,
  listingPriceColumns,
  listingRolesColumnOn,
  listingVersionColumn,
  toListedClinic,
  verifiedStaffOf,
  type ListingPriceRow,
} from "./listings.ts";
import type { LocatedPlaces } from "./located-places.ts";
import { oldestCountingDay } from "./price-filters.ts";
import { verifiedStaffConditions, type CheckDays } from "./staff.ts";

/** A zip-search as the route asks it: the ZIP, the page, the radius, the filters and what it may reuse. */
export interface ZipSearch extends LocatedFilters, ListingExtras {
  postalCode: string;
  page: number;
  limit: number;
  radiusMiles: number | null;
  /** The brand and day of each clinic's `currentPrice` (none without). */
  price?: PriceSearch;
  /**
   * At any distance only (radiusMiles null): the total an earlier search with the same filters
   * returned as `located`. Used when the generation is still the same, else counted again.
   */
  knownTotal?: KnownTotal;
  /**
   * In a radius: the process's kept places (located-places.ts, decision 222), which count the
   * total when the only filter is the statuses. None: PostgreSQL counts.
   */
  places?: LocatedPlaces;
}

/**
 * A search's total at any distance (every located clinic passing its filters, wherever the
 * search is made from) and the write generation of the located clinics it was counted at
 * (migration 0013: it moves with every write that can change such a count). The same
 * generation in a later snapshot means the same total there.
 */
export interface KnownTotal {
  /** located_clinics_generation.n (a bigint, as text). */
  generation: string;
  total: number;
}

export interface ZipOrigin {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

/**
 * Clinics near a ZIP's centroid (product.md §7.1 zip-search); an unknown ZIP finds nothing. One
 * statement: the centroid, the nearest offset+limit clinics from the GiST index in cube-distance
 * order (KNN, as nearby.ts `listClinicsNear`), the page's rows and current prices, and the total (an
 * index-only count of the radius, skipped when the page shows everything there is). A row
 * carries the ZIP even when the page is empty, so the total is always there.
 */
export async function searchClinicsNearZip(db: Database, s: ZipSearch): Promise<ListedPage & { origin: ZipOrigin | null; located?: KnownTotal }> {
  const offset = (s.page - 1) * s.limit;
  // At any distance the count is the same from every ZIP: the one kept is taken while the
  // located clinics are still at its generation, and counted again otherwise. In a radius, with
  // no filter but the statuses, this process counts it from its kept places (decision 222).
  const { places } = s;
  const radius = s.radiusMiles;
  const near = places !== undefined && radius != null && !s.openAt && !s.credential?.credentials.length;
  const inRadius = near ? places.total(s.postalCode, roundGeo(radius), listedStatuses(s.statuses)) : undefined;
  const known = radius == null ? s.knownTotal : inRadius;
  const { shape, values } = zipBindings(zipPartsOf(s));
  const centre = inRadius ? { knownLatitude: inRadius.latitude, knownLongitude: inRadius.longitude } : {};
  const read = (narrow: boolean) =>
    zipNearStatement({ ...shape, known: known != null, reach: nearestReach(offset + s.limit), narrow })<ZipListingRow & { generation?: string }>(db, {
      ...values,
      limit: s.limit,
      offset,
      ...knownTotalValues(known),
      ...centre,
    });
  const { texts } = s;
  // While most listed clinics' texts are kept (decision 221), the page's clinics are read as
  // ids and versions only (decision 224), and whole rows only for the texts missing.
  const narrow = texts?.prefersNarrow() ?? false;
  let rows = await read(narrow);
  let heads: string[] | undefined;
  if (narrow && texts) {
    const listed = rows.filter((r) => r.id != null) as (ZipListingRow & { version: string })[];
    heads = await texts.headsOf(listed, (ids) => versionedRows(db, ids));
    // A clinic written since: the page read again, whole, in one statement.
    if (!heads) rows = await read(false);
  }
  if (near) places.seen(db, rows[0]?.generation);
  const page = zipPageOf(rows, s.price?.brand, texts, heads);
  // The generation is read in every shape; only a total at any distance is kept across ZIPs.
  if (radius != null) delete page.located;
  return page;
}

/**
 * `searchClinicsNearZip`'s statement, one fixed text per shape (rendering it per request was a
 * visible share of an uncached zip-search's CPU, decision 199): every value bound, nothing
 * rendered per request. `known`: a total kept at any distance is offered; `reach`: `nearestReach`'s bucket.
 */
const zipNearStatement = fixedStatementsByShape((shape: ZipShape & { known: boolean; reach: number; narrow: boolean }) => {
  const { names, parts } = zipNames(shape);
  // In a radius a known total was counted from a centroid (located-places.ts): offered with it.
  const more = [
    "limit",
    "offset",
    ...(shape.known ? ["knownGeneration", "knownTotal"] : []),
    ...(shape.known && shape.radius ? ["knownLatitude", "knownLongitude"] : []),
  ];
  return fixedStatement([...names, ...more], (v) => {
    const p = parts(v);
    const counted = countLocatedNearZip(p.located, p.radius);
    const sameCentre =
      p.radius === undefined ? sql`` : sql` AND ${zipPoint.latitude} = ${v.knownLatitude}::float8 AND ${zipPoint.longitude} = ${v.knownLongitude}::float8`;
    const count = shape.known
      ? sql`CASE WHEN ${locatedGeneration} = ${v.knownGeneration}::bigint${sameCentre} THEN ${v.knownTotal}::bigint ELSE ${counted} END`
      : counted;
    return sql`WITH ${zipOriginCte(p.zip)},
    nearest AS (
      SELECT id, distance, row_number() OVER () AS rank FROM (
        SELECT ${clinics.id} AS id, ${zipOriginMiles()} AS distance, ${clinicEarth} <-> ${zipOriginEarth} AS knn
        FROM ${clinics} WHERE ${and(...locatedConditionsOf(p.located, undefined, undefined, "probe"))} ORDER BY knn LIMIT ${sql.raw(String(Math.trunc(shape.reach)))}) k),
    page AS (SELECT id, distance, rank FROM nearest ${p.radius === undefined ? sql`` : sql`WHERE distance <= ${p.radius}::float8`} ORDER BY rank LIMIT ${v.limit} OFFSET ${v.offset}),
    meta AS (
      SELECT ${zipOriginColumns},
        CASE WHEN shown.n < ${v.limit}::int AND (shown.n > 0 OR ${v.offset}::int = 0) THEN ${v.offset}::int + shown.n
        ELSE ${count} END AS total, ${locatedGeneration}::text AS generation
      FROM origin, (SELECT count(*) AS n FROM page) shown)
    SELECT meta.*, ${shape.narrow ? sql`${clinics.id} AS "id"` : listingColumns}, ${listingVersionColumn}, page.distance, ${listingPriceColumns(p.price != null)}, ${listingRolesColumnOn(p.staff)}
    FROM meta LEFT JOIN (page JOIN ${clinics} ON ${clinics.id} = page.id ${p.price ? currentPriceJoinOn(p.price.brand, p.price.oldestCounting) : sql``}) ON true
    ORDER BY page.rank`;
  });
});

/**
 * How many located clinics pass `v` within `miles` of a statement's ZIP origin (every
 * distance when undefined). With a credential filter the count is read from the verified staff
 * rows themselves, by their copy of the clinic's place and status (migration 0019, decision
 * 217: clinic_staff_verified_point_idx within a distance), each clinic once; the clinic is
 * joined only for the open-now filter. Without one, from the clinics.
 */
function countLocatedNearZip(v: LocatedValues, miles: unknown): SQL {
  if (!v.credential) {
    return sql`(SELECT count(*) FROM ${clinics} WHERE ${and(...locatedConditionsOf(v), miles === undefined ? undefined : withinMilesOfZipOrigin(miles))})`;
  }
  const { credential, ...others } = v;
  const place = miles === undefined ? hasPlace(staffPlace) : withinMilesOfZipOrigin(miles, staffPlace);
  const conditions = [...locatedConditionsOf(others, place, clinicStaff.businessStatus), verifiedStaffConditions(credential)];
  const source = v.openAt === undefined ? sql`${clinicStaff}` : sql`${clinicStaff} JOIN ${clinics} ON ${clinics.id} = ${clinicStaff.clinicId}`;
  return sql`(SELECT count(DISTINCT ${clinicStaff.clinicId}) FROM ${source} WHERE ${and(...conditions)})`;
}

/**
 * The generation of the located clinics in the statement's snapshot, read by its key (the
 * primary key index). Without the key PostgreSQL reads the one-row table by a sequential scan,
 * and a transaction that writes many clinics one statement at a time (the seed, an import)
 * leaves it hundreds of pages long with its one live row at the end, which vacuum cannot cut
 * off, and every zip-search reads it twice (decision 224).
 */
export const locatedGeneration = sql`(SELECT n FROM located_clinics_generation WHERE id)`;

/**
 * How many nearest clinics a zip-search or nearby statement reads for a page ending at `reach`
 * (offset + limit): a constant of the statement's text, the next multiple of 10 up to 100 (the
 * pages asked for: 10, 3 on the home page, nearby's 50), then the next power of two. With a bound LIMIT PostgreSQL's generic plan must assume a tenth of the located
 * clinics are read (thousands of index tuples in its cost), so it kept planning every execution
 * afresh (decision 200);
 * with a constant the generic plan costs what a custom one does and is kept after five runs.
 * Few texts: at most ten below 100 and one per power of two above.
 */
export function nearestReach(reach: number): number {
  return reach <= 100 ? Math.max(1, Math.ceil(reach / 10)) * 10 : 2 ** Math.ceil(Math.log2(reach));
}

/** What a statement offered a kept total (`known` in its shape) binds beside its other values. */
export const knownTotalValues = (known: KnownTotal | undefined) => ({ knownGeneration: known?.generation, knownTotal: known && Math.trunc(known.total) });

export interface ZipListingRow extends ListingPriceRow {
  originLatitude: number;
  originLongitude: number;
  originCity: string;
  originState: string;
  total: number | string;
}

/**
 * A zip-search's answer from its statement's rows (one row with the ZIP even when the page is
 * empty): the page, the total and, when the statement read it, the generation it counted at.
 * With `texts` the clinics are written as JSON text (`clinicsText`) when every row carries its version.
 */
export function zipPageOf(
  rows: (ZipListingRow & { generation?: string })[],
  brand: PriceBrand | undefined,
  texts?: ClinicFragments,
  heads?: readonly string[],
): ListedPage & { origin: ZipOrigin | null; located?: KnownTotal } {
  const listed = rows.filter((r) => r.id != null);
  const total = Number(rows[0]?.total ?? 0);
  const generation = rows[0]?.generation;
  const verifiedStaff = verifiedStaffOf(listed);
  const meta = { total, origin: zipOriginOf(rows), ...(generation != null ? { located: { generation, total } } : {}) };
  const clinicsText = texts && listedClinicsText(texts, listed, brand, verifiedStaff, heads);
  if (clinicsText !== undefined) return { items: [], verifiedStaff: [], clinicsText, ...meta };
  return { items: listed.map((r) => toListedClinic(r, brand)), verifiedStaff, ...meta };
}

/** The ZIP's origin of a listing statement's rows (every row carries it), null for an unknown ZIP. */
export function zipOriginOf(rows: readonly ZipListingRow[]): ZipOrigin | null {
  const [first] = rows;
  return first ? { latitude: first.originLatitude, longitude: first.originLongitude, city: first.originCity, state: first.originState } : null;
}

/** The columns `zipOriginOf` reads, from the `origin` CTE. */
export const zipOriginColumns = sql`origin.latitude AS "originLatitude", origin.longitude AS "originLongitude", origin.city AS "originCity", origin.state AS "originState"`;

// The statement's shape and values, which nearby.ts, city-search.ts and
// zip-search-by-price.ts build theirs on.

/**
 * The shape of a zip-search statement (`zipStatementParts`): which filters, prices and staff
 * it has, which statuses it lists and how many credentials. At most a few dozen shapes are used.
 */
export interface ZipShape {
  radius: boolean;
  /** The statuses listed, constants of the text (`listedStatusesCondition`); null: every status but the closed one (`listedStatuses`). */
  statuses: readonly BusinessStatus[] | null;
  openAt: boolean;
  credentials: number;
  price: boolean;
  staff: boolean;
}

/** A zip-search's statement parts, built from its bound values (`zipBindings`) or their names. */
export interface ZipParts {
  zip: unknown;
  /** Rounded by `roundGeo`; undefined at any distance. */
  radius?: unknown;
  located: LocatedValues;
  price?: { brand: unknown; oldestCounting: unknown };
  staff?: CheckDays;
}

const numbered = (prefix: string, n: number | null) => Array.from({ length: n ?? 0 }, (_, i) => `${prefix}${i}`);

/**
 * A zip-search's statement values by name (its shape's names, `zipNames`) and the shape: the
 * one place a search's values are spread into a fixed statement's names.
 */
export function zipBindings(p: ZipParts): { shape: ZipShape; values: Record<string, unknown> } {
  const { located } = p;
  const shape: ZipShape = {
    radius: p.radius !== undefined,
    statuses: located.statuses ?? null,
    openAt: located.openAt !== undefined,
    credentials: located.credential?.credentials.length ?? 0,
    price: p.price != null,
    staff: p.staff != null,
  };
  const values: Record<string, unknown> = { zip: p.zip, radius: p.radius, openAt: located.openAt };
  located.credential?.credentials.forEach((credential, i) => (values[`credential${i}`] = credential));
  Object.assign(values, {
    credentialOldest: located.credential?.oldest,
    credentialToday: located.credential?.today,
    brand: p.price?.brand,
    priceOldest: p.price?.oldestCounting,
    staffOldest: p.staff?.oldest,
    staffToday: p.staff?.today,
  });
  return { shape, values };
}

/** The names a statement of `shape` binds (`zipBindings`' keys) and its parts made of them. */
export function zipNames(shape: ZipShape): { names: string[]; parts: (v: Record<string, string>) => ZipParts } {
  const credentials = numbered("credential", shape.credentials);
  const names = [
    "zip",
    ...(shape.radius ? ["radius"] : []),
    ...(shape.openAt ? ["openAt"] : []),
    ...(credentials.length > 0 ? [...credentials, "credentialOldest", "credentialToday"] : []),
    ...(shape.price ? ["brand", "priceOldest"] : []),
    ...(shape.staff ? ["staffOldest", "staffToday"] : []),
  ];
  const parts = (v: Record<string, string>): ZipParts => ({
    zip: v.zip,
    ...(shape.radius ? { radius: v.radius } : {}),
    located: {
      statuses: shape.statuses ?? undefined,
      ...(shape.openAt ? { openAt: v.openAt } : {}),
      ...(credentials.length > 0 ? { credential: { credentials: credentials.map((n) => v[n]), oldest: v.credentialOldest, today: v.credentialToday } } : {}),
    },
    ...(shape.price ? { price: { brand: v.brand, oldestCounting: v.priceOldest } } : {}),
    ...(shape.staff ? { staff: { oldest: v.staffOldest, today: v.staffToday } } : {}),
  });
  return { names, parts };
}

/** A zip-search's parts from its search (the values bound). */
export function zipPartsOf(s: ZipSearch): ZipParts {
  return {
    zip: s.postalCode,
    ...(s.radiusMiles == null ? {} : { radius: roundGeo(s.radiusMiles) }),
    located: locatedValues(s),
    ...(s.price ? { price: { brand: s.price.brand, oldestCounting: oldestCountingDay(s.price.today) } } : {}),
    ...(s.verifiedOn ? { staff: { oldest: oldestCurrentCheck(s.verifiedOn), today: s.verifiedOn } } : {}),
  };
}

/** The centroid of a ZIP code, or null when the dataset does not know it (also GET /deals near a ZIP). */
export async function findZipOrigin(db: Database, zip: string): Promise<ZipOrigin | null> {
  const [row] = await db
    .select({ latitude: zipCodes.latitude, longitude: zipCodes.longitude, city: zipCodes.city, state: zipCodes.state })
    .from(zipCodes)
    .where(eq(zipCodes.zip, zip))
    .limit(1);
  return row ?? null;
}
