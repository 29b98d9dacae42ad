/**
 * Mail that arrives, as a visitor on a phone: subscribe in the page's newsletter form, follow the
 * confirmation link of the captured mail (read through the admin's mail API), choose preferences,
 * unsubscribe from the mail's link; a used or unknown link says which. No analytics, noindex.
 */
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MOBILE, api, hydrated, openPage, site, stack, useBrowser, useDatabase } from "./support.ts";

const browser = useBrowser();
const db = useDatabase();

async function adminCookie(): Promise<string> {
  const login = await fetch(`${api}/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site },
    body: JSON.stringify(stack.admin),
  });
  expect(login.ok).toBe(true);
  return login.headers
    .getSetCookie()
    .find((c) => c.startsWith("session="))!
    .split(";")[0]!;
}

/** The text of the newest message to `to`, once the outbox worker has captured it. */
async function capturedText(to: string): Promise<string> {
  const cookie = await adminCookie();
  let id: number | undefined;
  await expect
    .poll(async () => {
      const list = (await (await fetch(`${api}/mail/messages?to=${encodeURIComponent(to)}&page=1&limit=20`, { headers: { cookie } })).json()) as {
        messages: { id: number; status: string }[];
      };
      id = list.messages.find((m) => m.status === "captured" || m.status === "sent")?.id;
      return id !== undefined;
    })
    .toBe(true);
  const message = (await (await fetch(`${api}/mail/messages/${id}`, { headers: { cookie } })).json()) as { text: string };
  return message.text;
}

const linkIn = (text: string, path: string) => {
  const found = new RegExp(`${site.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${path}\\?token=[A-Za-z0-9_.%-]+`).exec(text)?.[0];
  expect(found, `a ${path} link in:\n${text}`).toBeTruthy();
  return found!;
};

const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

it("subscribes, confirms from the captured mail, saves preferences and unsubscribes, at phone size", async () => {
  const email = `nl-${Date.now().toString(36)}@example.com`;
  const { page, errors, context } = await openPage(browser(), MOBILE);
  await page.goto(`${site}/about`);
  await hydrated(page, "astro-island[component-url*='NewsletterForm']");
  const form = page.locator("form[data-newsletter]");
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Get Botox Deals" }).click();
  await page.getByText("Almost done: check your inbox and click the link we sent to confirm your subscription.").waitFor();

  const text = await capturedText(email);
  const confirmUrl = linkIn(text, "/newsletter/confirm");
  await page.goto(confirmUrl);
  await page.getByRole("heading", { name: "You're subscribed" }).waitFor();
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
  expect(await page.locator("html").getAttribute("data-analytics")).toBe("none");
  expect(await fitsThePhone(page)).toBe(true);
  const [row] = await db().sql`select status from newsletter_subscriptions where lower(email) = ${email}`;
  expect(row?.status).toBe("confirmed");

  await page.getByRole("link", { name: "Choose your ZIP, radius and brands" }).click();
  const zip = page.getByLabel("ZIP code");
  await zip.waitFor();
  await zip.fill("10001");
  await page.getByLabel("Within").selectOption("10");
  await page.getByLabel("Dysport").check();
  await page.getByLabel("Weekly").check();
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Your preferences are saved.").waitFor();
  expect(await fitsThePhone(page)).toBe(true);
  const [saved] = await db().sql`select zip_code, radius_miles, brands, frequency from newsletter_subscriptions where lower(email) = ${email}`;
  expect({ ...saved }).toEqual({ zip_code: "10001", radius_miles: 10, brands: ["dysport"], frequency: "weekly" });

  // The confirmation link works once.
  await page.goto(confirmUrl);
  await page.getByRole("heading", { name: "This link has already been used" }).waitFor();

  // The mail's unsubscribe link: the preferences page with Unsubscribe first; opening it changes nothing.
  await page.goto(`${linkIn(text, "/newsletter/preferences")}#unsubscribe`);
  const unsubscribe = page.getByRole("button", { name: "Unsubscribe" });
  await unsubscribe.waitFor();
  expect(await page.getByLabel("ZIP code").inputValue()).toBe("10001");
  const [before] = await db().sql`select status from newsletter_subscriptions where lower(email) = ${email}`;
  expect(before?.status).toBe("confirmed");
  await unsubscribe.click();
  await page.getByText("You're unsubscribed.").waitFor();
  const [after] = await db().sql`select status from newsletter_subscriptions where lower(email) = ${email}`;
  expect(after?.status).toBe("unsubscribed");
  // The used link's 409 is the browser's own console line for a refused request.
  expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  await context.close();
});

it("says which problem a wrong or missing token has, never a blank page, and offers to subscribe again", async () => {
  const { page, context } = await openPage(browser(), MOBILE);
  await page.goto(`${site}/newsletter/confirm?token=not-a-token-we-sent`);
  await page.getByRole("heading", { name: "We don't recognise this link" }).waitFor();
  await page.getByRole("button", { name: "Subscribe again" }).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest("form[data-newsletter]") !== null)).toBe(true);
  await page.goto(`${site}/newsletter/preferences`);
  await page.getByRole("heading", { name: "This link is incomplete" }).waitFor();
  await context.close();
});

it("leaves the mail pages out of the sitemap", async () => {
  const sitemap = await (await fetch(`${site}/sitemap.xml`)).text();
  expect(sitemap).not.toContain("/newsletter/");
});
