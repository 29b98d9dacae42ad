/**
 * The clinics near a point (POST /clinics/nearby, `listClinicsNearEncoded`; GET
 * /providers/near-user, `listClinicsNear`), nearest first: the page comes from clinics_earth_idx
 * (ll_to_earth(latitude, longitude)) in distance order (KNN), reading only the rows shown.
 *
 * Keeps: one statement per shape (`fixedStatementsByShape`, a zip-search's shape plus the
 * columns read), its LIMIT one of `nearestReach`'s constant buckets; the clinics' kept texts
 * are clinic-fragments.ts's. Proved unchanged by listing-sql.test.ts (listing-sql.snapshot.sql),
 * clinic-fragments.test.ts and api/src/routes/clinics/{clinics-public,providers,nearby-cards}.test.ts.
 */
import { and, sql, type SQL } from "drizzle-orm";
import { oldestCurrentCheck, type BusinessStatus, type Clinic, type LatLon } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinics } from "../schema/schema.ts";
import { EncodedJson, listedClinicsText, versionedRows, type ClinicFragments, type VersionedPlace, type VersionedRow } from "./clinic-fragments.ts";
import { earthAt, roundGeo } from "./geo.ts";
import { locatedConditionsOf, locatedValues, type CredentialSearch } from "./listing-filters.ts";
import { clinicEarth, milesFrom, type SqlPoint } from "./listing-geometry.ts";
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
import { oldestCountingDay } from "./price-filters.ts";
import { toClinic } from "./serialize.ts";
import { withVerifiedStaff } from "./staff.ts";
import { nearestReach, zipBindings, zipNames, type ZipShape } from "./zip-search.ts";

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
export async function listClinicsNearEncoded(db: Database, s: GeoSearch, fragments: ClinicFragments): Promise<EncodedJson<Clinic[]>> {
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
 * `listClinicsNear`'s statement, one fixed text per shape (as zip-search.ts `zipNearStatement`):
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
