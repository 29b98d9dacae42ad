/**
 * The Mail screen on a phone: a confirmation mail the public API queued is listed with its status,
 * found by its recipient, opened (the HTML part in a sandboxed frame, the text part with its
 * links, the headers), and an address is suppressed and taken off the list again.
 */
import { describe, expect, it } from "vitest";
import { useBrowser } from "@botox/e2e/hooks";
import { adminApi, expectToast, noSidewaysScroll, signedInPage, stack, unexpectedErrors } from "./helpers.ts";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const browser = useBrowser();

describe("mail", () => {
  it("lists a captured confirmation mail, finds it by recipient and shows its parts, at phone size", async () => {
    const { urls } = stack();
    const email = `mail-e2e-${Date.now().toString(36)}@example.com`;
    const sent = await fetch(`${urls.api}/newsletter/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: urls.site },
      body: JSON.stringify({ email, zipCode: null, firstName: "Mia" }),
    });
    expect(sent.ok).toBe(true);

    const { page, context, errors } = await signedInPage(browser(), "/", PHONE);
    // The worker captures the message within its poll: wait for that through the API, so the
    // screen is read once, with nothing reloaded while its requests are under way.
    const api = adminApi(context);
    await expect
      .poll(async () => (await api.get<{ messages: { status: string }[] }>(`/mail/messages?to=${encodeURIComponent(email)}`)).messages[0]?.status, {
        // The worker polls on a timer; a loaded machine may take several polls.
        timeout: 30_000,
      })
      .toBe("captured");
    await page.getByRole("button", { name: "Menu" }).tap();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Mail" }).tap();
    await page.getByRole("heading", { name: "Mail", level: 1 }).waitFor();
    await page.getByLabel("Recipient").fill(email);
    await page.getByRole("button", { name: "Search" }).tap();
    const item = page.getByRole("list", { name: "Outbox" }).getByRole("button").filter({ hasText: email });
    await item.getByText("captured").waitFor();
    await item.tap();

    const frame = page.frameLocator("iframe[title^='HTML of']");
    await frame.getByRole("link", { name: "Confirm my subscription" }).waitFor();
    expect(await page.locator("iframe[title^='HTML of']").getAttribute("sandbox")).toBe("allow-popups allow-popups-to-escape-sandbox");
    await page.getByRole("tab", { name: "Text" }).tap();
    const link = page.locator("[data-mail-text] a").filter({ hasText: "/newsletter/confirm?token=" });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`^${urls.site}/newsletter/confirm\\?token=`));
    await page.getByRole("tab", { name: "Headers" }).tap();
    await page.getByText("Message-ID").waitFor();
    await noSidewaysScroll(page);

    // Suppress the address, then take it off the list.
    await page.getByRole("tab", { name: "Suppressions" }).tap();
    await page.getByLabel("Email address to suppress").fill(email);
    await page.getByRole("button", { name: "Add" }).tap();
    await expectToast(page, "Address suppressed");
    await page.getByRole("list", { name: "Suppressed addresses" }).getByText(email).waitFor();
    await page.getByRole("button", { name: `Remove ${email}` }).tap();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).tap();
    await expectToast(page, "Suppression removed");
    await expect.poll(() => page.getByText(email).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
