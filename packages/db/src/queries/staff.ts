/**
 * Who injects here: a clinic's staff rows, and the two pieces searches compose:
 * the credential filter (one EXISTS fragment beside the other filters) and each result's
 * verifiedCredentials (one batched read for a page's clinic ids). The verification rule
 * (checked at most 365 days ago, licence active) is packages/core `staffVerification`; the
 * SQL here applies the same rule.
 */
import { asc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import {
  credentialsOfRoles,
  type ClinicStaffMember,
  type LicenseStatus,
  type StaffCheck,
  type StaffCredential,
  type StaffRole,
  type StaffSource,
  type VerifiedRole,
} from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicStaff } from "../schema/schema.ts";
import type { DbExecutor } from "./content-changes.ts";
// drizzle writes a lone table's columns unqualified; inside the subqueries "id" would be the staff row's.
import { clinicIdQualified } from "./price-filters.ts";

// The clinic's place the row carries (migration 0019) is the searches' copy, never a staff member's.
const {
  latitude: _latitude,
  longitude: _longitude,
  businessStatus: _status,
  citySlug: _citySlug,
  state: _state,
  ...staffMemberColumns
} = getTableColumns(clinicStaff);
type StaffRow = { [K in keyof typeof staffMemberColumns]: (typeof clinicStaff.$inferSelect)[K] };

