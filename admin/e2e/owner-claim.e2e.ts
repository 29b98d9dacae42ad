/**
 * A clinic owner end to end at phone size (decisions 267–269, 286): the owner claims the
 * listing on the public clinic page with an address on the clinic's own domain, enters the
 * code from the mail the outbox captured, lands in the owner workspace, changes the hours
 * and posts a price, and the public page shows both after the publisher runs; and a claim from
 * an address that proves nothing waits for the team, who approve it in the Claims queue, after
 * which the claimant signs in with a mailed link and finds the clinic in their workspace.
 */
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { MSG, clinicPath, type Clinic } from "@botox/core";
import { newTrackedPage } from "@botox/e2e";
import { useBrowser, useDatabase } from "@botox/e2e/hooks";
import {
  PHONE,
  adminApi,
  adminUrl,
  ownerEditsHoursAndPrice,
  rebuildsBudget,
  signedInPage,
  stack,
  uniqueCity,
  uniqueName,
  unexpectedErrors,
  untilServed,
} from "./helpers.ts";
import { followSignInLink } from "./owner-helpers.ts";

const browser = useBrowser();
const db = useDatabase();

/** The 6-digit code in the newest claim mail to `email`, as the outbox captured it. */
async function mailedCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const [mail] = await db().sql<{ text: string }[]>`
          select text from mail_messages where to_address = ${email} and subject like 'Your code for %' order by id desc limit 1`;
        code = /^\s*(\d{6})\s*$/m.exec(mail?.text ?? "")?.[1];
        return code !== undefined;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  return code!;
}

/** Taps "Claim it" on the clinic page until the claim form opens (the island hydrates when the browser is idle). */
async function openClaimForm(page: Page, name: string): Promise<Locator> {
  const form = page.getByRole("form", { name: `Claim ${name}` });
  await expect
    .poll(
      async () => {
        if (await form.isVisible()) return true;
        await page.getByRole("button", { name: MSG.claim.action }).click();
        return form.isVisible();
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  return form;
}

describe("a clinic owner at 390 px", () => {
  // Two publishes waited for (untilServed): the test may last as long as both may take.
  it(
    "claims with an address on the clinic's domain, enters the mailed code, edits hours and a price, and sees them live",
    { timeout: rebuildsBudget(2) },
    async () => {
      const team = await signedInPage(browser(), "/");
      const domain = `${uniqueCity("ownerglow").replace(/\W/g, "").toLowerCase()}.com`;
      const name = uniqueName("Owner Glow Spa");
      const created = await adminApi(team.context).send<Clinic>("POST", "/clinics", {
        name,
        city: uniqueCity("Ownerville"),
        state: "OH",
        postalCode: "43215",
        latitude: 39.9612,
        longitude: -82.9988,
        site: `https://www.${domain}/`,
        workingHours: { Monday: "9 AM-5 PM" },
      });
      await team.context.close();
      const clinicPage = clinicPath(created.citySlug, created.slug);
      await untilServed(clinicPage, name);

      const { page, context, errors } = await newTrackedPage(browser(), PHONE);
      await page.goto(stack().urls.site + clinicPage);
      const form = await openClaimForm(page, name);
      const email = `dana@${domain}`;
      await form.getByLabel("Work email").fill(email);
      await form.getByLabel("Your name").fill("Dana Reyes");
      await form.getByLabel("Your role at the clinic").fill("Practice manager");
      await form.getByRole("button", { name: "Send claim" }).click();
      const codeForm = page.locator('[data-claim-state="code"]');
      await codeForm.getByText(MSG.claim.codeSent(email)).waitFor();
      await codeForm.getByLabel("Code", { exact: true }).fill(await mailedCode(email));
      await codeForm.getByRole("button", { name: "Verify" }).click();
      await page.getByText(MSG.claim.verified).waitFor();

      // The claim signed the owner in: the workspace lists this clinic, and only it.
      await page.goto(adminUrl("/owner"));
      const list = page.getByRole("list", { name: "Your clinics" });
      await list.waitFor();
      expect(await list.getByRole("link").allTextContents()).toEqual([name]);
      await list.getByRole("link", { name }).click();
      await page.getByRole("heading", { level: 1, name }).waitFor();

      // Saturday opens 9 to 2 and a price of $12.75, through the workspace's forms.
      await ownerEditsHoursAndPrice(page, { day: "Saturday", closes: "14:00", dollars: "12.75" });

      const html = await untilServed(clinicPage, "$12.75");
      expect(html).toMatch(/Saturday[\s\S]{0,200}9\s*AM/);
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    },
  );

  it("waits for the team when the address proves nothing; the team approves it and the claimant signs in by link", { timeout: rebuildsBudget(1) }, async () => {
    const team = await signedInPage(browser(), "/", PHONE);
    const name = uniqueName("Review Glow Spa");
    const created = await adminApi(team.context).send<Clinic>("POST", "/clinics", {
      name,
      city: uniqueCity("Reviewville"),
      state: "OH",
      postalCode: "43215",
      latitude: 39.9612,
      longitude: -82.9988,
      site: `https://www.${uniqueCity("reviewglow").replace(/\W/g, "").toLowerCase()}.com/`,
    });
    const clinicPage = clinicPath(created.citySlug, created.slug);
    await untilServed(clinicPage, name);

    const { page, context, errors } = await newTrackedPage(browser(), PHONE);
    await page.goto(stack().urls.site + clinicPage);
    const form = await openClaimForm(page, name);
    // A free-mail address is never proof of the clinic's domain.
    const email = `${uniqueCity("dana").replace(/\W/g, "").toLowerCase()}@gmail.com`;
    await form.getByLabel("Work email").fill(email);
    await form.getByLabel("Your name").fill("Dana Reyes");
    await form.getByLabel("Your role at the clinic").fill("Owner");
    await form.getByRole("button", { name: "Send claim" }).click();
    await page.getByText(MSG.claim.review).waitFor();

    // The team approves it from the queue, on a phone too.
    await team.page.goto(adminUrl("/claims"));
    const item = team.page.getByRole("listitem").filter({ hasText: name });
    await item.getByRole("button", { name: "Approve" }).click();
    await expect
      .poll(async () => (await db().sql<{ status: string }[]>`select status from clinic_claims where email = ${email}`)[0]?.status, { timeout: 30_000 })
      .toBe("verified");
    expect(unexpectedErrors(team.errors)).toEqual([]);
    await team.context.close();

    // The decision is mailed; the claimant asks for a sign-in link and uses it.
    await expect
      .poll(async () => (await db().sql`select 1 from mail_messages where to_address = ${email} and subject like ${"Your claim of %: approved"}`).length, {
        timeout: 30_000,
      })
      .toBe(1);
    await page.goto(adminUrl("/owner/sign-in"));
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.getByText(MSG.owner.signInLinkSent).waitFor();
    await followSignInLink(page, db(), email);
    const list = page.getByRole("list", { name: "Your clinics" });
    await list.waitFor();
    expect(await list.getByRole("link").allTextContents()).toEqual([name]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
