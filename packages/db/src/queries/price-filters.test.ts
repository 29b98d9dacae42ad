import { expect, it } from "vitest";
import { oldestCountingDay, oldestFreshDay } from "./price-filters.ts";

it("oldestCountingDay: 365 days before today", () => {
  expect(oldestCountingDay("2026-11-23")).toBe("2025-11-23");
  expect(oldestCountingDay("2024-03-01")).toBe("2023-03-02");
});

it("oldestFreshDay: 180 days before today", () => {
  expect(oldestFreshDay("2026-11-23")).toBe("2026-05-27");
});
