import { describe, expect, it } from "vitest";
import { formatPhone, formatUsDate, formatUtcMinute, formatVisitorDate, normalizeWorkingHours, parseJsonObject } from "./format.ts";

describe("formatPhone (product.md §3)", () => {
  it("formats exactly 10 digits as (NNN) NNN-NNNN", () => {
    expect(formatPhone("3055550100")).toBe("(305) 555-0100");
    expect(formatPhone("305.555.0100")).toBe("(305) 555-0100");
  });
  it("leaves anything else unchanged", () => {
    expect(formatPhone("+1 305 555 0100")).toBe("+1 305 555 0100");
    expect(formatPhone("555-0100")).toBe("555-0100");
    expect(formatPhone(null)).toBe("");
  });
});

describe("formatVisitorDate: one date format for visitors", () => {
  it("writes '28 Nov 2026' from a day, a timestamp or a Date, in UTC", () => {
    expect(formatVisitorDate("2026-11-28")).toBe("28 Nov 2026");
    expect(formatVisitorDate("2026-03-07T23:30:00Z")).toBe("7 Mar 2026");
    expect(formatVisitorDate(new Date(Date.UTC(2025, 11, 31)))).toBe("31 Dec 2025");
    expect(formatVisitorDate(null)).toBe("");
    expect(formatVisitorDate("not a date")).toBe("");
  });
});

describe("formatUtcMinute: an instant such as a contest window's end", () => {
  it("reads as the visitors' date and the time in UTC, to the minute", () => {
    expect(formatUtcMinute("2026-12-06T14:03:59.999Z")).toBe("6 Dec 2026, 14:03 UTC");
    expect(formatUtcMinute(new Date("2026-01-05T00:00:00Z"))).toBe("5 Jan 2026, 00:00 UTC");
    expect(formatUtcMinute("not a date")).toBe("");
  });
});

describe("formatUsDate (product.md §3 MM/DD/YYYY)", () => {
  it("formats in UTC", () => {
    expect(formatUsDate("2026-03-07T23:30:00Z")).toBe("03/07/2026");
    expect(formatUsDate(new Date(Date.UTC(2025, 11, 31)))).toBe("12/31/2025");
  });
  it("returns '' for missing or invalid dates", () => {
    expect(formatUsDate(null)).toBe("");
    expect(formatUsDate("")).toBe("");
    expect(formatUsDate("not a date")).toBe("");
  });
});

describe("parseJsonObject (product.md §3)", () => {
  it("parses a JSON string and passes objects through", () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonObject({ b: 2 })).toEqual({ b: 2 });
  });
  it("uses {} when missing or invalid", () => {
    for (const v of [undefined, null, "", "not json", "[1,2]", "42", [1], 7]) expect(parseJsonObject(v)).toEqual({});
  });
});

describe("normalizeWorkingHours", () => {
  it("keeps an object of day → hours, also from JSON text, joining lists", () => {
    expect(normalizeWorkingHours({ Monday: "9-5", Tuesday: ["9-12", "1-5"] })).toEqual({
      Monday: "9-5",
      Tuesday: "9-12, 1-5",
    });
    expect(normalizeWorkingHours('{"Friday":"9-5"}')).toEqual({ Friday: "9-5" });
  });
  it("keeps plain text as { text }", () => {
    expect(normalizeWorkingHours("  Mon-Fri 9-5 ")).toEqual({ text: "Mon-Fri 9-5" });
  });
  it("is null when nothing is there", () => {
    expect(normalizeWorkingHours(null)).toBeNull();
    expect(normalizeWorkingHours("")).toBeNull();
    expect(normalizeWorkingHours("  ")).toBeNull();
    expect(normalizeWorkingHours({})).toBeNull();
  });
});
