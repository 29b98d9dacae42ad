/** Location detection (product.md §4): the API, then the IP services in order, then New York. */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { api, geoServices, hydrated, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();
const NOTICE = "Unable to detect your location. Showing popular clinics instead.";
const cors = { "access-control-allow-origin": "*" };

function locationRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.url() === `${api}/location` || geoServices.includes(r.url())) seen.push(r.url());
  });
  return seen;
}

async function homeSections(page: Page) {
  await page.goto(`${site}/`);
  await hydrated(page, "astro-island[component-url*='NearbyClinics']");
  await page.locator("[data-nearby-summary]").filter({ hasNotText: "Finding" }).waitFor();
  // The cities grid hydrates when it comes into view, below the nearby list (a full page of cards).
  await page.locator("astro-island[component-url*='NearbyCities']").scrollIntoViewIfNeeded();
  await page.locator("[data-cities-badge]").waitFor();
}

describe("location detection", () => {
  it("falls back to New York with the notice when every service answers with a failure", async () => {
    const { page, errors, context } = await openPage(browser());
    const asked = locationRequests(page);
    await homeSections(page);
    await page.getByText(NOTICE).waitFor();
    await expect.poll(() => page.locator("[data-nearby-summary]").textContent()).toMatch(/^\d+ providers near New York, NY$/);
    await expect.poll(() => page.locator("[data-cities-badge]").textContent()).toBe("Using popular cities (geolocation unavailable)");
    // The API's own answer first, then the three services in their configured order.
    expect(asked).toEqual([`${api}/location`, ...geoServices]);
    // Clinics near New York are listed, nearest first.
    const d = await page.$$eval("[data-clinic-list] article", (as) => as.map((a) => Number((a as HTMLElement).dataset.distance)));
    expect(d.length).toBe(10);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("falls back to New York when every source fails outright (server errors, refused connections, bad JSON)", async () => {
    const { page, errors, context } = await openPage(browser());
    await context.route(`${api}/location`, (r) =>
      r.fulfill({ status: 503, headers: { "access-control-allow-origin": site, "access-control-allow-credentials": "true" }, body: "unavailable" }),
    );
    await context.route(geoServices[0]!, (r) => r.fulfill({ status: 500, headers: cors, body: "boom" }));
    await context.route(geoServices[1]!, (r) => r.abort("connectionrefused"));
    await context.route(geoServices[2]!, (r) => r.fulfill({ status: 200, headers: { ...cors, "content-type": "application/json" }, body: "{not json" }));
    await homeSections(page);
    await page.getByText(NOTICE).waitFor();
    await expect.poll(() => page.locator("[data-nearby-summary]").textContent()).toMatch(/providers near New York, NY$/);
    // Only the failed requests themselves are reported by the browser.
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });

  it("uses the first service that answers, skips the rest, and reuses the result for 30 minutes", async () => {
    const { page, errors, context } = await openPage(browser());
    await context.route(geoServices[0]!, (r) =>
      r.fulfill({ status: 200, headers: { ...cors, "content-type": "application/json" }, body: JSON.stringify({ error: true }) }),
    );
    await context.route(geoServices[1]!, (r) =>
      r.fulfill({
        status: 200,
        headers: { ...cors, "content-type": "application/json" },
        body: JSON.stringify({
          success: true,
          latitude: 34.0522,
          longitude: -118.2437,
          city: "Los Angeles",
          region: "California",
          region_code: "CA",
          country: "United States",
        }),
      }),
    );
    const asked = locationRequests(page);
    await homeSections(page);
    await expect.poll(() => page.locator("[data-cities-badge]").textContent()).toBe("Showing cities near Los Angeles, CA");
    await expect.poll(() => page.locator("[data-nearby-summary]").textContent()).toBe("3 providers near Los Angeles, CA");
    await expect.poll(() => page.getByText(NOTICE).count()).toBe(0);
    expect(asked).toEqual([`${api}/location`, geoServices[0], geoServices[1]]);
    const firstCity = page.getByRole("heading", { name: "Cities With Botox Clinics Near You" }).locator("..").getByRole("link").first();
    await expect.poll(() => firstCity.textContent()).toMatch(/^Los Angeles, CA3 clinics · \d+ miles away$/);

    asked.length = 0;
    await homeSections(page);
    await expect.poll(() => page.locator("[data-cities-badge]").textContent()).toBe("Showing cities near Los Angeles, CA");
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists providers near the detected location on /near-me, with the notice when it is the fallback", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/near-me`);
    const section = page.getByRole("region", { name: "Providers Near You" });
    await section.scrollIntoViewIfNeeded();
    await section.locator("[data-nearby-summary]").filter({ hasNotText: "Finding" }).waitFor();
    await expect.poll(() => section.locator("[data-nearby-summary]").textContent()).toMatch(/^\d+ providers near New York, NY$/);
    await section.getByText(NOTICE).waitFor();
    await expect.poll(() => section.locator("[data-clinic-list] article").count()).toBe(10);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("switches to the browser's precise location on request, when it was not granted before", async () => {
    const { page, errors, context } = await openPage(browser(), { geolocation: { latitude: 41.8858, longitude: -87.6181 } });
    await homeSections(page);
    await page.getByText(NOTICE).waitFor();
    // The visitor allows it at the browser's prompt (granted only now: the page loaded without it).
    await context.grantPermissions(["geolocation"], { origin: site });
    await page.getByRole("button", { name: "Use my precise location" }).click();
    await page.locator("[data-nearby-summary]").filter({ hasText: "3 providers near you" }).waitFor();
    await expect.poll(() => page.getByText(NOTICE).count()).toBe(0);
    await expect.poll(() => page.locator("[data-clinic-list] article h3").first().textContent()).toBe("Glow Med Spa Chicago");
    await expect.poll(() => page.locator("[data-cities-badge]").textContent()).toBe("Showing cities near Chicago, IL");
    // Remembered for the next page.
    await homeSections(page);
    await expect.poll(() => page.locator("[data-cities-badge]").textContent()).toBe("Showing cities near Chicago, IL");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("who learns a visitor's address", () => {
  it("the privacy policy names the location services this build is configured with", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${site}/privacy-policy`);
    const text = (await page.getByTestId("geo-sources").textContent()) ?? "";
    for (const url of geoServices) expect(text).toContain(new URL(url).host);
    await context.close();
  });
});
