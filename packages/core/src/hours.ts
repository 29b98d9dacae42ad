/**
 * Weekly opening hours from the maps-scraper `working_hours` forms: an object of
 * day → text ("10 AM-7 PM", "9:30 AM–1 PM, 2–6 PM", "Open 24 hours", "Closed", spans past
 * midnight, "Monday-Friday" keys) or plain text. Times are minutes of the week in the
 * clinic's own local time: Sunday 00:00 is 0, Saturday 24:00 is 10080 (JavaScript's and
 * PostgreSQL's day numbering, so `extract(dow ...)` lines up). Nothing here throws: text that
 * cannot be read is kept for display and the hours count as unknown.
 */

export const MINUTES_PER_DAY = 1440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** Sunday first, like Date#getDay and PostgreSQL's dow. */
export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export const DAY_SHORT_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
/** The order a visitor reads a week in (Monday first, as the maps exports list it). */
export const DISPLAY_DAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** [start, end) in minutes of the week, 0 <= start < end <= 10080. */
export interface WeekInterval {
  start: number;
  end: number;
}

export interface DayHoursText {
  day: number;
  /** The source's text for the day, as given (null: the source names no hours for it). */
  text: string | null;
}

export interface ParsedHours {
  /** Sorted, merged, within one week; spans past midnight continue into the next day. */
  intervals: WeekInterval[];
  /** True when every entry was understood: only then may "open now" be told. */
  known: boolean;
  /** Each day's source text, Sunday first. */
  days: DayHoursText[];
  /** Entries that could not be read, kept as given ("key: text" or the plain text). */
  unparsed: string[];
}

/** Texts longer than this are not schedules; reading them would only cost time. */
const MAX_TEXT = 500;
/** Entries beyond this are not a week's hours. */
const MAX_ENTRIES = 64;

// One pure expression (no statements at the top level), so bundlers drop it from pages that
// import only this module's constants or formatting.
const DAY_ALIASES: Record<string, number> = /* @__PURE__ */ Object.fromEntries([
  ...DAY_NAMES.flatMap((name, i) => {
    const lower = name.toLowerCase();
    return [
      [lower, i],
      [lower.slice(0, 3), i],
      [`${lower.slice(0, 3)}.`, i],
    ] as const;
  }),
  ...Object.entries({ tues: 2, weds: 3, thur: 4, thurs: 4, su: 0, mo: 1, tu: 2, we: 3, th: 4, fr: 5, sa: 6 }),
]);

/** Maps exports use narrow no-break spaces and en dashes; read them as plain ones. */
function normalizeText(s: string): string {
  return s
    .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, " ")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}

function dayOf(word: string): number | undefined {
  const key = word.trim().toLowerCase();
  if (Object.hasOwn(DAY_ALIASES, key)) return DAY_ALIASES[key];
  // "Closed Sundays", "Mondays 9-5": a plural names the same day.
  const single = key.endsWith("s") ? key.slice(0, -1) : "";
  return single.length >= 3 && Object.hasOwn(DAY_ALIASES, single) ? DAY_ALIASES[single] : undefined;
}

/** "Monday", "Mon-Fri", "Saturday, Sunday", "Fri–Mon" (wrapping) → day numbers; undefined when not days. */
export function parseDayKey(key: string): number[] | undefined {
  const text = normalizeText(key)
    .replace(/\(.*\)/g, "")
    .replace(/:$/, "")
    .trim();
  if (text === "" || text.length > 80) return undefined;
  if (/^(daily|every ?day|all week|7 days( a week)?)$/i.test(text)) return [0, 1, 2, 3, 4, 5, 6];
  const days: number[] = [];
  for (const part of text.split(/\s*(?:,|&|\band\b)\s*/i)) {
    if (part === "") continue;
    const range = part.split(/\s*(?:-|\bto\b|\bthrough\b|\bthru\b)\s*/i);
    if (range.length === 1) {
      const d = dayOf(part);
      if (d === undefined) return undefined;
      days.push(d);
    } else if (range.length === 2) {
      const from = dayOf(range[0] ?? "");
      const to = dayOf(range[1] ?? "");
      if (from === undefined || to === undefined) return undefined;
      for (let d = from; ; d = (d + 1) % 7) {
        days.push(d);
        if (d === to) break;
      }
    } else {
      return undefined;
    }
  }
  return days.length ? [...new Set(days)] : undefined;
}

