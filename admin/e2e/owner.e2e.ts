/**
 * A clinic owner's workspace on a phone (390×844): signed in through the mailed link, the owner
 * changes the hours and adds a price, and the API answers with both; nothing scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { Clinic, ClinicPrice } from "@botox/core";
import { connect, type DbHandle } from "@botox/db";
import { launchBrowser, newTrackedPage } from "@botox/e2e";
import { adminApi, adminUrl, ownerEditsHoursAndPrice, signedInPage, stack, uniqueName, unexpectedErrors } from "./helpers.ts";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

let browser: Browser;
let database: DbHandle;
beforeAll(async () => {
  browser = await launchBrowser();
  database = connect(stack().databaseUrl, { max: 1 });
});
afterAll(async () => {
  await browser?.close();
  await database?.close();
});

describe("the owner workspace at 390 px", () => {
  it("an owner edits the hours and adds a price; the API shows both", async () => {
    // The team adds the clinic; the owner is linked to it as a verified claim would.
    const team = await signedInPage(browser, "/");
    const clinic = await adminApi(team.context).send<Clinic>("POST", "/clinics", {
      name: uniqueName("E2E Owner Spa"),
      city: "Chicago",
      state: "IL",
      workingHours: { Monday: "9 AM-5 PM" },
    });
    await team.context.close();
    const email = `${uniqueName("owner")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")}@owner-spa.test`;
    const [owner] = await database.sql<{ id: number }[]>`insert into owners (email) values (${email}) returning id`;
    await database.sql`insert into clinic_owners (clinic_id, owner_id) values (${clinic.id}, ${owner!.id})`;

    const { page, context, errors } = await newTrackedPage(browser, PHONE);
    const { urls } = stack();
    const asked = await context.request.post(`${urls.api}/owner/sign-in-link`, { data: { email }, headers: { Origin: new URL(urls.admin).origin } });
    expect(asked.status()).toBe(202);
    const [mail] = await database.sql<{ text: string }[]>`
      select text from mail_messages where to_address = ${email} and kind = 'owner' order by id desc limit 1`;
    const token = /#token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    await page.goto(adminUrl(`/owner/sign-in#token=${token}`));
    await page.getByRole("list", { name: "Your clinics" }).getByRole("link", { name: clinic.name }).click();
    await page.getByRole("heading", { name: clinic.name, level: 1 }).waitFor();

    // Hours: Tuesday opens 9 to 6, saved live; a price: the clinic's own.
    await ownerEditsHoursAndPrice(page, { day: "Tuesday", closes: "18:00", dollars: "12.50" });

    const owned = adminApi(context);
    const saved = await owned.get<Clinic>(`/clinics/${clinic.id}`);
    expect(saved.workingHours).toMatchObject({ Monday: "9 AM-5 PM", Tuesday: "9 AM-6 PM" });
    const { prices: list } = await owned.get<{ prices: ClinicPrice[] }>(`/clinics/${clinic.id}/prices?status=all`);
    expect(list.map((p) => [p.unitPriceCents, p.source])).toEqual([[1250, "clinic"]]);

    await page.waitForLoadState("networkidle");
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
