import { describe, expect, it } from "vitest";
import { parseWorkingHours } from "@botox/core";
import { closedWeek, dayError, hoursFromWeek, hoursModeOf, todayPreview, weekAsText, weekFromHours, type WeekHours } from "./hours-editor.ts";

describe("hours editor", () => {
  it("writes a week the open-now parser reads back to the same days", () => {
    const week: WeekHours = closedWeek();
    week[1] = {
      kind: "open",
      ranges: [
        { from: "09:30", to: "13:00" },
        { from: "14:00", to: "18:00" },
      ],
    };
    week[3] = { kind: "allDay", ranges: [] };
    week[5] = { kind: "open", ranges: [{ from: "22:00", to: "02:00", overnight: true }] };
    const hours = hoursFromWeek(week);
    expect(hours).toMatchObject({ Monday: "9:30 AM-1 PM, 2 PM-6 PM", Wednesday: "Open 24 hours", Friday: "10 PM-2 AM", Sunday: "Closed" });
    expect(Object.keys(hours)[0]).toBe("Monday");
    expect(parseWorkingHours(hours).known).toBe(true);
    const back = weekFromHours(hours);
    expect(back?.[1]).toEqual(week[1]);
    expect(back?.[3]).toEqual({ kind: "allDay", ranges: [] });
    // A span past midnight comes back cut there: Friday to midnight, Saturday from it.
    expect(back?.[5]).toEqual({ kind: "open", ranges: [{ from: "22:00", to: "00:00" }] });
    expect(back?.[6]).toEqual({ kind: "open", ranges: [{ from: "00:00", to: "02:00" }] });
  });

  it("opens readable hours in the week editor, unreadable ones as free text, none as none", () => {
    expect(hoursModeOf('{"Monday":"9AM-5PM"}')).toBe("week");
    expect(hoursModeOf("Tue-Sat 10 AM to 7 PM")).toBe("week");
    expect(hoursModeOf("By appointment")).toBe("text");
    expect(hoursModeOf("")).toBe("none");
    expect(hoursModeOf(null)).toBe("none");
  });

  it("asks for both times of each range", () => {
    expect(dayError({ kind: "open", ranges: [{ from: "09:00", to: "" }] })).toMatch(/both times/);
    expect(dayError({ kind: "open", ranges: [] })).toMatch(/closed/);
    expect(dayError({ kind: "open", ranges: [{ from: "09:00", to: "09:00" }] })).toMatch(/24 hours/);
    expect(dayError({ kind: "closed", ranges: [] })).toBeNull();
  });

  it("previews today's open-now line in the clinic's zone", () => {
    // Wednesday 25 Nov 2026, 15:00 in Chicago.
    const now = new Date("2026-11-25T21:00:00Z");
    const week = closedWeek();
    week[3] = { kind: "open", ranges: [{ from: "09:00", to: "17:00" }] };
    expect(todayPreview(hoursFromWeek(week), "OPERATIONAL", "America/Chicago", now)).toBe("Wednesday: 9 AM-5 PM · Open now · closes 5 PM");
    expect(todayPreview(hoursFromWeek(week), "OPERATIONAL", "America/Chicago", new Date("2026-11-25T14:00:00Z"))).toBe(
      "Wednesday: 9 AM-5 PM · Closed · opens 9 AM",
    );
    expect(todayPreview("By appointment", "OPERATIONAL", "America/Chicago", now)).toBe("Wednesday: hours as posted · no open-now line");
  });

  it("refuses a range that closes before it opens unless it is marked as running past midnight", () => {
    expect(
      dayError({
        kind: "open",
        ranges: [
          { from: "09:00", to: "17:00" },
          { from: "17:00", to: "16:00" },
        ],
      }),
    ).toBe('17:00–16:00 closes before it opens: set a later closing time, or tick "Runs past midnight".');
    expect(dayError({ kind: "open", ranges: [{ from: "22:00", to: "02:00", overnight: true }] })).toBeNull();
    // Closing at midnight is the end of the day, not the next one.
    expect(dayError({ kind: "open", ranges: [{ from: "22:00", to: "00:00" }] })).toBeNull();
  });

  it("refuses overlapping ranges, an overnight one included", () => {
    expect(
      dayError({
        kind: "open",
        ranges: [
          { from: "09:00", to: "13:00" },
          { from: "12:00", to: "18:00" },
        ],
      }),
    ).toBe("09:00–13:00 and 12:00–18:00 overlap: join them or change one.");
    expect(
      dayError({
        kind: "open",
        ranges: [
          { from: "20:00", to: "02:00", overnight: true },
          { from: "21:00", to: "23:00" },
        ],
      }),
    ).toMatch(/overlap/);
    expect(
      dayError({
        kind: "open",
        ranges: [
          { from: "09:00", to: "13:00" },
          { from: "13:00", to: "18:00" },
        ],
      }),
    ).toBeNull();
  });

  it("says Closed once on a closed day, and gives free text as lines a person reads", () => {
    // Saturday 28 Nov 2026, 12:00 in Chicago.
    const week = closedWeek();
    week[1] = { kind: "open", ranges: [{ from: "09:00", to: "17:00" }] };
    expect(todayPreview(hoursFromWeek(week), "OPERATIONAL", "America/Chicago", new Date("2026-11-28T18:00:00Z"))).toBe("Saturday: Closed · opens Mon 9 AM");
    expect(weekAsText(week).split("\n").slice(0, 2)).toEqual(["Monday: 9 AM-5 PM", "Tuesday: Closed"]);
    expect(weekAsText(week)).not.toContain("{");
  });
});
