/**
 * The browser's clock for "open now". Pages are static, so the state is computed at
 * view time, never at build. Browser tests fix the clock by setting `window.__BOTOX_NOW__`
 * (epoch milliseconds or an ISO date) before the page's scripts run (Playwright's
 * addInitScript); anything else there is ignored and the real time is used.
 */
declare global {
  interface Window {
    __BOTOX_NOW__?: unknown;
  }
}

export function viewNow(): Date {
  const injected = typeof window === "undefined" ? undefined : window.__BOTOX_NOW__;
  if (typeof injected === "number" || typeof injected === "string") {
    const d = new Date(injected);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return new Date();
}

/** Milliseconds until the next minute starts: when an "open now" state can next change. */
export const msToNextMinute = (now: Date): number => 60_000 - (now.getTime() % 60_000);
