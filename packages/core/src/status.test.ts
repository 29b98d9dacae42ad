import { describe, expect, it } from "vitest";
import { PRICE_STATUSES } from "./price-format.ts";
import {
  adminStatusLabel,
  businessStatusBadge,
  BUSINESS_STATUS_LABELS,
  BUSINESS_STATUSES,
  normalizeBusinessStatus,
  PRICE_STATUS_LABELS,
  postStatusLabel,
  publicStatusLabel,
} from "./status.ts";

describe("business status (product.md §4, architecture.md §4)", () => {
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

describe("status labels (one map each)", () => {
  it("spells out each business status for the admin form", () => {
    expect(BUSINESS_STATUSES.map((s) => BUSINESS_STATUS_LABELS[s])).toEqual(["Operational", "Closed temporarily", "Permanently closed"]);
  });
  it("names a post published or Draft (product.md §4)", () => {
    expect([postStatusLabel(true), postStatusLabel(false)]).toEqual(["Published", "Draft"]);
  });
  it("names every price review state", () => {
    expect(PRICE_STATUSES.map((s) => PRICE_STATUS_LABELS[s])).toEqual(["Published", "Pending", "Rejected"]);
  });
});

describe("business-status badge", () => {
  it("never says Open: an operating clinic with known hours has no badge, else 'Operating'", () => {
    expect(businessStatusBadge("OPERATIONAL", true)).toBeNull();
    expect(businessStatusBadge("operational", false)).toEqual({ label: "Operating", tone: "ok" });
    expect(businessStatusBadge("CLOSED_TEMPORARILY", true)).toEqual({ label: "Temporarily closed", tone: "warn" });
    expect(businessStatusBadge("PERMANENTLY_CLOSED", false)).toEqual({ label: "Permanently closed", tone: "bad" });
    expect(businessStatusBadge(null, false)?.label).toBe("Permanently closed");
  });
});
