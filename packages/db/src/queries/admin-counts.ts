/**
 * The admin dashboard's counts in one statement: counters kept by triggers
 * (migration 0011, table admin_counts) and, for the counts that depend on the day (the
 * out-of-date prices, the staff checks), counts per day kept by triggers (migration 0012,
 * table admin_day_counts): /stats sums the days of its window (a few hundred rows at most)
 * instead of counting whole tables.
 */
import { STAFF_RULES, oldestCurrentCheck, weekStartsEndingAt, zeroListingEventCounts, type ListingEventCounts } from "@botox/core";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../connection/client.ts";
import { listingEventTotals } from "./listing-events.ts";
import { preparedRows } from "./listings.ts";
import { oldestFreshDay } from "./price-filters.ts";

interface AdminCounts {
  totalClinics: number;
  totalPosts: number;
  totalSubscribers: number;
  unreadMessages: number;
  pendingPriceReports: number;
  /** Clinics whose newest published price was checked more than PRICE_RULES.outOfDateDays before `today`. */
  staleClinicPrices: number;
  /** Clinics with no injector whose licence check is current on `today` (active, at most 365 days old, not after today). */
  clinicsWithoutVerifiedInjector: number;
  /** Active checks (any role) current on `today` that go stale within STAFF_RULES.staleSoonDays. */
  staffChecksGoingStale: number;
  pendingSuggestions: number;
}

/** The first day past the dashboard's "going stale" window: checks made before it go stale within staleSoonDays. */
function staleSoonEnd(today: string): string {
  const oldest = oldestCurrentCheck(today);
  return new Date(Date.parse(`${oldest}T00:00:00Z`) + STAFF_RULES.staleSoonDays * 86_400_000).toISOString().slice(0, 10);
}

const counter = (name: string) => sql`(SELECT n FROM admin_counts WHERE name = ${name})`;
const daysSum = (name: string, from: string, condition: SQL = sql`true`) =>
  sql`(SELECT coalesce(sum(n), 0) FROM admin_day_counts WHERE name = ${name} AND day >= ${from}::date AND ${condition})`;

/** @internal Exported for its tests. */
export async function readAdminCounts(db: Database, today: string): Promise<AdminCounts> {
  const oldest = oldestCurrentCheck(today);
  // Clinics with a verified injector: those whose newest active injector check falls in the
  // last 365 days, plus those whose newest check is dated after today (SQL by hand; none
  // otherwise, index range of no rows) that have another check in the window.
  const withVerifiedInjector = sql`(${daysSum("newest_injector_checks", oldest, sql`day <= ${today}::date`)}
      + (SELECT count(*) FROM clinic_injector_checks k WHERE k.checked_on > ${today}::date
          AND EXISTS (SELECT 1 FROM clinic_staff cs WHERE cs.clinic_id = k.clinic_id AND cs.role = 'injector' AND cs.license_status = 'active'
            AND cs.verified_on >= ${oldest}::date AND cs.verified_on <= ${today}::date)))`;
  const [row] = await preparedRows<Record<keyof AdminCounts, string | number | null>>(
    db,
    sql`SELECT ${counter("clinics")} AS "totalClinics", ${counter("posts")} AS "totalPosts", ${counter("subscribers")} AS "totalSubscribers",
      ${counter("unread_messages")} AS "unreadMessages", ${counter("pending_price_reports")} AS "pendingPriceReports",
      ${counter("priced_clinics")} - ${daysSum("newest_price_checks", oldestFreshDay(today))} AS "staleClinicPrices",
      ${counter("clinics")} - ${withVerifiedInjector} AS "clinicsWithoutVerifiedInjector",
      ${daysSum("staff_checks", oldest, sql`day < ${staleSoonEnd(today)}::date`)} AS "staffChecksGoingStale",
      ${counter("pending_suggestions")} AS "pendingSuggestions"`,
  );
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  return {
    totalClinics: n(row?.totalClinics),
    totalPosts: n(row?.totalPosts),
    totalSubscribers: n(row?.totalSubscribers),
    unreadMessages: n(row?.unreadMessages),
    pendingPriceReports: n(row?.pendingPriceReports),
    staleClinicPrices: n(row?.staleClinicPrices),
    clinicsWithoutVerifiedInjector: n(row?.clinicsWithoutVerifiedInjector),
    staffChecksGoingStale: n(row?.staffChecksGoingStale),
    pendingSuggestions: n(row?.pendingSuggestions),
  };
}

/** The dashboard's figures: the counts above, and what visitors did on every clinic's page (decision 277). */
export interface DashboardCounts extends AdminCounts {
  /** This week (Monday to Sunday, UTC) so far. */
  eventsThisWeek: ListingEventCounts;
  eventsLastWeek: ListingEventCounts;
}

export async function readDashboardCounts(db: Database, today: string): Promise<DashboardCounts> {
  const [lastWeek = "", thisWeek = ""] = weekStartsEndingAt(today, 2);
  const [counts, events] = await Promise.all([readAdminCounts(db, today), listingEventTotals(db.$client, [lastWeek, thisWeek])]);
  return { ...counts, eventsThisWeek: events.get(thisWeek) ?? zeroListingEventCounts(), eventsLastWeek: events.get(lastWeek) ?? zeroListingEventCounts() };
}
