/**
 * Public clinic searches (product.md §7.1): near a point, near a ZIP, in a city, one by slug or id.
 * Pure functions of (db, params), shared by the API and the site build; one query per page,
 * never one per row. Radius queries prefilter with the circle's latitude/longitude box on the
 * GiST index clinics_point_idx (point(longitude, latitude) where both are set, migration 0017),
 * then keep the exact great-circle distance; distances are miles on a 3959-mile earth
 * (product.md §9). Pages near a point come from clinics_earth_idx (ll_to_earth(latitude,
 * longitude)) in distance order (KNN), reading only the rows shown.
 *
 * Cost: ll_to_earth is slow per row (its `earth` domain checks), so it is used only where the
 * index answers it (the KNN order); the order's origin is the same point written out (geo.ts
 * `earthAt`, decision 224). The exact distance is the haversine formula on the plain columns,
 * several times cheaper (decision 057).
 */
import { and, asc, count, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import {
  EARTH_RADIUS_MILES,
  oldestCurrentCheck,
  parseId,
  type BusinessStatus,
  type Clinic,
  type LatLon,
  type PriceBrand,
  type StaffCredential,
  type VerifiedRole,
} from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicCurrentPrices, clinicStaff, clinics, zipCodes } from "../schema/schema.ts";
import { cityCondition, findCityCentre, parseCitySlug, type CityColumns } from "./cities.ts";
import { earthAt, roundGeo } from "./geo.ts";
import { listedStatuses, listedStatusesCondition } from "./listed.ts";
import {
  batchedStatement,
  currentPriceJoinOn,
  fixedStatement,
  fixedStatementsByShape,
  listingColumns,
  listingPriceColumns,
  listingVersionColumn,
  listingRolesColumnOn,
  priceOrderFrom,
  toListedClinic,
  verifiedStaffOf,
  type ListedClinic,
  type ListingPriceRow,
} from "./listings.ts";
import { keptPriceCounts, oldestCountingDay, oldestFreshDay, pricedAtMostOn } from "./price-filters.ts";
import { verifiedCredentialCheck, verifiedInAreaCheck, verifiedStaffConditions, withVerifiedStaff, type CheckDays, type VerifiedCheck } from "./staff.ts";
import { toClinic, type ListingRow } from "./serialize.ts";
import type { LocatedPlaces } from "./located-places.ts";
import {
  clinicFragmentsOf,
  EncodedJson,
  listedClinicsText,
  versionedRows,
  type ClinicFragments,
  type VersionedPlace,
  type VersionedRow,
} from "./clinic-fragments.ts";

/** A point in SQL: given values, or read in the same statement (a ZIP centroid). */
interface SqlPoint {
  latitude: SQL;
  longitude: SQL;
  /** cos(latitude), for the haversine. */
  cosLatitude: SQL;
  /** ll_to_earth(latitude, longitude). */
  earth: SQL;
}

function valuePoint(p: LatLon): SqlPoint {
  const lat = roundGeo(p.latitude);
  const lon = roundGeo(p.longitude);
  return {
    latitude: sql`${lat}::float8`,
    longitude: sql`${lon}::float8`,
    cosLatitude: sql`${Math.cos((lat * Math.PI) / 180)}::float8`,
    earth: earthAt(sql`${lat}::float8`, sql`${lon}::float8`),
  };
}

/** The ZIP centroid of a statement's `origin` CTE (see `zipOriginCte`); each a one-time subquery. */
const zipPoint: SqlPoint = {
  latitude: sql`(SELECT latitude FROM origin)`,
  longitude: sql`(SELECT longitude FROM origin)`,
  cosLatitude: sql`(SELECT cos_latitude FROM origin)`,
  earth: sql`(SELECT earth FROM origin)`,
};

/** `WITH origin AS (…)`: the ZIP's centroid, city and state (no row for an unknown ZIP). */
export const zipOriginCte = (zip: unknown) =>
  sql`origin AS (SELECT latitude, longitude, city, state, ${earthAt(sql`latitude`, sql`longitude`)} AS earth, cos(radians(latitude)) AS cos_latitude FROM ${zipCodes} WHERE zip = ${zip})`;

