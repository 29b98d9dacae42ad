import { describe, expect, it, vi } from "vitest";
import { configuredProvider, createAnalytics, startPageViews, trackEvent, type AnalyticsWindow } from "./analytics.ts";

function fakeWindow(extra: Partial<AnalyticsWindow> = {}): AnalyticsWindow {
  return { location: { href: "https://site.test/blog", pathname: "/blog", origin: "https://site.test" }, ...extra };
}

describe("createAnalytics", () => {
  it("sends Plausible page views with the page URL and events with their props", () => {
    const plausible = vi.fn();
    const a = createAnalytics("plausible", fakeWindow({ plausible }));
    a.pageView();
    a.pageView("/zip/10001");
    a.event("newsletter_signup");
    a.event("outbound", { clinic: 3 });
    expect(plausible.mock.calls).toEqual([
      ["pageview", { u: "https://site.test/blog" }],
      ["pageview", { u: "https://site.test/zip/10001" }],
      ["newsletter_signup", undefined],
      ["outbound", { props: { clinic: 3 } }],
    ]);
  });

  it("sends GA4 page_view and named events through gtag", () => {
    const gtag = vi.fn();
    const a = createAnalytics("ga4", fakeWindow({ gtag }));
    a.pageView();
    a.event("newsletter_signup");
    expect(gtag.mock.calls).toEqual([
      ["event", "page_view", { page_path: "/blog", page_location: "https://site.test/blog" }],
      ["event", "newsletter_signup", {}],
    ]);
  });

  it("sends nothing when no provider is set, even if a tracker global exists", () => {
    const plausible = vi.fn();
    const gtag = vi.fn();
    const a = createAnalytics("none", fakeWindow({ plausible, gtag }));
    a.pageView();
    a.event("newsletter_signup");
    expect(plausible).not.toHaveBeenCalled();
    expect(gtag).not.toHaveBeenCalled();
  });
});

describe("page analytics", () => {
  it("reads the provider from <html data-analytics>, none when unset or unknown", () => {
    delete document.documentElement.dataset.analytics;
    expect(configuredProvider()).toBe("none");
    document.documentElement.dataset.analytics = "somethingelse";
    expect(configuredProvider()).toBe("none");
    document.documentElement.dataset.analytics = "ga4";
    expect(configuredProvider()).toBe("ga4");
    delete document.documentElement.dataset.analytics;
  });

  it("trackEvent reports newsletter_signup to the configured provider only", () => {
    const gtag = vi.fn();
    vi.stubGlobal("gtag", gtag);
    trackEvent("newsletter_signup");
    expect(gtag).not.toHaveBeenCalled();
    document.documentElement.dataset.analytics = "ga4";
    trackEvent("newsletter_signup");
    expect(gtag).toHaveBeenCalledWith("event", "newsletter_signup", {});
    delete document.documentElement.dataset.analytics;
  });

  it("counts a page view per route change: each load and each return from the back/forward cache", () => {
    const target = new EventTarget() as unknown as Window;
    const pageView = vi.fn();
    startPageViews(target, () => ({ pageView, event: vi.fn() }));
    target.dispatchEvent(new Event("load"));
    const fresh = Object.assign(new Event("pageshow"), { persisted: false });
    target.dispatchEvent(fresh);
    expect(pageView).toHaveBeenCalledTimes(1);
    target.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    expect(pageView).toHaveBeenCalledTimes(2);
  });
});
