/**
 * What the listing brings (decision 277): the site's beacon (POST /events) and a clinic's
 * counts by week (GET /clinics/{id}/events).
 */
import { z } from "zod";
import { LISTING_EVENTS, LISTING_EVENT_TYPES } from "../listing-events.ts";
import { MSG } from "../messages.ts";

/** The beacon's path under the API prefix. */
export const EVENTS_PATH = "/events";

// ---- POST /events ----
export const listingEventSchema = z.object({
  clinicId: z
    .number({ error: MSG.events.clinicId })
    .int(MSG.events.clinicId)
    .positive(MSG.events.clinicId)
    // Past PostgreSQL's integer no clinic has an id.
    .max(2_147_483_647, MSG.events.clinicId),
  type: z.enum(LISTING_EVENT_TYPES, { error: MSG.events.type }),
});
export type ListingEvent = z.infer<typeof listingEventSchema>;

// ---- GET /clinics/{id}/events ----
export const listingEventWeeksQuerySchema = z.object({
  weeks: z.coerce
    .number({ error: MSG.events.weeks })
    .int(MSG.events.weeks)
    .min(1, MSG.events.weeks)
    .max(LISTING_EVENTS.weeksMax, MSG.events.weeks)
    .default(LISTING_EVENTS.weeksDefault),
});

const countsShape = Object.fromEntries(LISTING_EVENT_TYPES.map((type) => [type, z.number().int()])) as Record<
  (typeof LISTING_EVENT_TYPES)[number],
  z.ZodNumber
>;

/** One kind's count each, zeros included. */
export const listingEventCountsSchema = z.object(countsShape);

export const listingEventWeekSchema = z.object({
  weekStart: z.string().describe("The week's Monday (weeks run Monday to Sunday, UTC), YYYY-MM-DD"),
  ...countsShape,
});
export type ListingEventWeek = z.infer<typeof listingEventWeekSchema>;

export const listingEventWeeksSchema = z.object({
  weeks: z.array(listingEventWeekSchema).describe("Oldest first, the current week last; weeks without events are zeros"),
});
export type ListingEventWeeks = z.infer<typeof listingEventWeeksSchema>;
