/**
 * The daily re-check of stored booking links (decision 299): the due links are claimed by
 * moving their checked time to now (oldest check first, rows another instance holds skipped),
 * asked outside any transaction, and each answer is recorded only if the link is still the
 * one claimed (a compare-and-set on the link and its checked time: a link saved meanwhile
 * keeps its own fresh check).
 */
import { sql } from "drizzle-orm";
import { bookingLinkShown, type BookingLinkState } from "@botox/core";
import type { DbExecutor } from "./content-changes.ts";

/** A link claimed for its re-check, with its clinic's website (the link rule needs its domain). */
export interface DueBookingLink {
  clinicId: number;
  clinicName: string;
  url: string;
  site: string | null;
  /** Failed checks in a row before this one. */
  failures: number;
  /** The checked time the claim wrote: the answer is recorded against it. */
  checkedAt: string;
}

/**
 * Claims up to `batch` links last checked at least `everyHours` ago (or never), oldest first:
 * their checked time becomes `now`, so no other run takes them today.
 */
export async function claimDueBookingLinks(db: DbExecutor, o: { now: Date; batch: number; everyHours: number }): Promise<DueBookingLink[]> {
  const now = o.now.toISOString();
  const rows = await db.execute<{ id: number; name: string; booking_url: string; site: string | null; failures: number; previous: string | null }>(sql`
    UPDATE clinics c SET booking_url_checked_at = ${now}::timestamptz
    FROM (
      SELECT id, booking_url_checked_at AS previous FROM clinics
      WHERE booking_url IS NOT NULL
        AND (booking_url_checked_at IS NULL OR booking_url_checked_at <= ${now}::timestamptz - make_interval(hours => ${o.everyHours}::int))
      ORDER BY booking_url_checked_at ASC NULLS FIRST, id
      LIMIT ${o.batch}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE c.id = due.id
    RETURNING c.id, c.name, c.booking_url, c.site, c.booking_url_failures AS failures, due.previous::text AS previous`);
  return [...rows]
    .sort((a, b) => (a.previous ?? "").localeCompare(b.previous ?? "") || a.id - b.id)
    .map((r) => ({ clinicId: r.id, clinicName: r.name, url: r.booking_url, site: r.site, failures: Number(r.failures), checkedAt: now }));
}

/**
 * Records one re-check's answer: failures back to 0 when it answered, else one more (and the
 * first failure's time kept). The failures after, or null when the link changed meanwhile.
 */
export async function recordBookingLinkCheck(db: DbExecutor, link: DueBookingLink, answered: boolean): Promise<number | null> {
  const [row] = await db.execute<{ failures: number }>(sql`
    UPDATE clinics SET
      booking_url_failures = CASE WHEN ${answered} THEN 0 ELSE booking_url_failures + 1 END,
      booking_url_failing_since = CASE WHEN ${answered} THEN NULL ELSE coalesce(booking_url_failing_since, ${link.checkedAt}::timestamptz) END
    WHERE id = ${link.clinicId} AND booking_url = ${link.url} AND booking_url_checked_at = ${link.checkedAt}::timestamptz
    RETURNING booking_url_failures AS failures`);
  return row ? Number(row.failures) : null;
}

/** The clinic's stored link and its checks (the owner workspace), or null when the clinic is gone. */
export async function bookingLinkStateOf(db: DbExecutor, clinicId: number): Promise<BookingLinkState | null> {
  const [row] = await db.execute<{ booking_url: string | null; checked_ms: number | null; failures: number; failing_ms: number | null }>(sql`
    SELECT booking_url, (extract(epoch FROM booking_url_checked_at) * 1000)::float8 AS checked_ms, booking_url_failures AS failures,
      (extract(epoch FROM booking_url_failing_since) * 1000)::float8 AS failing_ms
    FROM clinics WHERE id = ${clinicId}`);
  if (!row) return null;
  const failures = Number(row.failures);
  const at = (ms: number | null) => (ms == null ? null : new Date(Number(ms)).toISOString());
  return {
    url: row.booking_url,
    shown: row.booking_url != null && bookingLinkShown(failures),
    checkedAt: at(row.checked_ms),
    failures,
    failingSince: at(row.failing_ms),
  };
}
