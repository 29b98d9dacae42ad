/** Clinic owners in the admin's browser tests: an owner linked to a clinic, and their sign-in through the mailed link. */
import { expect } from "vitest";
import type { Page } from "playwright-core";
import type { DbHandle } from "@botox/db";
import type { TrackedPage } from "@botox/e2e";
import { adminUrl, stack, uniqueName } from "./helpers.ts";

/**
 * Adds an owner with a new address ("{prefix}-…@{domain}") and links them to the clinic, as a
 * verified claim would; answers the address.
 */
export async function addOwner(db: DbHandle, clinicId: number, o: { prefix: string; domain: string }): Promise<string> {
  const email = `${uniqueName(o.prefix)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")}@${o.domain}`;
  const [owner] = await db.sql<{ id: number }[]>`insert into owners (email) values (${email}) returning id`;
  await db.sql`insert into clinic_owners (clinic_id, owner_id) values (${clinicId}, ${owner!.id})`;
  return email;
}

/**
 * The token of the newest sign-in link mailed to `email`, as the outbox captured it (waited
 * for: the mail may still be on its way; other owner mails to the address carry no token).
 */
async function mailedSignInToken(db: DbHandle, email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const [mail] = await db.sql<{ text: string }[]>`
          select text from mail_messages where to_address = ${email} and kind = 'owner' and text like '%#token=%' order by id desc limit 1`;
        token = /#token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? "")?.[1];
        return token !== undefined;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  return token!;
}

/** Opens the mailed sign-in link of `email` on `page`. */
export async function followSignInLink(page: Page, db: DbHandle, email: string): Promise<void> {
  await page.goto(adminUrl(`/owner/sign-in#token=${await mailedSignInToken(db, email)}`));
}

/**
 * Signs the owner `email` in on `tracked`'s browser through the emailed link (asked for through
 * the API, as the sign-in form does) and opens their clinic `clinicName` in the workspace.
 */
export async function ownerOpensClinic({ page, context }: TrackedPage, db: DbHandle, email: string, clinicName: string): Promise<void> {
  const { urls } = stack();
  const asked = await context.request.post(`${urls.api}/owner/sign-in-link`, { data: { email }, headers: { Origin: new URL(urls.admin).origin } });
  expect(asked.status()).toBe(202);
  await followSignInLink(page, db, email);
  await page.getByRole("list", { name: "Your clinics" }).getByRole("link", { name: clinicName }).click();
  await page.getByRole("heading", { name: clinicName, level: 1 }).waitFor();
}
