/**
 * An owner puts their clinic's photos in a new order on a phone (390×844, decision 300): "Move
 * up" saves the order, which is kept after a reload, the API lists it, and the audit log
 * records the reorder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { Clinic, ClinicPhotoList } from "@botox/core";
import { connect, type DbHandle } from "@botox/db";
import { launchBrowser, newTrackedPage } from "@botox/e2e";
import { adminApi, adminUrl, expectToast, makePng, signedInPage, stack, uniqueName, unexpectedErrors } from "./helpers.ts";

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

describe("the owner's photos at 390 px", () => {
  it("an owner moves a photo up; the order is kept after a reload and recorded", async () => {
    const { urls } = stack();
    const origin = new URL(urls.admin).origin;
    // The team adds the clinic and three photos; the owner is linked to it as a verified claim would.
    const team = await signedInPage(browser, "/");
    const clinic = await adminApi(team.context).send<Clinic>("POST", "/clinics", { name: uniqueName("E2E Photo Spa"), city: "Chicago", state: "IL" });
    for (const alt of ["Front desk", "Treatment room", "Waiting room"]) {
      const res = await team.context.request.post(`${urls.api}/clinics/${clinic.id}/photos`, {
        headers: { Origin: origin },
        multipart: { image: { name: "photo.png", mimeType: "image/png", buffer: makePng(320, 200) }, alt },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await team.context.close();
    const email = `${uniqueName("photo-owner")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")}@photo-spa.test`;
    const [owner] = await database.sql<{ id: number }[]>`insert into owners (email) values (${email}) returning id`;
    await database.sql`insert into clinic_owners (clinic_id, owner_id) values (${clinic.id}, ${owner!.id})`;

    const { page, context, errors } = await newTrackedPage(browser, PHONE);
    const asked = await context.request.post(`${urls.api}/owner/sign-in-link`, { data: { email }, headers: { Origin: origin } });
    expect(asked.status()).toBe(202);
    const [mail] = await database.sql<{ text: string }[]>`
      select text from mail_messages where to_address = ${email} and kind = 'owner' order by id desc limit 1`;
    const token = /#token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    await page.goto(adminUrl(`/owner/sign-in#token=${token}`));
    await page.getByRole("list", { name: "Your clinics" }).getByRole("link", { name: clinic.name }).click();
    await page.getByRole("heading", { name: clinic.name, level: 1 }).waitFor();

    const photos = page.getByRole("list", { name: "Your photos" });
    const shown = () => photos.getByRole("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")));
    await expect.poll(shown).toEqual(["Front desk", "Treatment room", "Waiting room"]);
    await expect.poll(() => page.getByRole("button", { name: "Move photo up: Front desk" }).isDisabled()).toBe(true);
    const up = page.getByRole("button", { name: "Move photo up: Waiting room" });
    await up.scrollIntoViewIfNeeded();
    await up.click();
    await expectToast(page, "Photo order saved");
    await expect.poll(shown).toEqual(["Front desk", "Waiting room", "Treatment room"]);

    await page.reload();
    await page.getByRole("heading", { name: clinic.name, level: 1 }).waitFor();
    await expect.poll(shown).toEqual(["Front desk", "Waiting room", "Treatment room"]);
    const listed = await adminApi(context).get<ClinicPhotoList>(`/clinics/${clinic.id}/photos`);
    expect(listed.photos.map((p) => [p.alt, p.position])).toEqual([
      ["Front desk", 1],
      ["Waiting room", 2],
      ["Treatment room", 3],
    ]);
    const [logged] = await database.sql<{ actor_role: string; action: string }[]>`
      select actor_role, action from clinic_audit where clinic_id = ${clinic.id} and action = 'photo.reorder'`;
    expect(logged).toEqual({ actor_role: "owner", action: "photo.reorder" });

    await page.waitForLoadState("networkidle");
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
