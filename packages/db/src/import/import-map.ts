/**
 * Import, step 2 of 3 (parse → map → upsert): one export record → the clinic row it stores,
 * checked with the admin form's rules and written through the same path (toClinicRow), so an
 * imported clinic is stored exactly as the admin would store it.
 */
import { clinicInputSchema } from "@botox/core";
import { toClinicRow, type ClinicRow } from "../schema/clinic-row.ts";
import { priceColumnsOf } from "./import-prices.ts";
import { staffColumnsOf } from "./import-staff.ts";
import { rowProblemOf, type ExportRow } from "./import-parse.ts";
import type { PriceValues } from "../queries/clinic-prices.ts";
import type { StaffValues } from "../queries/staff.ts";

/** Export column → clinic field; camelCase keys (our own API's shape) are accepted too. */
const FIELDS = {
  name: ["name"],
  site: ["site", "url", "website"],
  phone: ["phone"],
  fullAddress: ["full_address", "fullAddress"],
  street: ["street"],
  city: ["city"],
  postalCode: ["postal_code", "postalCode"],
  state: ["state"],
  latitude: ["latitude"],
  longitude: ["longitude"],
  reviews: ["reviews"],
  photo: ["photo"],
  streetView: ["street_view", "streetView"],
  workingHours: ["working_hours", "workingHours"],
  businessStatus: ["business_status", "businessStatus"],
  // Decision 301: one of CLINIC_CATEGORIES; a file without the column keeps the stored one.
  category: ["category"],
  locationLink: ["location_link", "locationLink"],
  lastVerifiedOn: ["last_verified_on", "lastVerifiedOn"],
} as const;

function mapRow(row: ExportRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, keys] of Object.entries(FIELDS)) {
    for (const key of keys) if (row[key] !== undefined) out[field] = row[key];
  }
  // A JSON export may carry a ZIP as a number, losing leading zeros (02134 → 2134).
  if (typeof out.postalCode === "number") out.postalCode = String(out.postalCode).padStart(5, "0");
  return out;
}

const squash = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** Location link when present, else lower(name)|lower(full address, or street, city, state). */
function sourceKeyOf(c: { name: string; fullAddress: string | null; street: string | null; city: string; state: string; locationLink: string | null }): string {
  if (c.locationLink) return c.locationLink.trim();
  const address = c.fullAddress ?? [c.street, c.city, c.state].filter(Boolean).join(", ");
  return `${squash(c.name)}|${squash(address)}`;
}

/** A clinic row to import: its wanted slug is free to change until the upsert settles it. */
export type ImportedClinic = ClinicRow & { sourceKey: string };

type Validated = { ok: true; values: ImportedClinic; prices: PriceValues[]; staff: StaffValues[] } | { ok: false; reason: string };

/** Maps and validates one export row with the clinic form's rules (packages/core). */
export function validateExportRow(row: unknown): Validated {
  if (!row || typeof row !== "object" || Array.isArray(row)) return { ok: false, reason: "not an object" };
  const problem = rowProblemOf(row);
  if (problem) return { ok: false, reason: problem };
  const parsed = clinicInputSchema.safeParse(mapRow(row as ExportRow));
  if (!parsed.success) {
    return { ok: false, reason: parsed.error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`).join("; ") };
  }
  const c = parsed.data;
  const prices = priceColumnsOf(row as ExportRow);
  if (!prices.ok) return { ok: false, reason: prices.reason };
  const staff = staffColumnsOf(row as ExportRow);
  if (!staff.ok) return { ok: false, reason: staff.reason };
  if ((c.latitude == null) !== (c.longitude == null)) {
    return { ok: false, reason: "latitude and longitude must be given together" };
  }
  const mapped = toClinicRow(c);
  if (!mapped.ok) return { ok: false, reason: `${mapped.issue.path}: ${mapped.issue.message}` };
  return { ok: true, values: { ...mapped.row, sourceKey: sourceKeyOf(mapped.row) }, prices: prices.prices, staff: staff.staff ? [staff.staff] : [] };
}
