/**
 * What the listing brings (decision 277): counts of what visitors do on a clinic's page, kept
 * per clinic, week and kind, and nothing about who did it. Zod-free, so the site's beacon and
 * the admin's chart can share the kinds and the weeks with the API and the database.
 */

/** What a visitor did on a clinic's page: opened it, tapped Call, the website, directions, Book online, or saw its deals. */
export const LISTING_EVENT_TYPES = ["view", "call", "website", "directions", "booking", "deal-view"] as const;
export type ListingEventType = (typeof LISTING_EVENT_TYPES)[number];

/** Each kind as the admin's chart and tables name it. */
export const LISTING_EVENT_LABELS: Record<ListingEventType, string> = {
  view: "Page views",
  call: "Calls",
  website: "Website visits",
  directions: "Directions",
  booking: "Booking clicks",
  "deal-view": "Deal views",
};

export const LISTING_EVENTS = {
  /**
   * How many of one kind one visitor's address (addressKey: an IPv4 address, an IPv6 /64) may
   * add to one clinic's counts in a day (UTC); more are answered alike and not counted, so no
   * one can inflate a clinic's figures from one address.
   */
  perAddressPerClinicPerDay: 5,
  /** Weeks the counts route answers by default, and at most. */
  weeksDefault: 12,
  weeksMax: 52,
  /** A beacon's body is a few dozen bytes; anything longer is refused before it is read. */
  bodyMaxBytes: 1024,
} as const;

/** A week's (or any span's) counts, one per kind, zeros included. */
export type ListingEventCounts = Record<ListingEventType, number>;

export function zeroListingEventCounts(): ListingEventCounts {
  return { view: 0, call: 0, website: 0, directions: 0, booking: 0, "deal-view": 0 };
}

const DAY_MS = 86_400_000;
const dayValue = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday ("YYYY-MM-DD") of the ISO week (Monday to Sunday, UTC) holding `day`. */
export function weekStartOf(day: string): string {
  const ms = dayValue(day);
  // getUTCDay: Sunday 0 ... Saturday 6; days back to Monday: (day + 6) % 7.
  return dayOf(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
}

/** The Mondays of the `weeks` weeks ending with the week of `day`, oldest first. */
export function weekStartsEndingAt(day: string, weeks: number): string[] {
  const last = dayValue(weekStartOf(day));
  return Array.from({ length: weeks }, (_, i) => dayOf(last - (weeks - 1 - i) * 7 * DAY_MS));
}
