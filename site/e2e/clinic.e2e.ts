/** Clinic pages (product.md §2.1, §2.9; architecture.md §6): aliases, the detail screen, the rating widget. */
import { describe, expect, it } from "vitest";
import type { Clinic } from "@botox/core";
import { api, hydrated, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();

async function clinic(city: string, slug: string): Promise<Clinic> {
  const res = await fetch(`${api}/proxy/clinic/${slug}?city=${city}`);
  if (!res.ok) throw new Error(`clinic ${slug}: ${res.status}`);
  return (await res.json()) as Clinic;
}

describe("clinic aliases", () => {
  it("every route form reaches the one canonical page", async () => {
    const glow = await clinic("new-york", "glow-med-spa-new-york");
    const canonical = "/botox-clinic/new-york/glow-med-spa-new-york";
    const { page, errors, context } = await openPage(browser());
    for (const alias of [
      canonical,
      "/new-york/glow-med-spa-new-york",
      "/clinic/glow-med-spa-new-york",
      `/clinic/${glow.id}`,
      "/botox-near-me/new-york/glow-med-spa-new-york",
    ]) {
      await page.goto(site + alias);
      await page.waitForURL(`${site}${canonical}`);
      await expect(page.getByRole("heading", { level: 1 }).textContent(), alias).resolves.toBe("Glow Med Spa New York");
      await expect.poll(() => page.locator("link[rel=canonical]").getAttribute("href")).toBe(site + canonical);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers the aliases with host rules, and unknown addresses as not found", async () => {
    const status = async (path: string) => {
      const res = await fetch(site + path, { redirect: "manual" });
      return [res.status, res.headers.get("location")];
    };
    await expect(status("/new-york/glow-med-spa-new-york")).resolves.toEqual([301, "/botox-clinic/new-york/glow-med-spa-new-york"]);
    await expect(status("/botox-near-me/new-york/glow-med-spa-new-york")).resolves.toEqual([301, "/botox-clinic/new-york/glow-med-spa-new-york"]);
    await expect(status("/city/new-york")).resolves.toEqual([301, "/botox-near-me/new-york"]);
    // The site's own sections are not mistaken for /{city}/{slug}.
    await expect(status("/blog/no-such-post")).resolves.toEqual([404, null]);
    await expect(status("/botox-near-me/no-such-city")).resolves.toEqual([404, null]);
    await expect(status("/botox-clinic/new-york/no-such-clinic")).resolves.toEqual([404, null]);
    // /clinic/{slug|id} is answered by the resolver page, which is not indexed.
    const resolver = await fetch(`${site}/clinic/glow-med-spa-new-york`);
    expect(resolver.status).toBe(200);
    expect(await resolver.text()).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("shows 'Clinic Not Found' for an unknown /clinic/{x}, and 'unavailable' with Retry when the API fails", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/clinic/no-such-clinic-anywhere`);
    await page.getByRole("heading", { name: "Clinic Not Found" }).waitFor();
    await expect.poll(() => page.getByRole("link", { name: "← Back to the city list" }).getAttribute("href")).toBe("/botox-near-me");
    await expect(page.title()).resolves.toBe("Clinic Not Found | Botox Near Me");

    let fail = true;
    await page.route(`${api}/proxy/clinic/**`, (route) => (fail ? route.abort() : route.continue()));
    await page.goto(`${site}/clinic/glow-med-spa-new-york`);
    await page.getByRole("heading", { name: "Clinic Information Unavailable" }).waitFor();
    fail = false;
    await Promise.all([page.waitForURL(`${site}/botox-clinic/new-york/glow-med-spa-new-york`), page.getByRole("button", { name: "Retry" }).click()]);
    expect(errors.filter((e) => !e.includes("net::ERR_FAILED") && !e.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });
});

describe("clinic detail", () => {
  it("shows the clinic with its category, actions, formatted phone, tracked website link, hours and directions", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-clinic/new-york/glow-med-spa-new-york`);
    const crumbs = await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem").allTextContents();
    expect(crumbs.map((c) => c.replace("›", "").trim())).toEqual(["Home", "Botox Near Me", "New York", "Glow Med Spa New York"]);
    // Its category (decision 301), a line under the name.
    await expect.poll(() => page.locator("[data-clinic-category]").textContent()).toBe("Medical spa");
    await page.getByText("100 Main St, New York, NY 10001").first().waitFor();
    await expect.poll(() => page.getByRole("link", { name: "(212) 555-1000" }).getAttribute("href")).toBe("tel:+12125551000");
    await expect.poll(() => page.getByRole("link", { name: "Call" }).getAttribute("href")).toBe("tel:+12125551000");
    const website = new URL((await page.getByRole("link", { name: "Visit Website" }).getAttribute("href"))!);
    expect([website.host, website.searchParams.get("utm_source"), website.searchParams.get("ref")]).toEqual([
      "clinic-0.example.com",
      "botoxnearme",
      "botoxnearme",
    ]);
    await expect
      .poll(() => page.getByRole("link", { name: "Get Directions" }).getAttribute("href"))
      .toBe(`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent("Glow Med Spa New York, 100 Main St, New York, NY 10001")}`);
    await page.getByText("4.5 from 10 maps reviews").first().waitFor();
    await page.getByRole("heading", { name: "Hours of Operation" }).waitFor();
    await page.getByRole("rowheader", { name: "Monday" }).waitFor();
    await page.getByRole("heading", { name: "About Botox Treatments" }).waitFor();
    // No photo: the placeholder.
    await expect.poll(() => page.locator("main img").first().getAttribute("src")).toBe("/placeholder-clinic.svg");
    await expect.poll(() => page.getByRole("link", { name: "← All clinics in New York" }).getAttribute("href")).toBe("/botox-near-me/new-york");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("swaps a photo that fails to load for the placeholder, gives directions by address without coordinates, and shows no unknown category", async () => {
    const { page, context } = await openPage(browser());
    // The photo is on an external host, which the test browser refuses.
    await page.goto(`${site}/botox-clinic/new-york/radiance-med-spa-new-york`);
    await page.waitForFunction(() => document.querySelector("main img")?.getAttribute("src") === "/placeholder-clinic.svg");
    await page.goto(`${site}/botox-clinic/new-york/halo-med-spa-new-york`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Halo Med Spa New York");
    await expect
      .poll(() => page.getByRole("link", { name: "Get Directions" }).getAttribute("href"))
      .toBe(`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent("Halo Med Spa New York, 113 Main St, New York, NY 10001")}`);
    await expect.poll(() => page.getByRole("link", { name: "Visit Website" }).count()).toBe(0);
    // No category known: no line for it.
    await expect.poll(() => page.locator("[data-clinic-category]").count()).toBe(0);
    await context.close();
  });

  it("answers an unknown clinic with 'Clinic Not Found' and a link back to the city", async () => {
    const { page, context } = await openPage(browser());
    const res = await page.goto(`${site}/botox-clinic/miami/no-such-clinic`);
    expect(res?.status()).toBe(404);
    // Retrying waits, not one-shot reads: the page may still be rendering when the response is in.
    await page.getByRole("heading", { level: 1, name: "Clinic Not Found" }).waitFor();
    await page.getByText(/We couldn't find this specific clinic/).waitFor();
    await expect.poll(() => page.getByRole("link", { name: "← Back to the city list" }).getAttribute("href")).toBe("/botox-near-me/miami");
    await expect(page.title()).resolves.toBe("Clinic Not Found | Botox Near Me");
    // The /{city}/{slug} alias of an unknown clinic lands there too.
    await page.goto(`${site}/miami/no-such-clinic`);
    await page.waitForURL(`${site}/botox-clinic/miami/no-such-clinic`);
    await page.getByRole("heading", { level: 1, name: "Clinic Not Found" }).waitFor();
    await context.close();
  });
});

describe("rating", () => {
  it("rates once with an emoji (no comment is asked for), then shows thanks after a reload, while another browser at the same address may rate too", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-clinic/chicago/radiance-med-spa-chicago`);
    const widget = page.getByRole("region", { name: "Rate This Clinic" });
    await widget.scrollIntoViewIfNeeded();
    await hydrated(page, "astro-island[component-url*='RatingWidget']");
    // The form stands disabled until the API says this visitor has not rated.
    await expect.poll(() => widget.getAttribute("data-rating-state")).toBe("form");
    await expect.poll(() => widget.getByRole("button", { name: "Submit Rating" }).count()).toBe(0);
    // Keyboard: focus the first emoji, move to the second with an arrow key.
    await widget.getByRole("radio", { name: /Love it/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(widget.getByRole("radio", { name: /Good/ }).isChecked()).resolves.toBe(true);
    await expect(widget.getByRole("textbox").count()).resolves.toBe(0);
    await widget.getByRole("button", { name: "Submit Rating" }).click();
    await widget.getByText("Thanks for rating Radiance Med Spa Chicago!").waitFor();
    await expect.poll(() => widget.getByText(/Your rating:/).textContent()).toMatch(/Good$/);
    await page.getByRole("status").filter({ hasText: "Thank you for your feedback!" }).waitFor();

    await page.reload();
    await page.getByRole("region", { name: "Rate This Clinic" }).scrollIntoViewIfNeeded();
    await page.getByText("Thanks for rating Radiance Med Spa Chicago!").waitFor();
    await expect.poll(() => page.getByRole("radio").count()).toBe(0);
    await expect.poll(() => page.getByRole("list", { name: "Ratings so far" }).textContent()).toContain("Good: 1");
    expect(errors).toEqual([]);
    await context.close();

    // Another browser at the same address (a household, an office) is another visitor: the
    // cookie decides "already rated", the address only caps ratings per clinic per day.
    const other = await openPage(browser());
    await other.page.goto(`${site}/botox-clinic/chicago/radiance-med-spa-chicago`);
    const otherWidget = other.page.getByRole("region", { name: "Rate This Clinic" });
    await otherWidget.scrollIntoViewIfNeeded();
    await hydrated(other.page, "astro-island[component-url*='RatingWidget']");
    await expect.poll(() => otherWidget.getAttribute("data-rating-state")).toBe("form");
    await expect.poll(() => other.page.getByText("Thanks for rating Radiance Med Spa Chicago!").count()).toBe(0);
    await otherWidget.getByRole("radio", { name: /Love it/ }).check({ force: true });
    await otherWidget.getByRole("button", { name: "Submit Rating" }).click();
    await otherWidget.getByText("Thanks for rating Radiance Med Spa Chicago!").waitFor();
    await other.context.close();
  });
});