const clinicEarth = sql`ll_to_earth(${clinics.latitude}, ${clinics.longitude})`;
/**
 * Where a radius test reads a place: a clinic's columns, or those a kept current price carries
 * (migration 0018: clinic_current_prices has its clinic's place and its own point index).
 */
export interface PlaceColumns {
  latitude: AnyColumn;
  longitude: AnyColumn;
}

const clinicPlace: PlaceColumns = { latitude: clinics.latitude, longitude: clinics.longitude };
/** The kept current prices' own copy of their clinic's place and city (migration 0018, decision 215). */
export const pricePlace: PlaceColumns = { latitude: clinicCurrentPrices.latitude, longitude: clinicCurrentPrices.longitude };
export const priceCity: CityColumns = { citySlug: clinicCurrentPrices.citySlug, state: clinicCurrentPrices.state };
/** The staff rows' own copy of their clinic's place and city (migration 0019, decision 217). */
const staffPlace: PlaceColumns = { latitude: clinicStaff.latitude, longitude: clinicStaff.longitude };
const staffCity: CityColumns = { citySlug: clinicStaff.citySlug, state: clinicStaff.state };
/** Repeats the partial indexes' predicate so the planner may use them (clinics_earth_idx, the point indexes). */
export const hasPlace = (at: PlaceColumns) => sql`${at.latitude} IS NOT NULL AND ${at.longitude} IS NOT NULL`;
const hasCoordinates = hasPlace(clinicPlace);
/** The expression the point indexes are built on (migrations 0017, 0018): x the longitude, y the latitude. */
const pointOf = (at: PlaceColumns) => sql`point(${at.longitude}, ${at.latitude})`;
/** The earth's radius in the text (a constant: a fixed statement binds only the request's values). */
const earthRadius = sql.raw(String(EARTH_RADIUS_MILES));
const earthDiameter = sql.raw(String(2 * EARTH_RADIUS_MILES));

/** Great-circle miles from `p` to the clinic (or `at`): haversine, radius 3959 (least() guards asin against rounding past 1). */
function milesFrom(p: SqlPoint, at: PlaceColumns = clinicPlace): SQL<number> {
  return sql<number>`(${earthDiameter}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${at.latitude} - ${p.latitude}) / 2), 2)
    + ${p.cosLatitude} * cos(radians(${at.latitude})) * power(sin(radians(${at.longitude} - ${p.longitude}) / 2), 2)))))`;
}

/**
 * The latitude/longitude box (x longitude, y latitude, degrees) holding every point within
 * `miles` of `p` on the haversine's sphere: ±miles/R radians of latitude and
 * ±asin(sin(miles/R) / cos(latitude)) of longitude, the widest a spherical cap reaches. Every
 * longitude when the circle reaches a pole or crosses the antimeridian: a larger box is still
 * right, the exact distance decides. Padded by 1e-9° (0.1 mm) so rounding never drops a clinic
 * the haversine keeps.
 *
 * Why not earth_box (decision 214): its cube is aligned with the earth's axes, not with the
 * ground, so on the sphere it holds about 7 times the circle's clinics at US latitudes (5,551
 * read for 637 counted within 25 miles of a Baltimore ZIP); this box holds 4/π of it.
 */
function boxAround(p: SqlPoint, miles: unknown): SQL {
  const angle = sql`(${miles}::float8 / ${earthRadius}::float8)`;
  const dLatitude = sql`(degrees(${angle}) + 1e-9)`;
  const dLongitude = sql`(CASE WHEN ${angle} < radians(90 - abs(${p.latitude})) THEN degrees(asin(sin(${angle}) / ${p.cosLatitude})) + 1e-9 ELSE 360 END)`;
  const everyLongitude = sql`(abs(${p.longitude}) + ${dLongitude} > 180)`;
  const west = sql`(CASE WHEN ${everyLongitude} THEN -180 ELSE ${p.longitude} - ${dLongitude} END)`;
  const east = sql`(CASE WHEN ${everyLongitude} THEN 180 ELSE ${p.longitude} + ${dLongitude} END)`;
  return sql`box(point(${west}, ${p.latitude} - ${dLatitude}), point(${east}, ${p.latitude} + ${dLatitude}))`;
}

