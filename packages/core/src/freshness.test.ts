import { describe, expect, it } from "vitest";
import { FRESHNESS, isFutureDay, isPermanentlyClosed, lastCheckedLine, stateTimeZone } from "./freshness.ts";
import { formatUsDate } from "./format.ts";
import { clinicInputSchema, pastDaySchema } from "./contract/clinics.ts";
import { priceInputSchema } from "./contract/prices.ts";
import { suggestionDecisionSchema, suggestionInputSchema } from "./contract/suggestions.ts";
import { TEXT_MSG } from "./text.ts";
import { PHONE_MSG } from "./phone.ts";

describe("lastCheckedLine", () => {
  it("names the day within a year, and says 'over a year' past it or when never checked", () => {
    expect(lastCheckedLine("2026-03-04", "2026-11-25", formatUsDate)).toBe("Details last checked 03/04/2026");
    expect(lastCheckedLine("2025-11-25", "2026-11-25", formatUsDate)).toBe("Details last checked 11/25/2025");
    expect(lastCheckedLine("2025-11-24", "2026-11-25", formatUsDate)).toBe("Not checked in over a year");
    expect(lastCheckedLine(null, "2026-11-25", formatUsDate)).toBe("Not checked in over a year");
    expect(FRESHNESS.staleAfterDays).toBe(365);
  });
});

describe("stateTimeZone", () => {
  it("gives one-zone states their zone in any case and spacing, and none for split states", () => {
    expect(stateTimeZone(" ca ")).toBe("America/Los_Angeles");
    expect(stateTimeZone("AZ")).toBe("America/Phoenix");
    expect(stateTimeZone("IL")).toBe("America/Chicago");
    for (const split of ["TX", "FL", "IN", "KY", "TN", "MI", "ND", "SD", "NE", "KS", "OR", "ID", "AK"]) expect(stateTimeZone(split)).toBeNull();
    expect(stateTimeZone(null)).toBeNull();
    expect(stateTimeZone("Narnia")).toBeNull();
  });
});

describe("dates that cannot be in the future", () => {
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  it("isFutureDay compares ISO days", () => {
    expect(isFutureDay("2026-11-26", "2026-11-25")).toBe(true);
    expect(isFutureDay("2026-11-25", "2026-11-25")).toBe(false);
  });
  it("refuses a future 'as of' day in the clinic form and in prices (observed and verified)", () => {
    expect(pastDaySchema("Last checked date").safeParse(today).success).toBe(true);
    expect(pastDaySchema("Last checked date").safeParse(tomorrow).error?.issues[0]?.message).toBe("Last checked date cannot be in the future.");
    expect(pastDaySchema("Last checked date").safeParse("2026-02-30").success).toBe(false);
    expect(clinicInputSchema.safeParse({ name: "A", city: "B", state: "C", lastVerifiedOn: tomorrow }).success).toBe(false);
    const price = { brand: "botox", model: "per_unit", unitPriceCents: 1200, source: "phone", observedOn: today };
    expect(priceInputSchema.safeParse(price).success).toBe(true);
    expect(priceInputSchema.safeParse({ ...price, observedOn: tomorrow }).error?.issues[0]?.message).toBe("Observed date cannot be in the future.");
    expect(priceInputSchema.safeParse({ ...price, verifiedOn: "2999-01-01" }).error?.issues[0]?.message).toBe("Verified date cannot be in the future.");
  });
});

describe("the text rule in the clinic form", () => {
  it("says 'too long' for a long name, never 'required', and refuses control and bidi characters", () => {
    const long = clinicInputSchema.safeParse({ name: "x".repeat(5000), city: "Austin", state: "TX" });
    expect(long.error?.issues.map((i) => i.message)).toEqual([TEXT_MSG.tooLong("Name", 300)]);
    for (const bad of ["Spa\u202E", "Spa\u2066x", "Spa\u0000", "Spa\u001B"]) {
      expect(clinicInputSchema.safeParse({ name: bad, city: "Austin", state: "TX" }).error?.issues[0]?.message).toBe(TEXT_MSG.unsafe);
    }
    expect(clinicInputSchema.safeParse({ name: "Spa", city: "Austin", state: "TX", phone: "555\u202D" }).success).toBe(false);
    // A phone must be a valid US number: letters, short numbers and invisible characters are refused.
    for (const bad of ["call me maybe", "(312) 555-042", "312\u200b555-0142", "(012) 555-0142"]) {
      expect(clinicInputSchema.safeParse({ name: "Spa", city: "Austin", state: "TX", phone: bad }).error?.issues[0]?.message, bad).toBe(PHONE_MSG.invalid);
    }
    expect(clinicInputSchema.parse({ name: "Spa", city: "Austin", state: "TX", phone: "+1 312 555 0142" }).phone).toBe("+1 312 555 0142");
  });
});

describe("suggestionInputSchema", () => {
  it("keeps only the fields given (no default status), and needs at least one", () => {
    expect(suggestionInputSchema.parse({ changes: { phone: " 312-555-0100 " } })).toEqual({ changes: { phone: "312-555-0100" } });
    expect(suggestionInputSchema.parse({ changes: { businessStatus: "permanently_closed" }, note: "Moved" })).toEqual({
      changes: { businessStatus: "PERMANENTLY_CLOSED" },
      note: "Moved",
    });
    expect(suggestionInputSchema.safeParse({ changes: {} }).success).toBe(false);
    expect(suggestionInputSchema.safeParse({ changes: { name: "x" } }).success).toBe(false);
    expect(suggestionInputSchema.safeParse({ changes: { site: "javascript:alert(1)" } }).success).toBe(false);
    expect(suggestionInputSchema.safeParse({ changes: { workingHours: { Mon: { deep: "9" } } } }).success).toBe(false);
  });
  it("decisions are applied or rejected only", () => {
    expect(suggestionDecisionSchema.safeParse({ status: "applied" }).success).toBe(true);
    expect(suggestionDecisionSchema.safeParse({ status: "pending" }).success).toBe(false);
  });
  it("a permanently closed clinic is told apart", () => {
    expect(isPermanentlyClosed("PERMANENTLY_CLOSED")).toBe(true);
    expect(isPermanentlyClosed("CLOSED_TEMPORARILY")).toBe(false);
  });
});
