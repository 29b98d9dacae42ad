/** Who injects here in the admin: a staff member added by NPI lookup against the stack's loopback NPI Registry. */
import { describe, expect, it } from "vitest";
import type { ListedStaffMember, Stats } from "@botox/core";
import { useBrowser } from "@botox/e2e/hooks";
import { adminUrl, expectToast, publicGet, uniqueName, unexpectedErrors, withOwnClinic } from "./helpers.ts";

const browser = useBrowser();

describe("staff in the admin", () => {
  it("looks an NPI up, confirms the registry's record, saves it checked today, and the public API serves it", async () => {
    await withOwnClinic(browser(), { clinic: { name: uniqueName("Staff Spa"), city: "Columbus", state: "OH" } }, async ({ page, errors, api, clinic }) => {
      const before = await api.get<Stats>("/stats");
      await page.goto(adminUrl(`/clinics/${clinic.id}`));
      const card = page.getByRole("region", { name: "Staff" });
      await card.getByText("The clinic has not told us who injects here yet.").waitFor();

      await card.getByLabel("Add by NPI").fill("1000000005");
      await card.getByRole("button", { name: "Look up" }).click();
      await card.getByText("NPI must be 10 digits with a valid check digit.").waitFor();

      // 1000000020 has no record in the loopback registry.
      await card.getByLabel("Add by NPI").fill("1000000020");
      await card.getByRole("button", { name: "Look up" }).click();
      await card.getByText("The NPI Registry has no active record for this NPI.").waitFor();

      await card.getByLabel("Add by NPI").fill("1000000004");
      await card.getByRole("button", { name: "Look up" }).click();
      const result = card.locator("[data-npi-result]");
      await result.getByText("Dana M Reyes").waitFor();
      await result.getByText(/Nurse Practitioner, Family — TX licence AP123456 \(primary\)/).waitFor();
      await card.getByRole("button", { name: "Use this record" }).click();

      const form = card.getByRole("form", { name: "Add staff member" });
      await expect.poll(() => form.getByLabel("Name").inputValue()).toBe("Dana M Reyes");
      await expect.poll(() => form.getByLabel("Licence number").inputValue()).toBe("AP123456");
      await form.getByLabel("Role").selectOption("injector");
      await form.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Staff member added");
      const row = card.getByRole("row", { name: /Dana M Reyes/ });
      await row.getByText("Checked", { exact: true }).waitFor();

      const served = await publicGet<{ staff: ListedStaffMember[] }>(`/clinics/${clinic.id}/staff`);
      expect(served.body.staff).toEqual([
        expect.objectContaining({
          name: "Dana M Reyes",
          role: "injector",
          credential: "NP",
          npi: "1000000004",
          licenseState: "TX",
          licenseNumber: "AP123456",
          licenseStatus: "active",
          sourceUrl: "https://npiregistry.cms.hhs.gov/provider-view/1000000004",
          verifiedOn: new Date().toISOString().slice(0, 10),
          verification: "current",
        }),
      ]);
      const after = await api.get<Stats>("/stats");
      expect(after.clinicsWithoutVerifiedInjector).toBe((before.clinicsWithoutVerifiedInjector ?? 0) - 1);

      await row.getByRole("button", { name: "Delete Dana M Reyes" }).click();
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await expectToast(page, "Staff member deleted");
      await card.getByText("The clinic has not told us who injects here yet.").waitFor();
      // The one 404 is the lookup of the NPI the registry has no record of, answered as designed.
      expect(unexpectedErrors(errors)).toEqual(["Failed to load resource: the server responded with a status of 404 (Not Found)"]);
    });
  });
});
