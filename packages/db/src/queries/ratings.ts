/**
 * Emoji ratings (spec §3): one per visitor per clinic, enforced by two unique indexes
 * (ratings_clinic_visitor_key on the visitor cookie, ratings_clinic_address_key on the keyed
 * hash of the client address).
 */
import { and, count, eq, or, sql } from "drizzle-orm";
import { RATING_EMOJIS, type RatingEmoji, type RatingResponse, type RatingStat } from "@botox/core";
import type { Database } from "../client.ts";
import { clinics, ratings } from "../schema.ts";

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
}

/**
 * Inserts the rating, or returns null when this visitor (cookie or address) has already
 * rated the clinic. ON CONFLICT makes concurrent attempts safe: one wins, the rest get null.
 */
export async function insertRating(db: Database, r: NewRating): Promise<RatingResponse["rating"] | null> {
  const [row] = await db
    .insert(ratings)
    .values(r)
    .onConflictDoNothing()
    .returning({ id: ratings.id, clinicId: ratings.clinicId, emoji: ratings.emoji, comment: ratings.comment, createdAt: ratings.createdAt });
  return row ? { ...row, createdAt: new Date(row.createdAt).toISOString() } : null;
}

/** Whether this visitor (by cookie, when there is one, or by address hash) rated the clinic. */
export async function hasRated(db: Database, clinicId: number, visitorId: string | null, addressHash: string): Promise<boolean> {
  const who = visitorId ? or(eq(ratings.visitorId, visitorId), eq(ratings.addressHash, addressHash)) : eq(ratings.addressHash, addressHash);
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(ratings)
    .where(and(eq(ratings.clinicId, clinicId), who))
    .limit(1);
  return row !== undefined;
}

/** Counts for all five emojis, in the spec's order, zeros included. */
export async function ratingStats(db: Database, clinicId: number): Promise<RatingStat[]> {
  const rows = await db
    .select({ emoji: ratings.emoji, n: count() })
    .from(ratings)
    .where(eq(ratings.clinicId, clinicId))
    .groupBy(ratings.emoji);
  const byEmoji = new Map(rows.map((r) => [r.emoji, r.n]));
  return RATING_EMOJIS.map((emoji) => ({ emoji, count: byEmoji.get(emoji) ?? 0 }));
}
