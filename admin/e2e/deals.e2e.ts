/** Deals in the admin: a deal added on the clinic's edit screen, refused without its units, then served by the public API. */
import { describe, expect, it } from "vitest";
import type { PublicDeal } from "@botox/core";
import { useBrowser } from "@botox/e2e/hooks";
import { adminUrl, expectToast, publicGet, uniqueCity, uniqueName, unexpectedErrors, withOwnClinic } from "./helpers.ts";

const browser = useBrowser();

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe("deals in the admin", () => {
  it("refuses a per-area deal without units, adds it with them, and the public API lists it", async () => {
    const city = uniqueCity("Dealville");
    await withOwnClinic(browser(), { clinic: { name: uniqueName("Deal Spa"), city, state: "OH", postalCode: "43215" } }, async ({ page, errors, clinic }) => {
      await page.goto(adminUrl(`/clinics/${clinic.id}`));
      const card = page.getByRole("region", { name: "Deals" });
      await card.getByText("No deals for this clinic.").waitFor();
      await card.getByRole("button", { name: "Add deal" }).click();
      const form = card.getByRole("form", { name: "Add deal" });
      await form.getByLabel("Title").fill("Frown lines with Dysport");
      await form.getByLabel("Brand").selectOption("dysport");
      await form.getByLabel("Pricing").selectOption("per_area");
      await form.getByLabel("Area", { exact: true }).selectOption("frown_lines");
      await form.getByLabel("Area price ($)").fill("225");
      await form.getByLabel("Ends on").fill(inDays(20));
      await form.getByRole("button", { name: "Save deal" }).click();
      await form.getByText("A per-area deal needs its units: without them it cannot be compared with unit prices.").first().waitFor();

      await form.getByLabel("Units included").fill("50");
      await form.getByRole("button", { name: "Save deal" }).click();
      await expectToast(page, "Deal added");
      await card.getByText("Dysport, Frown lines: $225 for 50 units ($4.50/unit)", { exact: false }).waitFor();
      await card.getByText("Running").waitFor();

      const served = await publicGet<{ deals: PublicDeal[] }>(`/deals?city=${clinic.citySlug}`);
      expect(served.body.deals).toHaveLength(1);
      expect(served.body.deals[0]).toMatchObject({
        title: "Frown lines with Dysport",
        brand: "dysport",
        perUnitCents: 450,
        units: 50,
        belowTypical: false,
        typical: null,
      });
      // The refused save is the browser's one "Failed to load resource ... 400" line.
      expect(unexpectedErrors(errors).filter((e) => !/status of 400/.test(e))).toEqual([]);
    });
  });
});
