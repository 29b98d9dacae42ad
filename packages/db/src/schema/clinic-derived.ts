/**
 * Columns derived from a clinic's own fields on every write: its IANA time zone
 * from the coordinates, looked up offline (@photostructure/tz-lookup, no network), and its
 * weekly hours as local minutes of the week, so `openNow` is answered in SQL.
 */
import tzLookup from "@photostructure/tz-lookup";
import { intervalsToMultirange, parseWorkingHours, stateTimeZone } from "@botox/core";
import { and, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../connection/client.ts";
import type { DbExecutor } from "../queries/content-changes.ts";
import { clinics, zipCodes } from "./schema.ts";

/**
 * The IANA zone at a point; null without coordinates or for impossible ones.
 * @internal Exported for its tests.
 */
export function timeZoneAt(latitude: number | null | undefined, longitude: number | null | undefined): string | null {
  if (latitude == null || longitude == null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return null;
  }
}

/** `open_minutes` for stored working hours: null unless every entry could be read. */
function openMinutesOf(workingHours: unknown): string | null {
  const parsed = parseWorkingHours(workingHours);
  return parsed.known ? intervalsToMultirange(parsed.intervals) : null;
}

export interface DerivedClinicColumns {
  timeZone: string | null;
  openMinutes: string | null;
}

export function deriveClinicColumns(c: { latitude?: number | null; longitude?: number | null; workingHours?: unknown }): DerivedClinicColumns {
  return { timeZone: timeZoneAt(c.latitude, c.longitude), openMinutes: openMinutesOf(c.workingHours) };
}

/**
 * Fills the derived columns of clinics written before they existed (or by hand in SQL): those
 * with coordinates but no zone, or with hours but no minutes. Rows whose hours cannot be read
 * are looked at again on each run, which costs a parse each. Returns how many were updated.
 */
export async function backfillClinicDerivedColumns(db: Database, batchSize = 1000): Promise<number> {
  let updated = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({
        id: clinics.id,
        latitude: clinics.latitude,
        longitude: clinics.longitude,
        workingHours: clinics.workingHours,
        timeZone: clinics.timeZone,
        openMinutes: clinics.openMinutes,
      })
      .from(clinics)
      .where(
        and(
          sql`${clinics.id} > ${afterId}`,
          or(
            and(isNull(clinics.timeZone), isNotNull(clinics.latitude), isNotNull(clinics.longitude)),
            and(isNull(clinics.openMinutes), isNotNull(clinics.workingHours)),
          ),
        ),
      )
      .orderBy(clinics.id)
      .limit(batchSize);
    if (rows.length === 0) return updated;
    const changed = rows
      .map((r) => ({ id: r.id, before: r, ...deriveClinicColumns(r) }))
      .filter((d) => d.timeZone !== d.before.timeZone || d.openMinutes !== d.before.openMinutes)
      .map(({ id, timeZone, openMinutes }) => ({ id, tz: timeZone, om: openMinutes }));
    if (changed.length > 0) {
      // One statement per batch: a database of 100,000 clinics is filled in a hundred round trips.
      await db.execute(sql`
        update ${clinics} set time_zone = v.tz, open_minutes = v.om::int4multirange
        from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as v(id int, tz text, om text)
        where ${clinics.id} = v.id`);
      updated += changed.length;
    }
    afterId = rows[rows.length - 1]?.id ?? afterId;
  }
}

/**
 * Gives clinics without a zone (no coordinates) the zone of their ZIP code's centroid, else
 * of their state when it lies in one zone, so open-now never silently skips them.
 * `ids` limits it to those clinics (a write); without, every clinic lacking a zone is looked
 * at. Returns how many got a zone.
 */
export async function fillFallbackTimeZones(db: DbExecutor, ids?: readonly number[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const rows = await db
    .select({ id: clinics.id, state: clinics.state, zipLat: zipCodes.latitude, zipLon: zipCodes.longitude })
    .from(clinics)
    .leftJoin(zipCodes, sql`${zipCodes.zip} = left(${clinics.postalCode}, 5)`)
    // The ids as one array value: a seed or an import names every clinic it wrote, and a list of
    // placeholders stops at the protocol's 65,535 parameters (a 100,000-clinic seed failed on it).
    .where(and(isNull(clinics.timeZone), ids ? sql`${clinics.id} = ANY(${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::int[])` : undefined));
  const changed = rows.flatMap((r) => {
    const tz = timeZoneAt(r.zipLat, r.zipLon) ?? stateTimeZone(r.state);
    return tz ? [{ id: r.id, tz }] : [];
  });
  if (changed.length > 0) {
    await db.execute(sql`
      update ${clinics} set time_zone = v.tz
      from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as v(id int, tz text)
      where ${clinics.id} = v.id`);
  }
  return changed.length;
}
