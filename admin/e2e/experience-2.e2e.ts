/**
 * Issue 25 "Experience, round two", admins: the per-day hours editor round trip with its
 * open-now preview, the clinic list's state kept through Edit, Save and Cancel, the price-report
 * queue's context and Undo, coordinates from the ZIP centroid, and no sideways overflow on any
 * admin screen at 390 px. At 390×844 and on a desktop.
 */
import { describe, expect, it } from "vitest";
import type { BrowserContextOptions, Page } from "playwright-core";
import { useBrowser } from "@botox/e2e/hooks";
import type { Clinic } from "@botox/core";
import { PHONE, adminApi, adminUrl, expectToast, signedInPage, unexpectedErrors, uniqueName } from "./helpers.ts";

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const SIZES = [
  ["390×844", PHONE],
  ["desktop", DESKTOP],
] as const;

const browser = useBrowser();

/** Opens the navigation on a phone (folded into Menu) and follows one of its links. */
async function navigate(page: Page, name: string) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name }).click();
}

describe.each(SIZES)("at %s", (size, options) => {
  it("hours editor: set a day's two ranges and a 24-hour day, see today's line, save, and read them back", async () => {
    const { page, context, errors } = await signedInPage(browser(), "/", options);
    const api = adminApi(context);
    const name = uniqueName(`E2E Hours ${size}`);
    const created = await api.send<Clinic>("POST", "/clinics", {
      name,
      city: "Chicago",
      state: "IL",
      postalCode: "60601",
      latitude: 41.8858,
      longitude: -87.6181,
      workingHours: "Mon-Fri 9am-5pm, Sat 10-2",
    });
    await page.goto(adminUrl(`/clinics/${created.id}`));
    const editor = page.getByRole("group", { name: "Working hours" });
    await editor.waitFor();
    // Free text the parser reads opens in the day-by-day editor.
    await expect.poll(() => editor.getAttribute("data-hours-editor")).toBe("week");
    await expect.poll(() => editor.getByLabel("Saturday range 1 opens").inputValue()).toBe("10:00");
    await expect.poll(() => editor.getByLabel("Saturday range 1 closes").inputValue()).toBe("14:00");
    await expect.poll(() => editor.locator("[data-hours-preview]").textContent()).toMatch(/^Today, as visitors see it: \w+day: .+ · .+/);

    await editor.getByRole("button", { name: "Add range on Monday" }).click();
    await editor.getByLabel("Monday range 1 closes").fill("12:00");
    await editor.getByLabel("Monday range 2 opens").fill("13:00");
    await editor.getByLabel("Monday range 2 closes").fill("18:00");
    await editor.getByLabel("Sunday hours").selectOption("allDay");
    await page.getByRole("button", { name: "Update Clinic" }).click();
    await expectToast(page, "Clinic updated");

    const saved = await api.get<Clinic>(`/clinics/${created.id}`);
    expect(saved.workingHours).toMatchObject({ Monday: "9 AM-12 PM, 1 PM-6 PM", Saturday: "10 AM-2 PM", Sunday: "Open 24 hours" });
    expect(saved.openHours).not.toBeNull();

    await page.goto(adminUrl(`/clinics/${created.id}`));
    await expect.poll(() => editor.getByLabel("Monday range 2 opens").inputValue()).toBe("13:00");
    await expect.poll(() => editor.getByLabel("Sunday hours").inputValue()).toBe("allDay");
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it("unreadable hours are saved only as free text on purpose, with the warning", async () => {
    const { page, context } = await signedInPage(browser(), "/clinics/create", options);
    await page.getByLabel("Name *").fill(uniqueName(`E2E Free Text ${size}`));
    await page.getByLabel("City *").fill("Chicago");
    await page.getByLabel("State *").fill("IL");
    await page.getByRole("button", { name: "Set hours" }).click();
    await page.getByRole("button", { name: "Save as free text instead" }).click();
    await page.locator("[data-free-text-warning]").waitFor();
    await page.getByLabel("Hours as posted").fill("By appointment, call ahead");
    await page.getByRole("button", { name: "Create Clinic" }).click();
    await expectToast(page, "Clinic created");
    await context.close();
  });

  it("the clinic list keeps its filter and page through Edit + Cancel and Edit + Save", async () => {
    const { page, context } = await signedInPage(browser(), "/clinics?businessStatus=operational&page=2", options);
    const listUrl = adminUrl("/clinics?businessStatus=operational&page=2");
    await page.locator('table[aria-busy="false"]').waitFor();
    await page
      .getByRole("row")
      .nth(1)
      .getByRole("link", { name: /^Edit / })
      .click();
    await page.getByRole("heading", { name: "Edit Clinic" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(listUrl);
    await expect.poll(() => page.getByLabel("Business status").inputValue()).toBe("operational");

    await page.locator('table[aria-busy="false"]').waitFor();
    await page
      .getByRole("row")
      .nth(1)
      .getByRole("link", { name: /^Edit / })
      .click();
    await page.getByRole("heading", { name: "Edit Clinic" }).waitFor();
    await page.getByRole("button", { name: "Update Clinic" }).click();
    await page.waitForURL(listUrl);
    await page.getByRole("link", { name: "Page 2" }).and(page.locator("[aria-current=page]")).waitFor();
    await expect.poll(() => page.getByLabel("Business status").inputValue()).toBe("operational");
    await context.close();
  });

  it("new clinics get latitude and longitude from the ZIP centroid, said so and editable", async () => {
    const { page, context } = await signedInPage(browser(), "/clinics/create", options);
    await page.getByLabel("Postal code").fill("60601");
    await expect.poll(() => page.getByLabel("Latitude").inputValue()).toBe("41.8858");
    await expect.poll(() => page.getByLabel("Longitude").inputValue()).toBe("-87.6181");
    await page.getByText("Filled from the centre of ZIP 60601 (our ZIP table): edit them for the clinic's exact spot.").waitFor();
    await page.getByLabel("Latitude").fill("41.89");
    await expect.poll(() => page.getByLabel("Latitude").inputValue()).toBe("41.89");
    await context.close();
  });

  it("the price-report queue shows city, current price, local median and outlier flag, and a decision can be undone", async () => {
    const { page, context } = await signedInPage(browser(), "/price-reports", options);
    const report = page.locator("li[data-report-id]", { hasText: "Vita Med Spa New York" });
    await report.waitFor();
    await expect.poll(() => report.locator("[data-report-city]").textContent()).toBe("New York, NY");
    await expect.poll(() => report.locator("[data-report-context]").textContent()).toMatch(/Current price: .+Local median: \$13\/unit \(\d+ clinics\)/);
    await report.getByRole("button", { name: "Publish" }).click();
    await report.locator("[data-held-decision]").waitFor();
    await report.getByRole("button", { name: "Undo" }).click();
    await report.getByRole("button", { name: "Publish" }).waitFor();
    const queue = await adminApi(context).get<{ reports: { clinicName: string; status: string }[] }>("/price-reports?status=pending");
    expect(queue.reports.some((r) => r.clinicName === "Vita Med Spa New York")).toBe(true);
    await context.close();
  });
});

describe("no admin screen scrolls sideways at 390 px, and every action is on screen", () => {
  it("dashboard, clinics, clinic edit with prices, posts, post form, categories, price reports, messages", async () => {
    const { page, context, errors } = await signedInPage(browser(), "/", PHONE);
    const api = adminApi(context);
    const clinic = await api.send<Clinic>("POST", "/clinics", {
      name: uniqueName("E2E Narrow"),
      city: "Chicago",
      state: "IL",
      workingHours: { Monday: "9 AM-5 PM" },
    });
    await api.send("POST", `/clinics/${clinic.id}/prices`, {
      brand: "botox",
      model: "per_unit",
      unitPriceCents: 1300,
      source: "phone",
      observedOn: new Date().toISOString().slice(0, 10),
    });
    const screens = ["/", "/clinics", `/clinics/${clinic.id}`, "/clinics/create", "/blog", "/blog/create", "/blog/categories", "/price-reports", "/messages"];
    for (const path of screens) {
      await page.goto(adminUrl(path));
      await page.locator("main h1").first().waitFor();
      await page.waitForLoadState("networkidle");
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: path }).toBeLessThanOrEqual(0);
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("main button, main a[href]")]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && !el.closest(".sr-only") && (r.left < 0 || r.right > window.innerWidth + 0.5);
          })
          .map((el) => (el.textContent ?? "").trim() || el.getAttribute("aria-label")),
      );
      expect(cut, path).toEqual([]);
    }
    await page.goto(adminUrl(`/clinics/${clinic.id}`));
    await page.getByRole("button", { name: "Verify today" }).first().waitFor();
    // The prices table is a card per price on a phone: each value beside its label, nothing cut.
    const priceRow = page.locator("[data-price-id]").first();
    const perUnit = priceRow.locator('td[data-label="Per unit"]');
    await expect.poll(() => perUnit.evaluate((td) => getComputedStyle(td).display)).toBe("flex");
    await expect.poll(() => perUnit.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"Per unit"');
    for (const label of ["Per unit", "Source", "Observed", "Status"]) {
      const box = await priceRow.locator(`td[data-label="${label}"]`).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390.5, label).toBe(true);
    }
    await navigate(page, "Dashboard");
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
