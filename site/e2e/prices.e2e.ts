/** Prices: the index in the served HTML, the price filter and sort, the clinic's Prices card and report form. */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Clinic, ClinicPrice } from "@botox/core";
import { api, hydrated, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();

async function html(path: string): Promise<string> {
  const res = await fetch(site + path);
  expect(res.status, path).toBe(200);
  return res.text();
}

async function clinicId(city: string, slug: string): Promise<number> {
  const res = await fetch(`${api}/proxy/clinic/${slug}?city=${city}`);
  if (!res.ok) throw new Error(`clinic ${slug}: ${res.status}`);
  return ((await res.json()) as Clinic).id;
}

const settled = (page: Page) => page.waitForFunction(() => !document.querySelector("[aria-busy='true']") && document.querySelector("[data-clinic-list]"));
const cardNames = (page: Page, heading = "h3") => page.$$eval(`[data-clinic-list] article ${heading}`, (hs) => hs.map((h) => h.textContent ?? ""));

describe("price index in the pre-rendered HTML", () => {
  it("puts the city's median, middle half and count in the served page, with the distribution chart", async () => {
    const body = await html("/botox-near-me/new-york");
    expect(body).toMatch(/Botox in New York, NY: median \$13 a unit, middle half \$12\.50–\$14\.50, from 7 clinics, updated [A-Z][a-z]{2} \d{4}/);
    expect(body).toContain("data-price-chart");
    expect(body).toMatch(/<svg[^>]*role="img"/);
  });

  it("says there is not enough data where fewer than 5 clinics have prices, and never estimates", async () => {
    const body = await html("/botox-near-me/los-angeles");
    expect(body).toContain("There is not enough Botox price data for Los Angeles, CA yet.");
    expect(body).not.toMatch(/median \$/);
    expect(body).not.toContain("data-price-chart");
  });

  it("summarises the ZIP's surroundings the same way", async () => {
    const body = await html("/zip/10001");
    expect(body).toMatch(/Botox in the 25 miles around 10001: median \$13 a unit, middle half \$12\.50–\$14\.50, from 7 clinics/);
    expect(await html("/zip/60601")).toContain("There is not enough Botox price data for the 25 miles around 60601 yet.");
  });

  it("shows a clinic's dated prices, badges and its place on the city chart, and offers with a UnitPriceSpecification", async () => {
    const glow = await html("/botox-clinic/new-york/glow-med-spa-new-york");
    expect(glow).toMatch(/<strong>Botox \$11\/unit<\/strong>, <span[^>]*>checked by phone \d{1,2} [A-Z][a-z]{2} \d{4}<\/span>/);
    expect(glow).toContain("Botox, Forehead: $300 for 20 units ($15/unit)");
    expect(glow).toContain("This clinic: $11/unit");
    const ld = [...glow.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? "{}") as Record<string, unknown>);
    const business = ld.find((d) => d["@type"] === "MedicalBusiness");
    expect(business?.offers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ priceSpecification: expect.objectContaining({ "@type": "UnitPriceSpecification", price: "11.00", priceCurrency: "USD" }) }),
      ]),
    );
    expect(business?.priceRange).toBe("Botox $11/unit, Dysport $5/unit");

    expect(await html("/botox-clinic/new-york/luxe-med-spa-new-york")).toContain("New patients only");
    expect(await html("/botox-clinic/new-york/pure-med-spa-new-york")).toContain("Visitor report");
    const bella = await html("/botox-clinic/new-york/bella-med-spa-new-york");
    expect(bella).toContain("Botox, Lip flip: $150");
    expect(bella).not.toMatch(/Lip flip: \$150[^<]*\/unit/);
    expect(bella).toContain("may be out of date");
    const halo = await html("/botox-clinic/new-york/halo-med-spa-new-york");
    expect(halo).toContain("No prices yet for this clinic.");
    expect(halo).not.toContain('"offers"');
    expect(halo).not.toContain('"priceRange"');
  });
});