/**
 * A latitude/longitude box inside the circle of `miles` around `p`: every point in it is within
 * `miles` by `milesFrom`'s own formula, so a radius test keeps it without the haversine
 * (decision 218: in the bench's dense areas nearly every clinic of the outer box is in this one,
 * and the haversine was most of a radius count's time). Null when the margin leaves none.
 *
 * Why it is inside: `milesFrom` keeps a point when H = hav(Δlat) + cos(lat0)·cos(lat)·hav(Δlon) is
 * at most hav(θ), θ = miles/R (hav(x) = sin²(x/2); for θ > π every point is kept). In the box,
 * |Δlat| ≤ 0.7θ and |Δlon| ≤ b ≤ 180°, where hav is increasing, and cos(lat) ≤ 1, so H ≤ hav(0.7θ)
 * + cos(lat0)·hav(b), and b is chosen so that this is hav(θ) less a margin (a billionth of it, and
 * 1e-15 for the formula's own rounding). A point outside the box is decided by the haversine, as
 * is every point when there is no box, so a box that misses points (the antimeridian) is still right.
 * One scalar subquery: PostgreSQL computes it once per statement, not per row.
 */
function boxInside(p: SqlPoint, miles: unknown): SQL {
  const angle = sql`(${miles}::float8 / ${earthRadius}::float8)`;
  const dLatitude = sql`(0.7 * ${angle})`;
  const hav = (x: SQL) => sql`power(sin(${x} / 2), 2)`;
  const q = sql`((${hav(angle)} * (1 - 1e-9) - 1e-15 - ${hav(dLatitude)}) / greatest(${p.cosLatitude}, 1e-300))`;
  const dLongitude = sql`(CASE WHEN ${q} >= 1 THEN 180 ELSE degrees(2 * asin(sqrt(${q}))) END)`;
  return sql`(SELECT CASE WHEN ${q} > 0 THEN box(point(${p.longitude} - ${dLongitude}, ${p.latitude} - degrees(${dLatitude})), point(${p.longitude} + ${dLongitude}, ${p.latitude} + degrees(${dLatitude}))) END)`;
}

/**
 * Clinics (or places `at`) within `miles` (rounded by `roundGeo`, or a fixed statement's name) of
 * `p`: index prefilter (`boxAround`), then kept at once inside `boxInside`, else by the exact distance.
 */
function withinMilesOf(p: SqlPoint, miles: unknown, at: PlaceColumns = clinicPlace): SQL {
  return sql`(${hasPlace(at)} AND ${pointOf(at)} <@ ${boxAround(p, miles)} AND (${pointOf(at)} <@ ${boxInside(p, miles)} OR ${milesFrom(p, at)} <= ${miles}::float8))`;
}

/** Great-circle miles from `origin` to the clinic: haversine, radius 3959 (least() guards asin against rounding past 1). */
export function clinicMilesFrom(origin: LatLon): SQL<number> {
  return milesFrom(valuePoint(origin));
}

/** Clinics (or places `at`) within `miles` of `origin`: index prefilter (`boxAround`), then the exact distance. */
export function clinicsWithinMiles(origin: LatLon, miles: number, at?: PlaceColumns): SQL {
  return withinMilesOf(valuePoint(origin), roundGeo(miles), at);
}

/** `clinicMilesFrom` and `clinicsWithinMiles` from the centroid of a statement's `origin` CTE. */
export const zipOriginMiles = (at?: PlaceColumns) => milesFrom(zipPoint, at);
/** `miles`: rounded by `roundGeo`, or a fixed statement's name. */
export const withinMilesOfZipOrigin = (miles: unknown, at?: PlaceColumns) => withinMilesOf(zipPoint, miles, at);
const zipOriginEarth = zipPoint.earth;

