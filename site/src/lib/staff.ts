/**
 * Who injects here at build time: each clinic's staff from the one batched read,
 * the verified roles and credentials its listing cards show (as the API's listings carry
 * them), and the clinic page's card rows and JSON-LD `employee` entries.
 */
import {
  CREDENTIAL_LABELS,
  ROLE_LABELS,
  credentialsOfRoles,
  isCurrentlyVerified,
  staffVerification,
  verificationLine,
  verifiedRolesOf,
  type ClinicStaffMember,
  type StaffVerification,
} from "@botox/core/staff";
import type { SiteData } from "@botox/db/site";

/** The site data with `verifiedStaff` and `verifiedCredentials` set on clinics that have verified staff, and the staff by clinic. */
export function withStaff(data: SiteData, today: string): { data: SiteData; staffByClinic: Map<number, ClinicStaffMember[]> } {
  const staffByClinic = new Map<number, ClinicStaffMember[]>();
  for (const s of data.staff ?? []) staffByClinic.set(s.clinicId, [...(staffByClinic.get(s.clinicId) ?? []), s]);
  // A clinic without verified staff is left as it is (its pages' cache keys do not change).
  const clinics = data.clinics.map((c) => {
    const roles = verifiedRolesOf(staffByClinic.get(c.id) ?? [], today);
    return roles.length === 0 ? c : { ...c, verifiedStaff: roles, verifiedCredentials: credentialsOfRoles(roles) };
  });
  return { data: { ...data, clinics }, staffByClinic };
}

/** One person on the clinic page's "Who injects here" card. */
export interface StaffRow {
  id: number;
  name: string;
  role: string;
  credential: string;
  /** "TX licence AP123456", or null when neither is known. */
  licence: string | null;
  verification: StaffVerification;
  /** "checked against … on …", "last checked … — may be out of date", the demo note, or "not yet checked". */
  line: string;
  /** The page the check was made on (linked), for real checks only. */
  sourceUrl: string | null;
  demo: boolean;
}

/** "NY licence MD-204518", with its status when the record did not show it active. */
function licenceText(s: ClinicStaffMember): string | null {
  const status = s.licenseStatus === "inactive" ? " (inactive)" : s.licenseStatus === "unknown" && s.verifiedOn ? " (status unknown)" : "";
  if (!s.licenseState && !s.licenseNumber) return status ? `licence${status}` : null;
  return `${[s.licenseState, "licence", s.licenseNumber].filter(Boolean).join(" ")}${status}`;
}

export function staffRows(staff: readonly ClinicStaffMember[], today: string): StaffRow[] {
  return staff.map((s) => ({
    id: s.id,
    name: s.name,
    role: ROLE_LABELS[s.role],
    credential: CREDENTIAL_LABELS[s.credential],
    licence: licenceText(s),
    verification: staffVerification(s, today),
    line: verificationLine(s, today),
    sourceUrl: s.source === "demo" ? null : s.sourceUrl,
    demo: s.source === "demo",
  }));
}

/**
 * The clinic's `employee` entries (schema.org Person with jobTitle and hasCredential), only
 * for current checks of real people: a stale check, an unchecked person or a demo person is
 * left out of the markup.
 */
export function staffJsonLd(staff: readonly ClinicStaffMember[], today: string): Record<string, unknown> {
  const people = staff.filter((s) => s.source !== "demo" && s.sourceUrl != null && isCurrentlyVerified(s, today));
  if (people.length === 0) return {};
  return {
    employee: people.map((s) => ({
      "@type": "Person",
      name: s.name,
      jobTitle: ROLE_LABELS[s.role].replace(/^\w/, (ch) => ch.toUpperCase()),
      hasCredential: {
        "@type": "EducationalOccupationalCredential",
        credentialCategory: "license",
        name: s.credential === "other" ? "Licence" : s.credential,
        ...(s.licenseState ? { recognizedBy: { "@type": "Organization", name: `${s.licenseState} licensing board` } } : {}),
        ...(s.licenseNumber ? { identifier: s.licenseNumber } : {}),
        url: s.sourceUrl,
      },
    })),
  };
}
