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

it("serves the login screen", async () => {
  const { page, errors, context } = await newTrackedPage(browser);
  await page.goto(urls.admin + "/login");
  await page.getByLabel("Username").waitFor();
  await expect.poll(() => page.getByRole("button", { name: "Sign in" }).isVisible()).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
