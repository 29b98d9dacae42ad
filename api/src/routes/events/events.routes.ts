/**
 * What the listing brings (decision 277): the clinic page's beacon counts what visitors do
 * (POST /events), and the team and the clinic's owners read the counts by week
 * (GET /clinics/{id}/events). Counts only: no cookie is read or set, and nothing of the
 * visitor is stored with the counts. A keyed hash of the visitor's address, the day, the
 * clinic and the kind caps how many one address adds, and lives only in the rate-limit store,
 * for a day.
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  EVENTS_PATH,
  LISTING_EVENTS,
  MSG,
  isoDay,
  listingEventSchema,
  listingEventWeeksQuerySchema,
  listingEventWeeksSchema,
  weekStartOf,
  weekStartsEndingAt,
  type ListingEvent,
  type ListingEventWeeks,
} from "@botox/core";
import { clinicExists, listingEventWeeks } from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import type { AppEnv, Deps } from "../../context.ts";
import { lazyBodyLimit } from "../../lib/body-limit.ts";
import { countListingEvent } from "../../lib/listing-event-batches.ts";
import { HttpError, bodyTooLarge, parseOrThrow } from "../../lib/errors.ts";
import { clinicNotFound, clinicParams } from "../../lib/clinic-id.ts";
import { createRouter, documentedJsonRequest, errorResponse, json, writeErrors } from "../../lib/openapi.ts";
import { dayCounter, rateLimit } from "../../lib/rate-limit.ts";
import { visitorKey } from "../../lib/visitor.ts";
import { clinicIdParam } from "../../owners/access.ts";
import { isKnownBot } from "./known-bots.ts";

/**
 * The body types taken. The site's beacon sends text/plain: a cross-origin request whose type
 * is text/plain needs no CORS preflight, and navigator.sendBeacon with application/json would
 * need one, which a beacon cannot wait for (browsers refuse or drop it). JSON either way.
 */
const BODY_TYPES = ["text/plain", "application/json"];
/** Whether a Content-Type is one the beacon's body may have. */
export const isEventBodyType = (contentType: string | undefined): boolean => {
  const type = (contentType ?? "").toLowerCase();
  return BODY_TYPES.some((t) => type.startsWith(t));
};

const cap = dayCounter("events-cap");
/**
 * A flood guard, far above what visitors behind one address send: it bounds how many cap keys
 * one address can make the store hold.
 */
export const eventsFloodGuard = rateLimit({ windowMs: 60_000, limit: 300, keyPrefix: "events" });

const postRoute = createRoute({
  method: "post",
  path: EVENTS_PATH,
  summary: `Counts what a visitor did on a clinic's page (${listingEventSchema.shape.type.options.join(", ")}), as JSON sent text/plain (the site's navigator.sendBeacon) or application/json. No cookie is read or set. Always 204 for a well-formed body: known bots, a request without a User-Agent, an address past ${LISTING_EVENTS.perAddressPerClinicPerDay} of one kind for one clinic in a day (IPv4 address, IPv6 /64; UTC days), and an unknown clinic are answered alike and not counted`,
  tags: ["events"],
  middleware: [eventsFloodGuard, lazyBodyLimit({ maxSize: LISTING_EVENTS.bodyMaxBytes, message: MSG.api.payloadTooLarge, requireLength: false })] as const,
  request: { body: documentedJsonRequest(listingEventSchema, BODY_TYPES) },
  responses: { 204: { description: "Received (whether it was counted is not said)" }, ...writeErrors },
});

const weeksRoute = adminRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}/events",
  summary: `A clinic's counts by week (weeks=1..${LISTING_EVENTS.weeksMax}, ${LISTING_EVENTS.weeksDefault} by default), oldest first, the current week last, weeks without events as zeros (the team, and the clinic's owners)`,
  tags: ["events"],
  owner: clinicIdParam,
  request: { params: clinicParams, query: listingEventWeeksQuerySchema },
  responses: { 200: json("Counts by week", listingEventWeeksSchema), 400: errorResponse(MSG.events.weeks), 404: clinicNotFound },
});

/** The beacon's JSON, sent as text/plain or application/json. */
async function readEvent(c: Context<AppEnv>): Promise<ListingEvent> {
  if (!isEventBodyType(c.req.header("content-type"))) throw new HttpError(415, MSG.events.bodyType);
  let text: string;
  try {
    text = await c.req.text();
  } catch (err) {
    throw bodyTooLarge(err) ?? new HttpError(400, MSG.api.invalidJson);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, MSG.api.invalidJson);
  }
  return parseOrThrow(listingEventSchema, body);
}

/**
 * Counts a well-formed event from `clientIp` (the route's and beacon-first.ts's one way to count):
 * not from known bots or without a User-Agent, at most the cap per address, day, clinic and kind.
 */
export async function countEvent(deps: Deps, clientIp: string, userAgent: string | undefined, event: ListingEvent): Promise<void> {
  if (isKnownBot(userAgent)) return;
  const today = isoDay(deps.now?.() ?? new Date());
  // Per address, day, clinic and kind, hashed with the app's secret: the store holds no
  // address and no clinic, and one visitor's keys of two clinics or days cannot be matched.
  const key = visitorKey(deps.secret, clientIp, [today, event.clinicId, event.type]);
  if ((await cap.hit(deps, key)) > LISTING_EVENTS.perAddressPerClinicPerDay) return;
  // No such clinic: nothing counted, and nothing kept for it in the store either.
  const counted = { clinicId: event.clinicId, weekStart: weekStartOf(today), type: event.type };
  await countListingEvent(deps.listingEvents, deps.sql, counted, () => cap.forget(deps, key));
}

export const eventsRoutes = createRouter()
  .openapi(postRoute, async (c) => {
    // Usually answered before routing (beacon-first.ts); here: a body without a declared length,
    // and every refusal.
    const event = await readEvent(c);
    await countEvent(c.get("deps"), c.get("clientIp"), c.req.header("user-agent"), event);
    return c.body(null, 204);
  })
  .openapi(weeksRoute, async (c) => {
    const clinicId = c.req.valid("param").id;
    const { weeks } = c.req.valid("query");
    const { db, sql, now } = c.get("deps");
    // An owner reaches only their own clinics (checked before this runs); the team may ask for any.
    if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.admin.clinicNotFound);
    // This instance's events still waiting for their batch count too.
    await c.get("deps").listingEvents?.flush();
    const body: ListingEventWeeks = { weeks: await listingEventWeeks(sql, clinicId, weekStartsEndingAt(isoDay(now?.() ?? new Date()), weeks)) };
    c.header("Cache-Control", "private, no-store");
    return c.json(body, 200);
  });
