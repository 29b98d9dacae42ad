/**
 * Fresh and fair listings: how old a listing's check may get before the page says
 * so, the state time zones a clinic without coordinates falls back to, the rating limits per
 * network, and the visitors' suggested edits. Zod-free, so the site's islands can import it.
 */
import type { BusinessStatus } from "./status.ts";

const DAY_MS = 86_400_000;

export const FRESHNESS = {
  /** A listing checked longer ago than this says "Not checked in over a year". */
  staleAfterDays: 365,
  /** Rating markup (aggregateRating) needs ratings from at least this many distinct networks. */
  markupMinNetworks: 3,
  suggestionNoteMax: 1000,
} as const;

/**
 * The fields of a suggested edit: a visitor's may change all but the name; an owner's held
 * edit (decision 282) may also change the name.
 */
export const SUGGESTION_FIELDS = ["name", "phone", "site", "fullAddress", "category", "workingHours", "businessStatus"] as const;
export type SuggestionField = (typeof SUGGESTION_FIELDS)[number];

export const SUGGESTION_FIELD_LABELS: Record<SuggestionField, string> = {
  name: "Name",
  phone: "Phone",
  site: "Website",
  fullAddress: "Address",
  category: "Category",
  workingHours: "Hours",
  businessStatus: "Status",
};

export const SUGGESTION_STATUSES = ["pending", "applied", "rejected"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const SUGGESTION_MSG = {
  noChange: "Suggest at least one change (phone, website, address, category, hours or status).",
  unknownField: "Only phone, website, address, category, hours, status and a note can be suggested.",
  pending: "Thanks! An editor will check your suggestion before it appears on the page.",
  alreadyPending: "You already have a suggestion waiting for review for this clinic.",
  notFound: "Suggestion not found.",
  alreadyDecided: "This suggestion has already been decided.",
  decision: 'status must be "applied" or "rejected".',
  listStatus: 'status must be "pending", "applied", "rejected" or "all".',
  listClinic: "clinicId must be a clinic's id (a whole number of at least 1).",
  cannotApply: (why: string) => `Could not apply: ${why}`,
  error: "We couldn't send your suggestion. Please try again.",
  tooMany: "Too many suggestions from your network. Please try again later.",
} as const;

/** The public page on how ratings are collected and moderated (linked from every rating widget and the footer). */
export const RATINGS_POLICY_PATH = "/ratings-policy";

export const FUTURE_DATE_MSG = (label: string) => `${label} cannot be in the future.`;

/** True when the ISO day `day` ("YYYY-MM-DD") is after `today`. */
export const isFutureDay = (day: string, today: string): boolean => day > today;

/** What the clinic page says about its last check, on `today` (both ISO days). */
export function lastCheckedLine(lastVerifiedOn: string | null | undefined, today: string, format: (day: string) => string): string {
  if (!lastVerifiedOn) return "Not checked in over a year";
  const age = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${lastVerifiedOn}T00:00:00Z`)) / DAY_MS);
  return age > FRESHNESS.staleAfterDays ? "Not checked in over a year" : `Details last checked ${format(lastVerifiedOn)}`;
}

/** A clinic that closed for good keeps its page (with a banner) but leaves listings and the sitemap. */
export const isPermanentlyClosed = (status: string | null | undefined): boolean => status === ("PERMANENTLY_CLOSED" satisfies BusinessStatus);

/**
 * The IANA zone of each state (and DC, territories) that lies in one zone only, for clinics
 * with neither coordinates nor a known ZIP. States split between zones (e.g. TX, FL, IN, KY,
 * TN, MI, ND, SD, NE, KS, OR, ID, AK) are absent: a guess there would put open-now an hour off.
 */
const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: "America/Chicago",
  AR: "America/Chicago",
  AZ: "America/Phoenix",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DC: "America/New_York",
  DE: "America/New_York",
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  IA: "America/Chicago",
  IL: "America/Chicago",
  LA: "America/Chicago",
  MA: "America/New_York",
  MD: "America/New_York",
  ME: "America/New_York",
  MN: "America/Chicago",
  MO: "America/Chicago",
  MS: "America/Chicago",
  MT: "America/Denver",
  NC: "America/New_York",
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NV: "America/Los_Angeles",
  NY: "America/New_York",
  OH: "America/New_York",
  OK: "America/Chicago",
  PA: "America/New_York",
  PR: "America/Puerto_Rico",
  RI: "America/New_York",
  SC: "America/New_York",
  UT: "America/Denver",
  VA: "America/New_York",
  VT: "America/New_York",
  WA: "America/Los_Angeles",
  WI: "America/Chicago",
  WV: "America/New_York",
  WY: "America/Denver",
};

/** The zone of a one-zone state ("ca", " IL "), else null. */
export function stateTimeZone(state: string | null | undefined): string | null {
  return STATE_TIME_ZONES[(state ?? "").trim().toUpperCase()] ?? null;
}
