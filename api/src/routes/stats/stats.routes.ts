import { isoDay, statsSchema, type Stats } from "@botox/core";
import { readDashboardCounts } from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { createRouter, json } from "../../lib/openapi.ts";
import { mailCounts } from "../../mail/outbox.ts";

const statsRoute = adminRoute({
  method: "get",
  path: "/stats",
  summary: "Dashboard counts; doubles as the admin session check",
  tags: ["admin"],
  responses: { 200: json("Counts", statsSchema) },
});

/** The admin's session check (product.md §6): success means authenticated. */
export const statsRoutes = createRouter().openapi(statsRoute, async (c) => {
  const { db, now, countsMemo } = c.get("deps");
  // Counts kept by the database as rows change (migrations 0011 and 0012): one statement, no
  // table scans; the day-dependent staff counts sum the kept counts of their window's days;
  // the listing counts of this week and last sum those two weeks' rows (decision 277).
  // Served, they are shared for a second between requests, cleared by this instance's writes.
  const today = isoDay(now?.() ?? new Date());
  const read = () => readDashboardCounts(db, today);
  const [counts, mail] = await Promise.all([countsMemo ? countsMemo.get(today, read) : read(), mailCounts(c.get("deps").sql)]);
  const body: Stats = {
    totalClinics: counts.totalClinics,
    status: "ok",
    apiVersion: "1",
    totalPosts: counts.totalPosts,
    totalSubscribers: counts.totalSubscribers,
    unreadMessages: counts.unreadMessages,
    pendingPriceReports: counts.pendingPriceReports,
    staleClinicPrices: counts.staleClinicPrices,
    clinicsWithoutVerifiedInjector: counts.clinicsWithoutVerifiedInjector,
    staffChecksGoingStale: counts.staffChecksGoingStale,
    pendingSuggestions: counts.pendingSuggestions,
    ...mail,
    eventsThisWeek: counts.eventsThisWeek,
    eventsLastWeek: counts.eventsLastWeek,
  };
  return c.json(body, 200);
});
