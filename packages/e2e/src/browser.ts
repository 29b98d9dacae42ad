/**
 * Debian's Chromium driven by playwright-core (never a browser download). A page collects its
 * console errors and uncaught exceptions so a test can assert there were none.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // The machines here are closed to the internet: without these flags Chromium keeps
    // trying to reach Google's services at every start.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

/** Browser code (this package has no DOM types): each toast element's text, once, as it appears. */
const RECORD_TOASTS = `(() => {
  const seen = [];
  const recorded = new WeakSet();
  window.__seenToasts = seen;
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[data-testid="toast"]')) {
      if (recorded.has(el)) continue;
      recorded.add(el);
      seen.push(el.textContent || "");
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page exceptions seen so far. */
  errors: string[];
}

/**
 * A fresh context (own cookies and storage) with one page. Requests to hosts other than
 * loopback are aborted, so demo images on external hosts fail fast instead of hanging.
 */
export async function newTrackedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  // Every toast the page shows, recorded as it appears: a toast stays five seconds, and a test
  // on a loaded machine may look after it has gone (the admin's `expectToast` reads this).
  await context.addInitScript({ content: RECORD_TOASTS });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    // A refused external image is expected in a closed sandbox; anything else is a failure.
    if (m.type() === "error" && !/net::ERR_FAILED|ERR_NAME_NOT_RESOLVED/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, errors };
}
