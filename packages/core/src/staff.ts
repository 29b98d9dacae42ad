/**
 * Who injects at a clinic: its medical director and injectors, each with a
 * credential and a licence we checked against a public record on a given day. Pure rules
 * shared by the API, the site build, the admin, the seed and the import; no zod here, so the
 * site's islands can use them within their JavaScript budget. Nothing reads the clock:
 * callers pass `today` ("YYYY-MM-DD", UTC), as with prices.
 */
import { dateValue, formatPriceDate } from "./price-format.ts";

export const STAFF_ROLES = ["medical_director", "injector"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_CREDENTIALS = ["MD", "DO", "NP", "PA", "RN", "other"] as const;
export type StaffCredential = (typeof STAFF_CREDENTIALS)[number];

export const LICENSE_STATUSES = ["active", "inactive", "unknown"] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/**
 * Where a staff row came from: an admin's entry, the maps-scraper import, or the demo seed.
 * `demo` people are invented: pages say so and never present them as checked.
 */
export const STAFF_SOURCES = ["admin", "import", "demo"] as const;
export type StaffSource = (typeof STAFF_SOURCES)[number];

/** A clinic's staff member as the API answers and the site renders it. */
export interface ClinicStaffMember {
  id: number;
  clinicId: number;
  name: string;
  role: StaffRole;
  credential: StaffCredential;
  npi: string | null;
  licenseState: string | null;
  licenseNumber: string | null;
  licenseStatus: LicenseStatus;
  /** The state board's or registry's page that was checked (https). */
  sourceUrl: string | null;
  /** The day the licence was checked against `sourceUrl`; never in the future. */
  verifiedOn: string | null;
  /** Who checked it (the admin's user name, "import", "demo"). */
  verifiedBy: string | null;
  source: StaffSource;
  createdAt: string;
  updatedAt: string;
}

/** A staff member's verification on a given day (see `staffVerification`). */
export type StaffVerification = "current" | "stale" | "none";

export const STAFF_RULES = {
  /** Older than this, a check "may be out of date" and counts as verified nowhere. */
  maxAgeDays: 365,
  /** The admin dashboard warns this many days before a check goes stale. */
  staleSoonDays: 30,
  nameMax: 120,
  licenseNumberMax: 40,
  verifiedByMax: 120,
  sourceUrlMax: 2048,
} as const;

export const ROLE_LABELS: Record<StaffRole, string> = { medical_director: "medical director", injector: "injector" };

export const CREDENTIAL_LABELS: Record<StaffCredential, string> = {
  MD: "MD (physician)",
  DO: "DO (osteopathic physician)",
  NP: "NP (nurse practitioner)",
  PA: "PA (physician assistant)",
  RN: "RN (registered nurse)",
  other: "Other licence",
};

/** The short form on cards and in the filter ("MD"); `other` is spelled out. */
export const credentialShort = (c: StaffCredential): string => (c === "other" ? "other licence" : c);

export const STAFF_MSG = {
  title: "Who injects here",
  empty: "The clinic has not told us who injects here yet.",
  mayBeOutOfDate: "may be out of date",
  demo: "Demo data: an invented person, not checked against any public record.",
  notFound: "Staff member not found.",
  name: "Name is required.",
  role: `Role must be one of: ${STAFF_ROLES.join(", ")}.`,
  credential: `Credential must be one of: ${STAFF_CREDENTIALS.join(", ")}.`,
  credentialFilter: `credential must be a comma-separated list of: ${STAFF_CREDENTIALS.join(", ")}.`,
  npi: "NPI must be 10 digits with a valid check digit.",
  licenseState: "Licence state must be a two-letter US state code.",
  licenseNumber: `Licence number must be 1 to ${STAFF_RULES.licenseNumberMax} letters, digits, spaces, dots, slashes or dashes.`,
  licenseStatus: `Licence status must be one of: ${LICENSE_STATUSES.join(", ")}.`,
  sourceUrl: "Source URL must be an https address.",
  verifiedOn: "verifiedOn must be a real date written YYYY-MM-DD.",
  verifiedOnFuture: "verifiedOn cannot be in the future.",
  verifiedNeedsSource: "A verified licence needs the source URL it was checked against.",
  emptyPatch: "Give at least one field to change.",
  npiNotFound: "The NPI Registry has no active record for this NPI.",
  registryUnreachable: "The NPI Registry could not be reached. Try again later.",
  registryTimeout: "The NPI Registry did not answer in time. Try again later.",
  registryError: (detail: string) => `The NPI Registry refused the lookup: ${detail}`,
  registryBadAnswer: "The NPI Registry gave an answer we could not read.",
} as const;

/**
 * Whether `npi` is a National Provider Identifier: 10 digits whose last is the Luhn check
 * digit of the first nine prefixed with 80840 (the card issuer prefix CMS assigns, so the
 * check runs over 80840 followed by all ten digits).
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const DAY_MS = 86_400_000;

/** Whole days from `day` to `today` (negative for a future day). */
export const daysSince = (day: string, today: string): number => Math.round((dateValue(today) - dateValue(day)) / DAY_MS);

/** The first day a check may be made on and still count (STAFF_RULES.maxAgeDays before `today`). */
export function oldestCurrentCheck(today: string): string {
  return new Date(dateValue(today) - STAFF_RULES.maxAgeDays * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A staff member's verification on `today`: `current` when the licence was checked at most
 * 365 days ago and found active; `stale` when it was checked longer ago (shown, with "may be
 * out of date", and counted nowhere); `none` when never checked, or found inactive or unknown.
 * Demo people (source `demo`) follow the same rule so the demo site's filters find something;
 * every page labels them as demo data instead of naming a source (decision 030).
 */
export function staffVerification(s: Pick<ClinicStaffMember, "verifiedOn" | "licenseStatus">, today: string): StaffVerification {
  if (s.verifiedOn == null) return "none";
  if (daysSince(s.verifiedOn, today) > STAFF_RULES.maxAgeDays) return "stale";
  return s.licenseStatus === "active" ? "current" : "none";
}

export const isCurrentlyVerified = (s: Pick<ClinicStaffMember, "verifiedOn" | "licenseStatus">, today: string): boolean =>
  staffVerification(s, today) === "current";

/** Within STAFF_RULES.staleSoonDays of going stale (the admin dashboard's warning). */
export function goesStaleSoon(verifiedOn: string, today: string): boolean {
  const age = daysSince(verifiedOn, today);
  return age <= STAFF_RULES.maxAgeDays && age > STAFF_RULES.maxAgeDays - STAFF_RULES.staleSoonDays;
}

/** "npiregistry.cms.hhs.gov" for a source URL: what the card names as checked against. */
export function sourceName(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/^www\./, "");
    return host === "npiregistry.cms.hhs.gov" ? "the NPI Registry" : host;
  } catch {
    return url;
  }
}

/** The card's verification line for one person. */
export function verificationLine(s: Pick<ClinicStaffMember, "verifiedOn" | "licenseStatus" | "sourceUrl" | "source">, today: string): string {
  if (s.source === "demo") return STAFF_MSG.demo;
  if (s.verifiedOn == null || s.sourceUrl == null) return "Licence not yet checked by us.";
  const when = formatPriceDate(s.verifiedOn);
  if (staffVerification(s, today) === "stale") return `last checked ${when} — ${STAFF_MSG.mayBeOutOfDate}`;
  return `checked against ${sourceName(s.sourceUrl)} on ${when}`;
}

/**
 * The distinct credentials of a clinic's currently verified staff, in STAFF_CREDENTIALS
 * order (what search results carry as `verifiedCredentials`).
 */
export function verifiedCredentialsOf(
  staff: readonly Pick<ClinicStaffMember, "credential" | "verifiedOn" | "licenseStatus">[],
  today: string,
): StaffCredential[] {
  const have = new Set(staff.filter((s) => isCurrentlyVerified(s, today)).map((s) => s.credential));
  return STAFF_CREDENTIALS.filter((c) => have.has(c));
}

type StaffForLine = Pick<ClinicStaffMember, "credential" | "role" | "verifiedOn" | "licenseStatus"> & { source?: StaffSource };

/** A currently verified staff member's role and credential: what listings carry (`verifiedStaff`). */
export interface VerifiedRole {
  role: StaffRole;
  credential: StaffCredential;
  /** True when every such person is an invented demo person (source `demo`): the line says so. */
  demo?: boolean;
}

/**
 * The listing card's line, "MD medical director · NP injector": each verified role and
 * credential once, medical directors first.
 */
export function credentialLineOf(verified: readonly VerifiedRole[]): string {
  const parts: string[] = [];
  for (const role of STAFF_ROLES) {
    for (const c of STAFF_CREDENTIALS) {
      if (verified.some((s) => s.role === role && s.credential === c)) parts.push(`${credentialShort(c)} ${ROLE_LABELS[role]}`);
    }
  }
  const line = parts.join(" · ");
  return line && verified.every((s) => s.demo) ? `${line} (demo data)` : line;
}

/** The distinct roles and credentials of the currently verified staff, in card order. */
export function verifiedRolesOf(staff: readonly StaffForLine[], today: string): VerifiedRole[] {
  const out: VerifiedRole[] = [];
  for (const role of STAFF_ROLES) {
    for (const credential of STAFF_CREDENTIALS) {
      const people = staff.filter((s) => s.role === role && s.credential === credential && isCurrentlyVerified(s, today));
      if (people.length > 0) out.push(people.every((s) => s.source === "demo") ? { role, credential, demo: true } : { role, credential });
    }
  }
  return out;
}

/** The distinct credentials of verified roles, in STAFF_CREDENTIALS order (`verifiedCredentials`). */
export const credentialsOfRoles = (roles: readonly VerifiedRole[]): StaffCredential[] => STAFF_CREDENTIALS.filter((c) => roles.some((r) => r.credential === c));

/** `credentialLineOf` the staff currently verified on `today`. */
export const credentialLine = (staff: readonly StaffForLine[], today: string): string => credentialLineOf(verifiedRolesOf(staff, today));

/**
 * The `credential` query value (comma-separated, either case, "np" → "NP") as a list, or
 * null when a value is not a credential.
 */
export function parseCredentialList(raw: string): StaffCredential[] | null {
  const out: StaffCredential[] = [];
  for (const part of raw.split(",")) {
    const s = part.trim();
    if (s === "") continue;
    const found = STAFF_CREDENTIALS.find((c) => c.toLowerCase() === s.toLowerCase());
    if (!found) return null;
    if (!out.includes(found)) out.push(found);
  }
  return out;
}

/**
 * The registry's credential text ("M.D.", "NP-C", "D.O., FAAD") as one of ours: the first
 * recognised letters, else `other` (null when the registry gives none).
 */
export function credentialFromRegistry(text: string | null | undefined): StaffCredential | null {
  if (text == null || text.trim() === "") return null;
  const letters = text.toUpperCase().replace(/[^A-Z,\s-]/g, "");
  for (const token of letters.split(/[,\s-]+/)) {
    if (token === "MD" || token === "DO" || token === "NP" || token === "PA" || token === "RN") return token;
    if (token === "APRN" || token === "FNP" || token === "ANP" || token === "CRNP") return "NP";
    if (token === "PAC") return "PA";
  }
  return "other";
}
