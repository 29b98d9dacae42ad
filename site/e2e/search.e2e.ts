/** Search (product.md §2.4-§2.8): ZIP results by distance, any ZIP, city listing filters and paging. */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MSG } from "@botox/core/messages";
import { MOBILE, hydrated, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();

async function distances(page: Page): Promise<number[]> {
  return page.$$eval("[data-clinic-list] article[data-clinic-card]", (cards) => cards.map((c) => Number((c as HTMLElement).dataset.distance)));
}
const sortedAscending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);

async function search(page: Page, text: string) {
  const box = page.getByRole("search", { name: "Search by ZIP code or city" }).first();
  await box.getByRole("searchbox").fill(text);
  await Promise.all([page.waitForURL((u) => u.pathname !== "/"), box.getByRole("button", { name: "Search" }).click()]);
}

describe("ZIP search", () => {
  it("goes from the home search box to the ZIP page, with results sorted by distance within 25 miles", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/`);
    await search(page, " 10001 ");
    expect(new URL(page.url()).pathname).toBe("/zip/10001");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Botox Clinics Near 10001 · New York, NY");
    const first = await distances(page);
    expect(first.length).toBe(10);
    expect(sortedAscending(first)).toBe(true);
    expect(Math.max(...first)).toBeLessThanOrEqual(25);
    await hydrated(page, "astro-island[component-url*='ZipResults']");
    await expect.poll(() => page.getByLabel("Distance").inputValue()).toBe("25");
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/zip-search?") && r.url().includes("distance=5")),
      page.getByLabel("Distance").selectOption("5"),
    ]);
    await page.locator("[data-clinic-list] article").first().waitFor();
    const near = await distances(page);
    expect(near.length).toBeGreaterThan(0);
    expect(sortedAscending(near)).toBe(true);
    await page.getByRole("button", { name: "Page 2" }).waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers any 5-digit ZIP, also through the /botox-near-me/zipcode/ alias, and offers 50 miles when nothing is near", async () => {
    const { page, errors, context } = await openPage(browser());
    // 10002 has no clinic of its own, so no page was pre-rendered for it.
    await page.goto(`${site}/botox-near-me/zipcode/10002`);
    expect(new URL(page.url()).pathname).toBe("/zip/10002");
    await expect(page.getByRole("heading", { level: 1, name: "Botox Clinics Near 10002 · New York, NY" }).waitFor()).resolves.toBeUndefined();
    await page.locator("[data-clinic-list] article").first().waitFor();
    const d = await distances(page);
    expect(d.length).toBe(10);
    expect(sortedAscending(d)).toBe(true);
    await page.getByRole("button", { name: "Page 2" }).waitFor();

    await page.goto(`${site}/zip/59001`);
    await expect(page.getByRole("heading", { name: "No Clinics Found in 59001" }).waitFor()).resolves.toBeUndefined();
    await expect.poll(() => page.getByRole("link", { name: "Search Different Location" }).getAttribute("href")).toBe("/");
    await hydrated(page, "astro-island[component-url*='ZipResults']");
    await page.getByRole("button", { name: "Expand Search to 50 Miles" }).click();
    await expect.poll(() => page.getByLabel("Distance").inputValue()).toBe("50");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("city search", () => {
  it("goes to the city listing, which filters (back to page 1) and pages through the API", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/`);
    await search(page, "New York");
    expect(new URL(page.url()).pathname).toBe("/botox-near-me/new-york");
    const crumbs = await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem").allTextContents();
    expect(crumbs.map((c) => c.replace("›", "").trim())).toEqual(["Home", "Botox Near Me", "New York"]);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    // Defaults: within 5 miles, open clinics only, most reviews first.
    await expect.poll(() => page.getByLabel("Distance").inputValue()).toBe("5");
    await expect.poll(() => page.getByLabel("Business status").inputValue()).toBe("OPERATIONAL");
    const summary = page.getByText(/clinics? found in New York/);
    await expect.poll(() => summary.textContent()).toBe("10 clinics found in New York");
    await expect.poll(() => page.locator("[data-business-status]", { hasText: "Temporarily closed" }).count()).toBe(0);

    await page.getByLabel("Distance").selectOption("any");
    await page.getByLabel("Business status").selectOption("all");
    await page.getByLabel("Sort by").selectOption("name-asc");
    await page.getByText("14 clinics found in New York").waitFor();
    // The count can be the previous answer's while the new one loads (the list shows a skeleton meanwhile).
    const settled = () => page.waitForFunction(() => !document.querySelector("[aria-busy='true']") && document.querySelector("[data-clinic-list]"));
    await settled();
    const names = () => page.$$eval("[data-clinic-list] article h3", (hs) => hs.map((h) => h.textContent ?? ""));
    const page1 = await names();
    expect(page1).toHaveLength(10);
    expect(page1).toEqual([...page1].sort((a, b) => a.localeCompare(b)));
    await expect.poll(() => page.locator("[data-business-status]", { hasText: "Temporarily closed" }).count()).toBe(1);
    await expect.poll(() => page.locator("[data-ad]").count()).toBe(3);

    await page.getByRole("navigation", { name: "City results pages" }).getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Page 2" }).and(page.locator("[aria-current=page]")).waitFor();
    await settled();
    await page.waitForFunction((first) => document.querySelector("[data-clinic-list] article h3")?.textContent !== first, page1[0]);
    const page2 = await names();
    expect(page2).toHaveLength(4);
    expect(page2.some((n) => page1.includes(n))).toBe(false);

    // A filter change goes back to page 1.
    await page.getByRole("searchbox", { name: "Search clinics" }).fill("glow");
    await page.getByRole("button", { name: "Go" }).click();
    await page.getByText("1 clinic found in New York").waitFor();
    await settled();
    await expect(names()).resolves.toEqual(["Glow Med Spa New York"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("gives each state's Springfield its own listing, and the shared name a page to pick one", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-near-me/springfield`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Botox Clinics in Springfield");
    const choices = page.locator("[data-city-choices] a");
    await expect(
      choices.evaluateAll((as) => as.map((a) => [a.getAttribute("href"), (a as HTMLElement).innerText.replace(/\s+/g, " ").trim()])),
    ).resolves.toEqual([
      ["/botox-near-me/springfield-il", "Springfield, IL 2 clinics"],
      ["/botox-near-me/springfield-mo", "Springfield, MO 1 clinic"],
    ]);

    await Promise.all([page.waitForURL("**/botox-near-me/springfield-il"), choices.first().click()]);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Botox Clinics in Springfield, IL");
    await hydrated(page, "astro-island[component-url*='CityListing']");
    const names = () => page.$$eval("[data-clinic-list] article h3", (hs) => hs.map((h) => h.textContent ?? ""));
    // Most reviews first (the default sort).
    await expect(names()).resolves.toEqual(["Lincoln Aesthetics Springfield", "Prairie Med Spa Springfield"]);
    // Through the API too: any distance still means Springfield, IL only.
    await page.getByLabel("Distance").selectOption("any");
    await page.waitForFunction(() => !document.querySelector("[aria-busy='true']") && document.querySelector("[data-clinic-list]"));
    await expect.poll(() => page.getByText(/clinics? found in Springfield/).textContent()).toBe("2 clinics found in Springfield");
    await expect(names().then((n) => n.sort())).resolves.toEqual(["Lincoln Aesthetics Springfield", "Prairie Med Spa Springfield"]);

    // A clinic's page leads back to its own state's listing.
    await page.goto(`${site}/botox-clinic/springfield/ozark-med-spa-springfield`);
    const crumb = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Springfield" });
    await expect.poll(() => crumb.getAttribute("href")).toBe("/botox-near-me/springfield-mo");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("routes the near-me search to /city/{text}, which lands on the city listing", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/near-me`);
    const box = page.getByRole("search").first();
    await box.getByRole("searchbox").fill("Los Angeles");
    const responses: string[] = [];
    page.on("response", (r) => responses.push(`${r.status()} ${new URL(r.url()).pathname}`));
    await Promise.all([page.waitForURL("**/botox-near-me/los-angeles"), box.getByRole("button", { name: "Search" }).click()]);
    expect(responses).toContain("301 /city/los-angeles");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Botox Clinics in Los Angeles, CA");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says what to type for empty or one-character input, and stays", async () => {
    const { page, context } = await openPage(browser(), MOBILE);
    await page.goto(`${site}/`);
    const box = page.getByRole("search", { name: "Search by ZIP code or city" }).first();
    await box.getByRole("searchbox").fill(" x ");
    await box.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => box.getByRole("alert").textContent()).toBe(MSG.search.emptyQuery);
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });
});

