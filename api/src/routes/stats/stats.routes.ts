import { isoDay, statsSchema, type Stats } from "@botox/core";
import { countClinicsWithoutVerifiedInjector, countPendingSuggestions, countStaffChecksGoingStale, readAdminCounts } from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { createRouter, json } from "../../lib/openapi.ts";

const statsRoute = adminRoute({
  method: "get",
  path: "/stats",
  summary: "Dashboard counts; doubles as the admin session check",
  tags: ["admin"],
  responses: { 200: json("Counts", statsSchema) },
});

/** The admin's session check (product.md §6): success means authenticated. */
export const statsRoutes = createRouter().openapi(statsRoute, async (c) => {
  const { db, now } = c.get("deps");
  // Counters kept by the database as rows change (migration 0011): one statement, no table scans.
  const today = isoDay(now?.() ?? new Date());
  // The staff counts depend on the day (the 365-day rule), so they are counted, side by side.
  const [counts, clinicsWithoutVerifiedInjector, staffChecksGoingStale, pendingSuggestions] = await Promise.all([
    readAdminCounts(db, today),
    countClinicsWithoutVerifiedInjector(db, today),
    countStaffChecksGoingStale(db, today),
    countPendingSuggestions(db),
  ]);
  const body: Stats = {
    totalClinics: counts.totalClinics,
    status: "ok",
    apiVersion: "1",
    totalPosts: counts.totalPosts,
    totalSubscribers: counts.totalSubscribers,
    unreadMessages: counts.unreadMessages,
    pendingPriceReports: counts.pendingPriceReports,
    staleClinicPrices: counts.staleClinicPrices,
    clinicsWithoutVerifiedInjector,
    staffChecksGoingStale,
    pendingSuggestions,
  };
  return c.json(body, 200);
});