/**
 * Clinics open at the instant `iso` (its ISO text, as it is bound, or a fixed statement's name):
 * operational, with readable hours and a zone, and the local minute of the week there within
 * their stored weekly minutes. `AT TIME ZONE` applies that zone's rules at that instant, so DST
 * needs nothing more.
 */
export function openAtInstant(iso: unknown): SQL {
  const local = sql`(${iso}::timestamptz AT TIME ZONE ${clinics.timeZone})`;
  return sql`(${clinics.businessStatus} = 'OPERATIONAL' AND ${clinics.openMinutes} @> (extract(dow from ${local})::int * 1440 + extract(hour from ${local})::int * 60 + extract(minute from ${local})::int))`;
}

interface Page<T> {
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
  /** Only clinics with a currently verified staff member holding one of these. */
  credential?: CredentialSearch;
  /**
   * Each clinic's card lines on this day ("YYYY-MM-DD"): its current Botox per-unit price and
   * its currently verified staff, read in the same statement (`listClinicsNearEncoded`).
   */
  cardsOn?: string;
}

/** The credential filter: credentials asked for, and the day the 365-day rule is applied on. */
interface CredentialSearch {
  credentials: readonly StaffCredential[];
  /** "YYYY-MM-DD". */
  today: string;
}

/**
 * One page of located clinics nearest `origin` first, with `_distance`. The nearest
 * offset+limit clinics (`nearestReach`: read up to a constant of the statement's text) come
 * from the GiST index in cube-distance order (KNN, an index-only scan of clinics_earth_idx),
 * numbered in that order, and only then are those beyond the radius dropped: the cube
 * distance ranks like the great circle, so the clinics within the radius are a prefix of that
 * order, and a dense area never costs more than the page. (With the radius test inside, the
 * planner, which cannot estimate the radius box, may sort every match instead.) Clinics at the
 * very same spot come in the index's order: an id tie-break would force that sort.
 */
export async function listClinicsNear(db: Database, s: GeoSearch): Promise<Clinic[]> {
  const rows = await nearRows<ListingPriceRow>(db, s, "listing");
  return rows.map((r) => toClinic(r, Number(r.distance)));
}

/**
 * `listClinicsNear`'s answer as JSON text, byte for byte `JSON.stringify` of it, written from
 * the clinics' kept texts (clinic-fragments.ts, decision 221): the statement reads only the
 * nearest clinics' ids, row versions and distances, and the whole rows only of clinics whose
 * version is not kept.
 */
export async function listClinicsNearEncoded(db: Database, s: GeoSearch, fragments: ClinicFragments = clinicFragmentsOf(db)): Promise<EncodedJson<Clinic[]>> {
  if (s.cardsOn) {
    // Whole rows with their prices and staff, each clinic's part from its kept text.
    const rows = await nearRows<ListingPriceRow & VersionedRow & { distance: number }>(db, s, "versioned");
    const roles = verifiedStaffOf(rows);
    const text =
      listedClinicsText(fragments, rows, "botox", roles) ??
      JSON.stringify(
        withVerifiedStaff(
          rows.map((r) => toListedClinic(r, "botox")),
          roles,
        ),
      );
    return new EncodedJson<Clinic[]>(text);
  }
  if (!fragments.prefersNarrow()) return new EncodedJson(fragments.encodeRows(await nearRows<VersionedRow & { distance: number }>(db, s, "versioned")));
  const places = await nearRows<VersionedPlace>(db, s, "versions");
  const json = await fragments.encode(
    places,
    (ids) => versionedRows(db, ids),
    async () => fragments.encodeRows(await nearRows<VersionedRow & { distance: number }>(db, s, "versioned")),
  );
  return new EncodedJson<Clinic[]>(json);
}

/**
 * `nearStatement`'s rows for `s`, each with its distance: whole listing rows (`listing`), the
 * same with each row's version (`versioned`), or only each clinic's id and row version (`versions`).
 */
