/**
 * Pages that stay still: the layout shifts a visitor sees while a page loads and its islands
 * hydrate, read from the browser's own layout-shift entries (cumulative, without shifts right
 * after input), at phone size. Read once the page has settled (islands hydrated, their reads
 * answered), never after a fixed wait.
 */
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MOBILE, hydrated, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();
const MAX_CLS = 0.05;

declare global {
  interface Window {
    __cls: number;
  }
}

async function settledShift(page: Page, path: string, island: string, reads: RegExp[]): Promise<number> {
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const answered = reads.map((re) => page.waitForResponse((r) => re.test(r.url())));
  await page.goto(site + path);
  await hydrated(page, `astro-island[component-url*='${island}']`);
  await Promise.all(answered);
  // Two frames after the last answer: its render has been laid out and any shift recorded.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => window.__cls);
}

it("keeps a city page with a price index still at phone size while its list hydrates", async () => {
  const { page, errors, context } = await openPage(browser(), MOBILE);
  const cls = await settledShift(page, "/botox-near-me/new-york", "CityListing", [/\/clinics\/rating-summary/]);
  expect(cls).toBeLessThanOrEqual(MAX_CLS);
  await expect(page.locator("[data-price-index]").count()).resolves.toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

it("keeps a ZIP page still at phone size", async () => {
  const { page, errors, context } = await openPage(browser(), MOBILE);
  const cls = await settledShift(page, "/zip/10001", "ZipResults", [/\/clinics\/rating-summary/]);
  expect(cls).toBeLessThanOrEqual(MAX_CLS);
  expect(errors).toEqual([]);
  await context.close();
});
