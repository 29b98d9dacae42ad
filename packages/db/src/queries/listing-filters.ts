/**
 * What the listing searches share (zip-search.ts, city-search.ts, nearby.ts and
 * zip-search-by-price.ts): the filters on located clinics (statuses, open now, a verified
 * credential) as they are bound and as conditions, and the page types they answer.
 *
 * Keeps nothing: SQL fragments and types only. Proved unchanged by listing-sql.test.ts (the
 * statements of every listing request, listing-sql.snapshot.sql) and the listing tests.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { oldestCurrentCheck, type BusinessStatus, type PriceBrand, type StaffCredential, type VerifiedRole } from "@botox/core";
import { clinics } from "../schema/schema.ts";
import type { ClinicFragments } from "./clinic-fragments.ts";
import { listedStatuses, listedStatusesCondition } from "./listed.ts";
import type { ListedClinic } from "./listings.ts";
import { hasCoordinates } from "./listing-geometry.ts";
import { verifiedCredentialCheck, verifiedInAreaCheck, type VerifiedCheck } from "./staff.ts";

/**
 * Clinics open at the instant `iso` (its ISO text, as it is bound, or a fixed statement's name):
 * operational, with readable hours and a zone, and the local minute of the week there within
 * their stored weekly minutes. `AT TIME ZONE` applies that zone's rules at that instant, so DST
 * needs nothing more.
 *
 * @internal Exported for its tests.
 */
export function openAtInstant(iso: unknown): SQL {
  const local = sql`(${iso}::timestamptz AT TIME ZONE ${clinics.timeZone})`;
  return sql`(${clinics.businessStatus} = 'OPERATIONAL' AND ${clinics.openMinutes} @> (extract(dow from ${local})::int * 1440 + extract(hour from ${local})::int * 60 + extract(minute from ${local})::int))`;
}

/** The credential filter: credentials asked for, and the day the 365-day rule is applied on. */
export interface CredentialSearch {
  credentials: readonly StaffCredential[];
  /** "YYYY-MM-DD". */
  today: string;
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
export interface LocatedValues {
  /** Constants of the text (`listedStatusesCondition`), never bound. */
  statuses: readonly BusinessStatus[] | undefined;
  openAt?: unknown;
  credential?: VerifiedCheck;
}

/** Each status and credential once, the statuses in the enum's order: a fixed statement's shape holds the statuses and counts the credentials, so shapes stay few whoever calls. */
export function locatedValues(f: LocatedFilters): LocatedValues {
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

/** One page of a listing and the total of its matches. */
interface Page<T> {
  items: T[];
  total: number;
}

/** A listing's page with each clinic's verified staff (`verifiedOn`), in the items' order (empty lists without a day). */
interface StaffedPage<T> extends Page<T> {
  verifiedStaff: VerifiedRole[][];
}

/** What a listing search may read besides its page. */
export interface ListingExtras {
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

/** A search's price: the brand and day of each clinic's current price, and its ceiling. */
export interface PriceSearch {
  brand: PriceBrand;
  /** "YYYY-MM-DD": prices older than 365 days before it count for nothing. */
  today: string;
  /** Only clinics whose current per-unit price is at most this many cents. */
  maxUnitCents?: number;
}
