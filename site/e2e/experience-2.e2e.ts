/**
 * Issue 25 "Experience, round two", visitors: the home list kept with Retry when the live call
 * fails, status badges that cannot contradict the hours line, stale-price marks on cards, the
 * one-tap chips, /near-me without layout shift, ratings visible before rating, the ZIP price
 * chart, "hours as posted", tap targets on every page type and the search box's words. Each
 * at 390×844 and on a desktop.
 */
import { describe, expect, it } from "vitest";
import type { BrowserContextOptions, Page } from "playwright-core";
import { isoDay } from "@botox/core";
import { api, hydrated, MOBILE, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();
const cors = { "access-control-allow-origin": site, "access-control-allow-credentials": "true", "content-type": "application/json" };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const SIZES = [
  ["390×844", MOBILE],
  ["desktop", DESKTOP],
] as const;
/** Monday 23 Nov 2026, 10:00 in New York: Glow Med Spa New York (Mon 9AM-5PM) is open. */
const MONDAY_MORNING = "2026-11-23T15:00:00Z";

async function pageAt(options: BrowserContextOptions, iso = MONDAY_MORNING) {
  const tracked = await openPage(browser(), options);
  await tracked.page.addInitScript((now: string) => {
    window.__BOTOX_NOW__ = now;
  }, iso);
  return tracked;
}

describe.each(SIZES)("at %s", (_size, options) => {
  it("home: a failing live call keeps the pre-built list, says live results are unavailable, and Retry brings them", async () => {
    const { page, context, errors } = await pageAt(options);
    let fail = true;
    await context.route(`${api}/clinics/nearby`, (route) =>
      fail ? route.fulfill({ status: 503, headers: cors, body: '{"error":"down"}' }) : route.fallback(),
    );
    await page.goto(`${site}/`);
    await expect.poll(() => page.getByRole("searchbox").first().getAttribute("placeholder")).toBe("City or ZIP code");
    const nearby = page.getByRole("region", { name: "Botox Providers Near You" });
    // Built into the page: the list is there before any script runs.
    await expect.poll(() => nearby.locator("[data-prebuilt-list] [data-clinic-card]").count()).toBeGreaterThan(0);
    await nearby.scrollIntoViewIfNeeded();
    const alert = nearby.locator("[data-live-unavailable]");
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toContain("Live results are unavailable right now.");
    await expect.poll(() => nearby.locator("[data-prebuilt-list] [data-clinic-card]").count()).toBeGreaterThan(0);
    await expect.poll(() => nearby.locator("[data-nearby-summary]").textContent()).toBe("Providers near New York, NY");
    fail = false;
    await alert.getByRole("button", { name: "Retry" }).click();
    await nearby
      .locator("[data-nearby-summary]")
      .filter({ hasText: /^13 providers near/ })
      .waitFor();
    await expect.poll(() => nearby.locator("[data-live-unavailable]").count()).toBe(0);
    await expect.poll(() => nearby.locator("[data-prebuilt-list]").count()).toBe(0);
    expect(errors.filter((e) => !/503/.test(e))).toEqual([]);
    await context.close();
  });

  it("badges: Operating / Temporarily closed, never 'Open'; known hours give the open-now line instead; free text is 'hours as posted'", async () => {
    const { page, context } = await pageAt(options);
    await page.goto(`${site}/botox-near-me/new-york?distance=any&status=all&sort=name-asc`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    const card = (name: string) => page.locator("article[data-clinic-card]", { hasText: name });
    await card("Glow Med Spa New York").locator("[data-open-now]").waitFor();
    await expect.poll(() => card("Glow Med Spa New York").locator("[data-business-status]").count()).toBe(0);
    await expect.poll(() => card("Glow Med Spa New York").locator("[data-open-now]").textContent()).toBe("Open now · closes 5 PM");
    await expect.poll(() => card("Radiance Med Spa New York").locator("[data-business-status]").textContent()).toBe("Operating");
    await expect.poll(() => card("Luxe Med Spa New York").locator("[data-business-status]").textContent()).toBe("Temporarily closed");
    await expect.poll(() => page.locator("[data-business-status]", { hasText: /^Open$/ }).count()).toBe(0);

    await page.goto(`${site}/botox-clinic/new-york/radiance-med-spa-new-york`);
    await page.locator("[data-business-status]").first().waitFor();
    await expect.poll(() => page.locator("[data-business-status]").first().textContent()).toBe("Operating");
    const hours = page.getByRole("region", { name: "Hours of Operation" });
    await hours.scrollIntoViewIfNeeded();
    await hours.locator("[data-hours-as-posted]").waitFor();
    await expect.poll(() => hours.locator("[data-open-now]").count()).toBe(0);
    await context.close();
  });

  it("cards mark a price older than 180 days 'may be out of date', as the clinic page does", async () => {
    const { page, context } = await pageAt(options);
    const old = isoDay(new Date(Date.now() - 200 * 86_400_000));
    // The live answer for the cheapest first, its first clinic's current price dated 200 days back.
    const live = (await (await fetch(`${api}/proxy/clinics-by-city/new-york?sortBy=price&sortOrder=asc`)).json()) as {
      clinics: { name: string; currentPrice: unknown }[];
    };
    const stale = live.clinics[0];
    expect(stale).toBeDefined();
    if (stale) stale.currentPrice = { brand: "botox", perUnitCents: 1100, observedOn: old, checkedOn: old, source: "phone" };
    await context.route(`${api}/proxy/clinics-by-city/new-york?*`, (route) =>
      route.request().method() === "GET" ? route.fulfill({ status: 200, headers: cors, body: JSON.stringify(live) }) : route.fallback(),
    );
    await page.goto(`${site}/botox-near-me/new-york`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    // The chip asks the API (the route above) for the cheapest first.
    await page.getByRole("button", { name: "Lowest price" }).click();
    const card = page.locator("article[data-clinic-card]", { hasText: stale?.name ?? "" });
    await card.locator("[data-out-of-date]").waitFor();
    await expect.poll(() => card.locator("[data-out-of-date]").textContent()).toBe("may be out of date");
    // Current prices are not marked: only that card is.
    await expect.poll(() => page.locator("[data-clinic-list] [data-out-of-date]").count()).toBe(1);
    await context.close();
  });

  it("chips: 'Open now' and 'Lowest price' in one tap each, kept in the address; the price summary sits above the list", async () => {
    const { page, context } = await pageAt(options);
    await page.goto(`${site}/botox-near-me/new-york`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    const chips = page.getByRole("group", { name: "Quick filters" });
    // The price summary before the list: its line on a phone (the card, chart included, after the list), the card on a desktop.
    const phone = (options.viewport?.width ?? 1280) < 1024;
    const priceTop = await page.locator(phone ? "[data-price-summary-compact]" : "[data-price-index]").boundingBox();
    const listTop = await page.locator("[data-clinic-list]").boundingBox();
    expect(priceTop && listTop && priceTop.y < listTop.y).toBe(true);
    await chips.getByRole("button", { name: "Open now" }).click();
    await page.waitForURL(/openNow=1|openNow=true/);
    await expect.poll(() => chips.getByRole("button", { name: "Open now" }).getAttribute("aria-pressed")).toBe("true");
    await chips.getByRole("button", { name: "Lowest price" }).click();
    await page.waitForURL(/sort=price-asc/);
    await expect.poll(() => chips.getByRole("button", { name: "Lowest price" }).getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.getByLabel("Sort by").inputValue()).toBe("price-asc");
    // Open now is asked of the API at the real time: the list may be empty, but it settles.
    await page.locator("[data-clinic-list], [data-open-now-empty]").first().waitFor();

    await page.goto(`${site}/zip/10001`);
    await hydrated(page, "astro-island[component-url*='ZipResults']");
    await page.getByRole("group", { name: "Quick filters" }).getByRole("button", { name: "Lowest price" }).click();
    await page.waitForURL(/sort=price/);
    await context.close();
  });

  it("ZIP pages have the same price summary and chart as city pages", async () => {
    const { page, context } = await pageAt(options);
    for (const path of ["/zip/10001", "/botox-near-me/new-york"]) {
      await page.goto(`${site}${path}`);
      await expect(page.locator("[data-price-index] [data-price-summary]").count(), path).resolves.toBe(1);
      await expect(page.locator("[data-price-index] [data-price-chart] svg").count(), path).resolves.toBe(1);
    }
    await context.close();
  });

  it("/near-me: the featured block comes after the list, is named for what it lists, and nothing shifts", async () => {
    const { page, context } = await pageAt(options);
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`${site}/near-me`);
    const list = page.getByRole("region", { name: "Providers Near You" });
    await list
      .locator("[data-nearby-summary]")
      .filter({ hasText: /providers near/ })
      .waitFor();
    const featured = page.getByRole("region", { name: "More Open Clinics Nearby" });
    await featured.waitFor({ state: "attached" });
    await expect.poll(() => page.getByRole("region", { name: "Top-Rated Clinics" }).count()).toBe(0);
    const [listBox, featuredBox] = [await list.boundingBox(), await featured.boundingBox()];
    expect(listBox && featuredBox && listBox.y < featuredBox.y).toBe(true);
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    expect(shift).toBeLessThan(0.1);
    await context.close();
  });

  it("visitor ratings (distribution and count) are visible before rating", async () => {
    const { page, context } = await pageAt(options);
    await page.goto(`${site}/botox-clinic/new-york/vita-med-spa-new-york`);
    const widget = page.getByRole("region", { name: "Rate This Clinic" });
    await widget.scrollIntoViewIfNeeded();
    await widget.locator("[data-rating-distribution]").waitFor();
    await expect.poll(() => widget.getAttribute("data-rating-state")).toBe("form");
    await expect.poll(() => widget.locator("[data-rating-count]").textContent()).toMatch(/^\d+ visitor ratings? so far$/);
    await expect.poll(() => widget.getByRole("list", { name: "Ratings so far" }).locator("li").count()).toBeGreaterThan(0);
    await context.close();
  });

  it("every tap target is at least 24 px on every page type", async () => {
    const { page, context } = await pageAt(options);
    const pages = [
      "/",
      "/near-me",
      "/botox-near-me",
      "/botox-near-me/new-york",
      "/zip/10001",
      "/botox-clinic/new-york/glow-med-spa-new-york",
      "/blog",
      "/about",
      "/contact",
      "/privacy-policy",
    ];
    const firstPost = await (async () => {
      await page.goto(`${site}/blog`);
      return page.locator("main a[href^='/blog/']:not([href^='/blog/category']):not([href^='/blog/page'])").first().getAttribute("href");
    })();
    if (firstPost) pages.push(firstPost);
    const small: Record<string, string[]> = {};
    for (const path of pages) {
      await page.goto(`${site}${path}`);
      await page.waitForLoadState("networkidle");
      // Footer sections fold on a phone: open them so their links count too.
      await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
      const found = await smallTargets(page);
      if (found.length) small[path] = found;
    }
    expect(small).toEqual({});
    await context.close();
  });
});

/**
 * Visible links, buttons and form controls under 24×24 CSS px (WCAG 2.5.8), except links inside
 * a sentence of running text (the criterion's own exception).
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, summary")) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === "hidden" || el.closest("[hidden], .sr-only, [aria-hidden='true']")) continue;
      if (r.width >= 24 && r.height >= 24) continue;
      const parent = el.parentElement;
      const own = (el.textContent ?? "").trim();
      const around = (parent?.textContent ?? "").trim();
      const inSentence = style.display === "inline" && parent != null && around.length > own.length + 10;
      if (inSentence) continue;
      out.push(`${el.tagName.toLowerCase()} "${own.slice(0, 30) || el.getAttribute("aria-label") || ""}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  });
}
