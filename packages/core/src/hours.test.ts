import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatWorkingHours,
  intervalsToMultirange,
  MINUTES_PER_DAY as D,
  MINUTES_PER_WEEK,
  normalizeIntervals,
  parseDayKey,
  parseWorkingHours,
  type WeekInterval,
} from "./hours.ts";

const at = (day: number, h: number, m = 0) => day * D + h * 60 + m;

describe("parseWorkingHours", () => {
  it("reads the maps exports' day texts, narrow spaces and en dashes included", () => {
    const p = parseWorkingHours({
      Monday: "10\u202fAM\u201307\u202fPM".replace("07", "7"),
      Tuesday: "9:30 AM–1 PM, 2–6 PM",
      Wednesday: "Open 24 hours",
      Thursday: "Closed",
    });
    expect(p.known).toBe(true);
    expect(p.intervals).toEqual([
      { start: at(1, 10), end: at(1, 19) },
      { start: at(2, 9, 30), end: at(2, 13) },
      { start: at(2, 14), end: at(2, 18) },
      { start: at(3, 0), end: at(4, 0) },
    ]);
    expect(p.days[4]?.text).toBe("Closed");
    expect(p.days[0]?.text).toBeNull();
  });

  it("runs a span past midnight into the next day, and Saturday night into Sunday", () => {
    expect(parseWorkingHours({ Friday: "8 PM-2 AM" }).intervals).toEqual([{ start: at(5, 20), end: at(6, 2) }]);
    expect(parseWorkingHours({ Saturday: "10 PM–3 AM" }).intervals).toEqual([
      { start: 0, end: at(0, 3) },
      { start: at(6, 22), end: MINUTES_PER_WEEK },
    ]);
  });

  it("reads day-range keys, wrapping ones and lists", () => {
    expect(parseDayKey("Monday-Friday")).toEqual([1, 2, 3, 4, 5]);
    expect(parseDayKey("Fri–Mon")).toEqual([5, 6, 0, 1]);
    expect(parseDayKey("Saturday, Sunday")).toEqual([6, 0]);
    expect(parseDayKey("Funday")).toBeUndefined();
    const p = parseWorkingHours({ "Monday-Friday": "9 AM-5 PM", Sat: "10 AM-2 PM", Sunday: "Closed" });
    expect(p.known).toBe(true);
    expect(p.intervals).toHaveLength(6);
    expect(p.days[3]?.text).toBe("9 AM-5 PM");
  });

  it("fills a missing AM/PM from the other end, and reads 24-hour clocks", () => {
    expect(parseWorkingHours({ Monday: "11-2 PM" }).intervals).toEqual([{ start: at(1, 11), end: at(1, 14) }]);
    expect(parseWorkingHours({ Monday: "9 AM-5" }).intervals).toEqual([{ start: at(1, 9), end: at(1, 17) }]);
    expect(parseWorkingHours({ Monday: "08:00-17:30" }).intervals).toEqual([{ start: at(1, 8), end: at(1, 17, 30) }]);
    expect(parseWorkingHours({ Monday: "12 AM-12 AM" }).intervals).toEqual([{ start: at(1, 0), end: at(2, 0) }]);
  });

  it("keeps text it cannot read for display, and then the hours are not known", () => {
    const p = parseWorkingHours({ Monday: "9 AM-5 PM", Tuesday: "By appointment only" });
    expect(p.known).toBe(false);
    expect(p.unparsed).toEqual(["Tuesday: By appointment only"]);
    const plain = parseWorkingHours({ text: "Call for hours" });
    expect(plain).toMatchObject({ known: false, unparsed: ["Call for hours"], intervals: [] });
    expect(parseWorkingHours("Call us").unparsed).toEqual(["Call us"]);
  });

  it("reads plain text that is a schedule", () => {
    expect(parseWorkingHours({ text: "Open 24 hours" }).intervals).toEqual([{ start: 0, end: MINUTES_PER_WEEK }]);
    const p = parseWorkingHours({ text: "Mon-Fri: 9 AM-5 PM; Sat: 10 AM-1 PM" });
    expect(p.known).toBe(true);
    expect(p.intervals).toHaveLength(6);
  });

  it("knows nothing of null, numbers, arrays and empty objects", () => {
    for (const v of [null, undefined, 42, [], {}, { Monday: 5 }]) {
      expect(parseWorkingHours(v)).toMatchObject({ known: false, intervals: [] });
    }
  });
});

