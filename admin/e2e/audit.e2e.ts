/** A clinic's audit log on the team's clinic screen at 390 px: each change a card, nothing cut or scrolled sideways. */
import { describe, expect, it } from "vitest";
import type { Clinic } from "@botox/core";
import { useBrowser } from "@botox/e2e/hooks";
import { PHONE, adminApi, adminUrl, noSidewaysScroll, signedInPage, uniqueName, unexpectedErrors } from "./helpers.ts";

const browser = useBrowser();

describe("the audit log at 390 px", () => {
  it("shows who changed what, before and after, without scrolling sideways", async () => {
    const { page, context, errors } = await signedInPage(browser(), "/", PHONE);
    const api = adminApi(context);
    const base = { name: uniqueName("E2E Audit"), city: "Chicago", state: "IL", phone: "(312) 555-0100", workingHours: { Monday: "9 AM-5 PM" } };
    const clinic = await api.send<Clinic>("POST", "/clinics", base);
    await api.send("PUT", `/clinics/${clinic.id}`, {
      ...base,
      phone: "(312) 555-0199",
      site: "https://a-rather-long-clinic-website-address.example.com/botox-and-fillers",
      workingHours: { Monday: "10 AM-6 PM", Tuesday: "10 AM-6 PM", Wednesday: "10 AM-6 PM" },
    });
    await page.goto(adminUrl(`/clinics/${clinic.id}`));
    const card = page.getByRole("region", { name: "Audit log" });
    await card.getByRole("button", { name: "Show the audit log" }).click();
    const edit = card.locator("[data-audit-id]").first();
    await edit.waitFor();
    await expect(edit.textContent()).resolves.toContain("(312) 555-0199");
    await page.waitForLoadState("networkidle");
    await noSidewaysScroll(page);
    for (const label of ["When", "Who", "What", "Changes"]) {
      const box = await edit.locator(`td[data-label="${label}"]`).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390.5, label).toBe(true);
    }
    const refresh = await card.getByRole("button", { name: "Refresh" }).boundingBox();
    expect(refresh && refresh.x + refresh.width <= 390.5).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
