/** A clinic's category (decision 301) on the team's clinic form at 390 px: chosen from the list, saved, still there after a reload, logged. */
import { describe, expect, it } from "vitest";
import type { Clinic } from "@botox/core";
import { useBrowser } from "@botox/e2e/hooks";
import { PHONE, adminApi, adminUrl, expectToast, noSidewaysScroll, signedInPage, uniqueName, unexpectedErrors } from "./helpers.ts";

const browser = useBrowser();

describe("the clinic's category", () => {
  it("is chosen from a labelled list on a phone, saved, and shown again after a reload", async () => {
    const { page, context, errors } = await signedInPage(browser(), "/", PHONE);
    const api = adminApi(context);
    const clinic = await api.send<Clinic>("POST", "/clinics", { name: uniqueName("E2E Category"), city: "Chicago", state: "IL" });
    expect(clinic.category).toBeNull();

    await page.goto(adminUrl(`/clinics/${clinic.id}`));
    await page.getByRole("heading", { name: "Edit Clinic" }).waitFor();
    const select = page.getByLabel("Category", { exact: true });
    await expect.poll(() => select.inputValue()).toBe("");
    await expect(select.locator("option").allTextContents()).resolves.toEqual([
      "Not known",
      "Medical spa",
      "Dermatology practice",
      "Plastic surgery practice",
      "Aesthetic clinic",
      "Other",
    ]);
    // Within the phone's width, and tall enough to tap.
    const box = await select.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390.5 && box.height >= 36).toBe(true);
    await select.selectOption("Dermatology practice");
    await page.getByRole("button", { name: "Update Clinic" }).click();
    await expectToast(page, "Clinic updated");
    await expect.poll(async () => (await api.get<Clinic>(`/clinics/${clinic.id}`)).category).toBe("Dermatology practice");

    await page.goto(adminUrl(`/clinics/${clinic.id}`));
    await page.reload();
    await page.getByRole("heading", { name: "Edit Clinic" }).waitFor();
    await expect.poll(() => page.getByLabel("Category", { exact: true }).inputValue()).toBe("Dermatology practice");
    await noSidewaysScroll(page);

    // The audit log names the field.
    const log = page.getByRole("region", { name: "Audit log" });
    await log.getByRole("button", { name: "Show the audit log" }).click();
    const entry = log.locator("[data-audit-id]").first();
    await entry.waitFor();
    await expect.poll(() => entry.textContent()).toMatch(/Category.*Dermatology practice/s);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
