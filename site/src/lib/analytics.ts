/**
 * Analytics adapter (spec §1): a page view per route change and named events, sent to the
 * provider configured at build time (Plausible or GA4); nothing at all when none is set.
 */
type Props = Record<string, string | number | boolean>;

interface AnalyticsWindow {
  plausible?: (event: string, options?: { props?: Props; u?: string }) => void;
  gtag?: (...args: unknown[]) => void;
}

function target(): AnalyticsWindow | null {
  return typeof window === "undefined" ? null : (window as unknown as AnalyticsWindow);
}

export function trackEvent(name: string, props?: Props): void {
  const w = target();
  if (!w) return;
  if (w.plausible) w.plausible(name, props ? { props } : undefined);
  else if (w.gtag) w.gtag("event", name, props ?? {});
}

/** Each page of the static site is a route change: called once per page load. */
export function trackPageView(path: string = typeof location === "undefined" ? "/" : location.pathname): void {
  const w = target();
  if (!w) return;
  if (w.plausible) w.plausible("pageview", { u: new URL(path, location.origin).toString() });
  else if (w.gtag) w.gtag("event", "page_view", { page_path: path });
}