describe("price filter and sort", () => {
  it("narrows the city listing to clinics at most the chosen price, and sorts cheapest first", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-near-me/new-york`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    await page.getByLabel("Distance").selectOption("any");
    await page.getByText("13 clinics found in New York").waitFor();
    await settled(page);

    await page.getByLabel("Botox price per unit").selectOption("12");
    await page.getByText("2 clinics found in New York").waitFor();
    await settled(page);
    await expect(cardNames(page).then((n) => n.sort())).resolves.toEqual(["Glow Med Spa New York", "Radiance Med Spa New York"]);
    const prices = await page.$$eval("[data-clinic-list] [data-unit-price]", (els) => els.map((e) => Number(e.getAttribute("data-unit-price"))));
    expect(prices.every((p) => p <= 1200)).toBe(true);

    await page.getByLabel("Botox price per unit").selectOption("");
    // Listen before choosing: the answer can arrive before a listener set up afterwards.
    await Promise.all([page.waitForResponse((r) => r.url().includes("sortBy=price")), page.getByLabel("Sort by").selectOption("price-asc")]);
    await settled(page);
    const names = await cardNames(page);
    expect(names.slice(0, 2)).toEqual(["Glow Med Spa New York", "Radiance Med Spa New York"]);
    await expect.poll(() => page.locator("[data-clinic-list] article").first().textContent()).toContain("Botox $11/unit");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("narrows and sorts the ZIP results through the API", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/zip/10001`);
    await hydrated(page, "astro-island[component-url*='ZipResults']");
    await Promise.all([page.waitForResponse((r) => r.url().includes("maxUnitPrice=14")), page.getByLabel("Botox price per unit").selectOption("14")]);
    await settled(page);
    const names = await cardNames(page, "h2");
    expect(names).toEqual(
      expect.arrayContaining(["Ageless Med Spa New York", "Glow Med Spa New York", "Radiance Med Spa New York", "Smooth Skin Med Spa New York"]),
    );
    expect(names).not.toContain("Pure Med Spa New York");
    expect(names).not.toContain("Halo Med Spa New York");
    const prices = await page.$$eval("[data-clinic-list] [data-unit-price]", (els) => els.map((e) => Number(e.getAttribute("data-unit-price"))));
    expect(prices).toHaveLength(names.length);
    expect(prices.every((p) => p <= 1400)).toBe(true);

    await Promise.all([page.waitForResponse((r) => r.url().includes("sortBy=price")), page.getByLabel("Sort by").selectOption("price")]);
    await settled(page);
    await expect(cardNames(page, "h2").then((n) => n[0])).resolves.toBe("Glow Med Spa New York");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Report what you paid", () => {
  it("checks the fields, shows the sending state, then 'pending review'; the report stays invisible until published", async () => {
    const id = await clinicId("new-york", "halo-med-spa-new-york");
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-clinic/new-york/halo-med-spa-new-york`);
    const form = page.getByRole("form", { name: "Report what you paid" });
    await form.scrollIntoViewIfNeeded();
    await hydrated(page, "astro-island[component-url*='PriceReportForm']");

    await form.getByRole("button", { name: "Send report" }).click();
    await form.getByText("Total paid must be an amount in dollars between $1 and $10,000.").waitFor();

    await form.getByLabel("Units (if you know)").fill("20");
    await form.getByLabel("Total paid ($)").fill("260");
    // Hold the answer to see the sending state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${api}/clinics/${id}/price-reports`, async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole("button", { name: "Send report" }).click();
    await form.getByRole("button", { name: "Sending…" }).waitFor();
    release();
    await page.getByText("Thanks! Your report will appear once we have checked it.").waitFor();
    await page.getByText("Status: pending review.").waitFor();

    const published = (await (await fetch(`${api}/clinics/${id}/prices`)).json()) as { prices: ClinicPrice[] };
    expect(published.prices).toEqual([]);

    // One report per visitor per clinic per month: the API's reason is shown.
    await page.unroute(`${api}/clinics/${id}/price-reports`);
    await page.reload();
    const again = page.getByRole("form", { name: "Report what you paid" });
    await again.scrollIntoViewIfNeeded();
    await hydrated(page, "astro-island[component-url*='PriceReportForm']");
    await again.getByLabel("Total paid ($)").fill("250");
    await again.getByRole("button", { name: "Send report" }).click();
    await again.getByRole("alert").filter({ hasText: "You have already reported a price for this clinic this month." }).waitFor();
    expect(errors.filter((e) => !e.includes("409"))).toEqual([]);
    await context.close();
  });

  it("says so when the visitor is rate limited", async () => {
    const id = await clinicId("new-york", "aura-med-spa-new-york");
    const { page, errors, context } = await openPage(browser());
    await page.route(`${api}/clinics/${id}/price-reports`, (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ error: "Too many requests. Please try again later." }),
        headers: { "access-control-allow-origin": site, "access-control-allow-credentials": "true" },
      }),
    );
    await page.goto(`${site}/botox-clinic/new-york/aura-med-spa-new-york`);
    const form = page.getByRole("form", { name: "Report what you paid" });
    await form.scrollIntoViewIfNeeded();
    await hydrated(page, "astro-island[component-url*='PriceReportForm']");
    await form.getByLabel("Total paid ($)").fill("300");
    await form.getByRole("button", { name: "Send report" }).click();
    await form.getByRole("alert").filter({ hasText: "Too many requests. Please try again later." }).waitFor();
    expect(errors.filter((e) => !e.includes("429"))).toEqual([]);
    await context.close();
  });
});
