/**
 * What the listing brings (decision 277): counts of what visitors did on a clinic's page, per
 * clinic, week (its Monday, UTC) and kind, in clinic_event_counts (migration 0026). Nothing
 * here knows who did it: the per-address cap lives in the API's rate-limit store.
 */
import { LISTING_EVENT_TYPES, zeroListingEventCounts, type ListingEventCounts, type ListingEventType, type ListingEventWeek } from "@botox/core";
import type { Sql } from "../connection/client.ts";

const isType = (type: string): type is ListingEventType => (LISTING_EVENT_TYPES as readonly string[]).includes(type);

/**
 * Adds one to the clinic's count of `type` in the week starting `weekStart`: a prepared upsert.
 * False when there is no such clinic (nothing is written).
 *
 * Its commit does not wait for the write-ahead log to reach the disk (synchronous_commit off,
 * for this transaction only): waiting for the flush of every event was most of what an event
 * cost, and a crash can at worst lose the events of its last fraction of a second, never
 * corrupt a count. The three statements before COMMIT go out together (pipelined).
 */
export async function countListingEvent(sql: Sql, event: { clinicId: number; weekStart: string; type: ListingEventType }): Promise<boolean> {
  const [, rows] = await sql.begin((tx) => [
    tx`SET LOCAL synchronous_commit = off`,
    tx`
      INSERT INTO clinic_event_counts (clinic_id, week_start, type, count)
      SELECT id, ${event.weekStart}::date, ${event.type}, 1 FROM clinics WHERE id = ${event.clinicId}
      ON CONFLICT (clinic_id, week_start, type) DO UPDATE SET count = clinic_event_counts.count + 1
      RETURNING 1 AS counted`,
  ]);
  return (rows?.length ?? 0) > 0;
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
