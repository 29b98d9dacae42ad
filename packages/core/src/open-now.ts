/**
 * "Open now" from weekly hours in the clinic's own IANA time zone. The wall clock
 * there comes from Intl (the runtime's time zone data), so DST changes need no tables of
 * ours: the local weekday and minute are read for the instant, and the instant of a closing
 * or opening is found back from its wall time with the zone's offset at that moment.
 */
import { parseWorkingHours, DAY_SHORT_NAMES, MINUTES_PER_DAY, MINUTES_PER_WEEK, formatClock, type ParsedHours, type WeekInterval } from "./hours.ts";

/** "Closes soon" within this many minutes of closing (as Google's and Yelp's badges do). */
export const CLOSES_SOON_MINUTES = 60;

export type OpenNowState =
  | { state: "open"; /** null: open around the clock */ closesAt: LocalTime | null; closesSoon: boolean }
  | { state: "closed"; /** null: no opening in the week (never open, or not operational) */ opensAt: LocalTime | null }
  | { state: "unknown" };

export interface LocalTime {
  /** 0 Sunday … 6 Saturday, in the clinic's zone. */
  day: number;
  minuteOfDay: number;
  /** Whether it falls on the same local date as the evaluation's instant. */
  today: boolean;
  /** Minutes from now until then (real elapsed minutes, DST included). */
  inMinutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | undefined {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        weekday: "short",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
      });
    } catch {
      return undefined;
    }
    // Bounded: zone names come from data, and a hostile one must not grow the map for ever.
    if (formatters.size > 500) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: unknown): timeZone is string {
  return typeof timeZone === "string" && timeZone.length <= 64 && formatterFor(timeZone) !== undefined;
}

interface WallClock {
  /** Minute of the week, Sunday 00:00 = 0. */
  minuteOfWeek: number;
  /** Wall time as if it were UTC, in minutes (to find offsets). */
  wallEpochMinutes: number;
}

function wallClock(instant: Date, f: Intl.DateTimeFormat): WallClock | undefined {
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(instant)) parts[p.type] = p.value;
  const day = DAY_SHORT_NAMES.indexOf(parts.weekday as (typeof DAY_SHORT_NAMES)[number]);
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  if (day < 0 || !Number.isFinite(hour) || !Number.isFinite(minute)) return undefined;
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), hour, minute) / 60000;
  return { minuteOfWeek: day * MINUTES_PER_DAY + hour * 60 + minute, wallEpochMinutes: wall };
}

/** The local minute of the week at `instant` in `timeZone`; undefined for an unknown zone. */
export function localMinuteOfWeek(instant: Date, timeZone: string): number | undefined {
  const f = formatterFor(timeZone);
  if (!f || Number.isNaN(instant.getTime())) return undefined;
  return wallClock(instant, f)?.minuteOfWeek;
}

/**
 * Real minutes from `instant` until the wall clock there has moved on by `wallMinutes`. Around a
 * DST change the zone's offset differs between the two moments, and the difference is added.
 */
function realMinutesUntil(instant: Date, f: Intl.DateTimeFormat, now: WallClock, wallMinutes: number): number {
  const offsetNow = now.wallEpochMinutes - Math.floor(instant.getTime() / 60000);
  let guess = wallMinutes;
  for (let i = 0; i < 2; i++) {
    const at = wallClock(new Date(instant.getTime() + guess * 60000), f);
    if (!at) break;
    const offsetThen = at.wallEpochMinutes - Math.floor(instant.getTime() / 60000 + guess);
    guess = wallMinutes - (offsetThen - offsetNow);
  }
  return Math.max(0, guess);
}