interface Clock {
  minutes: number;
  /** null: no AM/PM given (it may come from the other end of the range, or a 24-hour clock). */
  meridiem: "am" | "pm" | null;
}

function parseClock(text: string): Clock | undefined {
  const t = text.trim().toLowerCase();
  if (t === "noon" || t === "12 noon") return { minutes: 720, meridiem: "pm" };
  if (t === "midnight" || t === "12 midnight") return { minutes: 0, meridiem: "am" };
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?|a|p)?$/.exec(t);
  if (!m) return undefined;
  const hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  if (minute > 59) return undefined;
  const meridiem = m[3] === undefined ? null : m[3].startsWith("a") ? "am" : "pm";
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    return { minutes: (hour % 12) * 60 + minute + (meridiem === "pm" ? 720 : 0), meridiem };
  }
  if (hour > 24 || (hour === 24 && minute > 0)) return undefined;
  return { minutes: hour * 60 + minute, meridiem: null };
}

/** A 12-hour clock time without AM/PM, read with the given one. */
function withMeridiem(c: Clock, meridiem: "am" | "pm"): number {
  const hour = Math.floor(c.minutes / 60);
  if (hour < 1 || hour > 12) return c.minutes;
  return (hour % 12) * 60 + (c.minutes % 60) + (meridiem === "pm" ? 720 : 0);
}

/** "9:30 AM-1 PM" → minutes of the day [start, end); end may pass midnight (up to 2880). */
function parseRange(text: string): WeekInterval | undefined {
  const parts = text.split(/\s*(?:-|\bto\b)\s*/i);
  if (parts.length !== 2) return undefined;
  const a = parseClock(parts[0] ?? "");
  const b = parseClock(parts[1] ?? "");
  if (!a || !b) return undefined;
  let start = a.minutes;
  let end = b.minutes;
  if (a.meridiem === null && b.meridiem !== null) {
    // "2-6 PM": the start shares the end's half of the day unless that would pass the end.
    start = withMeridiem(a, b.meridiem);
    if (start >= end) start = withMeridiem(a, b.meridiem === "pm" ? "am" : "pm");
  } else if (b.meridiem === null && a.meridiem !== null) {
    end = withMeridiem(b, a.meridiem);
    if (end <= start) end = withMeridiem(b, a.meridiem === "am" ? "pm" : "am");
  } else if (a.meridiem === null && b.meridiem === null && end <= start && end >= 60 && end <= 720 && start <= 720) {
    // "Sat 10-2", "9-5": posted hours on a 12-hour clock without AM/PM close in the afternoon,
    // not in the small hours (a 24-hour span past midnight starts after noon: "22-2").
    end += 720;
  }
  // "12 AM-12 AM" and "0:00-24:00" are the whole day; an end at or before the start passes midnight.
  if (end <= start) end += MINUTES_PER_DAY;
  if (end - start > MINUTES_PER_DAY) end = start + MINUTES_PER_DAY;
  return { start, end };
}

type DayReading = { kind: "closed" } | { kind: "open"; ranges: WeekInterval[] } | { kind: "unparsed" };

/** One day's text → its ranges in minutes of that day. */
export function parseDayHours(text: string): DayReading {
  const t = normalizeText(text).toLowerCase();
  if (t === "" || t.length > MAX_TEXT) return { kind: "unparsed" };
  if (/^closed(\s*\(.*\))?$/.test(t)) return { kind: "closed" };
  if (/^(open )?24 hours$|^24\/7$|^open 24\/7$|^24 hrs$/.test(t)) {
    return { kind: "open", ranges: [{ start: 0, end: MINUTES_PER_DAY }] };
  }
  const ranges: WeekInterval[] = [];
  for (const piece of t.split(/\s*(?:,|;|\band\b|&)\s*/)) {
    if (piece === "") continue;
    const r = parseRange(piece);
    if (!r) return { kind: "unparsed" };
    ranges.push(r);
  }
  return ranges.length ? { kind: "open", ranges } : { kind: "unparsed" };
}

