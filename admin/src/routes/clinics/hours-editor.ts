/**
 * The clinic form's per-day hours editor: a week of days, each closed, open around
 * the clock, or open in one or more time ranges, written as the spec's `workingHours` object
 * ("Monday": "9 AM-5 PM") that the open-now parser reads back to the same ranges.
 */
import {
  DAY_NAMES,
  DISPLAY_DAY_ORDER,
  MINUTES_PER_DAY,
  dayRanges,
  formatDayRanges,
  localDayOfWeek,
  normalizeWorkingHours,
  openNowAt,
  openNowLabel,
  parseWorkingHours,
  type WeekInterval,
} from "@botox/core";

/** "HH:MM", as `<input type="time">` holds it. */
export interface TimeRange {
  from: string;
  to: string;
  /** Marked by the admin: the range closes the next day (an end before the start is refused otherwise). */
  overnight?: boolean;
}
export interface DayHours {
  kind: "closed" | "open" | "allDay";
  ranges: TimeRange[];
}
/** Sunday first (index = day number, as the parser counts). */
export type WeekHours = DayHours[];

/** How the form holds the hours: none at all, the per-day editor, or free text saved on purpose. */
export type HoursMode = "none" | "week" | "text";

export const DEFAULT_RANGE: TimeRange = { from: "09:00", to: "17:00" };

const pad = (n: number) => String(n).padStart(2, "0");
const toTime = (minuteOfDay: number) => {
  const m = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
};
const toMinutes = (time: string): number | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
};

export const closedWeek = (): WeekHours => DAY_NAMES.map(() => ({ kind: "closed", ranges: [] }));

/** Stored hours → the editor's week; null when the parser cannot read them (they stay free text). */
export function weekFromHours(value: unknown): WeekHours | null {
  const stored = normalizeWorkingHours(value);
  if (stored == null) return null;
  const parsed = parseWorkingHours(stored);
  if (!parsed.known) return null;
  return DAY_NAMES.map((_, day): DayHours => {
    const ranges = dayRanges(parsed.intervals, day);
    if (ranges.length === 0) return { kind: "closed", ranges: [] };
    if (ranges.length === 1 && ranges[0]?.start === 0 && ranges[0].end === MINUTES_PER_DAY) return { kind: "allDay", ranges: [] };
    return { kind: "open", ranges: ranges.map((r) => ({ from: toTime(r.start), to: toTime(r.end) })) };
  });
}

/** The mode a stored value opens in. */
export function hoursModeOf(value: unknown): HoursMode {
  if (normalizeWorkingHours(value) == null) return "none";
  return weekFromHours(value) ? "week" : "text";
}

/** A day's ranges in minutes of the day; an end at or before its start runs past midnight. */
function dayMinutes(day: DayHours): WeekInterval[] {
  if (day.kind === "closed") return [];
  if (day.kind === "allDay") return [{ start: 0, end: MINUTES_PER_DAY }];
  return day.ranges.flatMap((r) => {
    const start = toMinutes(r.from);
    const end = toMinutes(r.to);
    if (start == null || end == null || start === end) return [];
    return [{ start, end: end > start ? end : end + MINUTES_PER_DAY }];
  });
}

/**
 * A range that closes before it opens: read as running past midnight only when the admin says
 * so. Closing at midnight ("00:00") is the end of the day, not the next one.
 */
export const closesNextDay = (r: TimeRange): boolean => {
  const start = toMinutes(r.from);
  const end = toMinutes(r.to);
  return start != null && end != null && end !== 0 && end < start;
};

/** What is wrong with a day, or null: two different times per range, no unmarked overnight range, no overlap. */
export function dayError(day: DayHours): string | null {
  if (day.kind !== "open") return null;
  if (day.ranges.length === 0) return "Add a time range, or mark the day closed.";
  for (const r of day.ranges) {
    if (toMinutes(r.from) == null || toMinutes(r.to) == null) return "Set both times of each range.";
    if (r.from === r.to) return "A range must end at a different time than it starts (use 24 hours for all day).";
    if (closesNextDay(r) && r.overnight !== true) return `${r.from}–${r.to} closes before it opens: set a later closing time, or tick "Runs past midnight".`;
  }
  const spans = day.ranges.map((r) => ({ r, ...(dayMinutes({ kind: "open", ranges: [r] })[0] ?? { start: 0, end: 0 }) })).sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    const before = spans[i - 1];
    const after = spans[i];
    if (before && after && after.start < before.end)
      return `${before.r.from}–${before.r.to} and ${after.r.from}–${after.r.to} overlap: join them or change one.`;
  }
  return null;
}

/** The week as lines a person reads ("Monday: 9 AM-5 PM"), for the free-text box. */
export function weekAsText(week: WeekHours): string {
  return Object.entries(hoursFromWeek(week))
    .map(([day, text]) => `${day}: ${text}`)
    .join("\n");
}

/** The week as the spec's `workingHours` object, Monday first ("Closed", "Open 24 hours", "9 AM-1 PM, 2 PM-6 PM"). */
export function hoursFromWeek(week: WeekHours): Record<string, string> {
  return Object.fromEntries(
    DISPLAY_DAY_ORDER.map((d) => {
      const day = week[d] ?? { kind: "closed", ranges: [] };
      return [DAY_NAMES[d], formatDayRanges(dayMinutes(day))];
    }),
  );
}

/**
 * Today's line as visitors would read it now: "Wednesday: 9 AM-5 PM · Open now · closes 5 PM".
 * The clinic's own zone when known (derived from its coordinates on save), else this browser's.
 */
export function todayPreview(hours: unknown, businessStatus: string, timeZone: string | null | undefined, now: Date): string {
  const zone = timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const day = localDayOfWeek(now, zone) ?? now.getDay();
  const parsed = parseWorkingHours(normalizeWorkingHours(hours));
  const todayText = parsed.known ? formatDayRanges(dayRanges(parsed.intervals, day)) : "hours as posted";
  const label = openNowLabel(openNowAt({ workingHours: normalizeWorkingHours(hours), businessStatus, timeZone: zone }, now, parsed));
  // A closed day says "Closed" once: "Saturday: Closed · opens Mon 9 AM".
  if (todayText === "Closed" && label?.startsWith("Closed")) return `${DAY_NAMES[day]}: ${label}`;
  return `${DAY_NAMES[day]}: ${todayText} · ${label ?? "no open-now line"}`;
}
