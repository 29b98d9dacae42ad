/**
 * A clinic owner's workspace on a phone (390×844): signed in through the mailed link, the owner
 * changes the hours and adds a price, and the API answers with both; nothing scrolls sideways.
 */
import { describe, expect, it } from "vitest";
import type { Clinic, ClinicPrice } from "@botox/core";
import { newTrackedPage } from "@botox/e2e";
import { useBrowser, useDatabase } from "@botox/e2e/hooks";
import { PHONE, adminApi, noSidewaysScroll, ownerEditsHoursAndPrice, signedInPage, uniqueName, unexpectedErrors } from "./helpers.ts";
import { addOwner, ownerOpensClinic } from "./owner-helpers.ts";

const browser = useBrowser();
const database = useDatabase();

describe("the owner workspace at 390 px", () => {
  it("an owner edits the hours and adds a price; the API shows both", async () => {
    // The team adds the clinic; the owner is linked to it as a verified claim would.
    const team = await signedInPage(browser(), "/");
    const clinic = await adminApi(team.context).send<Clinic>("POST", "/clinics", {
      name: uniqueName("E2E Owner Spa"),
      city: "Chicago",
      state: "IL",
      workingHours: { Monday: "9 AM-5 PM" },
    });
    await team.context.close();
    const email = await addOwner(database(), clinic.id, { prefix: "owner", domain: "owner-spa.test" });

    const owner = await newTrackedPage(browser(), PHONE);
    const { page, context, errors } = owner;
    await ownerOpensClinic(owner, database(), email, clinic.name);

    // Hours: Tuesday opens 9 to 6, saved live; a price: the clinic's own.
    await ownerEditsHoursAndPrice(page, { day: "Tuesday", closes: "18:00", dollars: "12.50" });

    const owned = adminApi(context);
    const saved = await owned.get<Clinic>(`/clinics/${clinic.id}`);
    expect(saved.workingHours).toMatchObject({ Monday: "9 AM-5 PM", Tuesday: "9 AM-6 PM" });
    const { prices: list } = await owned.get<{ prices: ClinicPrice[] }>(`/clinics/${clinic.id}/prices?status=all`);
    expect(list.map((p) => [p.unitPriceCents, p.source])).toEqual([[1250, "clinic"]]);

    await page.waitForLoadState("networkidle");
    await noSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
