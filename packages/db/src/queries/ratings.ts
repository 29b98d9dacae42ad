/**
 * Emoji ratings (product.md §3): one per visitor per clinic, the visitor being the cookie
 * (unique index ratings_clinic_visitor_key). The keyed hash of the client's per-visitor key
 * (addressHash: IPv4 address, IPv6 /64) caps how many ratings one visitor gives a clinic in
 * 30 days, whatever its cookies (a household may share an address, a script may not;
 * ratings_clinic_address_created_idx serves the count). The keyed hash of its network
 * (networkHash: IPv4 /24, IPv6 /48) counts the distinct networks the markup rule needs.
 */
import { and, count, countDistinct, eq, gt, inArray, sql } from "drizzle-orm";
import { RATING_EMOJIS, type RatingEmoji, type RatingResponse, type RatingStat } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinics, ratings } from "../schema/schema.ts";

export async function clinicExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, id)).limit(1);
  return row !== undefined;
}

export interface NewRating {
  clinicId: number;
  emoji: RatingEmoji;
  comment: string | null;
  visitorId: string;
  addressHash: string;
  networkHash: string;
}

export type InsertRatingResult = { rating: RatingResponse["rating"] } | { refused: "already-rated" | "address-limit" };

/** How many ratings one visitor's address may give one clinic, within how many days. */
export interface NetworkCap {
  perNetwork: number;
  windowDays: number;
}

/**
 * Inserts the rating unless this visitor (cookie) has rated the clinic, or its address has
 * already given the clinic `cap.perNetwork` ratings in the last `cap.windowDays` days. A
 * transaction lock per (clinic, address) makes the count exact under concurrent attempts,
 * and ON CONFLICT makes one visitor's concurrent attempts safe: one wins, the rest are refused.
 */
export async function insertRating(db: Database, r: NewRating, cap: NetworkCap, now = new Date()): Promise<InsertRatingResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`rating:${r.clinicId}:${r.addressHash}`}))`);
    const since = new Date(now.getTime() - cap.windowDays * 24 * 60 * 60 * 1000);
    const [sent] = await tx
      .select({ n: count() })
      .from(ratings)
      .where(and(eq(ratings.clinicId, r.clinicId), eq(ratings.addressHash, r.addressHash), gt(ratings.createdAt, since)));
    const [already] = await tx
      .select({ one: sql<number>`1` })
      .from(ratings)
      .where(and(eq(ratings.clinicId, r.clinicId), eq(ratings.visitorId, r.visitorId)))
      .limit(1);
    if (already) return { refused: "already-rated" as const };
    if ((sent?.n ?? 0) >= cap.perNetwork) return { refused: "address-limit" as const };
    const [row] = await tx
      .insert(ratings)
      .values({ ...r, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: ratings.id, clinicId: ratings.clinicId, emoji: ratings.emoji, comment: ratings.comment, createdAt: ratings.createdAt });
    return row ? { rating: { ...row, createdAt: new Date(row.createdAt).toISOString() } } : { refused: "already-rated" as const };
  });
}

/** Whether this visitor (by its cookie) rated the clinic; without a cookie nobody has. */
export async function hasRated(db: Database, clinicId: number, visitorId: string | null): Promise<boolean> {
  if (!visitorId) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(ratings)
    .where(and(eq(ratings.clinicId, clinicId), eq(ratings.visitorId, visitorId)))
    .limit(1);
  return row !== undefined;
}

/** Counts for all five emojis, in the spec's order, zeros included. */
export async function ratingStats(db: Database, clinicId: number): Promise<RatingStat[]> {
  const rows = await db.select({ emoji: ratings.emoji, n: count() }).from(ratings).where(eq(ratings.clinicId, clinicId)).groupBy(ratings.emoji);
  const byEmoji = new Map(rows.map((r) => [r.emoji, r.n]));
  return RATING_EMOJIS.map((emoji) => ({ emoji, count: byEmoji.get(emoji) ?? 0 }));
}

/**
 * Emoji counts of several clinics at once (a listing page's cards): only clinics with at
 * least one rating appear, each with its non-zero counts in the spec's emoji order.
 */
export async function ratingSummaries(db: Database, clinicIds: readonly number[]): Promise<Record<number, RatingStat[]>> {
  if (clinicIds.length === 0) return {};
  const rows = await db
    .select({ clinicId: ratings.clinicId, emoji: ratings.emoji, n: count() })
    .from(ratings)
    .where(inArray(ratings.clinicId, [...clinicIds]))
    .groupBy(ratings.clinicId, ratings.emoji);
  const out: Record<number, RatingStat[]> = {};
  for (const id of new Set(rows.map((r) => r.clinicId))) {
    const mine = new Map(rows.filter((r) => r.clinicId === id).map((r) => [r.emoji, r.n]));
    out[id] = RATING_EMOJIS.flatMap((emoji) => ((mine.get(emoji) ?? 0) > 0 ? [{ emoji, count: mine.get(emoji) ?? 0 }] : []));
  }
  return out;
}

/**
 * Distinct networks (IPv4 /24, IPv6 /48) that rated each clinic: rating markup
 * (aggregateRating) needs at least FRESHNESS.markupMinNetworks, so one person with a few
 * addresses of one block cannot create it.
 */
export async function ratingNetworkCounts(db: Database, clinicIds?: readonly number[]): Promise<Map<number, number>> {
  if (clinicIds && clinicIds.length === 0) return new Map();
  const rows = await db
    .select({ clinicId: ratings.clinicId, n: countDistinct(ratings.networkHash) })
    .from(ratings)
    .where(clinicIds ? inArray(ratings.clinicId, [...clinicIds]) : undefined)
    .groupBy(ratings.clinicId);
  return new Map(rows.map((r) => [r.clinicId, r.n]));
}
