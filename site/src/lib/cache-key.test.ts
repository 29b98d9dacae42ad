/** A listed row's version (`stamp`): what listings' cache keys hold of each row they list. */
import { describe, expect, it } from "vitest";
import { makeClinic } from "../test/factories.ts";
import { stamp } from "./cache-key.ts";

describe("stamp", () => {
  it("moves with a clinic's verified staff, which its staff rows set without touching the clinic's row", () => {
    const clinic = makeClinic({ id: 7, updatedAt: "2026-11-20T00:00:00.000Z" });
    const staffed = { ...clinic, verifiedStaff: [{ role: "medical_director" as const, credential: "MD" as const }], verifiedCredentials: ["MD" as const] };
    expect(stamp(clinic)).toBe("7@2026-11-20T00:00:00.000Z");
    expect(stamp(staffed)).not.toBe(stamp(clinic));
    expect(stamp({ ...staffed, verifiedStaff: [{ role: "injector" as const, credential: "RN" as const }] })).not.toBe(stamp(staffed));
  });
});