/** Sorted, merged, wrapped into [0, 10080). */
export function normalizeIntervals(list: readonly WeekInterval[]): WeekInterval[] {
  const pieces: WeekInterval[] = [];
  for (const { start, end } of list) {
    if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) continue;
    if (end - start >= MINUTES_PER_WEEK) return [{ start: 0, end: MINUTES_PER_WEEK }];
    const s = ((Math.floor(start) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
    const e = s + (Math.floor(end) - Math.floor(start));
    if (e <= MINUTES_PER_WEEK) pieces.push({ start: s, end: e });
    else pieces.push({ start: s, end: MINUTES_PER_WEEK }, { start: 0, end: e - MINUTES_PER_WEEK });
  }
  pieces.sort((x, y) => x.start - y.start || x.end - y.end);
  const merged: WeekInterval[] = [];
  for (const p of pieces) {
    const last = merged[merged.length - 1];
    if (last && p.start <= last.end) last.end = Math.max(last.end, p.end);
    else merged.push({ ...p });
  }
  return merged;
}

function entriesOf(value: unknown): { entries: [string, string][]; plain: string | null } {
  if (value == null) return { entries: [], plain: null };
  if (typeof value === "string") return { entries: [], plain: value };
  if (typeof value !== "object" || Array.isArray(value)) return { entries: [], plain: null };
  const entries: [string, string][] = [];
  let plain: string | null = null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, MAX_ENTRIES)) {
    const text = typeof v === "string" ? v : Array.isArray(v) ? v.filter((x) => typeof x === "string").join(", ") : null;
    if (text === null) continue;
    if (k === "text") plain = text;
    else entries.push([k, text]);
  }
  return { entries, plain };
}

/** "Monday: 9 AM-5 PM; Tuesday: ..." as plain text → day entries, or undefined. */
function entriesFromPlainText(text: string): [string, string][] | undefined {
  const t = normalizeText(text);
  if (t.length > MAX_TEXT) return undefined;
  const entries: [string, string][] = [];
  // Groups end at ";", "|" or a new line, or at a comma after a time or "closed" that a day
  // follows ("Mon-Fri 9am-5pm, Sat 10-2"); "Saturday, Sunday 10-2" stays one group.
  for (const line of t.split(/\s*(?:;|\n|\||(?<=[\dm.]|closed|hours),\s*(?=(?:closed\s+(?:on\s+)?)?(?:mon|tue|wed|thu|fri|sat|sun)))\s*/i)) {
    if (line === "") continue;
    // "Closed Sunday", "Closed on Sundays".
    const closedDays = /^closed\s+(?:on\s+)?(.+)$/i.exec(line)?.[1];
    if (closedDays && parseDayKey(closedDays)) {
      entries.push([closedDays, "Closed"]);
      continue;
    }
    // "Monday: 9 AM-5 PM" or "Mon-Fri 9:00 AM - 6:00 PM" / "Sun Closed".
    const m = /^([A-Za-z.,&\s-]+?)(?:\s*:\s*|\s+(?=\d|closed|open|noon|midnight))(.+)$/i.exec(line);
    if (!m?.[1] || !m[2] || !parseDayKey(m[1])) return undefined;
    entries.push([m[1], m[2]]);
  }
  return entries.length ? entries : undefined;
}

/**
 * Any `workingHours` value (`WorkingHours`, or anything at all: hostile input is only unknown
 * hours) → the week's intervals, each day's text, and whatever could not be read.
 */
