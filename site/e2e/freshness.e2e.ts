/** Fresh and fair listings: "last checked", the closed banner, "Suggest an edit" and the ratings policy. */
import { describe, expect, it } from "vitest";
import { SUGGESTION_MSG, formatUsDate, type Clinic } from "@botox/core";
import { FIXTURE_CHECKED_ON } from "@botox/e2e";
import { api, hydrated, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();

async function clinicId(city: string, slug: string): Promise<number> {
  const res = await fetch(`${api}/proxy/clinic/${slug}?city=${city}`);
  if (!res.ok) throw new Error(`clinic ${slug}: ${res.status}`);
  return ((await res.json()) as Clinic).id;
}

describe("last checked", () => {
  it("names the day a listing was checked, or says it has not been in over a year", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-clinic/new-york/glow-med-spa-new-york`);
    await page
      .locator("[data-last-checked]")
      .filter({ hasText: `Details last checked ${formatUsDate(FIXTURE_CHECKED_ON)}` })
      .waitFor();
    await page.goto(`${site}/botox-clinic/new-york/aura-med-spa-new-york`);
    await page.locator("[data-last-checked]").filter({ hasText: "Not checked in over a year" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a permanently closed clinic", () => {
  it("keeps its page with a closed banner and open clinics nearby, out of the listing and the sitemap", async () => {
    const { page, errors, context } = await openPage(browser());
    const res = await page.goto(`${site}/botox-clinic/miami/former-med-spa-miami`);
    expect(res?.status()).toBe(200);
    const banner = page.getByRole("note").filter({ hasText: "Former Med Spa Miami is permanently closed" });
    await banner.waitFor();
    const nearby = banner.getByRole("link");
    await expect(nearby.allTextContents()).resolves.toEqual(["Glow Med Spa Miami", "Radiance Med Spa Miami"]);
    await nearby.first().click();
    await page.waitForURL(`${site}/botox-clinic/miami/glow-med-spa-miami`);
    await expect.poll(() => page.getByRole("note").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    const closedHtml = await (await fetch(`${site}/botox-clinic/miami/former-med-spa-miami`)).text();
    expect(closedHtml).toContain('<meta name="robots" content="noindex, follow"');
    const listing = await (await fetch(`${site}/botox-near-me/miami`)).text();
    expect(listing).toContain("Glow Med Spa Miami");
    expect(listing).not.toContain("Former Med Spa Miami");
    const sitemap = await (await fetch(`${site}/sitemap.xml`)).text();
    expect(sitemap).not.toContain("former-med-spa-miami");
    expect(sitemap).toContain("glow-med-spa-new-york");
    expect(sitemap).toContain(`${site}/ratings-policy`);
  });
});

describe("Suggest an edit", () => {
  it("opens from one button, asks for a change, shows sending, then pending; a second one is refused with the reason", async () => {
    const id = await clinicId("new-york", "nova-med-spa-new-york");
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-clinic/new-york/nova-med-spa-new-york`);
    const open = page.getByRole("button", { name: "Suggest an edit" });
    await open.scrollIntoViewIfNeeded();
    await hydrated(page, "astro-island[component-url*='SuggestEdit']");
    await open.click();
    const form = page.getByRole("form", { name: "Suggest an edit" });
    await form.getByRole("button", { name: "Send suggestion" }).click();
    await form.getByRole("alert").filter({ hasText: SUGGESTION_MSG.noChange }).waitFor();

    await form.getByLabel("Phone").fill("(212) 555-0199");
    await form.getByLabel("Status").selectOption("CLOSED_TEMPORARILY");
    await form.getByLabel("Note (optional)").fill("Closed for renovation");
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${api}/clinics/${id}/suggestions`, async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole("button", { name: "Send suggestion" }).click();
    await form.getByRole("button", { name: "Sending…" }).waitFor();
    release();
    await page.getByRole("status").filter({ hasText: SUGGESTION_MSG.pending }).waitFor();

    // Nothing public changed.
    const after = (await (await fetch(`${api}/proxy/clinic/nova-med-spa-new-york?city=new-york`)).json()) as Clinic;
    expect(after.businessStatus).toBe("OPERATIONAL");

    await page.unroute(`${api}/clinics/${id}/suggestions`);
    await page.reload();
    const again = page.getByRole("button", { name: "Suggest an edit" });
    await again.scrollIntoViewIfNeeded();
    await hydrated(page, "astro-island[component-url*='SuggestEdit']");
    await again.click();
    const second = page.getByRole("form", { name: "Suggest an edit" });
    await second.getByLabel("Website").fill("https://nova.example.com");
    await second.getByRole("button", { name: "Send suggestion" }).click();
    await second.getByRole("alert").filter({ hasText: SUGGESTION_MSG.alreadyPending }).waitFor();
    expect(errors.filter((e) => !e.includes("409"))).toEqual([]);
    await context.close();
  });

  it("says so when the visitor is rate limited", async () => {
    const id = await clinicId("new-york", "halo-med-spa-new-york");
    const { page, errors, context } = await openPage(browser());
    await page.route(`${api}/clinics/${id}/suggestions`, (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ error: "Too many requests. Please try again later." }) }),
    );
    await page.goto(`${site}/botox-clinic/new-york/halo-med-spa-new-york`);
    const open = page.getByRole("button", { name: "Suggest an edit" });
    await open.scrollIntoViewIfNeeded();
    await hydrated(page, "astro-island[component-url*='SuggestEdit']");
    await open.click();
    const form = page.getByRole("form", { name: "Suggest an edit" });
    await form.getByLabel("Address").fill("1 New St, New York, NY 10001");
    await form.getByRole("button", { name: "Send suggestion" }).click();
    await form.getByRole("alert").filter({ hasText: SUGGESTION_MSG.tooMany }).waitFor();
    expect(errors.filter((e) => !e.includes("429"))).toEqual([]);
    await context.close();
  });
});

describe("ratings policy", () => {
  it("is linked from the rating widget and the footer, and says every score counts and clinics cannot pay", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-clinic/new-york/glow-med-spa-new-york`);
    await hydrated(page, "astro-island[component-url*='RatingWidget']");
    const link = page.getByRole("link", { name: "How ratings are collected and moderated" });
    await expect.poll(() => link.getAttribute("href")).toBe("/ratings-policy");
    await expect.poll(() => page.getByRole("contentinfo").getByRole("link", { name: "Ratings Policy" }).getAttribute("href")).toBe("/ratings-policy");
    await link.click();
    await page.waitForURL(`${site}/ratings-policy`);
    await page.getByRole("heading", { name: "Every score counts" }).waitFor();
    await page.getByRole("heading", { name: "Clinics cannot pay" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
