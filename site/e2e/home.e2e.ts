/** Home (product.md §2.3, §2.5): hero, nearby clinics and cities, featured providers, about; no testimonials (decision 252). */
import { expect, it } from "vitest";
import { hydrated, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();

it("shows every block of the home page, with the nearby list paged and the featured providers loaded", async () => {
  const { page, errors, context } = await openPage(browser());
  await page.goto(`${site}/`);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Find the Best Botox Near You");
  await expect.poll(() => page.getByRole("searchbox").first().getAttribute("placeholder")).toBe("City or ZIP code");

  // Featured top-rated providers: 3 open clinics near the fixed ZIP.
  const featured = page.getByRole("region", { name: "Top-Rated Botox Providers" });
  await featured.waitFor();
  await expect.poll(() => featured.locator("article").count()).toBe(3);
  await expect.poll(() => featured.getByText("Closed", { exact: true }).count()).toBe(0);

  // Nearby clinics (New York here: the test machine has no location): count, location, ads, pages.
  const nearby = page.getByRole("region", { name: "Botox Providers Near You" });
  await hydrated(page, "astro-island[component-url*='NearbyClinics']");
  await nearby.locator("[data-nearby-summary]").filter({ hasNotText: "Finding" }).waitFor();
  await expect.poll(() => nearby.locator("[data-nearby-summary]").textContent()).toBe("13 providers near New York, NY");
  await expect(nearby.locator("[data-clinic-list] > *").evaluateAll((els) => els.map((e) => (e.tagName === "ARTICLE" ? "c" : "ad")).join(","))).resolves.toBe(
    "c,c,c,ad,c,c,c,ad,c,c,c,ad,c",
  );
  // The note counts what the list holds, as the line above does.
  await nearby.getByText("Showing the closest 13 providers. Use ZIP search for more.").waitFor();
  const firstName = await nearby.locator("article h3").first().textContent();
  await nearby.getByRole("button", { name: "Next" }).click();
  await nearby.getByRole("button", { name: "Page 2" }).and(page.locator("[aria-current=page]")).waitFor();
  await expect.poll(() => nearby.locator("article").count()).toBe(3);
  await expect.poll(() => nearby.locator("article h3").first().textContent()).not.toBe(firstName);
  // The page change scrolls back to the section.
  await page.waitForFunction(() => {
    const top = document.querySelector("[data-nearby-summary]")!.closest("section")!.getBoundingClientRect().top;
    return Math.abs(top - 80) < 40;
  });

  // Cities grid: nine at most, with counts and rounded miles.
  const cities = page.getByRole("region", { name: "Cities With Botox Clinics Near You" });
  await cities.scrollIntoViewIfNeeded();
  await cities.locator("ul a").first().waitFor();
  const cards = await cities.locator("ul a").allTextContents();
  expect(cards.length).toBeGreaterThan(0);
  expect(cards.length).toBeLessThanOrEqual(9);
  expect(cards[0]).toMatch(/^New York, NY14 clinics · \d+ miles away$/);

  await page.getByRole("region", { name: "About Botox" }).waitFor();
  // No invented quotes (decision 252): nobody gave them, and the FTC's rule forbids them.
  await expect(page.getByRole("region", { name: "What Our Users Say" }).count()).resolves.toBe(0);
  await expect(page.getByText(/Sarah M\.|Jessica L\.|Amanda R\./).count()).resolves.toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

it("without JavaScript, shows the most popular cities instead of the location-based sections", async () => {
  for (const path of ["/", "/near-me"]) {
    const { page, context } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(site + path);
    const popular = page.getByRole("region", { name: "Popular Cities" });
    await expect(popular.isVisible(), path).resolves.toBe(true);
    const first = popular.getByRole("link").first();
    await expect.poll(() => first.getAttribute("href")).toBe("/botox-near-me/new-york");
    await expect(first.innerText().then((t) => t.replace(/\s+/g, " "))).resolves.toBe("New York, NY 14 clinics");
    // No skeletons waiting for a location that cannot come.
    await expect(page.locator("[data-needs-js]").first().isVisible()).resolves.toBe(false);
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: /loading|finding/i })
        .count(),
    ).resolves.toBe(0);
    await context.close();
  }
});
