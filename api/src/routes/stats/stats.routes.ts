import { Hono } from "hono";
import { z } from "zod";
import { isoDay, type Stats } from "@botox/core";
import { countAllClinics, countClinicsWithStalePrices, countPendingPriceReports, countPosts, countSubscribers, countUnreadContactMessages } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { requireSession } from "../../auth/session.ts";
import { documentRoute } from "../../lib/openapi.ts";

export const statsRoutes = new Hono<AppEnv>();

/** The admin's session check (spec §6): success means authenticated. */
statsRoutes.get("/stats", requireSession, async (c) => {
  const { db } = c.get("deps");
  // Sequential: the embedded database serves one query at a time anyway.
  const totalClinics = await countAllClinics(db);
  const totalPosts = await countPosts(db);
  const totalSubscribers = await countSubscribers(db);
  const unreadMessages = await countUnreadContactMessages(db);
  const pendingPriceReports = await countPendingPriceReports(db);
  const staleClinicPrices = await countClinicsWithStalePrices(db, isoDay(new Date()));
  const body: Stats = { totalClinics, status: "ok", apiVersion: "1", totalPosts, totalSubscribers, unreadMessages, pendingPriceReports, staleClinicPrices };
  return c.json(body);
});

documentRoute({
  method: "get",
  path: "/stats",
  summary: "Dashboard counts; doubles as the admin session check",
  tags: ["admin"],
  auth: true,
  responses: {
    200: {
      description: "Counts",
      schema: z.object({
        totalClinics: z.number(),
        status: z.literal("ok"),
        apiVersion: z.string(),
        totalPosts: z.number(),
        totalSubscribers: z.number(),
        unreadMessages: z.number(),
        pendingPriceReports: z.number().describe("Price reports waiting for review"),
        staleClinicPrices: z.number().describe("Clinics whose newest published price is older than 180 days"),
      }),
    },
    401: { description: "No valid session" },
  },
});
