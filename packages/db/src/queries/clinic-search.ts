/**
 * Public clinic searches (spec §7.1): near a point, near a ZIP, in a city, one by slug or id.
 * Pure functions of (db, params), shared by the API and the site build; one query per page,
 * never one per row. Radius queries prefilter with earth_box on the GiST index
 * clinics_earth_idx (ll_to_earth(latitude, longitude) where both are set), then keep the
 * exact great-circle distance; distances are miles on a 3959-mile earth (spec §9).
 *
 * Cost (bench:api, 100,000 clinics): ll_to_earth costs ~7 µs a row (its `earth` domain
 * checks), so it is used only where the index answers it (the earth_box prefilter and the
 * KNN order). The exact distance is the haversine formula on the plain columns (~1 µs), and
 * pages near a point come from the index in distance order (KNN), reading only the rows shown.
 */
import { and, asc, count, desc, eq, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { EARTH_RADIUS_MILES, parseId, type BusinessStatus, type Clinic, type LatLon, type PriceBrand } from "@botox/core";
import type { Database } from "../client.ts";
import { clinics, zipCodes } from "../schema.ts";
import { cityCondition, findCityCentre, parseCitySlug } from "./cities.ts";
import { roundGeo } from "./geo.ts";
import { listedStatusCondition } from "./listed.ts";
import { currentUnitCentsSql, pricedAtMostSql } from "./prices.ts";
import { toClinic } from "./serialize.ts";

const pointEarth = (p: LatLon) => sql`ll_to_earth(${roundGeo(p.latitude)}::float8, ${roundGeo(p.longitude)}::float8)`;
const clinicEarth = sql`ll_to_earth(${clinics.latitude}, ${clinics.longitude})`;
/** Repeats the partial index's predicate so the planner may use clinics_earth_idx. */
const hasCoordinates = sql`${clinics.latitude} IS NOT NULL AND ${clinics.longitude} IS NOT NULL`;
/** Miles as a length in earth()'s units (metres on its own radius): the same central angle. */
const milesToEarthUnits = (miles: number) => sql`(${roundGeo(miles)}::float8 / ${EARTH_RADIUS_MILES}::float8 * earth())`;

/** Great-circle miles from `origin` to the clinic: haversine, radius 3959 (least() guards asin against rounding past 1). */
export function clinicMilesFrom(origin: LatLon): SQL<number> {
  const lat = roundGeo(origin.latitude);
  const lon = roundGeo(origin.longitude);
  const cosLat = Math.cos((lat * Math.PI) / 180);
  return sql<number>`(${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${clinics.latitude} - ${lat}::float8) / 2), 2)
    + ${cosLat}::float8 * cos(radians(${clinics.latitude})) * power(sin(radians(${clinics.longitude} - ${lon}::float8) / 2), 2)))))`;
}

/** Clinics within `miles` of `origin`: index prefilter (earth_box), then the exact distance. */
export function clinicsWithinMiles(origin: LatLon, miles: number): SQL {
  return sql`(${hasCoordinates} AND earth_box(${pointEarth(origin)}, ${milesToEarthUnits(miles)}) @> ${clinicEarth} AND ${clinicMilesFrom(origin)} <= ${roundGeo(miles)}::float8)`;
}

/**
 * Clinics open at `at` (issue 14): operational, with readable hours and a zone, and the local
 * minute of the week there within their stored weekly minutes. `AT TIME ZONE` applies that
 * zone's rules at that instant, so DST needs nothing more.
 */
export function openAtCondition(at: Date): SQL {
  const local = sql`(${at.toISOString()}::timestamptz AT TIME ZONE ${clinics.timeZone})`;
  return sql`(${clinics.businessStatus} = 'OPERATIONAL' AND ${clinics.openMinutes} @> (extract(dow from ${local})::int * 1440 + extract(hour from ${local})::int * 60 + extract(minute from ${local})::int))`;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface GeoSearch {
  origin: LatLon;
  /** null: no distance limit (every located clinic, nearest first). */
  radiusMiles: number | null;
  /** Empty: every status. */
  statuses?: readonly BusinessStatus[];
  limit: number;
  offset?: number;
  /** Only clinics open at this instant (openNow=true). */
  openAt?: Date;
}

function nearWhere(s: GeoSearch): SQL | undefined {
  const conditions: SQL[] = [s.radiusMiles == null ? hasCoordinates : clinicsWithinMiles(s.origin, s.radiusMiles)];
  conditions.push(listedStatusCondition(s.statuses));
  if (s.openAt) conditions.push(openAtCondition(s.openAt));
  return and(...conditions);
}

/**
 * One page of located clinics nearest `origin` first, with `_distance`. The nearest
 * offset+limit clinics come from the GiST index in cube-distance order (KNN, an index-only
 * scan of clinics_earth_idx), and only then are those beyond the radius dropped: the cube
 * distance ranks like the great circle, so the clinics within the radius are a prefix of that
 * order, and a dense area never costs more than the page. (With the radius test inside, the
 * planner, which cannot estimate earth_box, may sort every match instead.) Clinics at the
 * very same spot come in the index's order: an id tie-break would force that sort.
 */
export async function listClinicsNear(db: Database, s: GeoSearch): Promise<Clinic[]> {
  const offset = s.offset ?? 0;
  const knn = sql<number>`${clinicEarth} <-> ${pointEarth(s.origin)}`;
  const conditions: SQL[] = [hasCoordinates];
  conditions.push(listedStatusCondition(s.statuses));
  if (s.openAt) conditions.push(openAtCondition(s.openAt));
  const nearest = db
    .select({ id: clinics.id, distance: clinicMilesFrom(s.origin).as("distance"), knn: knn.as("knn") })
    .from(clinics)
    .where(and(...conditions))
    .orderBy(knn)
    .limit(offset + s.limit)
    .as("nearest");
  const rows = await db
    .select({ clinic: clinics, distance: nearest.distance })
    .from(nearest)
    .innerJoin(clinics, eq(clinics.id, nearest.id))
    .where(s.radiusMiles == null ? undefined : lte(nearest.distance, roundGeo(s.radiusMiles)))
    .orderBy(nearest.knn)
    .limit(s.limit)
    .offset(offset);
  return rows.map((r) => toClinic(r.clinic, Number(r.distance)));
}

/** `listClinicsNear`, and how many match in all (for paging; an index-only count). */
export async function searchClinicsNear(db: Database, s: GeoSearch): Promise<Page<Clinic>> {
  // Sequential on purpose: one connection's worth of work per request.
  const items = await listClinicsNear(db, s);
  const total = await countWhere(db, nearWhere(s), items.length, s.offset ?? 0, s.limit);
  return { items, total };
}

/** Skips the count when the page shows everything there is. */
async function countWhere(db: Database, where: SQL | undefined, got: number, offset: number, limit: number): Promise<number> {
  if (got < limit && (got > 0 || offset === 0)) return offset + got;
  const [row] = await db.select({ n: count() }).from(clinics).where(where);
  return row?.n ?? 0;
}

export interface ZipOrigin {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

/** The centroid of a ZIP code, or null when the dataset does not know it. */
export async function findZipOrigin(db: Database, zip: string): Promise<ZipOrigin | null> {
  const [row] = await db
    .select({ latitude: zipCodes.latitude, longitude: zipCodes.longitude, city: zipCodes.city, state: zipCodes.state })
    .from(zipCodes)
    .where(eq(zipCodes.zip, zip))
    .limit(1);
  return row ?? null;
}

export interface ZipSearch {
  postalCode: string;
  page: number;
  limit: number;
  radiusMiles: number | null;
  statuses?: readonly BusinessStatus[];
  openAt?: Date;
}

/** Clinics near a ZIP's centroid (spec §7.1 zip-search); an unknown ZIP finds nothing. */
export async function searchClinicsNearZip(db: Database, s: ZipSearch): Promise<Page<Clinic> & { origin: ZipOrigin | null }> {
  const origin = await findZipOrigin(db, s.postalCode);
  if (!origin) return { items: [], total: 0, origin: null };
  const page = await searchClinicsNear(db, {
    origin,
    radiusMiles: s.radiusMiles,
    statuses: s.statuses,
    openAt: s.openAt,
    limit: s.limit,
    offset: (s.page - 1) * s.limit,
  });
  return { ...page, origin };
}

export interface CitySearch {
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
  /** The price filter and sort's brand and day (issue 13). */
  price?: PriceSearch;
  /**
   * The city's centre when the caller already knows it (the API caches it); looked up here
   * when undefined, and only needed with a radius.
   */
  centre?: LatLon | null;
  /** Only clinics open at this instant (openNow=true). */
  openAt?: Date;
}

export interface PriceSearch {
  brand: PriceBrand;
  /** "YYYY-MM-DD": prices older than 365 days before it count for nothing. */
  today: string;
  /** Only clinics whose current per-unit price is at most this many cents. */
  maxUnitCents?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * One page of a city's clinics (spec §7.1 clinics-by-city); an unknown city finds nothing.
 * The page is ranked in a first step that reads only clinics_city_slug_idx (an index-only scan:
 * the index carries every column the filters and sorts need), and only the rows shown are then
 * read from the table. The radius test is the haversine alone: a city's clinics are few, and
 * an earth_box prefilter would cost ll_to_earth on each of them.
 */
export async function searchClinicsInCity(db: Database, s: CitySearch): Promise<Page<Clinic>> {
  const key = parseCitySlug(s.city);
  const conditions: SQL[] = [cityCondition(key)];
  let distance: SQL<number> | undefined;
  if (s.radiusMiles != null) {
    const centre = s.centre === undefined ? await findCityCentre(db, key) : s.centre;
    if (!centre) return { items: [], total: 0 };
    distance = clinicMilesFrom(centre);
    conditions.push(hasCoordinates, sql`${distance} <= ${roundGeo(s.radiusMiles)}::float8`);
  }
  conditions.push(listedStatusCondition(s.statuses));
  if (s.openAt) conditions.push(openAtCondition(s.openAt));
  if (s.query) {
    const pattern = `%${escapeLike(s.query)}%`;
    conditions.push(
      or(ilike(clinics.name, pattern), ilike(clinics.street, pattern), ilike(clinics.fullAddress, pattern), ilike(clinics.postalCode, pattern)) ?? sql`false`, // never undefined: `or` of conditions
    );
  }
  // Prices, only when asked for: the filter as a semi-join on the priced clinics, the sort with
  // one primary-key probe of clinic_current_prices per clinic of the city.
  const unitCents = s.price && s.sortBy === "price" ? currentUnitCentsSql(s.price.brand, s.price.today) : undefined;
  if (s.price?.maxUnitCents != null) conditions.push(pricedAtMostSql(s.price.brand, s.price.today, s.price.maxUnitCents));
  const where = and(...conditions);
  const direction = s.sortOrder ?? (s.sortBy === "name" || s.sortBy === "price" ? "asc" : "desc");
  const by = direction === "asc" ? asc : desc;
  const byReviews = [
    sql`${clinics.reviewCount} ${direction === "asc" && s.sortBy !== "price" ? sql`ASC` : sql`DESC`}`,
    sql`${clinics.rating} ${direction === "asc" && s.sortBy !== "price" ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`}`,
    asc(clinics.name),
    asc(clinics.id),
  ];
  // Used twice: to rank the page, then to keep that order after the join.
  const order =
    s.sortBy === "name"
      ? [by(sql`lower(${clinics.name})`), asc(clinics.id)]
      : s.sortBy === "price" && unitCents
        ? [sql`${unitCents} ${direction === "asc" ? sql`ASC` : sql`DESC`} NULLS LAST`, ...byReviews]
        : byReviews;
  const offset = (s.page - 1) * s.limit;
  // Every match is read to rank it anyway, so the total comes from the same pass.
  const page = db.$with("page").as(
    db
      .select({ id: clinics.id, distance: (distance ?? sql<null>`NULL::float8`).as("distance"), total: sql<number>`count(*) over ()`.as("total") })
      .from(clinics)
      .where(where)
      .orderBy(...order)
      .limit(s.limit)
      .offset(offset),
  );
  const rows = await db
    .with(page)
    .select({ clinic: clinics, distance: page.distance, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(clinics, eq(clinics.id, page.id))
    .orderBy(...order);
  const total = rows[0]?.total ?? (offset > 0 ? await countWhere(db, where, 0, offset, s.limit) : 0);
  return { items: rows.map((r) => toClinic(r.clinic, r.distance == null ? null : Number(r.distance))), total };
}

/**
 * One clinic for /proxy/clinic/{slug}?city= (spec §7.1): by slug (within the city when one
 * is given), else, when the segment is a number, by id.
 */
export async function findClinicBySlugOrId(db: Database, segment: string, city?: string): Promise<Clinic | undefined> {
  const conditions: SQL[] = [eq(clinics.slug, segment)];
  if (city) conditions.push(cityCondition(parseCitySlug(city)));
  const [bySlug] = await db
    .select()
    .from(clinics)
    .where(and(...conditions))
    .orderBy(asc(clinics.id))
    .limit(1);
  if (bySlug) return toClinic(bySlug);
  const id = parseId(segment);
  if (id == null) return undefined;
  const [byId] = await db.select().from(clinics).where(eq(clinics.id, id)).limit(1);
  return byId ? toClinic(byId) : undefined;
}
