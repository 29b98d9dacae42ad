/**
 * Issue 16 "Listings people can trust at a glance" and "Navigation and layout": listing state
 * in the address, the phone layout, tap targets and focus ring, trustworthy counts and
 * ratings, the near-you list's order and empty state, the featured block's area, and image
 * placeholders on the blog.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { api, hydrated, MOBILE, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();
const cors = { "access-control-allow-origin": site, "access-control-allow-credentials": "true", "content-type": "application/json" };

const cardNames = (page: Page) => page.locator("[data-clinic-list] [data-clinic-card] h3").allTextContents();

describe("city listing", () => {
  it("keeps filters, sort and page in the address: Back from a clinic returns to the same list, and the link can be shared", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-near-me/new-york`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    await page.getByLabel("Distance").selectOption("any");
    await page.getByLabel("Sort by").selectOption("name-asc");
    await page.getByRole("button", { name: "Page 2" }).click();
    await page.waitForURL(`${site}/botox-near-me/new-york?distance=any&sort=name-asc&page=2`);
    // Page 2's cards, not the loading state between the pages (no list at all).
    await page.waitForFunction(() => {
      const first = document.querySelector("[data-clinic-list] h3")?.textContent;
      return first != null && first !== "Ageless Med Spa New York";
    });
    const shown = await cardNames(page);
    expect(shown.length).toBeGreaterThan(0);

    await page.locator("[data-clinic-list] [data-clinic-card] h3 a").first().click();
    await page.waitForURL(/\/botox-clinic\/new-york\//);
    await page.goBack();
    await page.waitForURL(`${site}/botox-near-me/new-york?distance=any&sort=name-asc&page=2`);
    await page.waitForFunction((first) => document.querySelector("[data-clinic-list] h3")?.textContent === first, shown[0]);
    await expect(cardNames(page)).resolves.toEqual(shown);
    await expect.poll(() => page.getByLabel("Sort by").inputValue()).toBe("name-asc");

    const shared = await openPage(browser());
    await shared.page.goto(`${site}/botox-near-me/new-york?distance=any&sort=name-asc&page=2`);
    await shared.page.waitForFunction((first) => document.querySelector("[data-clinic-list] h3")?.textContent === first, shown[0]);
    await expect(cardNames(shared.page)).resolves.toEqual(shown);
    await expect.poll(() => shared.page.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    await shared.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("counts in its title what the list shows under the default filters, and shows the maps rating as text with its source", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${site}/botox-near-me/new-york`);
    const summary = (await page.getByText(/clinics? found in New York$/).textContent()) ?? "";
    const shown = Number(/^(\d+)/.exec(summary)?.[1]);
    await expect(page.title()).resolves.toBe(`Botox in New York, NY - ${shown} open clinics of 14 | Botox Near Me`);
    expect(shown).toBeLessThan(14);
    await expect.poll(() => page.locator("[data-clinic-card] [data-maps-rating]").first().textContent()).toMatch(/^★ 4\.5 from \d+ maps reviews$/);
    await context.close();
  });

  it("on a phone shows the first clinic above the fold, one search box, and the filters behind a Filters button", async () => {
    const { page, errors, context } = await openPage(browser(), MOBILE);
    await page.goto(`${site}/botox-near-me/new-york`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    const first = page.locator("[data-clinic-card]").first();
    const box = await first.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 1000) + 60).toBeLessThan(844);
    const searches = await page.getByRole("search").evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length);
    expect(searches).toBe(1);
    await expect.poll(() => page.getByLabel("Distance").isVisible()).toBe(false);
    const toggle = page.getByRole("button", { name: "Filters" });
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => page.getByLabel("Distance").isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("gives every link and button on the cards and pager a tap target of at least 24x24 CSS pixels", async () => {
    const { page, context } = await openPage(browser(), MOBILE);
    await page.goto(`${site}/botox-near-me/new-york?distance=any`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    await page.locator("[data-clinic-card] a[href^='tel:']").first().waitFor();
    const small = await page.locator("main a, main button, main select, main input").evaluateAll((els) =>
      els
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => ({ el: `${el.tagName} ${el.textContent?.trim().slice(0, 30) ?? ""}`, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width < 24 || r.height < 24)
        .map(({ el, r }) => `${el} ${Math.round(r.width)}x${Math.round(r.height)}`),
    );
    expect(small).toEqual([]);
    await context.close();
  });
});

describe("ZIP listing", () => {
  it("keeps its distance in the address, so a reload or a shared link shows the same list", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/zip/10001`);
    await hydrated(page, "astro-island[component-url*='ZipResults']");
    const before = await page.getByText(/clinics? found$/).textContent();
    await page.getByLabel("Distance").selectOption("5");
    await page.waitForURL(`${site}/zip/10001?distance=5`);
    await page.waitForFunction((text) => ![...document.querySelectorAll("p")].some((p) => p.textContent === text), before);
    const count = await page.getByText(/clinics? found$/).textContent();
    expect(count).not.toBe(before);
    await page.reload();
    await hydrated(page, "astro-island[component-url*='ZipResults']");
    await expect.poll(() => page.getByLabel("Distance").inputValue()).toBe("5");
    await page.getByText(count ?? "").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("search button focus ring", () => {
  it("is visible against the background it sits on", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${site}/`);
    const button = page.locator("main form[data-search] button[type=submit]").first();
    await page.locator("main form[data-search] input").first().focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    const ring = await button.evaluate((el) => {
      const s = getComputedStyle(el);
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.map((v) => {
          const x = v / 255;
          return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      // The colour the ring is drawn on: the nearest ancestor with a background colour.
      let bg = "rgb(255, 255, 255)";
      for (let p = el.parentElement; p; p = p.parentElement) {
        const c = getComputedStyle(p).backgroundColor;
        if (c && c !== "rgba(0, 0, 0, 0)" && c !== "transparent") {
          bg = c;
          break;
        }
      }
      const contrast = (x: string, y: string) => {
        const [a, b] = [lum(rgb(x)), lum(rgb(y))];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      };
      // The band between the button and its outline: the box shadow's colour, else nothing.
      const band = /rgba?\([^)]*\)/.exec(s.boxShadow)?.[0] ?? s.backgroundColor;
      return {
        style: s.outlineStyle,
        width: parseFloat(s.outlineWidth),
        onPage: contrast(s.outlineColor, bg),
        onButton: Math.max(contrast(s.outlineColor, s.backgroundColor), contrast(band, s.backgroundColor)),
      };
    });
    expect(ring.style).not.toBe("none");
    expect(ring.width).toBeGreaterThanOrEqual(2);
    // Visible on the page around the button and against the button's own colour.
    expect(ring.onPage).toBeGreaterThanOrEqual(3);
    expect(ring.onButton).toBeGreaterThanOrEqual(3);
    await context.close();
  });
});

describe("near you", () => {
  const nearbyClinic = (id: number, name: string, status: string, lonOffset: number) => ({
    id,
    name,
    slug: `near-${id}`,
    city: "New York",
    citySlug: "new-york",
    state: "NY",
    businessStatus: status,
    latitude: 40.7506,
    longitude: -73.9972 + lonOffset,
    rating: 4.5,
    reviewCount: 10,
    reviews: "4.5 (10 reviews)",
    fullAddress: "1 Main St",
  });

  it("never puts a Closed clinic first, and an empty list does not claim to show the closest 50", async () => {
    const { page, context } = await openPage(browser());
    let answer: unknown[] = [nearbyClinic(9001, "Shut Spa", "CLOSED_TEMPORARILY", 0), nearbyClinic(9002, "Open Spa", "OPERATIONAL", 0.02)];
    await context.route(`${api}/clinics/nearby`, (r) => r.fulfill({ status: 200, headers: cors, body: JSON.stringify(answer) }));
    await page.goto(`${site}/`);
    const list = page.locator("[data-clinic-list]").first();
    await list.scrollIntoViewIfNeeded();
    await list.locator("[data-clinic-card]").first().waitFor();
    await expect.poll(() => list.locator("[data-clinic-card] h3").allTextContents()).toEqual(["Open Spa", "Shut Spa"]);

    answer = [];
    await page.evaluate(() => sessionStorage.clear());
    const empty = await openPage(browser());
    await empty.context.route(`${api}/clinics/nearby`, (r) => r.fulfill({ status: 200, headers: cors, body: "[]" }));
    await empty.page.goto(`${site}/`);
    await empty.page.getByText("No providers found in your area. Try searching by ZIP code above.").waitFor();
    await expect.poll(() => empty.page.locator("[data-nearby-summary]").textContent()).toMatch(/^0 providers near/);
    await expect.poll(() => empty.page.getByText(/Showing the closest/).count()).toBe(0);
    await empty.context.close();
    await context.close();
  });

  it("shows 'Top-Rated Botox Providers' for the visitor's detected area and says which area", async () => {
    const { page, context } = await openPage(browser());
    await context.route(`${api}/location`, (r) =>
      r.fulfill({
        status: 200,
        headers: cors,
        body: JSON.stringify({ latitude: 41.8858, longitude: -87.6181, city: "Chicago", region: "IL", country: "US", source: "ip" }),
      }),
    );
    await page.goto(`${site}/`);
    const block = page.getByRole("region", { name: "Top-Rated Botox Providers" });
    await block.scrollIntoViewIfNeeded();
    await block.getByText("Open clinics within 25 miles of Chicago, IL, best maps rating first.").waitFor();
    const names = await block.locator("[data-clinic-card] h3").allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.endsWith("Chicago"))).toBe(true);
    await context.close();

    const unknown = await openPage(browser());
    await unknown.page.goto(`${site}/`);
    const fixed = unknown.page.getByRole("region", { name: "Top-Rated Botox Providers" });
    await fixed.scrollIntoViewIfNeeded();
    await fixed.getByText(/of ZIP 10001 \(New York, NY\), shown because your area is not known\.$/).waitFor();
    await unknown.context.close();
  });
});

describe("blog images", () => {
  it("shows the designed placeholder where a card's or post's image fails", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/blog`);
    // The placeholder is swapped in, then loads: wait for both (one read could come between).
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLImageElement>("[data-post-card] img");
      return el?.getAttribute("src") === "/placeholder-post.svg" && el.complete && el.naturalWidth > 0;
    });
    await page.goto(`${site}/blog/botox-guide-part-7`);
    await page.waitForFunction(() => document.querySelector("article img")?.getAttribute("src") === "/placeholder-post.svg");
    expect(errors).toEqual([]);
    await context.close();
  });
});
