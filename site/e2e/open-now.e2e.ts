/**
 * "Open now" in the browser, at fixed times: the page's clock is set through
 * window.__BOTOX_NOW__ before its scripts run, so badges and today's row are computed at
 * view time for that moment. The fixtures' even New York clinics open Monday and Tuesday
 * 9 AM-5 PM (America/New_York); 2026-11-23 is a Monday, when New York is UTC-5.
 */
import { describe, expect, it } from "vitest";
import { clinics, deriveClinicColumns } from "@botox/db";
import { hydrated, openPage, site, useBrowser, useDatabase } from "./support.ts";

const browser = useBrowser();
const db = useDatabase();

async function pageAt(iso: string) {
  const tracked = await openPage(browser());
  await tracked.page.addInitScript((now: string) => {
    window.__BOTOX_NOW__ = now;
  }, iso);
  return tracked;
}

const CLINIC = "/botox-clinic/new-york/smooth-skin-med-spa-new-york";

describe("open-now badges at fixed times", () => {
  for (const [iso, label] of [
    ["2026-11-23T17:00:00Z", "Open now · closes 5 PM"],
    ["2026-11-23T21:30:00Z", "Closes soon · 5 PM"],
    ["2026-11-23T23:00:00Z", "Closed · opens Tue 9 AM"],
    ["2026-11-25T15:00:00Z", "Closed · opens Mon 9 AM"],
  ] as const) {
    it(`says "${label}" on the cards and the clinic page at ${iso}`, async () => {
      const { page, context } = await pageAt(iso);
      await page.goto(`${site}/botox-near-me/new-york`);
      const card = page.locator("article[data-clinic-card]", { hasText: "Smooth Skin Med Spa New York" });
      await card.locator("[data-open-now]").waitFor();
      await expect.poll(() => card.locator("[data-open-now]").textContent()).toBe(label);
      // Clinics whose hours are plain text ("By appointment") get no badge, only the business status
      // (worded "Operating": never "Open" beside an hours line).
      const textOnly = page.locator("article[data-clinic-card]", { hasText: "Radiance Med Spa New York" });
      await expect.poll(() => textOnly.locator("[data-open-now]").count()).toBe(0);
      await expect.poll(() => textOnly.locator("[data-business-status]").textContent()).toBe("Operating");

      await page.goto(`${site}${CLINIC}`);
      await page.locator("[data-open-now]").first().waitFor();
      // Known hours: the open-now line says more than a status badge would.
      await expect.poll(() => page.locator("[data-business-status]").count()).toBe(0);
      await expect.poll(() => page.locator("[data-open-now]").first().textContent()).toBe(label);
      await context.close();
    });
  }

  it("tells the city page's open-now mix at view time", async () => {
    for (const [iso, expected] of [
      ["2026-11-23T17:00:00Z", /^Open now: (\d+) of the \1 clinics in New York with posted hours\.$/],
      ["2026-11-23T23:00:00Z", /^Open now: 0 of the \d+ clinics in New York with posted hours\.$/],
    ] as const) {
      const { page, context } = await pageAt(iso);
      await page.goto(`${site}/botox-near-me/new-york`);
      await page.locator("[data-open-now-mix]").waitFor();
      expect(((await page.locator("[data-open-now-mix]").textContent()) ?? "").replace(/\s+/g, " ")).toMatch(expected);
      await context.close();
    }
  });

  it("highlights today's row in the clinic's zone, not the visitor's", async () => {
    // Tuesday 02:00 UTC is still Monday evening in New York.
    const { page, context } = await pageAt("2026-11-24T02:00:00Z");
    await page.goto(`${site}${CLINIC}`);
    await page.getByRole("heading", { name: "Hours of Operation" }).scrollIntoViewIfNeeded();
    await page.locator("tr[data-today]").waitFor();
    const today = page.locator("tr[data-today]");
    await expect.poll(() => today.count()).toBe(1);
    await expect.poll(() => today.locator("th").textContent()).toContain("Monday");
    await expect.poll(() => today.getAttribute("aria-current")).toBe("date");
    await context.close();
  });

  it("bakes no open-now state into the HTML", async () => {
    const html = await (await fetch(`${site}${CLINIC}`)).text();
    expect(html).not.toMatch(/Open now ·|Closes soon|Closed · opens/);
    expect(html).not.toContain("data-open-now=");
  });
});

describe("the Open now filter", () => {
  it("lists only the clinics open now, and says so when none is", async () => {
    // Springfield IL's clinics keep "By appointment" hours (never open now); one open around
    // the clock and one never open are added for this test, and removed after it. The API of the
    // test stack keeps no read cache, and its real clock cannot change either answer.
    const rows = [
      { name: "Always Open Springfield", hours: { text: "Open 24 hours" } },
      { name: "Never Open Springfield", hours: { Monday: "Closed", Tuesday: "Closed" } },
    ].map((r, i) => {
      const values = { latitude: 39.8017, longitude: -89.6436 + i * 0.01, workingHours: r.hours };
      return {
        ...values,
        ...deriveClinicColumns(values),
        name: r.name,
        slug: `open-now-e2e-${i}`,
        city: "Springfield",
        citySlug: "springfield",
        state: "IL",
        postalCode: "62701",
      };
    });
    await db().db.insert(clinics).values(rows);
    try {
      const { page, context } = await pageAt("2026-11-23T17:00:00Z");
      await page.goto(`${site}/botox-near-me/springfield-il`);
      await hydrated(page, "astro-island[component-url*='Listing'], astro-island[component-url*='ZipResults']");
      const filter = page.getByRole("checkbox", { name: "Open now" });
      await filter.check();
      await page.locator("article[data-clinic-card]").first().waitFor();
      await expect.poll(() => page.locator("article[data-clinic-card]").allTextContents()).toEqual([expect.stringContaining("Always Open Springfield")]);
      await expect.poll(() => page.locator("article[data-clinic-card] [data-open-now]").textContent()).toBe("Open 24 hours");
      await filter.uncheck();
      await expect.poll(() => page.locator("article[data-clinic-card]").count()).toBeGreaterThan(1);

      // Missouri's Springfield has no clinic open now: the empty list says why.
      await page.goto(`${site}/botox-near-me/springfield-mo`);
      await hydrated(page, "astro-island[component-url*='Listing'], astro-island[component-url*='ZipResults']");
      await page.getByRole("checkbox", { name: "Open now" }).check();
      await page.getByText("No clinic here is open right now by its posted hours.", { exact: false }).waitFor();

      // The ZIP page's list has the filter too.
      await page.goto(`${site}/zip/62701`);
      await hydrated(page, "astro-island[component-url*='Listing'], astro-island[component-url*='ZipResults']");
      await page.getByRole("checkbox", { name: "Open now" }).check();
      await expect.poll(() => page.locator("article[data-clinic-card]").allTextContents()).toEqual([expect.stringContaining("Always Open Springfield")]);
      await context.close();
    } finally {
      await db().sql`delete from clinics where slug like 'open-now-e2e-%'`;
    }
  });
});