describe("formatWorkingHours", () => {
  it("writes one text per day, Monday first, cutting spans at midnight", () => {
    expect(
      formatWorkingHours([
        { start: at(5, 20), end: at(6, 2) },
        { start: at(1, 9, 30), end: at(1, 13) },
      ]),
    ).toEqual({
      Monday: "9:30 AM-1 PM",
      Tuesday: "Closed",
      Wednesday: "Closed",
      Thursday: "Closed",
      Friday: "8 PM-12 AM",
      Saturday: "12 AM-2 AM",
      Sunday: "Closed",
    });
    expect(Object.values(formatWorkingHours([{ start: 0, end: MINUTES_PER_WEEK }]))).toEqual(Array(7).fill("Open 24 hours"));
  });

  it("writes the multirange the database stores", () => {
    expect(
      intervalsToMultirange([
        { start: 600, end: 1140 },
        { start: 0, end: 60 },
      ]),
    ).toBe("{[0,60),[600,1140)}");
    expect(intervalsToMultirange([])).toBe("{}");
  });
});

const interval = fc
  .tuple(fc.integer({ min: 0, max: MINUTES_PER_WEEK - 1 }), fc.integer({ min: 1, max: 2 * D }))
  .map(([start, length]): WeekInterval => ({ start, end: start + length }));

describe("properties", () => {
  it("no input throws", () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 4 }), (v) => {
        parseWorkingHours(v);
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.constantFrom("9 AM-5 PM", "Closed", "11-2 PM", "24:00-0:00"))), (v) => {
        const p = parseWorkingHours(v);
        for (const i of p.intervals) expect(0 <= i.start && i.start < i.end && i.end <= MINUTES_PER_WEEK).toBe(true);
      }),
    );
  });

  it("formatting the parsed hours and parsing again gives the same intervals", () => {
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 12 }), (list) => {
        const week = normalizeIntervals(list);
        const again = parseWorkingHours(formatWorkingHours(week));
        expect(again.known).toBe(true);
        expect(again.intervals).toEqual(week);
        expect(parseWorkingHours(formatWorkingHours(again.intervals)).intervals).toEqual(again.intervals);
      }),
    );
  });
});

describe("free-text hours", () => {
  it("reads 'Tue-Sat 10 AM to 7 PM'", () => {
    const p = parseWorkingHours("Tue-Sat 10 AM to 7 PM");
    expect(p.known).toBe(true);
    expect(p.intervals).toEqual([2, 3, 4, 5, 6].map((d) => ({ start: at(d, 10), end: at(d, 19) })));
  });

  it("reads groups separated by commas, en dashes and a 12-hour clock without AM/PM ('Sat 10-2')", () => {
    const p = parseWorkingHours("Mon–Fri 9am-5pm, Sat 10-2");
    expect(p.known).toBe(true);
    expect(p.intervals).toEqual([...[1, 2, 3, 4, 5].map((d) => ({ start: at(d, 9), end: at(d, 17) })), { start: at(6, 10), end: at(6, 14) }]);
  });

  it("reads 'Closed Sunday' before or after the open days, plurals included", () => {
    const p = parseWorkingHours("Mon-Sat 9-5; Closed Sundays");
    expect(p.known).toBe(true);
    expect(p.days[0]?.text).toBe("Closed");
    expect(p.intervals).toHaveLength(6);
    expect(parseWorkingHours("Closed Sunday").known).toBe(true);
    expect(parseWorkingHours({ text: "Closed on Sunday; Mon-Sat 8am-6pm" }).intervals).toHaveLength(6);
  });

  it("reads '24 hours' as always open", () => {
    expect(parseWorkingHours("24 hours").intervals).toEqual([{ start: 0, end: MINUTES_PER_WEEK }]);
  });

  it("keeps a day list with commas whole ('Saturday, Sunday 10-2')", () => {
    const p = parseWorkingHours("Saturday, Sunday 10-2");
    expect(p.known).toBe(true);
    expect(p.intervals).toEqual([
      { start: at(0, 10), end: at(0, 14) },
      { start: at(6, 10), end: at(6, 14) },
    ]);
  });

  it("still reads a 24-hour span past midnight ('22-2') and leaves prose unread", () => {
    expect(parseWorkingHours({ Friday: "22-2" }).intervals).toEqual([{ start: at(5, 22), end: at(6, 2) }]);
    const prose = parseWorkingHours("By appointment, call ahead");
    expect(prose.known).toBe(false);
    expect(prose.unparsed).toEqual(["By appointment, call ahead"]);
  });
});
