/**
 * Pages that stay still (decision 263): the layout shifts a phone visitor sees while a page
 * arrives and its islands hydrate, read from the browser's own layout-shift entries. A slow
 * connection is staged step by step rather than timed: the page's HTML stops before its first
 * island until the browser has painted what came so far, its scripts wait until the rest is
 * painted and the visitor has scrolled down, and the islands then hydrate and read the API
 * while that part is in view. Read once every request has been answered, never after a wait.
 */
import { expect, it } from "vitest";
import type { Page, Request } from "playwright-core";
import { MOBILE, hydrated, openPage, site, useBrowser } from "./support.ts";

// The staged HTML is handed to the browser by the test, not by the loopback server, and Chrome
// places such a document outside the loopback address space: its reads of the API on loopback
// would be refused.
const browser = useBrowser(["--disable-features=LocalNetworkAccessChecks"]);
const MAX_CLS = 0.05;
const HOLD = "/__layout-stability-hold.js";

declare global {
  interface Window {
    __cls: number;
  }
}

const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Waits until no request of the page is in flight, twice across two frames (a render may ask again). */
async function quiet(page: Page, inFlight: Set<Request>): Promise<void> {
  for (let calm = 0; calm < 2;) {
    await expect.poll(() => inFlight.size).toBe(0);
    await frames(page);
    calm = inFlight.size === 0 ? calm + 1 : 0;
  }
}

interface Staging {
  /** The page's HTML stops right before the first tag holding this text, until a paint. */
  holdBefore: string;
  /** What the visitor has scrolled to when the scripts arrive. */
  scrollTo: string;
}

/**
 * The cumulative layout shift of one phone visit. Every entry counts: the test makes no input,
 * and Chrome marks the shifts that follow its emulated viewport's setup as following input,
 * which a lab run (Lighthouse) counts all the same.
 */
async function visitShift(path: string, staging: Staging): Promise<{ cls: number; errors: string[]; page: Page; close: () => Promise<void> }> {
  const { page, errors, context } = await openPage(browser(), MOBILE);
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) window.__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const inFlight = new Set<Request>();
  page.on("request", (r) => inFlight.add(r));
  page.on("requestfinished", (r) => inFlight.delete(r));
  page.on("requestfailed", (r) => inFlight.delete(r));

  let releaseHtml!: () => void;
  const htmlHeld = new Promise<void>((resolve) => (releaseHtml = resolve));
  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(site + path, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const at = html.lastIndexOf("<", html.indexOf(staging.holdBefore));
    expect(at, `${path} holds ${staging.holdBefore}`).toBeGreaterThan(0);
    // A classic script stops the parser where a slow connection would: the browser paints what it has.
    await route.fulfill({ response, body: `${html.slice(0, at)}<script src="${HOLD}"></script>${html.slice(at)}` });
  });
  await page.route(site + HOLD, async (route) => {
    await htmlHeld;
    await route.fulfill({ contentType: "text/javascript", body: "" });
  });
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });

  await page.goto(site + path, { waitUntil: "commit" });
  await frames(page);
  releaseHtml();
  await page.locator("footer").waitFor({ state: "attached" });
  await frames(page);
  await page
    .locator(staging.scrollTo)
    .first()
    .evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
  await frames(page);
  releaseScripts();
  await hydrated(page);
  await quiet(page, inFlight);
  const cls = await page.evaluate(() => window.__cls);
  if (process.env.LAYOUT_FIGURES) process.stdout.write(`CLS ${path} ${cls.toFixed(3)}\n`);
  return { cls, errors, page, close: () => context.close() };
}

it("keeps a city page with a price index still at phone size while it arrives and its list hydrates", async () => {
  const { cls, errors, page, close } = await visitShift("/botox-near-me/new-york", {
    holdBefore: 'component-url="/_astro/CityListing',
    scrollTo: "[data-price-index]",
  });
  expect(cls).toBeLessThanOrEqual(MAX_CLS);
  await expect(page.locator("[data-price-index]").count()).resolves.toBe(1);
  // The price card follows the list on a phone.
  const [list, card] = [await page.locator("[data-clinic-list]").boundingBox(), await page.locator("[data-price-index]").boundingBox()];
  expect(list && card && card.y > list.y + list.height).toBe(true);
  expect(errors).toEqual([]);
  await close();
});

// The home page and /near-me are not held to it yet: their location islands grow once the
// visitor's place is known (decision 263).
const PAGES: [string, string, Staging][] = [
  ["ZIP", "/zip/10001", { holdBefore: 'component-url="/_astro/ZipResults', scrollTo: "[data-clinic-card]:nth-of-type(3)" }],
  ["clinic", "/botox-clinic/new-york/glow-med-spa-new-york", { holdBefore: "<astro-island", scrollTo: "main h2" }],
  ["blog", "/blog", { holdBefore: "<main", scrollTo: "main h2" }],
  ["blog post", "/blog/botox-guide-part-8", { holdBefore: "<astro-island", scrollTo: "main p" }],
];

it.each(PAGES)("keeps the %s page still at phone size", async (_, path, staging) => {
  const { cls, errors, close } = await visitShift(path, staging);
  expect(cls).toBeLessThanOrEqual(MAX_CLS);
  expect(errors).toEqual([]);
  await close();
});
