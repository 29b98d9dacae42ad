/** GET /stats: the public counts and, with a session, the admin dashboard's (product.md §7). */
import { z } from "zod";
import { listingEventCountsSchema } from "./events.ts";

export const statsSchema = z.object({
  totalClinics: z.number(),
  status: z.literal("ok"),
  apiVersion: z.string(),
  totalPosts: z.number().optional(),
  totalSubscribers: z.number().optional(),
  unreadMessages: z.number().optional(),
  pendingPriceReports: z.number().optional().describe("Price reports waiting for review"),
  staleClinicPrices: z.number().optional().describe("Clinics whose newest published price is older than 180 days"),
  clinicsWithoutVerifiedInjector: z.number().optional().describe("Clinics with no injector whose licence check is current"),
  staffChecksGoingStale: z.number().optional().describe("Current licence checks that go stale (365 days) within 30 days"),
  pendingSuggestions: z.number().optional().describe("Visitors' suggested edits waiting for review"),
  confirmedSubscribers: z.number().optional().describe("Newsletter subscribers who followed their confirmation link"),
  pendingSubscribers: z.number().optional().describe("Newsletter subscriptions waiting for confirmation"),
  mailSentThisWeek: z.number().optional().describe("Messages sent (or captured) in the last 7 days"),
  mailFailures: z.number().optional().describe("Messages that failed in the last 7 days"),
  eventsThisWeek: listingEventCountsSchema.optional().describe("What visitors did on every clinic's page this week so far (Monday to Sunday, UTC)"),
  eventsLastWeek: listingEventCountsSchema.optional().describe("The same, last week"),
});
export type Stats = z.infer<typeof statsSchema>;
