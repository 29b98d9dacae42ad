/**
 * Search that understands people, the remaining half, at phone size: a treatment word without
 * a place leads to the treatment's sourced page and the clinics posting prices for it; a brand
 * filters ZIP listings as it does city listings; a clinic name with letters wrong still finds
 * the clinic; and on /near-me a visitor who already granted precise location gets it without a
 * tap, with a count, a "closest N" note and cards that agree.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { TREATMENT_FACTS } from "@botox/core/treatment-facts";
import { MOBILE, api, hydrated, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();

async function landing(text: string, where: (u: URL) => boolean) {
  const tracked = await openPage(browser(), MOBILE);
  const { page } = tracked;
  await page.goto(`${site}/`);
  const documents: string[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "document") documents.push(`${r.status()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
  });
  const box = page.getByRole("search", { name: "Search by ZIP code or city" }).first();
  await box.getByRole("searchbox").fill(text);
  await Promise.all([page.waitForURL(where), box.getByRole("button", { name: "Search" }).click()]);
  return { ...tracked, documents };
}

const cardNames = (page: Page) =>
  page.$$eval("[data-clinic-list] article[data-clinic-card] h2, [data-clinic-list] article[data-clinic-card] h3", (hs) =>
    hs.map((h) => h.textContent?.trim() ?? ""),
  );

describe("a treatment word without a place", () => {
  it("'lip flip' lands on the lip flip page: sourced facts, and the clinics posting a lip flip price", async () => {
    const { page, errors, context, documents } = await landing("lip flip", (u) => u.pathname.startsWith("/botox-treatments/"));
    expect(documents).toEqual(["200 /botox-treatments/lip-flip"]);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Lip flip");
    // Every fact shown is a row of the facts table, with its source beside it.
    const facts = await page.$$eval("[data-fact]", (els) =>
      els.map((el) => ({
        id: (el as HTMLElement).dataset.fact,
        text: el.querySelector("p")?.textContent?.trim(),
        source: el.querySelector("[data-fact-source]")?.textContent?.trim(),
      })),
    );
    expect(facts.length).toBeGreaterThan(0);
    for (const f of facts) {
      const row = TREATMENT_FACTS.find((r) => r.id === f.id);
      expect(f.text).toBe(row?.text);
      expect(f.source).toBe(`Source: ${row?.source}`);
    }
    // The fixtures' one lip flip price (Bella, New York), with what and when.
    await expect(page.locator("[data-treatment-count]").textContent()).resolves.toMatch(/^1 clinic posts a lip flip price/);
    const clinic = page.locator("[data-treatment-clinic]");
    await expect(clinic.count()).resolves.toBe(1);
    await expect(clinic.getByRole("link").textContent()).resolves.toBe("Bella Med Spa New York");
    await expect(clinic.locator("[data-treatment-price]").textContent()).resolves.toBe("Botox, Lip flip: $150");
    await expect(clinic.getByRole("link").getAttribute("href")).resolves.toBe("/botox-clinic/new-york/bella-med-spa-new-york");
    await expect(page.locator("[data-treatment-cities] a").first().getAttribute("href")).resolves.toBe("/botox-near-me/new-york");
    // Nothing of the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("each treatment word leads to its page; one nobody posts a price for says so", async () => {
    for (const [text, path] of [
      ["masseter", "/botox-treatments/masseter"],
      ["jaw slimming", "/botox-treatments/masseter"],
      ["trap tox", "/botox-treatments/trap-tox"],
      ["baby botox", "/botox-treatments/baby-botox"],
      ["neurotoxin", "/botox-treatments/neurotoxin-injections"],
    ] as const) {
      const { page, errors, context } = await landing(text, (u) => u.pathname.startsWith("/botox-treatments/"));
      expect(new URL(page.url()).pathname, text).toBe(path);
      await page.locator("[data-fact]").first().waitFor();
      if (path.endsWith("masseter")) await page.locator("[data-treatment-empty]").waitFor();
      // Trap tox and baby Botox list clinics posting a price per unit (New York's fixtures).
      if (path.endsWith("trap-tox")) await expect(page.locator("[data-treatment-clinic]").count()).resolves.toBeGreaterThan(0);
      expect(errors, text).toEqual([]);
      await context.close();
    }
  });
});

describe("a brand on a ZIP listing", () => {
  it("'dysport 10001' lists only clinics posting a Dysport price, with it, and 'Show all clinics' lifts the filter", async () => {
    const { page, errors, context } = await landing("dysport 10001", (u) => u.pathname.startsWith("/zip/"));
    const url = new URL(page.url());
    expect(url.pathname).toBe("/zip/10001");
    expect(url.searchParams.get("brand")).toBe("dysport");
    await hydrated(page, "astro-island[component-url*='ZipResults']");
    await page.getByText("Showing clinics that post a Dysport price.").waitFor();
    await page.getByText("1 clinic found").waitFor();
    await expect.poll(() => cardNames(page)).toEqual(["Glow Med Spa New York"]);
    await expect(page.locator("[data-clinic-list] article").first().textContent()).resolves.toContain("Dysport $5/unit");
    await page.getByRole("button", { name: "Show all clinics" }).click();
    await page.waitForURL((u) => !u.searchParams.has("brand"));
    await expect.poll(async () => (await cardNames(page)).length).toBe(10);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a clinic's name with letters wrong", () => {
  it("still finds the clinic, through the API's lookup (no list of names in the page)", async () => {
    const lookups: string[] = [];
    const { page, errors, context } = await openPage(browser(), MOBILE);
    page.on("request", (r) => {
      if (r.url().startsWith(`${api}/search/lookup`)) lookups.push(new URL(r.url()).searchParams.get("q") ?? "");
    });
    await page.goto(`${site}/`);
    const box = page.getByRole("search", { name: "Search by ZIP code or city" }).first();
    for (const [text, path] of [
      ["Radiance Med Spa Nwe York", "/botox-clinic/new-york/radiance-med-spa-new-york"],
      ["Radaince Med Spa", "/botox-clinic/new-york/radiance-med-spa-new-york"],
    ] as const) {
      await page.goto(`${site}/`);
      await box.getByRole("searchbox").fill(text);
      await Promise.all([page.waitForURL((u) => u.pathname.startsWith("/botox-clinic/")), box.getByRole("button", { name: "Search" }).click()]);
      expect(new URL(page.url()).pathname, text).toBe(path);
    }
    expect(lookups).toContain("Radiance Med Spa Nwe York");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("/near-me with precise location already granted", () => {
  it("uses it without a tap; the count, the 'closest N' note and the cards agree, cards keep prices and credential lines", async () => {
    const { page, errors, context } = await openPage(browser(), { ...MOBILE, geolocation: { latitude: 40.7506, longitude: -73.9972 } });
    await context.grantPermissions(["geolocation"], { origin: site });
    const bodies: unknown[] = [];
    page.on("request", (r) => {
      if (r.url() === `${api}/clinics/nearby`) bodies.push(r.postDataJSON());
    });
    await page.goto(`${site}/near-me`);
    await hydrated(page, "astro-island[component-url*='NearbyClinics']");
    const summary = page.locator("[data-nearby-summary]");
    await expect.poll(() => summary.textContent()).toMatch(/^\d+ providers? near /);
    // The browser's point, not the IP answer's (the stack's services fail: New York's fallback point).
    // (The list and the "More Open Clinics Nearby" block below it each ask, both for that point.)
    expect(bodies.length).toBeGreaterThan(0);
    for (const b of bodies) expect(b).toMatchObject({ latitude: 40.7506, longitude: -73.9972 });
    await expect(page.getByRole("button", { name: "Use my precise location" }).count()).resolves.toBe(0);
    await expect(page.locator("[data-location-fallback]").count()).resolves.toBe(0);
    const count = Number(/^(\d+)/.exec((await summary.textContent()) ?? "")?.[1]);
    expect(count).toBeGreaterThan(10);
    await expect(page.locator("[data-closest-note]").textContent()).resolves.toBe(`Showing the closest ${count} providers. Use ZIP search for more.`);
    // Every page of cards, together: as many as the count, each clinic once.
    const section = page.locator("section", { has: page.locator("[data-nearby-summary]") });
    const names = () => section.locator("[data-clinic-list] article h3").allTextContents();
    await expect.poll(async () => (await names()).length).toBe(Math.min(10, count));
    const seen = await names();
    const pages = Math.ceil(count / 10);
    for (let p = 2; p <= pages; p++) {
      const before = (await names())[0];
      await section.getByRole("button", { name: `Page ${p}` }).click();
      await expect.poll(async () => (await names())[0]).not.toBe(before);
      seen.push(...(await names()));
    }
    await expect(section.getByRole("button", { name: `Page ${pages + 1}` }).count()).resolves.toBe(0);
    expect(seen.length).toBe(count);
    expect(new Set(seen).size).toBe(count);
    // Glow (10001) keeps its price and its checked staff on its card.
    await section.getByRole("button", { name: "Page 1" }).click();
    const glow = section.locator("article", { hasText: "Glow Med Spa New York" });
    await expect.poll(() => glow.locator("[data-credential-line]").count()).toBe(1);
    await expect(glow.textContent()).resolves.toMatch(/Botox \$11(\.00)?\/unit/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
