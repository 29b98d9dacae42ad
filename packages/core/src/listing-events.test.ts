import { describe, expect, it } from "vitest";
import { LISTING_EVENTS, LISTING_EVENT_LABELS, LISTING_EVENT_TYPES, weekStartOf, weekStartsEndingAt, zeroListingEventCounts } from "./listing-events.ts";
import { listingEventSchema, listingEventWeeksQuerySchema } from "./contract/events.ts";
import { MSG } from "./messages.ts";

describe("listing event weeks (Monday to Sunday, UTC)", () => {
  it("start on the Monday of the day's week", () => {
    // 2026-11-23 is a Monday.
    expect(weekStartOf("2026-11-23")).toBe("2026-11-23");
    expect(weekStartOf("2026-11-29")).toBe("2026-11-23");
    expect(weekStartOf("2026-11-30")).toBe("2026-11-30");
    // Across a year's end.
    expect(weekStartOf("2027-01-01")).toBe("2026-12-28");
  });

  it("are listed oldest first, ending with the day's week", () => {
    expect(weekStartsEndingAt("2026-11-29", 3)).toEqual(["2026-11-09", "2026-11-16", "2026-11-23"]);
    expect(weekStartsEndingAt("2026-11-29", 1)).toEqual(["2026-11-23"]);
    expect(weekStartsEndingAt("2026-11-29", LISTING_EVENTS.weeksMax)).toHaveLength(52);
  });
});

describe("listing event kinds", () => {
  it("have a label each and a zero each", () => {
    expect(Object.keys(LISTING_EVENT_LABELS).sort()).toEqual([...LISTING_EVENT_TYPES].sort());
    expect(Object.keys(zeroListingEventCounts()).sort()).toEqual([...LISTING_EVENT_TYPES].sort());
  });

  it("are the ones the messages name", () => {
    expect(MSG.events.type).toBe(`type must be one of ${LISTING_EVENT_TYPES.join(", ")}.`);
    expect(MSG.events.weeks).toContain(`from 1 to ${LISTING_EVENTS.weeksMax}`);
  });
});

describe("the beacon's body", () => {
  it("takes a clinic id and a kind", () => {
    expect(listingEventSchema.parse({ clinicId: 7, type: "deal-view" })).toEqual({ clinicId: 7, type: "deal-view" });
  });

  it("refuses anything else with a clear message", () => {
    const first = (body: unknown) => listingEventSchema.safeParse(body).error?.issues[0]?.message;
    expect(first({ type: "view" })).toBe(MSG.events.clinicId);
    expect(first({ clinicId: "7", type: "view" })).toBe(MSG.events.clinicId);
    expect(first({ clinicId: 0, type: "view" })).toBe(MSG.events.clinicId);
    expect(first({ clinicId: 1.5, type: "view" })).toBe(MSG.events.clinicId);
    expect(first({ clinicId: 2 ** 31, type: "view" })).toBe(MSG.events.clinicId);
    expect(first({ clinicId: 7, type: "click" })).toBe(MSG.events.type);
    expect(first({ clinicId: 7 })).toBe(MSG.events.type);
  });

  it("weeks: 1 to 52, 12 by default", () => {
    expect(listingEventWeeksQuerySchema.parse({})).toEqual({ weeks: 12 });
    expect(listingEventWeeksQuerySchema.parse({ weeks: "52" })).toEqual({ weeks: 52 });
    for (const weeks of ["0", "53", "1.5", "x"]) expect(listingEventWeeksQuerySchema.safeParse({ weeks }).error?.issues[0]?.message).toBe(MSG.events.weeks);
  });
});
