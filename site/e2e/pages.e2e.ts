/** Static screens (product.md §2.1, §2.11, §9): About, Contact details, legal pages, the landing page. */
import { describe, expect, it } from "vitest";
import { openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();

describe("legal pages", () => {
  for (const [path, title, updated] of [
    ["/privacy-policy", "Privacy Policy", "28 Nov 2026"],
    ["/terms-of-service", "Terms of Service", "22 Nov 2026"],
    ["/disclaimer", "Medical Disclaimer", "22 Nov 2026"],
    ["/ratings-policy", "Ratings Policy", "28 Nov 2026"],
  ] as const) {
    it(`${title}: last updated on the document's own date (never the build day), with a link to /contact`, async () => {
      const { page, context } = await openPage(browser());
      await page.goto(site + path);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      await expect.poll(() => page.getByText(/^Last updated:/).textContent()).toBe(`Last updated: ${updated}`);
      await expect.poll(() => page.getByRole("main").locator('a[href="/contact"]').count()).toBeGreaterThan(0);
      if (path === "/privacy-policy") await page.getByText(/aged 18 and older/).waitFor();
      if (path === "/terms-of-service") await page.getByText(/at least 30 days' notice/).waitFor();
      await context.close();
    });
  }
});

describe("content pages", () => {
  it("About has the mission, treatment areas and reasons to choose the product", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${site}/about`);
    const headings = await page.getByRole("main").getByRole("heading").allTextContents();
    expect(headings).toEqual(expect.arrayContaining(["Our Mission", "About Botox Treatments", "Common treatment areas", "Why Choose Botox Near Me"]));
    await context.close();
  });

  it("Contact has the details, the five subjects, and the FAQ", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${site}/contact`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Contact Us");
    await page.getByRole("heading", { name: "Contact Details" }).waitFor();
    await expect(page.getByLabel("Subject").locator("option").allTextContents()).resolves.toEqual([
      "Select a subject",
      "General Inquiry",
      "Clinic Information",
      "List My Clinic",
      "Report an Issue",
      "Other",
    ]);
    await page.getByRole("heading", { name: "Frequently Asked Questions" }).waitFor();
    await context.close();
  });

  it("the Botox Near Me landing page has the breadcrumb, search, city sections and an info text", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${site}/botox-near-me`);
    const crumbs = await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem").allTextContents();
    expect(crumbs.map((c) => c.replace("›", "").trim())).toEqual(["Home", "Botox Near Me"]);
    await page.getByRole("search").first().waitFor();
    await expect.poll(() => page.getByRole("region", { name: "Browse Cities" }).getByRole("link").count()).toBe(7);
    await page.getByRole("heading", { name: "How to Choose a Botox Provider" }).waitFor();
    await context.close();
  });
});