function nearRows<T>(db: Database, s: GeoSearch, columns: NearColumns): Promise<T[]> {
  const offset = s.offset ?? 0;
  const { shape, values } = zipBindings({
    zip: undefined,
    ...(s.radiusMiles == null ? {} : { radius: roundGeo(s.radiusMiles) }),
    located: locatedValues(s),
    ...(s.cardsOn
      ? { price: { brand: "botox", oldestCounting: oldestCountingDay(s.cardsOn) }, staff: { oldest: oldestCurrentCheck(s.cardsOn), today: s.cardsOn } }
      : {}),
  });
  const latitude = roundGeo(s.origin.latitude);
  return nearStatement({ ...shape, reach: nearestReach(offset + s.limit), columns })<T>(db, {
    ...values,
    latitude,
    longitude: roundGeo(s.origin.longitude),
    cosLatitude: Math.cos((latitude * Math.PI) / 180),
    limit: s.limit,
    offset,
  });
}

/**
 * `listClinicsNear`'s statement, one fixed text per shape (as `zipNearStatement`):
 * the point's values bound, the nearest clinics' LIMIT a constant (`nearestReach`), so it is
 * neither rendered by drizzle nor planned by PostgreSQL per request.
 */
type NearColumns = "listing" | "versioned" | "versions";
const nearColumns: Record<NearColumns, SQL> = {
  listing: listingColumns,
  versioned: sql`${listingColumns}, ${listingVersionColumn}`,
  versions: sql`${clinics.id} AS "id", ${listingVersionColumn}`,
};

const nearStatement = fixedStatementsByShape((shape: ZipShape & { reach: number; columns: NearColumns }) => {
  const { names, parts } = zipNames(shape);
  return fixedStatement([...names, "latitude", "longitude", "cosLatitude", "limit", "offset"], (v) => {
    const p = parts(v);
    const origin: SqlPoint = {
      latitude: sql`${v.latitude}::float8`,
      longitude: sql`${v.longitude}::float8`,
      cosLatitude: sql`${v.cosLatitude}::float8`,
      // Read once from the CTE: in the generic plan the KNN order's point is then one value.
      earth: sql`(SELECT earth FROM origin)`,
    };
    return sql`WITH origin AS (SELECT ${earthAt(sql`${v.latitude}::float8`, sql`${v.longitude}::float8`)} AS earth),
    nearest AS (
      SELECT id, distance, row_number() OVER () AS rank FROM (
        SELECT ${clinics.id} AS id, ${milesFrom(origin)} AS distance, ${clinicEarth} <-> ${origin.earth} AS knn
        FROM ${clinics} WHERE ${and(...locatedConditionsOf(p.located, undefined, undefined, "probe"))} ORDER BY knn LIMIT ${sql.raw(String(Math.trunc(shape.reach)))}) k)
    SELECT ${nearColumns[shape.columns]}, nearest.distance${p.price ? sql`, ${listingPriceColumns(true)}` : sql``}${p.staff ? sql`, ${listingRolesColumnOn(p.staff)}` : sql``}
    FROM nearest JOIN ${clinics} ON ${clinics.id} = nearest.id ${p.price ? currentPriceJoinOn(p.price.brand, p.price.oldestCounting) : sql``}
    ${p.radius === undefined ? sql`` : sql`WHERE nearest.distance <= ${p.radius}::float8`}
    ORDER BY nearest.rank LIMIT ${v.limit} OFFSET ${v.offset}`;
  });
});

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

/** The filters of a search that do not depend on where it is made from. */
export interface LocatedFilters {
  statuses?: readonly BusinessStatus[];
  openAt?: Date;
  credential?: CredentialSearch;
}

/**
 * The located filters as they are bound: the statuses listed (`listedStatuses`), the instant
 * as ISO text, the credentials with the check's days. In a fixed statement each is a name.
 */
interface LocatedValues {
  /** Constants of the text (`listedStatusesCondition`), never bound. */
  statuses: readonly BusinessStatus[] | undefined;
  openAt?: unknown;
  credential?: VerifiedCheck;
}