export function parseWorkingHours(value: unknown): ParsedHours {
  const days: DayHoursText[] = DAY_NAMES.map((_, day) => ({ day, text: null }));
  const unparsed: string[] = [];
  const minutes: WeekInterval[] = [];
  const source = entriesOf(value);
  const plain = source.plain;
  let entries = source.entries;
  if (plain !== null) {
    const asWeek = /^(open )?(24 hours|24\/7)( a day)?(,? 7 days a week)?$/i.test(normalizeText(plain))
      ? ([["Daily", "Open 24 hours"]] as [string, string][])
      : entriesFromPlainText(plain);
    if (asWeek) entries = [...entries, ...asWeek];
    else if (plain.trim() !== "") unparsed.push(plain.trim().slice(0, MAX_TEXT));
  }
  for (const [key, text] of entries) {
    const keyDays = parseDayKey(key);
    const reading = keyDays ? parseDayHours(text) : ({ kind: "unparsed" } as const);
    if (!keyDays || reading.kind === "unparsed") {
      unparsed.push(`${key}: ${text}`.slice(0, MAX_TEXT));
      continue;
    }
    for (const d of keyDays) {
      const slot = days[d];
      if (slot) slot.text = slot.text === null ? text : `${slot.text}, ${text}`;
      if (reading.kind === "open") {
        for (const r of reading.ranges) minutes.push({ start: d * MINUTES_PER_DAY + r.start, end: d * MINUTES_PER_DAY + r.end });
      }
    }
  }
  const namedDays = days.some((d) => d.text !== null);
  return { intervals: normalizeIntervals(minutes), known: namedDays && unparsed.length === 0, days, unparsed };
}

/**
 * The week's open intervals when every entry of the hours was understood, else null: what
 * clinic answers carry as `openHours`, so pages tell "open now" without this parser.
 */
export function openHoursOf(value: unknown): WeekInterval[] | null {
  const parsed = parseWorkingHours(value);
  return parsed.known ? parsed.intervals : null;
}

/** 9:30 AM, 7 PM, 12 AM (midnight), 12 PM (noon): the maps exports' own style. */
export function formatClock(minuteOfDay: number): string {
  const m = ((Math.floor(minuteOfDay) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour = Math.floor(m / 60);
  const minute = m % 60;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}${minute ? `:${String(minute).padStart(2, "0")}` : ""} ${hour < 12 ? "AM" : "PM"}`;
}

/** The intervals of one day, cut at its midnights, as minutes of that day. */
export function dayRanges(intervals: readonly WeekInterval[], day: number): WeekInterval[] {
  const from = day * MINUTES_PER_DAY;
  const to = from + MINUTES_PER_DAY;
  const out: WeekInterval[] = [];
  for (const i of intervals) {
    const s = Math.max(i.start, from);
    const e = Math.min(i.end, to);
    if (s < e) out.push({ start: s - from, end: e - from });
  }
  return out;
}

/** One day's hours as text: "Closed", "Open 24 hours" or "9:30 AM-1 PM, 2 PM-6 PM". */
export function formatDayRanges(ranges: readonly WeekInterval[]): string {
  if (ranges.length === 0) return "Closed";
  if (ranges.length === 1 && ranges[0]?.start === 0 && ranges[0].end === MINUTES_PER_DAY) return "Open 24 hours";
  return ranges.map((r) => `${formatClock(r.start)}-${formatClock(r.end)}`).join(", ");
}

/**
 * Intervals → the spec's `workingHours` shape (day name → text, Monday first). Spans past
 * midnight are cut there, so parsing the result gives the same intervals back.
 */
export function formatWorkingHours(intervals: readonly WeekInterval[]): Record<string, string> {
  const week = normalizeIntervals(intervals);
  return Object.fromEntries(DISPLAY_DAY_ORDER.map((d) => [DAY_NAMES[d], formatDayRanges(dayRanges(week, d))]));
}

/** PostgreSQL int4multirange literal of the intervals ("{}" when never open). */
export function intervalsToMultirange(intervals: readonly WeekInterval[]): string {
  return `{${normalizeIntervals(intervals)
    .map((i) => `[${i.start},${i.end})`)
    .join(",")}}`;
}
