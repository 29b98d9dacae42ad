/**
 * What the listing brings (decision 277): counts of what visitors did on a clinic's page, per
 * clinic, week (its Monday, UTC) and kind, in clinic_event_counts (migration 0026). Nothing
 * here knows who did it: the per-address cap lives in the API's rate-limit store.
 */
import { LISTING_EVENT_TYPES, zeroListingEventCounts, type ListingEventCounts, type ListingEventType, type ListingEventWeek } from "@botox/core";
import type { Sql } from "../connection/client.ts";

const isType = (type: string): type is ListingEventType => (LISTING_EVENT_TYPES as readonly string[]).includes(type);

/** A number of events of one kind, for one clinic, in the week starting `weekStart`. */
export interface ListingEventCount {
  clinicId: number;
  weekStart: string;
  type: ListingEventType;
  count: number;
}

/**
 * Adds each count to its clinic's, week's and kind's total in one statement; answers the clinic
 * ids that exist (an unknown clinic's counts are not written). At most one count per clinic,
 * week and kind: an upsert cannot touch one row twice.
 *
 * Its commit does not wait for the write-ahead log to reach the disk (synchronous_commit off,
 * for this transaction only): waiting for that flush was most of what an event cost, and a crash
 * can at worst lose the last fraction of a second's counts, never corrupt one. The statements
 * before COMMIT go out together (pipelined).
 */
export async function countListingEvents(sql: Sql, counts: readonly ListingEventCount[]): Promise<Set<number>> {
  if (counts.length === 0) return new Set();
  const [, rows] = await sql.begin((tx) => [
    tx`SET LOCAL synchronous_commit = off`,
    tx<{ clinicId: number }[]>`
      INSERT INTO clinic_event_counts (clinic_id, week_start, type, count)
      SELECT c.id, v.week_start, v.type, v.count
      FROM jsonb_to_recordset(${JSON.stringify(counts.map((e) => ({ clinic_id: e.clinicId, week_start: e.weekStart, type: e.type, count: e.count })))}::jsonb)
        AS v(clinic_id integer, week_start date, type text, count integer)
      JOIN clinics c ON c.id = v.clinic_id
      ON CONFLICT (clinic_id, week_start, type) DO UPDATE SET count = clinic_event_counts.count + excluded.count
      RETURNING clinic_id AS "clinicId"`,
  ]);
  return new Set((rows ?? []).map((r) => Number(r.clinicId)));
}

/** The clinic's counts in each of `weekStarts` (Mondays, oldest first), zeros where nothing was counted. */
export async function listingEventWeeks(sql: Sql, clinicId: number, weekStarts: readonly string[]): Promise<ListingEventWeek[]> {
  const first = weekStarts[0];
  const last = weekStarts.at(-1);
  if (first === undefined || last === undefined) return [];
  const weeks = new Map(weekStarts.map((weekStart): [string, ListingEventWeek] => [weekStart, { weekStart, ...zeroListingEventCounts() }]));
  const rows = await sql<{ week: string; type: string; count: number }[]>`
    SELECT to_char(week_start, 'YYYY-MM-DD') AS week, type, count FROM clinic_event_counts
    WHERE clinic_id = ${clinicId} AND week_start >= ${first}::date AND week_start <= ${last}::date`;
  for (const row of rows) {
    const week = weeks.get(row.week);
    if (week && isType(row.type)) week[row.type] = Number(row.count);
  }
  return [...weeks.values()];
}

/** Every clinic's counts together, in each of `weekStarts` (Mondays, oldest first: the dashboard's figures). */
export async function listingEventTotals(sql: Sql, weekStarts: readonly string[]): Promise<Map<string, ListingEventCounts>> {
  const first = weekStarts[0];
  const last = weekStarts.at(-1);
  const totals = new Map(weekStarts.map((weekStart) => [weekStart, zeroListingEventCounts()]));
  if (first === undefined || last === undefined) return totals;
  const rows = await sql<{ week: string; type: string; n: string }[]>`
    SELECT to_char(week_start, 'YYYY-MM-DD') AS week, type, sum(count) AS n FROM clinic_event_counts
    WHERE week_start >= ${first}::date AND week_start <= ${last}::date GROUP BY week_start, type`;
  for (const row of rows) {
    const week = totals.get(row.week);
    if (week && isType(row.type)) week[row.type] = Number(row.n);
  }
  return totals;
}
