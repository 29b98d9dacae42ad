/**
 * Estimates and deals: per-area estimates on the clinic page and beside the local
 * index, current deals in the served HTML of city, ZIP and clinic pages, and a deal hidden in
 * the browser once its last day has passed (the page's clock is set through
 * window.__BOTOX_NOW__ before its scripts run).
 */
import { describe, expect, it } from "vitest";
import { formatPriceDate } from "@botox/core";
import { E2E_DEALS } from "@botox/e2e";
import { MOBILE, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();

async function html(path: string): Promise<string> {
  const res = await fetch(site + path);
  expect(res.status, path).toBe(200);
  return res.text();
}

const text = (s: string) => s.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const glowEnds = E2E_DEALS["Glow Med Spa New York"]![0]!.endsOn;
const radianceEnds = E2E_DEALS["Radiance Med Spa New York"]![0]!.endsOn;
/** Noon of the day after `day`, in the browser's own zone (an ISO time without a zone is local). */
const dayAfterNoon = (day: string) => `${new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)}T12:00:00`;

describe("per-area estimates", () => {
  it("the clinic page estimates each labelled area from its current unit price of each brand, with the dose-varies line", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${site}/botox-clinic/new-york/glow-med-spa-new-york`);
    const section = page.locator("[data-price-estimates]");
    await section.waitFor();
    const lines = await section.locator("[data-estimate]").allTextContents();
    expect(lines[0]).toMatch(/^Frown lines, about 20 units of Botox: about \$220 at \$11\/unit \(checked \d{1,2} [A-Z][a-z]{2} \d{4}\)$/);
    expect(lines).toContainEqual(expect.stringMatching(/^Forehead lines with frown lines, about 40 units of Botox: about \$440 at \$11\/unit/));
    expect(lines).toContainEqual(expect.stringMatching(/^Frown lines, about 50 units of Dysport: about \$250 at \$5\/unit/));
    expect(lines).toHaveLength(4);
    await expect.poll(() => section.locator("[data-doses-vary]").textContent()).toMatch(/doses vary .* set by your injector/);
    await expect.poll(() => section.textContent()).toContain("BOTOX Cosmetic (onabotulinumtoxinA) US Prescribing Information, Allergan/AbbVie");
    await context.close();
  });

  it("a clinic without a current price gets no estimate; the city shows the median's estimate only where its index is sufficient", async () => {
    expect(await html("/botox-clinic/new-york/halo-med-spa-new-york")).not.toContain("data-price-estimates");
    expect(text(await html("/botox-near-me/new-york"))).toContain("Frown lines (about 20 units of Botox) at the local median: about $260");
    expect(text(await html("/zip/10001"))).toContain("Frown lines (about 20 units of Botox) at the local median: about $260");
    expect(await html("/botox-near-me/los-angeles")).not.toContain("data-price-estimates");
  });
});

describe("deals", () => {
  it("lists the running deals in the city page's HTML with their per-unit price, conditions and last day; never ended or future ones", async () => {
    const body = text(await html("/botox-near-me/new-york"));
    expect(body).toContain("Deals in New York, NY");
    expect(body).toContain("Winter Botox");
    expect(body).toContain("Botox $10.99/unit at Glow Med Spa New York");
    expect(body).toContain("Minimum 20 units");
    expect(body).toContain(`ends ${formatPriceDate(glowEnds)}`);
    expect(body).toContain("below typical for New York, NY");
    expect(body).toContain("Dysport, Frown lines: $225 for 50 units ($4.50/unit) at Radiance Med Spa New York");
    // One below-typical badge: the Dysport deal has no Dysport index to be compared with.
    expect(body.match(/below typical for/g)).toHaveLength(1);
    expect(body).not.toContain("Autumn Botox (ended)");
    expect(body).not.toContain("Spring Botox (not yet)");
    expect(body).not.toMatch(/only today|hurry|countdown/i);
    expect(text(await html("/zip/10001"))).toContain("Botox $10.99/unit at Glow Med Spa New York");
    expect(await html("/botox-near-me/los-angeles")).not.toMatch(/<section[^>]*data-deals/);
  });

  it("puts the count and lowest unit price of the deals above the list on a phone, and tags the cards of clinics with a deal", async () => {
    const { page, context } = await openPage(browser(), MOBILE);
    await page.goto(`${site}/botox-near-me/new-york`);
    const line = page.locator("[data-deals-line]");
    await expect.poll(() => line.textContent()).toBe("2 deals in New York · from $10.99 a unit");
    const lineBox = await line.boundingBox();
    const listBox = await page.locator("[data-clinic-list]").boundingBox();
    expect(lineBox && listBox && lineBox.y < listBox.y).toBe(true);
    expect(lineBox && lineBox.y + lineBox.height <= 844).toBe(true);
    expect(await line.locator("a").getAttribute("href")).toBe("#deals-h");
    await context.close();
    const city = await html("/botox-near-me/new-york");
    for (const tag of [...city.matchAll(/data-deal-tag[^>]*>([^<]*)</g)].map((m) => m[1]))
      expect(["Deal: Botox $10.99/unit", "Deal: Dysport $4.50/unit"]).toContain(tag);
    expect(text(await html("/zip/10001"))).toContain("2 deals in 10001 · from $10.99 a unit");
    expect(await html("/botox-near-me/los-angeles")).not.toContain("data-deals-line");
  });

  it("the clinic page shows its own running deals", async () => {
    const body = text(await html("/botox-clinic/new-york/glow-med-spa-new-york"));
    expect(body).toContain("Current deals");
    expect(body).toContain("Winter Botox");
    expect(body).toContain("below typical for New York, NY");
    expect(text(await html("/botox-clinic/new-york/smooth-skin-med-spa-new-york"))).not.toContain("Autumn Botox");
  });

  it("hides a deal in the visitor's browser once its last day has passed, whatever the cached page says", async () => {
    const visible = async (iso: string) => {
      const { page, context } = await openPage(browser());
      await page.addInitScript((now: string) => {
        window.__BOTOX_NOW__ = now;
      }, iso);
      await page.goto(`${site}/botox-near-me/new-york`);
      const deals = page.locator("[data-deals]");
      await deals.waitFor();
      // The script runs once the page is parsed: wait for it to have decided.
      await page.waitForFunction(() => document.readyState === "complete");
      const titles = await deals.locator("li[data-deal]:visible p.font-semibold").allTextContents();
      const none = await deals.locator("[data-deals-none]").isVisible();
      await context.close();
      return { titles, none };
    };
    expect(await visible(`${radianceEnds}T23:30:00`)).toEqual({ titles: ["Frown lines with Dysport", "Winter Botox"], none: false });
    expect(await visible(dayAfterNoon(radianceEnds))).toEqual({ titles: ["Winter Botox"], none: false });
    expect(await visible(dayAfterNoon(glowEnds))).toEqual({ titles: [], none: true });
  });
});