function localTimeAt(minuteOfWeek: number, nowMinute: number, inMinutes: number): LocalTime {
  const m = ((minuteOfWeek % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  const day = Math.floor(m / MINUTES_PER_DAY);
  const wallAhead = (m - nowMinute + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  const today = day === Math.floor(nowMinute / MINUTES_PER_DAY) && wallAhead < MINUTES_PER_DAY;
  return { day, minuteOfDay: m % MINUTES_PER_DAY, today, inMinutes };
}

export interface OpenNowInput {
  workingHours: unknown;
  businessStatus: string | null | undefined;
  timeZone: string | null | undefined;
}

/** Where the clinic stands at `now`. Not operational is never open; unreadable hours or zone are unknown. */
export function openNowAt(clinic: OpenNowInput, now: Date, parsed?: ParsedHours): OpenNowState {
  const hours = parsed ?? parseWorkingHours(clinic.workingHours);
  return openNowOf({ businessStatus: clinic.businessStatus, timeZone: clinic.timeZone, openHours: hours.known ? hours.intervals : null }, now);
}

export interface OpenHoursInput {
  businessStatus: string | null | undefined;
  timeZone: string | null | undefined;
  /** The week's intervals from the server (a clinic answer's `openHours`); null when unknown. */
  openHours: readonly WeekInterval[] | null | undefined;
}

/**
 * `openNowAt` from intervals already parsed on the server: what the site's islands call, so
 * the hours parser never ships to the browser (page-weight budget).
 */
export function openNowOf(clinic: OpenHoursInput, now: Date): OpenNowState {
  const status = (clinic.businessStatus ?? "").trim().toUpperCase();
  if (status !== "OPERATIONAL" && status !== "OPEN") return { state: "closed", opensAt: null };
  if (!clinic.openHours || !clinic.timeZone) return { state: "unknown" };
  const f = formatterFor(clinic.timeZone);
  if (!f || Number.isNaN(now.getTime())) return { state: "unknown" };
  const wall = wallClock(now, f);
  if (!wall) return { state: "unknown" };
  return evaluate(clinic.openHours, wall, (minutes) => realMinutesUntil(now, f, wall, minutes));
}

function evaluate(intervals: readonly WeekInterval[], wall: WallClock, realMinutes: (wall: number) => number): OpenNowState {
  const t = wall.minuteOfWeek;
  if (intervals.length === 1 && intervals[0]?.start === 0 && intervals[0].end === MINUTES_PER_WEEK) {
    return { state: "open", closesAt: null, closesSoon: false };
  }
  const current = intervals.find((i) => i.start <= t && t < i.end);
  if (current) {
    let end = current.end;
    // A span running to Saturday midnight goes on from Sunday 00:00 when one starts there.
    if (end === MINUTES_PER_WEEK && intervals[0]?.start === 0) end = MINUTES_PER_WEEK + (intervals[0]?.end ?? 0);
    const inMinutes = realMinutes(end - t);
    return { state: "open", closesAt: localTimeAt(end, t, inMinutes), closesSoon: inMinutes <= CLOSES_SOON_MINUTES };
  }
  const next = intervals.find((i) => i.start > t) ?? intervals[0];
  if (!next) return { state: "closed", opensAt: null };
  const ahead = (next.start - t + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  return { state: "closed", opensAt: localTimeAt(next.start, t, realMinutes(ahead)) };
}

/** "Open now · closes 7 PM", "Closes soon · 7 PM", "Closed · opens Tue 10 AM"; null when unknown. */
export function openNowLabel(s: OpenNowState): string | null {
  if (s.state === "unknown") return null;
  if (s.state === "open") {
    if (!s.closesAt) return "Open 24 hours";
    const at = whenText(s.closesAt);
    return s.closesSoon ? `Closes soon · ${at}` : `Open now · closes ${at}`;
  }
  return s.opensAt ? `Closed · opens ${whenText(s.opensAt)}` : "Closed";
}

function whenText(t: LocalTime): string {
  const clock = formatClock(t.minuteOfDay);
  // Within the day it is just the time; otherwise the weekday says when (a week ahead too).
  return t.today ? clock : `${DAY_SHORT_NAMES[t.day] ?? ""} ${clock}`;
}

/** The local weekday at `now` in `timeZone` (0 Sunday), for highlighting today's hours. */
export function localDayOfWeek(now: Date, timeZone: string | null | undefined): number | undefined {
  if (!timeZone) return undefined;
  const m = localMinuteOfWeek(now, timeZone);
  return m === undefined ? undefined : Math.floor(m / MINUTES_PER_DAY);
}
