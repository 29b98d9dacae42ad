/** The page shell (product.md §2.2, §2.10, §4): header, mobile menu, footer, FAQ, newsletter, 404. */
import { describe, expect, it } from "vitest";
import { MOBILE, hydrated, openPage, site, useBrowser, useDatabase } from "./support.ts";

const browser = useBrowser();
const db = useDatabase();

describe("header", () => {
  it("marks the active link bold and gains a shadow once scrolled more than 10 px", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/blog`);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link").allTextContents()).resolves.toEqual(["Home", "Find Clinics", "Blog", "About", "Contact"]);
    const weight = (name: string) => nav.getByRole("link", { name }).evaluate((a) => getComputedStyle(a).fontWeight);
    await expect(weight("Blog")).resolves.toBe("700");
    await expect(weight("Home")).resolves.toBe("500");
    const header = page.locator("#site-header");
    await expect(header.evaluate((h) => h.classList.contains("shadow-md"))).resolves.toBe(false);
    await page.evaluate(() => window.scrollTo(0, 10));
    await page.waitForTimeout(100);
    await expect(header.evaluate((h) => h.classList.contains("shadow-md"))).resolves.toBe(false);
    await page.evaluate(() => window.scrollTo(0, 11));
    await page.waitForFunction(() => document.getElementById("site-header")!.classList.contains("shadow-md"));
    await expect(header.evaluate((h) => getComputedStyle(h).position)).resolves.toBe("sticky");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens a slide-in menu on small screens that locks page scrolling, works by keyboard and closes on navigation", async () => {
    const { page, errors, context } = await openPage(browser(), MOBILE);
    await page.goto(`${site}/about`);
    const open = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.isVisible()).resolves.toBe(false);
    await open.click();
    await menu.waitFor();
    await expect.poll(() => open.getAttribute("aria-expanded")).toBe("true");
    // The panel covers the screen's full height at its right edge.
    await page.waitForTimeout(300);
    const panel = await menu.getByRole("navigation", { name: "Mobile" }).boundingBox();
    expect(panel).toMatchObject({ y: 0, height: 844 });
    expect(panel!.x + panel!.width).toBe(390);
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).overflow)).resolves.toBe("hidden");
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe("Close menu");
    await expect(menu.getByRole("link", { name: "About" }).evaluate((a) => getComputedStyle(a).fontWeight)).resolves.toBe("700");
    // Escape closes it and gives the focus back; scrolling is unlocked.
    await page.keyboard.press("Escape");
    await expect(menu.isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).overflow)).resolves.toBe("visible");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("menu-open");
    // Keyboard: Enter opens, Tab stays inside the menu.
    await page.keyboard.press("Enter");
    await menu.waitFor();
    for (let i = 0; i < 7; i++) await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("#mobile-menu"))).toBe(true);
    // Following a link navigates and leaves the menu closed.
    await Promise.all([page.waitForURL(`${site}/blog`), menu.getByRole("link", { name: "Blog" }).click()]);
    await expect(page.getByRole("dialog", { name: "Menu" }).isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).overflow)).resolves.toBe("visible");
    await page.goBack();
    await page.waitForURL(`${site}/about`);
    await expect(page.getByRole("dialog", { name: "Menu" }).isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).overflow)).resolves.toBe("visible");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("footer", () => {
  it("has the brand blurb, social links, the three sections, the copyright and the no-medical-advice notice", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${site}/about`);
    const footer = page.getByRole("contentinfo");
    await footer.getByText(/Find trusted Botox clinics/).waitFor();
    await expect.poll(() => footer.getByRole("list", { name: "Social links" }).getByRole("link").count()).toBe(3);
    const popular = footer.locator("details", { hasText: "Popular Cities" });
    await expect(popular.getByRole("link").allTextContents()).resolves.toEqual(["New York", "Los Angeles", "Chicago", "Miami"]);
    await expect.poll(() => popular.getByRole("link", { name: "Los Angeles" }).getAttribute("href")).toBe("/botox-near-me/los-angeles");
    await expect.poll(() => footer.getByRole("link", { name: "Sitemap" }).getAttribute("href")).toBe("/sitemap.xml");
    await footer.getByText(/© \d{4} Botox Near Me/).waitFor();
    await footer.getByText(/does not provide medical advice/).waitFor();
    // Wide screens show every section open.
    await expect.poll(() => footer.locator("details[open]").count()).toBe(3);
    await context.close();
  });

  it("starts with every section collapsed on mobile, each toggled on its own", async () => {
    const { page, context } = await openPage(browser(), MOBILE);
    await page.goto(`${site}/about`);
    const sections = page.getByRole("contentinfo").locator("details");
    await expect.poll(() => sections.count()).toBe(3);
    await expect.poll(() => page.getByRole("contentinfo").locator("details[open]").count()).toBe(0);
    await sections.nth(1).locator("summary").click();
    await expect(sections.evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open))).resolves.toEqual([false, true, false]);
    await sections.nth(2).locator("summary").click();
    await expect(sections.evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open))).resolves.toEqual([false, true, true]);
    await sections.nth(1).locator("summary").click();
    await expect(sections.evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open))).resolves.toEqual([false, false, true]);
    await context.close();
  });
});

