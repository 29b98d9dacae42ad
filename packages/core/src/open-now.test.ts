import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localDayOfWeek, openNowAt, openNowLabel, openNowOf } from "./open-now.ts";
import { openHoursOf } from "./hours.ts";

const NY = "America/New_York";
const clinic = (workingHours: unknown, timeZone: string | null = NY, businessStatus = "OPERATIONAL") => ({ workingHours, timeZone, businessStatus });
const label = (c: ReturnType<typeof clinic>, iso: string) => openNowLabel(openNowAt(c, new Date(iso)));
const weekdays = {
  Monday: "10 AM-7 PM",
  Tuesday: "10 AM-7 PM",
  Wednesday: "10 AM-7 PM",
  Thursday: "10 AM-7 PM",
  Friday: "10 AM-7 PM",
  Saturday: "Closed",
  Sunday: "Closed",
};

describe("openNowAt", () => {
  it("says open with the closing time, closes soon in the last hour, and when it opens next", () => {
    // 2026-11-23 is a Monday; New York is UTC-5 in November.
    expect(label(clinic(weekdays), "2026-11-23T17:00:00Z")).toBe("Open now · closes 7 PM");
    expect(label(clinic(weekdays), "2026-11-23T23:15:00Z")).toBe("Closes soon · 7 PM");
    expect(label(clinic(weekdays), "2026-11-24T00:30:00Z")).toBe("Closed · opens Tue 10 AM");
    expect(label(clinic(weekdays), "2026-11-23T13:00:00Z")).toBe("Closed · opens 10 AM");
    expect(label(clinic(weekdays), "2026-11-28T15:00:00Z")).toBe("Closed · opens Mon 10 AM");
  });

  it("evaluates in the clinic's zone, not the machine's", () => {
    const la = clinic(weekdays, "America/Los_Angeles");
    // 17:30 UTC is 9:30 AM in Los Angeles, 12:30 PM in New York.
    expect(label(la, "2026-11-23T17:30:00Z")).toBe("Closed · opens 10 AM");
    expect(label(clinic(weekdays), "2026-11-23T17:30:00Z")).toBe("Open now · closes 7 PM");
  });

  it("handles spans past midnight and across the week's end", () => {
    const late = clinic({ Friday: "8 PM-2 AM", Saturday: "10 PM-3 AM" });
    expect(label(late, "2026-11-28T06:30:00Z")).toBe("Closes soon · 2 AM"); // Sat 1:30 AM
    expect(label(late, "2026-11-29T04:00:00Z")).toBe("Open now · closes Sun 3 AM"); // Sat 11 PM
    expect(label(late, "2026-11-29T05:00:00Z")).toBe("Open now · closes 3 AM"); // Sun 12 AM
  });

  it("is open around the clock for 24 hours every day, and stays open through Saturday midnight", () => {
    const always = clinic({ text: "Open 24 hours" });
    expect(label(always, "2026-11-23T17:00:00Z")).toBe("Open 24 hours");
    const weekend = clinic({ Saturday: "Open 24 hours", Sunday: "Open 24 hours" });
    expect(label(weekend, "2026-11-29T04:00:00Z")).toBe("Open now · closes Mon 12 AM"); // Sat 11 PM
  });

  it("is correct across DST changes", () => {
    // 2026-03-08: clocks go 2 AM → 3 AM in New York. At 1:30 AM EST (06:30Z) a clinic closing at
    // 3 AM closes in 30 real minutes, so it closes soon; opening at 4 AM is 1.5 real hours away.
    const night = clinic({ Sunday: "12 AM-3 AM" });
    const s = openNowAt(night, new Date("2026-03-08T06:30:00Z"));
    expect(s).toMatchObject({ state: "open", closesSoon: true, closesAt: { inMinutes: 30 } });
    // 2026-11-01: clocks go 2 AM → 1 AM. 10 AM local is 15:00Z after the change, 14:00Z before.
    const day = clinic({ Sunday: "10 AM-7 PM" });
    expect(label(day, "2026-11-01T14:30:00Z")).toBe("Closed · opens 10 AM");
    expect(label(day, "2026-11-01T15:30:00Z")).toBe("Open now · closes 7 PM");
    expect(label(day, "2026-07-05T14:30:00Z")).toBe("Open now · closes 7 PM"); // EDT, UTC-4
    const closing = openNowAt(clinic({ Sunday: "12 AM-3 AM" }), new Date("2026-11-01T05:30:00Z")); // 1:30 AM EDT
    expect(closing).toMatchObject({ state: "open", closesAt: { inMinutes: 150 } });
  });

  it("never says open for a clinic that is not operational", () => {
    expect(label(clinic({ text: "Open 24 hours" }, NY, "CLOSED_TEMPORARILY"), "2026-11-23T17:00:00Z")).toBe("Closed");
    expect(openNowAt(clinic(weekdays, NY, "PERMANENTLY_CLOSED"), new Date("2026-11-23T17:00:00Z")).state).toBe("closed");
  });

  it("is unknown for unreadable hours, a missing or bad zone", () => {
    expect(openNowAt(clinic({ Monday: "By appointment" }), new Date()).state).toBe("unknown");
    expect(openNowAt(clinic(weekdays, null), new Date()).state).toBe("unknown");
    expect(openNowAt(clinic(weekdays, "Mars/Olympus"), new Date()).state).toBe("unknown");
    expect(openNowAt(clinic(weekdays), new Date(Number.NaN)).state).toBe("unknown");
    expect(openNowLabel({ state: "unknown" })).toBeNull();
  });

  it("never opens a clinic with no open day", () => {
    expect(label(clinic({ Monday: "Closed" }), "2026-11-23T17:00:00Z")).toBe("Closed");
  });

  it("no input throws", () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 3 }), fc.string(), fc.string(), fc.integer({ min: -8.64e15, max: 8.64e15 }), (hours, tz, status, t) => {
        openNowLabel(openNowAt({ workingHours: hours, timeZone: tz, businessStatus: status }, new Date(t)));
      }),
    );
  });

  it("finds the local weekday for today's row", () => {
    expect(localDayOfWeek(new Date("2026-11-24T03:00:00Z"), NY)).toBe(1);
    expect(localDayOfWeek(new Date("2026-11-24T03:00:00Z"), "Asia/Tokyo")).toBe(2);
    expect(localDayOfWeek(new Date(), null)).toBeUndefined();
  });
});

describe("openNowOf (the browser's half: intervals parsed on the server)", () => {
  it("tells what openNowAt tells from the same hours, and unknown without intervals", () => {
    const hours = { Monday: "9 AM-7 PM", Tuesday: "9:30 AM–1 PM, 2–6 PM", Saturday: "10 PM-2 AM", Sunday: "Closed" };
    for (const iso of ["2026-11-23T17:00:00Z", "2026-11-24T18:45:00Z", "2026-11-29T04:00:00Z", "2026-11-29T12:00:00Z"]) {
      const now = new Date(iso);
      const input = { workingHours: hours, timeZone: "America/New_York", businessStatus: "OPERATIONAL" };
      expect(openNowOf({ ...input, openHours: openHoursOf(hours) }, now)).toEqual(openNowAt(input, now));
    }
    expect(openNowOf({ businessStatus: "OPERATIONAL", timeZone: "America/New_York", openHours: null }, new Date()).state).toBe("unknown");
    expect(openHoursOf({ Monday: "By appointment" })).toBeNull();
  });
});
