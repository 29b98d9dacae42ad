/**
 * A contested claim at 390 px (decision 284): a claim proved by its code on a clinic that has an
 * owner opens the contest window; the owner is mailed, follows the mail's link, objects in the
 * owner workspace, and the team sees the objection in the Claims queue. Nothing scrolls sideways.
 */
import { describe, expect, it } from "vitest";
import type { Clinic, MailMessage, MailMessageList } from "@botox/core";
import { newTrackedPage } from "@botox/e2e";
import { useBrowser } from "@botox/e2e/hooks";
import { PHONE, adminApi, adminUrl, noSidewaysScroll, signedInPage, stack, uniqueName, unexpectedErrors } from "./helpers.ts";

const browser = useBrowser();

/** A public API write from outside the browser, as the site's form sends it (its Origin). */
async function publicSend<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(stack().urls.api + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(stack().urls.admin).origin },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A mailed admin link on this stack's admin (the mails are built from ADMIN_URL, which the stack does not set). */
function onStack(link: string): string {
  const url = new URL(link);
  return adminUrl(url.pathname.replace(/^\/admin/, "") + url.hash);
}

describe("a contested claim at 390 px", () => {
  it("claim → the owner is mailed → the owner objects → the team's queue shows the objection", async () => {
    const team = await signedInPage(browser(), "/", PHONE);
    const api = adminApi(team.context);
    const domain = `${uniqueName("contest")
      .replace(/[^a-z0-9]/gi, "")
      .toLowerCase()}.com`;
    const clinic = await api.send<Clinic>("POST", "/clinics", {
      name: uniqueName("E2E Contest"),
      city: "Chicago",
      state: "IL",
      site: `https://www.${domain}/`,
    });
    const mailTo = async (to: string): Promise<MailMessage> => {
      let found: MailMessage | undefined;
      await expect
        .poll(async () => {
          const list = await api.get<MailMessageList>(`/mail/messages?to=${encodeURIComponent(to)}`);
          const last = list.messages[0];
          found = last ? await api.get<MailMessage>(`/mail/messages/${last.id}`) : undefined;
          return Boolean(found);
        })
        .toBe(true);
      return found!;
    };
    const claimByCode = async (email: string, name: string) => {
      const created = await publicSend<{ claim: { id: number } }>(`/clinics/${clinic.id}/claims`, { email, name, role: "Practice manager" });
      expect(created.status).toBe(201);
      const code = /^(\d{6})$/m.exec((await mailTo(email)).text)?.[1];
      return publicSend<{ claim: { id: number; status: string } }>(`/claims/${created.body.claim.id}/verify`, { code });
    };

    // The clinic's first owner: a code from its own domain on an unclaimed clinic.
    expect((await claimByCode(`owner@${domain}`, "Olivia Owner")).status).toBe(200);
    // A second claim, proved the same way, is contested: the owner is mailed.
    const contested = await claimByCode(`rival@${domain}`, "Riley Rival");
    expect(contested.status).toBe(202);
    expect(contested.body.claim.status).toBe("contested");
    const notice = await mailTo(`owner@${domain}`);
    expect(notice.text).toContain(`Riley Rival (Practice manager, rival@${domain})`);
    const objectLink = /(https?:\/\/\S+#claim-\d+)/.exec(notice.text)?.[1];
    expect(objectLink).toBeTruthy();

    // The owner signs in with a mailed link and objects on their clinic's page.
    const owner = await newTrackedPage(browser(), PHONE);
    await owner.page.goto(adminUrl("/owner/sign-in"));
    await owner.page.getByLabel("Email").fill(`owner@${domain}`);
    await owner.page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await owner.page.getByRole("status").waitFor();
    const signIn = /(https?:\/\/\S+#token=\S+)/.exec((await mailTo(`owner@${domain}`)).text)?.[1];
    await owner.page.goto(onStack(signIn!));
    await owner.page.getByRole("list", { name: "Your clinics" }).waitFor();
    await owner.page.goto(onStack(objectLink!));
    const claims = owner.page.getByRole("list", { name: "Claims of this listing" });
    await expect(claims.textContent()).resolves.toContain("Riley Rival");
    await noSidewaysScroll(owner.page);
    await claims.getByRole("button", { name: "Object" }).click();
    await owner.page.getByLabel(/Why do you object/).fill("We have never employed this person.");
    await noSidewaysScroll(owner.page);
    await owner.page.getByRole("button", { name: "Send objection" }).click();
    await claims.waitFor({ state: "detached" });
    // The same section invites a co-owner, on a phone too.
    await owner.page.getByLabel("Co-owner's email").fill(`partner@${domain}`);
    await owner.page.getByRole("button", { name: "Send invitation" }).click();
    await expect(owner.page.getByRole("list", { name: "Open invitations" }).textContent()).resolves.toContain(`partner@${domain}`);
    for (const name of ["Leave the listing", "Send invitation"]) {
      const box = await owner.page.getByRole("button", { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390.5, name).toBe(true);
    }
    await noSidewaysScroll(owner.page);
    expect(unexpectedErrors(owner.errors)).toEqual([]);
    await owner.context.close();

    // The team's queue: waiting for review, with the objection and who made it.
    await team.page.goto(adminUrl("/claims"));
    const card = team.page.locator(`[data-claim-id="${contested.body.claim.id}"]`);
    await card.waitFor();
    const objection = card.locator("[data-objection]");
    await expect(objection.textContent()).resolves.toContain(`Objection by owner@${domain}`);
    await expect(objection.textContent()).resolves.toContain("We have never employed this person.");
    await team.page.waitForLoadState("networkidle");
    await noSidewaysScroll(team.page);
    const approve = await card.getByRole("button", { name: "Approve" }).boundingBox();
    expect(approve && approve.x + approve.width <= 390.5).toBe(true);
    expect(unexpectedErrors(team.errors)).toEqual([]);
    await team.context.close();
  });
});
