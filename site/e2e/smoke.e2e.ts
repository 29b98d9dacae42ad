import { afterAll, beforeAll, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newTrackedPage } from "@botox/e2e";

const { urls } = inject("stack");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it("serves the home page with its hero", async () => {
  const { page, errors, context } = await newTrackedPage(browser);
  await page.goto(urls.site + "/");
  await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Find the Best Botox Near You");
  expect(errors).toEqual([]);
  await context.close();
});
