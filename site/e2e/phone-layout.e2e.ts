/**
 * A phone visitor's clinic page and city filters (390 x 844): no big empty photo box above a
 * clinic's name, the filter panel's count and "Show N results", and Back undoing a filter.
 */
import { describe, expect, it } from "vitest";
import { MOBILE, hydrated, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();
const CITY = "/botox-near-me/new-york";

describe("clinic page on a phone", () => {
  it("leaves out the placeholder photo of a clinic without one, so its name is near the top", async () => {
    const { page, errors, context } = await openPage(browser(), MOBILE);
    // Glow Med Spa New York has no photo in the fixtures.
    await page.goto(`${site}/botox-clinic/new-york/glow-med-spa-new-york`);
    const placeholder = page.locator("img[data-placeholder-photo]");
    await expect.poll(() => placeholder.count()).toBe(1);
    await expect.poll(() => placeholder.isVisible()).toBe(false);
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(heading).not.toBeNull();
    expect(heading?.y ?? 1000).toBeLessThan(250);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the placeholder beside the details on a wider screen", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${site}/botox-clinic/new-york/glow-med-spa-new-york`);
    await expect.poll(() => page.locator("img[data-placeholder-photo]").isVisible()).toBe(true);
    await context.close();
  });
});

describe("city filters on a phone", () => {
  it("counts the active filters on the Filters button and closes the panel on 'Show N results'", async () => {
    const { page, errors, context } = await openPage(browser(), MOBILE);
    await page.goto(`${site}${CITY}`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    const toggle = page.locator("[data-filters-toggle]");
    await expect.poll(() => toggle.textContent()).toBe("Filters");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");

    const count = page.getByText(/clinics? found in New York$/);
    const before = await count.textContent();
    await page.getByLabel("Distance").selectOption("25");
    await page.waitForURL(/distance=25/);
    await expect.poll(() => count.textContent()).not.toBe(before);
    await page.getByLabel("Business status").selectOption("all");
    await page.waitForURL(/status=all/);
    await expect.poll(() => toggle.getAttribute("aria-label")).toBe("Filters, 2 active");
    await expect.poll(() => toggle.locator("[data-active-filters]").textContent()).toBe("2");
    await expect.poll(() => toggle.locator("[data-active-filters]").isVisible()).toBe(true);

    // The button names the list's own count, once the list has answered.
    const shown = page.locator("[data-show-results]");
    await expect.poll(async () => `${await shown.textContent()}|${await count.textContent()}`).toMatch(/^Show (\d+) results?\|\1 clinics? found in New York$/);
    await shown.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => page.getByLabel("Distance").isVisible()).toBe(false);
    await expect.poll(() => page.locator("[data-clinic-list]").isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("adds a history entry for each filter change: Back undoes them one by one, from the address", async () => {
    const { page, errors, context } = await openPage(browser(), MOBILE);
    await page.goto(`${site}${CITY}`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    const count = page.getByText(/clinics? found in New York$/);
    const initial = await count.textContent();
    await page.locator("[data-filters-toggle]").click();
    await page.getByLabel("Distance").selectOption("25");
    await page.waitForURL(`${site}${CITY}?distance=25`);
    await expect.poll(() => count.textContent()).not.toBe(initial);
    const wider = await count.textContent();
    await page.getByLabel("Business status").selectOption("all");
    await page.waitForURL(`${site}${CITY}?distance=25&status=all`);

    await page.goBack();
    await page.waitForURL(`${site}${CITY}?distance=25`);
    await expect.poll(() => page.getByLabel("Business status").inputValue()).toBe("OPERATIONAL");
    await expect.poll(() => page.getByLabel("Distance").inputValue()).toBe("25");
    await expect.poll(() => count.textContent()).toBe(wider);

    await page.goBack();
    await page.waitForURL(`${site}${CITY}`);
    await expect.poll(() => page.getByLabel("Distance").inputValue()).toBe("5");
    await expect.poll(() => count.textContent()).toBe(initial);
    expect(errors).toEqual([]);
    await context.close();
  });
});
