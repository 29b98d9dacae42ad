/** Prices in the admin: a price added on the clinic's edit screen, a visitor's report published from the queue. */
import { describe, expect, it } from "vitest";
import type { ClinicPrice, PriceReport } from "@botox/core";
import { useBrowser } from "@botox/e2e/hooks";
import { adminUrl, expectToast, publicGet, stack, uniqueName, unexpectedErrors, withOwnClinic } from "./helpers.ts";

const browser = useBrowser();

/** The values of a clinic of the test's own (withOwnClinic deletes it afterwards with its prices). */
function ownClinic() {
  return {
    name: uniqueName("Price Spa"),
    city: "Columbus",
    state: "OH",
    postalCode: "43215",
    latitude: 39.9612,
    longitude: -82.9988,
  };
}

describe("prices in the admin", () => {
  it("adds a price on the clinic's edit screen, verifies it today, and the public API serves it", async () => {
    await withOwnClinic(browser(), { clinic: ownClinic() }, async ({ page, errors, clinic }) => {
      await page.goto(adminUrl(`/clinics/${clinic.id}`));
      const card = page.getByRole("region", { name: "Prices" });
      await card.getByText("No prices yet for this clinic.").waitFor();
      await card.getByRole("button", { name: "Add price" }).click();
      const form = card.getByRole("form", { name: "Add price" });
      await form.getByRole("button", { name: "Save price" }).click();
      await form.getByText("Enter a price per unit.").waitFor();

      await form.getByLabel("Price per unit ($)").fill("13.50");
      await form.getByLabel("Evidence URL").fill("https://clinic.example.com/prices");
      await form.getByRole("button", { name: "Save price" }).click();
      await expectToast(page, "Price added");
      const row = card.getByRole("row", { name: /Botox/ });
      await row.getByText("$13.50/unit").first().waitFor();
      await row.getByText("published").waitFor();

      await row.getByRole("button", { name: "Verify today" }).click();
      await expectToast(page, "Price verified");
      await row.getByText(/^verified /).waitFor();

      const served = await publicGet<{ prices: ClinicPrice[] }>(`/clinics/${clinic.id}/prices`);
      expect(served.body.prices).toHaveLength(1);
      expect(served.body.prices[0]).toMatchObject({
        brand: "botox",
        model: "per_unit",
        unitPriceCents: 1350,
        source: "phone",
        evidenceUrl: "https://clinic.example.com/prices",
      });
      expect(served.body.prices[0]?.verifiedOn).toBe(new Date().toISOString().slice(0, 10));
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });

  it("publishes a visitor's report from the Price Reports queue, after which it is a visitor-reported price", async () => {
    await withOwnClinic(browser(), { clinic: ownClinic() }, async ({ page, errors, api, clinic }) => {
      const { urls } = stack();
      const sent = await fetch(`${urls.api}/clinics/${clinic.id}/price-reports`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: urls.site },
        body: JSON.stringify({ brand: "botox", units: 20, total: 280, treatedMonth: new Date().toISOString().slice(0, 7) }),
      });
      expect(sent.status).toBe(201);
      await expect(publicGet<{ prices: ClinicPrice[] }>(`/clinics/${clinic.id}/prices`).then((r) => r.body.prices)).resolves.toEqual([]);

      // The dashboard counts it.
      const pending = page.getByRole("link", { name: /Pending Price Reports/ });
      await pending.waitFor();
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Price Reports" }).click();
      await page.getByRole("heading", { name: "Price Reports" }).waitFor();
      const item = page.getByRole("listitem").filter({ hasText: clinic.name });
      await item.getByText("Botox: $280 for 20 units ($14/unit)").waitFor();
      await item.getByRole("button", { name: "Publish" }).click();
      await expectToast(page, "Report published");
      await item.waitFor({ state: "detached" });

      const served = await publicGet<{ prices: ClinicPrice[] }>(`/clinics/${clinic.id}/prices`);
      expect(served.body.prices).toEqual([expect.objectContaining({ source: "patient_report", perUnitCents: 1400, status: "published" })]);
      const published = await api.get<{ reports: PriceReport[] }>("/price-reports?status=published");
      expect(published.reports.find((r) => r.clinicId === clinic.id)?.priceId).toBe(served.body.prices[0]?.id);
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });

  it("rejects a report with a reason", async () => {
    await withOwnClinic(browser(), { clinic: ownClinic() }, async ({ page, errors, clinic }) => {
      const { urls } = stack();
      const sent = await fetch(`${urls.api}/clinics/${clinic.id}/price-reports`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: urls.site },
        body: JSON.stringify({ brand: "dysport", total: 400, treatedMonth: new Date().toISOString().slice(0, 7), area: "forehead" }),
      });
      expect(sent.status).toBe(201);
      await page.goto(adminUrl("/price-reports"));
      const item = page.getByRole("listitem").filter({ hasText: clinic.name });
      await item.getByRole("button", { name: "Reject" }).click();
      await item.getByLabel("Reason for rejecting").fill("Looks like a package price");
      await item.getByRole("button", { name: "Reject report" }).click();
      await expectToast(page, "Report rejected");
      await page.getByRole("tab", { name: "Rejected" }).click();
      await page.getByRole("listitem").filter({ hasText: clinic.name }).getByText("Reason: Looks like a package price").waitFor();
      await expect(publicGet<{ prices: ClinicPrice[] }>(`/clinics/${clinic.id}/prices`).then((r) => r.body.prices)).resolves.toEqual([]);
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });
});
