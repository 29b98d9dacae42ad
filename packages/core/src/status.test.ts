import { describe, expect, it } from "vitest";
import { adminStatusLabel, BUSINESS_STATUSES, normalizeBusinessStatus, publicStatusLabel } from "./status.ts";

describe("business status (spec §4, design.md §4)", () => {
  it("has one canonical enum", () => {
    expect(BUSINESS_STATUSES).toEqual(["OPERATIONAL", "CLOSED_TEMPORARILY", "PERMANENTLY_CLOSED"]);
  });
  it("normalizes either case", () => {
    expect(normalizeBusinessStatus("operational")).toBe("OPERATIONAL");
    expect(normalizeBusinessStatus(" Closed_Temporarily ")).toBe("CLOSED_TEMPORARILY");
    expect(normalizeBusinessStatus("PERMANENTLY_CLOSED")).toBe("PERMANENTLY_CLOSED");
    expect(normalizeBusinessStatus("open")).toBeUndefined();
    expect(normalizeBusinessStatus(3)).toBeUndefined();
  });
  it("public cards: operational or open → Open, anything else → Closed", () => {
    expect(publicStatusLabel("operational")).toBe("Open");
    expect(publicStatusLabel("OPERATIONAL")).toBe("Open");
    expect(publicStatusLabel("open")).toBe("Open");
    expect(publicStatusLabel("CLOSED_TEMPORARILY")).toBe("Closed");
    expect(publicStatusLabel(null)).toBe("Closed");
  });
  it("admin list: operational Open, closed_temporarily 'Temp. Closed', else Closed", () => {
    expect(adminStatusLabel("operational")).toBe("Open");
    expect(adminStatusLabel("OPERATIONAL")).toBe("Open");
    expect(adminStatusLabel("closed_temporarily")).toBe("Temp. Closed");
    expect(adminStatusLabel("CLOSED_TEMPORARILY")).toBe("Temp. Closed");
    expect(adminStatusLabel("permanently_closed")).toBe("Closed");
    expect(adminStatusLabel("open")).toBe("Closed");
    expect(adminStatusLabel(undefined)).toBe("Closed");
  });
});
