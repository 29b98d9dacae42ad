/**
 * Optional staff columns of a maps-scraper export: one staff member per row, joined
 * to the clinic by the same source key as prices (a clinic with a medical director and two
 * injectors is three rows of the same clinic):
 *
 *   staff_name             required with any staff column
 *   staff_role             medical_director or injector
 *   staff_credential       MD, DO, NP, PA, RN or other
 *   staff_npi              10 digits with a valid check digit
 *   staff_license_state    two-letter state code
 *   staff_license_number   the state board's licence number
 *   staff_license_status   active, inactive or unknown (default unknown)
 *   staff_source_url       https page the licence was checked on (required with staff_verified_on)
 *   staff_verified_on      YYYY-MM-DD the licence was checked, not in the future
 *
 * An export's own check is not ours: imported people are stored as entered, not checked
 * (their check date is not kept; decision 236) until an admin saves them and the server's
 * registry check matches.
 *
 * camelCase names (staffName…) are accepted too. Values are checked with the admin's rules
 * (packages/core staffInputSchema); a bad staff member makes the row a bad row. Rows are
 * stored with source `import` (never `demo`); the same person with the same licence and check
 * date already stored for the clinic is not added again.
 */
import { sql } from "drizzle-orm";
import { STAFF_MSG, isoDay, staffInputSchema } from "@botox/core";
import type { DbExecutor } from "../queries/content-changes.ts";
import { staffRow, type StaffValues } from "../queries/staff.ts";
import { clinicStaff, clinics } from "../schema/schema.ts";

const COLUMNS = {
  name: ["staff_name", "staffName"],
  role: ["staff_role", "staffRole"],
  credential: ["staff_credential", "staffCredential"],
  npi: ["staff_npi", "staffNpi"],
  licenseState: ["staff_license_state", "staffLicenseState"],
  licenseNumber: ["staff_license_number", "staffLicenseNumber"],
  licenseStatus: ["staff_license_status", "staffLicenseStatus"],
  sourceUrl: ["staff_source_url", "staffSourceUrl"],
  verifiedOn: ["staff_verified_on", "staffVerifiedOn"],
} as const;

type Column = keyof typeof COLUMNS;

function read(row: Record<string, unknown>): Partial<Record<Column, string>> {
  const out: Partial<Record<Column, string>> = {};
  for (const [field, keys] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    for (const key of keys) {
      const v = row[key];
      if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") {
        const text = String(v).trim();
        if (text !== "") out[field] = text;
      } else if (v != null) out[field] = "[not text]";
    }
  }
  return out;
}

/** The staff member a row's staff columns describe (null when it has none), or why it is wrong. */
export function staffColumnsOf(
  row: Record<string, unknown>,
  today = isoDay(new Date()),
): { ok: true; staff: StaffValues | null } | { ok: false; reason: string } {
  const c = read(row);
  if (Object.keys(c).length === 0) return { ok: true, staff: null };
  const parsed = staffInputSchema.safeParse({ ...c, licenseStatus: c.licenseStatus?.toLowerCase(), role: c.role?.toLowerCase() });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = typeof issue?.path[0] === "string" && issue.path[0] in COLUMNS ? COLUMNS[issue.path[0] as Column][0] : "staff";
    return { ok: false, reason: `${field}: ${issue?.message ?? "invalid staff member"}` };
  }
  const s = parsed.data;
  if (s.verifiedOn != null && s.verifiedOn > today) return { ok: false, reason: `staff_verified_on: ${STAFF_MSG.verifiedOnFuture}` };
  if (s.verifiedOn != null && s.sourceUrl == null) return { ok: false, reason: `staff_source_url: ${STAFF_MSG.verifiedNeedsSource}` };
  return { ok: true, staff: { ...s, source: "import", verifiedBy: s.verifiedOn != null ? "import" : null } };
}

export interface ImportedStaff {
  sourceKey: string;
  values: StaffValues;
}

/** Adds the staff to their clinics (by source key), skipping people already stored with the same licence and check. */
export async function insertImportedStaff(tx: DbExecutor, staff: readonly ImportedStaff[]): Promise<number> {
  let inserted = 0;
  for (const p of staff) {
    const row = staffRow(0, p.values);
    const added = await tx.execute<{ id: number }>(sql`
      INSERT INTO ${clinicStaff} (clinic_id, name, role, credential, npi, license_state, license_number, license_status, source_url, verified_on, verified_by, source)
      SELECT c.id, ${row.name}::text, ${row.role}::staff_role, ${row.credential}::staff_credential, ${row.npi ?? null}::text, ${row.licenseState ?? null}::text,
             ${row.licenseNumber ?? null}::text, ${row.licenseStatus ?? "unknown"}::license_status, ${row.sourceUrl ?? null}::text,
             ${row.verifiedOn ?? null}::date, ${row.verifiedBy ?? null}::text, 'import'::staff_source
      FROM ${clinics} c
      WHERE c.source_key = ${p.sourceKey}
        AND NOT EXISTS (
          SELECT 1 FROM ${clinicStaff} e
          WHERE e.clinic_id = c.id AND e.name = ${row.name}::text AND e.role = ${row.role}::staff_role AND e.credential = ${row.credential}::staff_credential
            AND e.license_number IS NOT DISTINCT FROM ${row.licenseNumber ?? null}::text AND e.verified_on IS NOT DISTINCT FROM ${row.verifiedOn ?? null}::date)
      RETURNING id`);
    inserted += added.length;
  }
  return inserted;
}
