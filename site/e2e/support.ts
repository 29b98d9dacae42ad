/** Shared pieces of the site's browser tests. */
import { inject } from "vitest";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { newTrackedPage, type TrackedPage } from "@botox/e2e";

export { useBrowser, useDatabase } from "@botox/e2e/hooks";

export const stack = inject("stack");
export const site = stack.urls.site;
export const api = stack.urls.api;
export const geoServices = inject("geoServices");

export const MOBILE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export async function openPage(browser: Browser, options?: BrowserContextOptions): Promise<TrackedPage> {
  return newTrackedPage(browser, options);
}

/**
 * Waits until React has hydrated an island (Astro removes the ssr attribute then). A
 * client:visible island hydrates only once Astro's IntersectionObserver sees one of its children,
 * so each check brings the first such child still waiting into view: the island element itself is
 * `display: contents` (no box), and scrolling it is a no-op, which left below-the-fold islands
 * waiting forever when the page's own scroll happened before Astro started observing.
 */
export async function hydrated(page: Page, selector = "astro-island"): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const islands = [...document.querySelectorAll(sel)];
      const waiting = islands.filter((el) => el.hasAttribute("ssr"));
      waiting.find((el) => el.getAttribute("client") === "visible")?.firstElementChild?.scrollIntoView({ block: "center", behavior: "instant" });
      return islands.length > 0 && waiting.length === 0;
    },
    selector,
    { polling: 100 },
  );
}