describe("FAQ", () => {
  it("has eight questions, opens one at a time (mouse or keyboard) and links to the contact page", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/about`);
    const faq = page.locator("[data-faq] details");
    await expect.poll(() => faq.count()).toBe(8);
    const openStates = () => faq.evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open));
    await expect(openStates()).resolves.toEqual(Array(8).fill(false));
    await faq.nth(0).locator("summary").click();
    await expect(openStates()).resolves.toEqual([true, ...Array<boolean>(7).fill(false)]);
    await faq.nth(3).locator("summary").focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => !document.querySelectorAll("[data-faq] details")[0]!.hasAttribute("open"));
    await expect(openStates()).resolves.toEqual([false, false, false, true, false, false, false, false]);
    await expect.poll(() => faq.nth(3).textContent()).toContain("TMJ");
    await expect.poll(() => page.getByRole("link", { name: "Contact Our Team" }).getAttribute("href")).toBe("/contact");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("newsletter", () => {
  it("expands once an email is typed, subscribes, then resets and collapses", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/about`);
    const form = page.locator("form[data-newsletter]");
    await form.scrollIntoViewIfNeeded();
    await hydrated(page, "astro-island[component-url*='NewsletterForm']");
    await expect(form.getByRole("button").allTextContents()).resolves.toEqual(["Subscribe"]);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Email required" }).textContent()).toBe("Email requiredPlease enter your email address.");

    await form.getByLabel("Email address").fill("e2e-news@example.com");
    await expect(form.getByRole("button").allTextContents()).resolves.toEqual(["Get Botox Deals"]);
    await form.getByLabel("First name (optional)").fill("Dana");
    await form.getByLabel("ZIP code (optional)").fill("606011");
    await expect.poll(() => form.getByLabel("ZIP code (optional)").inputValue()).toBe("60601");
    await form.getByRole("button", { name: "Get Botox Deals" }).click();
    await page.getByRole("status").filter({ hasText: "Success!" }).waitFor();
    await expect.poll(() => form.getByLabel("Email address").inputValue()).toBe("");
    await expect(form.getByRole("button").allTextContents()).resolves.toEqual(["Subscribe"]);
    await expect.poll(() => form.getByLabel("First name (optional)").count()).toBe(0);

    const rows = await db().sql`select email, zip_code, first_name from newsletter_subscriptions where email = 'e2e-news@example.com'`;
    expect(rows.map((r) => ({ ...r }))).toEqual([{ email: "e2e-news@example.com", zip_code: "60601", first_name: "Dana" }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("404", () => {
  it("answers any other path with 'Page Not Found' and a developer-style hint", async () => {
    const { page, errors, context } = await openPage(browser());
    const res = await page.goto(`${site}/no/such/page`);
    expect(res?.status()).toBe(404);
    await expect(page.title()).resolves.toBe("Page Not Found | Botox Near Me");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Page Not Found");
    await expect.poll(() => page.locator("pre code").textContent()).toContain("GET /no/such/page → 404");
    await expect.poll(() => page.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
    await expect.poll(() => page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
    await context.close();
  });
});
