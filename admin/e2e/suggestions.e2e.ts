/** Visitors' suggested edits in the admin: the queue side by side, applying one, "Verified today". */
import { describe, expect, it } from "vitest";
import type { Clinic } from "@botox/core";
import { isoDay } from "@botox/core";
import { useBrowser } from "@botox/e2e/hooks";
import { adminUrl, expectToast, publicGet, stack, uniqueName, unexpectedErrors, withOwnClinic } from "./helpers.ts";

const browser = useBrowser();

function ownClinic() {
  return {
    name: uniqueName("Suggest Spa"),
    city: "Columbus",
    state: "OH",
    phone: "(614) 555-0100",
    postalCode: "43215",
    latitude: 39.9612,
    longitude: -82.9988,
  };
}

/** A visitor's suggestion, sent as the site's island sends it (no admin cookie). */
async function suggest(clinicId: number, body: unknown): Promise<void> {
  const { urls } = stack();
  const res = await fetch(`${urls.api}/clinics/${clinicId}/suggestions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: urls.site },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

describe("suggested edits in the admin", () => {
  it("counts pending ones, shows current and suggested side by side, and applying saves the clinic as checked today", async () => {
    await withOwnClinic(browser(), { clinic: ownClinic() }, async ({ page, errors, clinic }) => {
      await suggest(clinic.id, { changes: { phone: "(614) 555-0199", businessStatus: "CLOSED_TEMPORARILY" }, note: "Renovating until spring" });
      await page.reload();
      await page.getByRole("link", { name: /Pending Suggested Edits/ }).waitFor();
      await page.getByRole("navigation", { name: "Admin", includeHidden: true }).getByRole("link", { name: "Suggested Edits", includeHidden: true }).click();
      await page.getByRole("heading", { name: "Suggested Edits" }).waitFor();
      const item = page.getByRole("listitem").filter({ hasText: clinic.name });
      const phone = item.getByRole("row", { name: /Phone/ });
      await phone.waitFor();
      await expect(phone.getByRole("cell").allTextContents()).resolves.toEqual(["(614) 555-0100", "(614) 555-0199"]);
      await expect(
        item
          .getByRole("row", { name: /Status/ })
          .getByRole("cell")
          .allTextContents(),
      ).resolves.toEqual(["Operational", "Closed temporarily"]);
      await item.getByText("Note from the visitor: Renovating until spring").waitFor();
      await item.getByRole("button", { name: "Apply" }).click();
      await expectToast(page, "Suggestion applied");
      await item.waitFor({ state: "detached" });

      const served = await publicGet<Clinic>(`/proxy/clinic/${clinic.slug}?city=${clinic.citySlug}`);
      expect(served.body).toMatchObject({ phone: "(614) 555-0199", businessStatus: "CLOSED_TEMPORARILY", lastVerifiedOn: isoDay(new Date()) });
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });

  it("rejects one with a reason, leaving the clinic as it was; 'Verified today' on the edit screen stamps the listing", async () => {
    await withOwnClinic(browser(), { clinic: ownClinic(), path: "/suggestions" }, async ({ page, errors, clinic }) => {
      await suggest(clinic.id, { changes: { site: "https://wrong.example.com" } });
      await page.reload();
      const item = page.getByRole("listitem").filter({ hasText: clinic.name });
      await item.getByRole("button", { name: "Reject" }).click();
      await item.getByLabel(/Reason for rejecting/).fill("Not their website");
      await item.getByRole("button", { name: "Reject suggestion" }).click();
      await expectToast(page, "Suggestion rejected");
      await item.waitFor({ state: "detached" });
      expect((await publicGet<Clinic>(`/proxy/clinic/${clinic.slug}?city=${clinic.citySlug}`)).body).toMatchObject({ site: null, lastVerifiedOn: null });

      await page.goto(adminUrl(`/clinics/${clinic.id}`));
      const field = page.locator("[data-last-verified]");
      await field.getByText("Never").waitFor();
      await field.getByRole("button", { name: "Verified today" }).click();
      await page.getByRole("button", { name: "Update Clinic" }).click();
      await expectToast(page, "Clinic updated");
      const after = await publicGet<Clinic>(`/proxy/clinic/${clinic.slug}?city=${clinic.citySlug}`);
      expect(after.body.lastVerifiedOn).toBe(isoDay(new Date()));
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });
});