describe("search that understands people", () => {
  /** Searches from the home page and returns every document the browser was answered with, in order. */
  async function landing(text: string, where: (u: URL) => boolean) {
    const { page, errors, context } = await openPage(browser(), MOBILE);
    await page.goto(`${site}/`);
    const documents: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "document") documents.push(`${r.status()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
    });
    const box = page.getByRole("search", { name: "Search by ZIP code or city" }).first();
    await box.getByRole("searchbox").fill(text);
    await Promise.all([page.waitForURL(where), box.getByRole("button", { name: "Search" }).click()]);
    return { page, errors, context, documents };
  }

  it("lands on a city page from a close spelling or 'City, ST' without a 404 page first", async () => {
    for (const text of ["chicgo", "Chicago, IL"]) {
      const { page, errors, context, documents } = await landing(text, (u) => u.pathname.startsWith("/botox-near-me/"));
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Botox Clinics in Chicago, IL");
      expect(documents, text).toEqual(["200 /botox-near-me/chicago"]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("sends a ZIP+4 to its ZIP", async () => {
    const { page, context } = await landing("60601-1234", (u) => u.pathname.startsWith("/zip/"));
    expect(new URL(page.url()).pathname).toBe("/zip/60601");
    await context.close();
  });

  it("places a town of the ZIP data by its ZIP: nearest clinics, the place named, nearby cities by distance", async () => {
    const { page, errors, context } = await landing("Evanston", (u) => u.pathname.startsWith("/zip/"));
    expect(new URL(page.url()).pathname).toBe("/zip/60201");
    await page.getByRole("heading", { level: 1, name: "Botox Clinics Near 60201 · Evanston, IL" }).waitFor();
    // The cards themselves (their names are the page's second-level headings), not the skeletons shown while the list loads.
    await page.locator("[data-clinic-list] article[data-clinic-card] h2").first().waitFor();
    const names = await page.$$eval("[data-clinic-list] article[data-clinic-card] h2", (hs) => hs.map((h) => h.textContent ?? ""));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.endsWith("Chicago"))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a misspelt brand to the nearest city's listing filtered by that brand", async () => {
    const { page, errors, context } = await landing("dysprot", (u) => u.pathname.startsWith("/botox-near-me/"));
    const url = new URL(page.url());
    expect(url.pathname).toBe("/botox-near-me/new-york");
    expect(url.searchParams.get("brand")).toBe("dysport");
    await page.getByText("Showing clinics that post a Dysport price.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a clinic's name to the clinic", async () => {
    const { page, context } = await landing("Glow Med Spa New York", (u) => u.pathname.startsWith("/botox-clinic/"));
    expect(new URL(page.url()).pathname).toMatch(/^\/botox-clinic\/new-york\/glow-med-spa-new-york$/);
    await context.close();
  });
});

describe("pages that answer on every ZIP", () => {
  it("gives a ZIP without a clinic inside the area's prices, named place, and followed links", async () => {
    const { page, errors, context } = await openPage(browser(), MOBILE);
    await page.goto(`${site}/zip/10002`);
    await page.getByRole("heading", { level: 1, name: "Botox Clinics Near 10002 · New York, NY" }).waitFor();
    await expect.poll(() => page.locator("[data-price-summary]").textContent()).toMatch(/^Botox in the 25 miles around 10002: median \$/);
    await page.locator("[data-price-estimates] [data-estimate]").first().waitFor();
    await expect(page.locator("meta[name=robots]").getAttribute("content")).resolves.toBe("noindex, follow");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a listing page past the last", () => {
  it("goes to the last page instead of saying 'found' and 'No clinics found' at once", async () => {
    const { page, errors, context } = await openPage(browser(), MOBILE);
    await page.goto(`${site}/botox-near-me/new-york?distance=any&status=all&page=999`);
    await page.waitForURL((u) => u.searchParams.get("page") === "2");
    await page.getByText("14 clinics found in New York").waitFor();
    await expect(page.getByText(/No clinics found/).count()).resolves.toBe(0);
    await expect.poll(() => page.locator("[data-clinic-list] article").count()).toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });
});
