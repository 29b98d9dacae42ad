/**
 * An owner puts their clinic's photos in a new order on a phone (390×844, decision 300): "Move
 * up" saves the order, which is kept after a reload, the API lists it, and the audit log
 * records the reorder.
 */
import { describe, expect, it } from "vitest";
import type { Clinic, ClinicPhotoList } from "@botox/core";
import { newTrackedPage } from "@botox/e2e";
import { useBrowser, useDatabase } from "@botox/e2e/hooks";
import { PHONE, adminApi, expectToast, makePng, noSidewaysScroll, signedInPage, stack, uniqueName, unexpectedErrors } from "./helpers.ts";
import { addOwner, ownerOpensClinic } from "./owner-helpers.ts";

const browser = useBrowser();
const database = useDatabase();

describe("the owner's photos at 390 px", () => {
  it("an owner moves a photo up; the order is kept after a reload and recorded", async () => {
    const { urls } = stack();
    const origin = new URL(urls.admin).origin;
    // The team adds the clinic and three photos; the owner is linked to it as a verified claim would.
    const team = await signedInPage(browser(), "/");
    const clinic = await adminApi(team.context).send<Clinic>("POST", "/clinics", { name: uniqueName("E2E Photo Spa"), city: "Chicago", state: "IL" });
    for (const alt of ["Front desk", "Treatment room", "Waiting room"]) {
      const res = await team.context.request.post(`${urls.api}/clinics/${clinic.id}/photos`, {
        headers: { Origin: origin },
        multipart: { image: { name: "photo.png", mimeType: "image/png", buffer: makePng(320, 200) }, alt },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await team.context.close();
    const email = await addOwner(database(), clinic.id, { prefix: "photo-owner", domain: "photo-spa.test" });

    const owner = await newTrackedPage(browser(), PHONE);
    const { page, context, errors } = owner;
    await ownerOpensClinic(owner, database(), email, clinic.name);

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
    const [logged] = await database().sql<{ actor_role: string; action: string }[]>`
      select actor_role, action from clinic_audit where clinic_id = ${clinic.id} and action = 'photo.reorder'`;
    expect(logged).toEqual({ actor_role: "owner", action: "photo.reorder" });

    await page.waitForLoadState("networkidle");
    await noSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
