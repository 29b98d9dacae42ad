import { describe, expect, it } from "vitest";
import { dealsNow, hideEndedDeals, localDay } from "./deal-expiry.ts";

function page(ends: string[]): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = `<section data-deals><ul>${ends.map((e) => `<li data-deal-ends="${e}">${e}</li>`).join("")}</ul><p data-deals-none hidden>No current deals.</p></section>`;
  return root;
}
const visible = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>("[data-deal-ends]")].filter((i) => !i.hidden).map((i) => i.dataset.dealEnds);

describe("hideEndedDeals", () => {
  it("keeps a deal through its last day in the visitor's own time zone and hides it after", () => {
    const root = page(["2026-11-30", "2026-12-05"]);
    expect(hideEndedDeals(root, new Date(2026, 10, 30, 23, 59))).toBe(0);
    expect(visible(root)).toEqual(["2026-11-30", "2026-12-05"]);
    expect(hideEndedDeals(root, new Date(2026, 11, 1, 0, 1))).toBe(1);
    expect(visible(root)).toEqual(["2026-12-05"]);
    expect(root.querySelector<HTMLElement>("[data-deals-none]")?.hidden).toBe(true);
  });

  it("shows the no-deals line once every deal has ended", () => {
    const root = page(["2026-11-30"]);
    hideEndedDeals(root, new Date(2026, 11, 2, 9, 0));
    expect(visible(root)).toEqual([]);
    expect(root.querySelector<HTMLElement>("[data-deals-none]")?.hidden).toBe(false);
  });

  it("reads the local calendar day", () => {
    expect(localDay(new Date(2026, 0, 5, 8))).toBe("2026-01-05");
  });

  it("reads the clock browser tests inject, else the real time", () => {
    window.__BOTOX_NOW__ = "2026-12-01T12:00:00";
    expect(localDay(dealsNow())).toBe("2026-12-01");
    window.__BOTOX_NOW__ = { not: "a time" };
    expect(Math.abs(dealsNow().getTime() - Date.now())).toBeLessThan(60_000);
    delete window.__BOTOX_NOW__;
  });
});