/** Each status and credential once, the statuses in the enum's order: a fixed statement's shape holds the statuses and counts the credentials, so shapes stay few whoever calls. */
function locatedValues(f: LocatedFilters): LocatedValues {
  const c = f.credential;
  return {
    statuses: listedStatuses(f.statuses),
    ...(f.openAt ? { openAt: f.openAt.toISOString() } : {}),
    ...(c && c.credentials.length > 0 ? { credential: { credentials: [...new Set(c.credentials)], oldest: oldestCurrentCheck(c.today), today: c.today } } : {}),
  };
}

/**
 * How a credential filter is checked (decisions 216, 217): "semi-join" (PostgreSQL may turn the
 * EXISTS into one: counts over a whole area), "probe" (one probe per clinic, for nearest-first
 * pages read from the KNN index scan, which stops at the page's last clinic), or `{ area }`:
 * among the verified staff of an area, by their copy of the clinic's place (a listing that reads
 * every clinic of a city).
 */
export type CredentialCheck = "semi-join" | "probe" | { area: SQL };

/**
 * The conditions of `v`, after `place` (located clinics, or those within a radius). `status`:
 * the clinic's, or the copy a kept current price carries (migration 0018); the open-now and
 * credential conditions always read the clinic, the credential as `credentialCheck` says.
 */
export function locatedConditionsOf(v: LocatedValues, place: SQL = hasCoordinates, status?: AnyColumn, credentialCheck: CredentialCheck = "semi-join"): SQL[] {
  const conditions: SQL[] = [place, listedStatusesCondition(v.statuses, status)];
  if (v.openAt !== undefined) conditions.push(openAtInstant(v.openAt));
  if (v.credential) {
    conditions.push(
      typeof credentialCheck === "object"
        ? verifiedInAreaCheck(v.credential, credentialCheck.area)
        : verifiedCredentialCheck(v.credential, undefined, credentialCheck === "probe"),
    );
  }
  return conditions;
}

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

/**
 * The generation of the located clinics in the statement's snapshot, read by its key (the
 * primary key index). Without the key PostgreSQL reads the one-row table by a sequential scan,
 * and a transaction that writes many clinics one statement at a time (the seed, an import)
 * leaves it hundreds of pages long with its one live row at the end, which vacuum cannot cut
 * off, and every zip-search reads it twice (decision 224).
 */
export const locatedGeneration = sql`(SELECT n FROM located_clinics_generation WHERE id)`;

/** A listing's page with each clinic's verified staff (`verifiedOn`), in the items' order (empty lists without a day). */
interface StaffedPage<T> extends Page<T> {
  verifiedStaff: VerifiedRole[][];
}

/** What a listing search may read besides its page. */
interface ListingExtras {
  /** The day each listed clinic's verified staff is read for, in the page's statement (none: not read). */
  verifiedOn?: string;
  /**
   * The API's kept clinic texts (clinic-fragments.ts, decision 221): the page is then written
   * as JSON text (`clinicsText`), its items left empty.
   */
  texts?: ClinicFragments;
}

/** A listing page, its clinics written as JSON text when the search asked for it (`ListingExtras.texts`). */
export interface ListedPage extends StaffedPage<ListedClinic> {
  /** The clinics as `JSON.stringify(withVerifiedStaff(items, verifiedStaff))` would write them; `items` and `verifiedStaff` are then empty. */
  clinicsText?: string;
}

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

export interface ZipListingRow extends ListingPriceRow {
  originLatitude: number;
  originLongitude: number;
  originCity: string;
  originState: string;
  total: number | string;
}

/** The ZIP's origin of a listing statement's rows (every row carries it), null for an unknown ZIP. */
export function zipOriginOf(rows: readonly ZipListingRow[]): ZipOrigin | null {
  const [first] = rows;
  return first ? { latitude: first.originLatitude, longitude: first.originLongitude, city: first.originCity, state: first.originState } : null;
}

