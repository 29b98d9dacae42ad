/**
 * Pages are static and may be cached for days: a deal whose last day has passed where the
 * visitor is must not be shown, whatever the build knew. This runs in the browser on every
 * page with deals.
 */

/**
 * The browser's clock, fixed by browser tests through `window.__BOTOX_NOW__` exactly as
 * lib/clock.ts's `viewNow` reads it. Not imported from there: a module shared by this page
 * script and the islands becomes a chunk of its own on every page (page-weight budget).
 */
export function dealsNow(): Date {
  const injected: unknown = typeof window === "undefined" ? undefined : window.__BOTOX_NOW__;
  if (typeof injected === "number" || typeof injected === "string") {
    const d = new Date(injected);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return new Date();
}

/**
 * "YYYY-MM-DD" of `now` in the browser's own time zone: a deal runs through its last local day.
 * @internal Exported for its tests.
 */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Hides each `[data-deal-ends]` item whose end date is before `now`'s local day; a list left
 * empty shows its `[data-deals-none]` line instead. Returns how many were hidden.
 */
export function hideEndedDeals(root: ParentNode, now: Date): number {
  const today = localDay(now);
  let hidden = 0;
  for (const item of root.querySelectorAll<HTMLElement>("[data-deal-ends]")) {
    const ends = item.dataset.dealEnds ?? "";
    if (ends < today) {
      item.hidden = true;
      hidden++;
    }
  }
  for (const list of root.querySelectorAll<HTMLElement>("[data-deals]")) {
    const left = [...list.querySelectorAll<HTMLElement>("[data-deal-ends]")].some((i) => !i.hidden);
    const none = list.querySelector<HTMLElement>("[data-deals-none]");
    if (none) none.hidden = left;
  }
  return hidden;
}
