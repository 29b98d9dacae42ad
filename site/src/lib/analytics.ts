/**
 * Analytics adapter (product.md §1): a page view per route change and named events (the newsletter's
 * `newsletter_signup`), sent to the provider configured at build time (Plausible or GA4) and
 * to nothing at all when none is set. The layout writes the provider on <html data-analytics>.
 */
type AnalyticsProvider = "none" | "plausible" | "ga4";
type Props = Record<string, string | number | boolean>;

/** @internal Exported for its tests. */
export interface AnalyticsWindow {
  plausible?: (event: string, options?: { props?: Props; u?: string }) => void;
  gtag?: (...args: unknown[]) => void;
  location: { href: string; pathname: string; origin: string };
}

export interface Analytics {
  pageView(path?: string): void;
  event(name: string, props?: Props): void;
}

const NONE: Analytics = { pageView: () => {}, event: () => {} };

/** @internal Exported for its tests. */
export function createAnalytics(provider: AnalyticsProvider, w: AnalyticsWindow): Analytics {
  if (provider === "plausible") {
    return {
      pageView: (path = w.location.pathname) => w.plausible?.("pageview", { u: new URL(path, w.location.origin).toString() }),
      event: (name, props) => w.plausible?.(name, props ? { props } : undefined),
    };
  }
  if (provider === "ga4") {
    return {
      pageView: (path = w.location.pathname) => w.gtag?.("event", "page_view", { page_path: path, page_location: new URL(path, w.location.origin).toString() }),
      event: (name, props) => w.gtag?.("event", name, props ?? {}),
    };
  }
  return NONE;
}

/**
 * The provider the layout configured for this page ("none" when unset or unknown).
 * @internal Exported for its tests.
 */
export function configuredProvider(doc: Document | undefined = typeof document === "undefined" ? undefined : document): AnalyticsProvider {
  const value = doc?.documentElement.dataset.analytics;
  return value === "plausible" || value === "ga4" ? value : "none";
}

function pageAnalytics(): Analytics {
  if (typeof window === "undefined") return NONE;
  return createAnalytics(configuredProvider(), window);
}

export function trackEvent(name: string, props?: Props): void {
  pageAnalytics().event(name, props);
}

/**
 * Every page of the static site is a route: one page view when it loads, and one more each
 * time the browser brings it back from the back/forward cache (no load event then).
 */
export function startPageViews(target: Pick<Window, "addEventListener"> = window, analytics: () => Analytics = pageAnalytics): void {
  target.addEventListener("load", () => analytics().pageView());
  target.addEventListener("pageshow", (e) => {
    if (e.persisted) analytics().pageView();
  });
}
