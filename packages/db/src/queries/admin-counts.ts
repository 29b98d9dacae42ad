/**
 * The admin dashboard's counts in one statement (issue 26): counters kept by triggers
 * (migration 0011, table admin_counts) and an index range count of clinic_newest_prices for
 * the clinics whose newest price is out of date, instead of counting whole tables per request.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { preparedRows } from "./listings.ts";
import { oldestFreshDay } from "./price-filters.ts";

export interface AdminCounts {
  totalClinics: number;
  totalPosts: number;
  totalSubscribers: number;
  unreadMessages: number;
  pendingPriceReports: number;
  /** Clinics whose newest published price was checked more than PRICE_RULES.outOfDateDays before `today`. */
  staleClinicPrices: number;
}

const counter = (name: string) => sql`(SELECT n FROM admin_counts WHERE name = ${name})`;

export async function readAdminCounts(db: Database, today: string): Promise<AdminCounts> {
  const [row] = await preparedRows<Record<keyof AdminCounts, string | number | null>>(
    db,
    sql`SELECT ${counter("clinics")} AS "totalClinics", ${counter("posts")} AS "totalPosts", ${counter("subscribers")} AS "totalSubscribers",
      ${counter("unread_messages")} AS "unreadMessages", ${counter("pending_price_reports")} AS "pendingPriceReports",
      (SELECT count(*) FROM clinic_newest_prices WHERE checked_on < ${oldestFreshDay(today)}::date) AS "staleClinicPrices"`,
  );
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  return {
    totalClinics: n(row?.totalClinics),
    totalPosts: n(row?.totalPosts),
    totalSubscribers: n(row?.totalSubscribers),
    unreadMessages: n(row?.unreadMessages),
    pendingPriceReports: n(row?.pendingPriceReports),
    staleClinicPrices: n(row?.staleClinicPrices),
  };
}
