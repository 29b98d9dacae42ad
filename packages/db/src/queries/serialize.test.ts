import { describe, expect, it } from "vitest";
import { openHoursOf } from "@botox/core";
import { toClinic, type ListingRow } from "./serialize.ts";

const row = (workingHours: unknown) =>
  ({ id: 1, rating: null, reviewCount: 0, workingHours, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z" }) as unknown as ListingRow;

describe("toClinic openHours (remembered by the hours' text)", () => {
  it("answers what openHoursOf reads, for every form, again and again", () => {
    const forms = [
      { Monday: "9AM-5PM", Tuesday: "Closed", Wednesday: "10 AM-7 PM", Thursday: "9AM-5PM", Friday: "9AM-5PM", Saturday: "Closed", Sunday: "Closed" },
      { text: "By appointment" },
      "Mon-Fri 9am-5pm, Sat 10-2",
      null,
    ];
    for (let round = 0; round < 3; round++) {
      for (const hours of forms) expect(toClinic(row(hours)).openHours).toEqual(openHoursOf(hours));
    }
  });

  it("gives each answer its own intervals: changing one answer's leaves the next one's alone", () => {
    const hours = { Monday: "9AM-5PM" };
    const first = toClinic(row(hours)).openHours!;
    first[0]!.start = 0;
    first.push({ start: 1, end: 2 });
    expect(toClinic(row({ Monday: "9AM-5PM" })).openHours).toEqual(openHoursOf(hours));
  });

  it("the same hours in another key order are read as such (the text is the key)", () => {
    const a = { Monday: "9AM-5PM", Tuesday: "10AM-4PM" };
    const b = { Tuesday: "10AM-4PM", Monday: "9AM-5PM" };
    expect(toClinic(row(a)).openHours).toEqual(openHoursOf(a));
    expect(toClinic(row(b)).openHours).toEqual(openHoursOf(b));
  });
});

describe("toClinic category (decision 301)", () => {
  it("answers the stored category, and null when unknown", () => {
    expect(toClinic({ ...row(null), category: "Medical spa" }).category).toBe("Medical spa");
    expect(toClinic({ ...row(null), category: null }).category).toBeNull();
  });
});