function toStaffMember(row: StaffRow): ClinicStaffMember {
  return {
    id: row.id,
    clinicId: row.clinicId,
    name: row.name,
    role: row.role,
    credential: row.credential,
    npi: row.npi,
    licenseState: row.licenseState,
    licenseNumber: row.licenseNumber,
    licenseStatus: row.licenseStatus,
    sourceUrl: row.sourceUrl,
    verifiedVia: row.verifiedVia,
    verifiedOn: row.verifiedOn,
    verifiedBy: row.verifiedBy,
    source: row.source,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export interface StaffValues {
  name: string;
  role: StaffRole;
  credential: StaffCredential;
  npi?: string | null;
  licenseState?: string | null;
  licenseNumber?: string | null;
  licenseStatus?: LicenseStatus;
  sourceUrl?: string | null;
  /** Set only by the server's own registry check (the API's staff routes); see core `StaffCheck`. */
  verifiedVia?: StaffCheck | null;
  verifiedOn?: string | null;
  verifiedBy?: string | null;
  source?: StaffSource;
}

/**
 * The row as stored; absent optional fields are null (a PATCH passes the merged row). A day
 * checked is kept only with the server's registry check, and never for a demo person: a date
 * typed in by an admin or an export is not a check (decision 236).
 */
export function staffRow(clinicId: number, v: StaffValues): typeof clinicStaff.$inferInsert {
  const checked = v.verifiedVia != null && v.verifiedOn != null && v.source !== "demo";
  return {
    clinicId,
    name: v.name,
    role: v.role,
    credential: v.credential,
    npi: v.npi ?? null,
    licenseState: v.licenseState ?? null,
    licenseNumber: v.licenseNumber ?? null,
    licenseStatus: v.licenseStatus ?? "unknown",
    sourceUrl: v.sourceUrl ?? null,
    verifiedVia: checked ? v.verifiedVia : null,
    verifiedOn: checked ? v.verifiedOn : null,
    verifiedBy: checked ? (v.verifiedBy ?? null) : null,
    source: v.source ?? "admin",
  };
}

export async function insertStaff(db: DbExecutor, clinicId: number, v: StaffValues): Promise<ClinicStaffMember> {
  const [row] = await db.insert(clinicStaff).values(staffRow(clinicId, v)).returning(staffMemberColumns);
  if (!row) throw new Error("insert returned no row");
  return toStaffMember(row);
}

export async function findStaff(db: DbExecutor, id: number): Promise<ClinicStaffMember | undefined> {
  const [row] = await db.select(staffMemberColumns).from(clinicStaff).where(eq(clinicStaff.id, id)).limit(1);
  return row ? toStaffMember(row) : undefined;
}

export async function updateStaff(db: DbExecutor, id: number, v: StaffValues): Promise<ClinicStaffMember | undefined> {
  const { clinicId: _unused, ...values } = staffRow(0, v);
  const [row] = await db
    .update(clinicStaff)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(clinicStaff.id, id))
    .returning(staffMemberColumns);
  return row ? toStaffMember(row) : undefined;
}

export async function deleteStaff(db: DbExecutor, id: number): Promise<boolean> {
  const rows = await db.delete(clinicStaff).where(eq(clinicStaff.id, id)).returning({ id: clinicStaff.id });
  return rows.length > 0;
}

/** A clinic's staff: medical directors first, then injectors, each in the order added. */
export async function listClinicStaff(db: Database, clinicId: number): Promise<ClinicStaffMember[]> {
  const rows = await db
    .select(staffMemberColumns)
    .from(clinicStaff)
    .where(eq(clinicStaff.clinicId, clinicId))
    .orderBy(asc(clinicStaff.role), asc(clinicStaff.id));
  return rows.map(toStaffMember);
}

/** The site build's one read of staff: every row, by clinic. */
export async function listSiteStaff(db: Database): Promise<ClinicStaffMember[]> {
  const rows = await db.select(staffMemberColumns).from(clinicStaff).orderBy(asc(clinicStaff.clinicId), asc(clinicStaff.role), asc(clinicStaff.id));
  return rows.map(toStaffMember);
}

/**
 * The days a check counts on (`oldest` = oldestCurrentCheck(today)), as values or as a fixed
 * statement's names (listings.ts `fixedStatement`: nothing is computed from them here).
 */
export interface CheckDays {
  oldest: unknown;
  today: unknown;
}

/**
 * "Has at least one currently verified staff member holding one of the credentials": one
 * EXISTS probe of clinic_staff_verified_idx per clinic, with its days (and each credential)
 * given as they are bound.
 * `probe`: kept a probe per clinic (`OFFSET 0`: PostgreSQL does not turn such a subquery into
 * a semi-join), for nearest-first pages read from the KNN index scan (decision 216). As a
 * semi-join, the generic plan of a fixed statement, which cannot see the bound days, guessed
 * a tiny fraction of the verified staff: it built that set and sorted all of their clinics by
 * distance for a page of 10, where the index scan stops at the tenth clinic that passes. Counts keep the semi-join, which a city's
 * listing measured faster (decision 216).
 */
export function verifiedCredentialCheck(c: VerifiedCheck, clinicId: SQL = clinicIdQualified, probe = false): SQL {
  return sql`EXISTS (SELECT 1 FROM ${clinicStaff}
    WHERE ${clinicStaff.clinicId} = ${clinicId} AND ${verifiedStaffConditions(c)}${probe ? sql` OFFSET 0` : sql``})`;
}

/** A credential filter as it is bound: the credentials asked for and the check's days. */
export type VerifiedCheck = CheckDays & { credentials: readonly unknown[] };

/**
 * A clinic_staff row that passes the credential filter: licence active, one of the
 * credentials, checked on a day that still counts (core `staffVerification`'s rule).
 */
export function verifiedStaffConditions(c: VerifiedCheck, apart = false): SQL {
  // `apart`: the last day as `verified_on + 0 <= today`, the same test, which PostgreSQL does not
  // pair with the first day into one range. A fixed statement's generic plan cannot see the
  // days, and a range between two unseen values is guessed as a sliver of the rows where nearly
  // every current check passes; two separate bounds are guessed at a third each (decision 217).
  const upTo = apart ? sql`${clinicStaff.verifiedOn} + 0` : sql`${clinicStaff.verifiedOn}`;
  return sql`${clinicStaff.licenseStatus} = 'active' AND ${clinicStaff.credential} IN (${sql.join(
    c.credentials.map((v) => sql`${v}`),
    sql`, `,
  )}) AND ${clinicStaff.verifiedOn} >= ${c.oldest}::date AND ${upTo} <= ${c.today}::date`;
}

/**
 * `verifiedCredentialCheck` among the verified staff of an area only (`area`: a condition on
 * the staff rows' copy of their clinic's place, migration 0019), for a listing that reads every
 * clinic of the area anyway (a city's): one index range of the area's verified staff
 * (clinic_staff_verified_city_idx) instead of a probe of clinic_staff_verified_idx per clinic of
 * the area (decision 217). The area must hold every clinic the listing can show.
 */
export function verifiedInAreaCheck(c: VerifiedCheck, area: SQL, clinicId: SQL = clinicIdQualified): SQL {
  // The days apart: guessed as a sliver of the city's verified staff, the generic plan fetched
  // each of their clinics' rows by id instead of hashing them against the city's index-only
  // scan (decision 217).
  return sql`${clinicId} IN (SELECT ${clinicStaff.clinicId} FROM ${clinicStaff} WHERE ${area} AND ${verifiedStaffConditions(c, true)})`;
}

/**
 * A listing statement's column of each listed clinic's currently verified staff,
 * read in the listing's own statement (one round trip per listing): the distinct
 * roles and credentials, role then credential in their enums' order, each with whether every
 * such person is a demo person, as JSON `[[role, credential, demo], …]`, null when none. The
 * check's days (`oldest` = oldestCurrentCheck(today)) as they are bound.
 */
export function verifiedRolesOn(days: CheckDays, clinicId: SQL = clinicIdQualified): SQL {
  return sql`(SELECT json_agg(json_build_array(v.role, v.credential, v.demo) ORDER BY v.role, v.credential) FROM (
    SELECT cs.role, cs.credential, bool_and(cs.source = 'demo') AS demo FROM ${clinicStaff} cs
    WHERE cs.clinic_id = ${clinicId} AND cs.license_status = 'active'
      AND cs.verified_on >= ${days.oldest}::date AND cs.verified_on <= ${days.today}::date
    GROUP BY cs.role, cs.credential) v)`;
}

/** `verifiedRolesOn`'s value as the answer's roles. */
export function verifiedRolesOfColumn(value: readonly [StaffRole, StaffCredential, boolean][] | null): VerifiedRole[] {
  return (value ?? []).map(([role, credential, demo]) => (demo ? { role, credential, demo: true } : { role, credential }));
}

/** Search results with each clinic's `verifiedCredentials` and `verifiedStaff` (empty when none): `roles` in the items' order. */
export function withVerifiedStaff<T extends { id: number }>(
  items: readonly T[],
  roles: readonly (readonly VerifiedRole[])[],
): (T & { verifiedCredentials: StaffCredential[]; verifiedStaff: VerifiedRole[] })[] {
  return items.map((c, i) => {
    const verified = [...(roles[i] ?? [])];
    return { ...c, verifiedCredentials: credentialsOfRoles(verified), verifiedStaff: verified };
  });
}
