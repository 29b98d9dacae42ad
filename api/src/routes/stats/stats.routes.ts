import { createRoute } from "@hono/zod-openapi";
import { MSG, isoDay, statsSchema, type Stats } from "@botox/core";
import {
  countAllClinics,
  countClinicsWithStalePrices,
  countPendingPriceReports,
  countPendingSuggestions,
  countPosts,
  countSubscribers,
  countUnreadContactMessages,
} from "@botox/db";
import { requireSession } from "../../auth/session.ts";
import { createRouter, errorResponse, json, sessionSecurity } from "../../lib/openapi.ts";

const statsRoute = createRoute({
  method: "get",
  path: "/stats",
  summary: "Dashboard counts; doubles as the admin session check",
  tags: ["admin"],
  security: sessionSecurity,
  middleware: [requireSession] as const,
  responses: { 200: json("Counts", statsSchema), 401: errorResponse(MSG.api.unauthorized) },
});

/** The admin's session check (spec §6): success means authenticated. */
export const statsRoutes = createRouter().openapi(statsRoute, async (c) => {
  const { db } = c.get("deps");
  // Sequential: the embedded database serves one query at a time anyway.
  const totalClinics = await countAllClinics(db);
  const totalPosts = await countPosts(db);
  const totalSubscribers = await countSubscribers(db);
  const unreadMessages = await countUnreadContactMessages(db);
  const pendingPriceReports = await countPendingPriceReports(db);
  const staleClinicPrices = await countClinicsWithStalePrices(db, isoDay(new Date()));
  const pendingSuggestions = await countPendingSuggestions(db);
  const body: Stats = {
    totalClinics,
    status: "ok",
    apiVersion: "1",
    totalPosts,
    totalSubscribers,
    unreadMessages,
    pendingPriceReports,
    staleClinicPrices,
    pendingSuggestions,
  };
  return c.json(body, 200);
});