/** The columns `zipOriginOf` reads, from the `origin` CTE. */
export const zipOriginColumns = sql`origin.latitude AS "originLatitude", origin.longitude AS "originLongitude", origin.city AS "originCity", origin.state AS "originState"`;

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
 * Clinics near a ZIP's centroid (product.md §7.1 zip-search); an unknown ZIP finds nothing. One
 * statement: the centroid, the nearest offset+limit clinics from the GiST index in cube-distance
 * order (KNN, as in `listClinicsNear`), the page's rows and current prices, and the total (an
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

/** What a statement offered a kept total (`known` in its shape) binds beside its other values. */
export const knownTotalValues = (known: KnownTotal | undefined) => ({ knownGeneration: known?.generation, knownTotal: known && Math.trunc(known.total) });

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

export interface PriceSearch {
  brand: PriceBrand;
  /** "YYYY-MM-DD": prices older than 365 days before it count for nothing. */
  today: string;
  /** Only clinics whose current per-unit price is at most this many cents. */
  maxUnitCents?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

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

const clinicBySlug = sql`SELECT ${listingColumns}, ${listingVersionColumn} FROM ${clinics} WHERE`;
const firstBySlug = (city: SQL | undefined, segment: string) =>
  sql`${clinicBySlug} ${clinics.slug} = ${segment}${city ? sql` AND ${city}` : sql``} ORDER BY ${clinics.id} LIMIT 1`;
/** The statements of clinic-by-slug, one fixed text each: a slug, a slug in a city (with or without a state code), an id. */
const clinicStatements = {
  // The slug lookups of concurrent requests go to PostgreSQL together (decision 211).
  bySlug: batchedStatement(["segment"], (v) => firstBySlug(undefined, v.segment)),
  inCity: batchedStatement(["segment", "slug"], (v) => firstBySlug(cityCondition({ slug: v.slug }), v.segment)),
  inStateCity: batchedStatement(["segment", "slug", "withoutState", "state"], (v) =>
    firstBySlug(cityCondition({ slug: v.slug, withoutState: v.withoutState, state: v.state }), v.segment),
  ),
  byId: fixedStatement(["id"], (v) => sql`${clinicBySlug} ${clinics.id} = ${v.id}`),
};

/**
 * One clinic for /proxy/clinic/{slug}?city= (product.md §7.1): by slug (within the city when one
 * is given), else, when the segment is a number, by id.
 */
export async function findClinicBySlugOrId(db: Database, segment: string, city?: string): Promise<Clinic | undefined> {
  const row = await findClinicRow(db, segment, city);
  return row && toClinic(row);
}

/**
 * `findClinicBySlugOrId`'s answer as JSON text, from the clinic's text kept at its row version
 * (clinic-fragments.ts, decision 221): byte for byte `JSON.stringify` of it.
 */
export async function findClinicTextBySlugOrId(
  db: Database,
  segment: string,
  city?: string,
  texts: ClinicFragments = clinicFragmentsOf(db),
): Promise<EncodedJson<Clinic> | undefined> {
  const row = await findClinicRow(db, segment, city);
  if (!row) return undefined;
  const version = row.version;
  return new EncodedJson(version == null ? JSON.stringify(toClinic(row)) : `${texts.head(row.id, version) ?? texts.keep({ ...row, version })}}`);
}

async function findClinicRow(db: Database, segment: string, city?: string): Promise<(ListingRow & { version?: string | null }) | undefined> {
  const key = city ? parseCitySlug(city) : undefined;
  const [bySlug] = !key
    ? await clinicStatements.bySlug<ListingRow>(db, { segment })
    : key.withoutState && key.state
      ? await clinicStatements.inStateCity<ListingRow>(db, { segment, slug: key.slug, withoutState: key.withoutState, state: key.state })
      : await clinicStatements.inCity<ListingRow>(db, { segment, slug: key.slug });
  if (bySlug) return bySlug;
  const id = parseId(segment);
  if (id == null) return undefined;
  const [byId] = await clinicStatements.byId<ListingRow>(db, { id });
  return byId;
}
