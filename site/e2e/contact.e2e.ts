/** Contact (product.md §2.11, architecture.md §9): the message really reaches the API and the admin. */
import { expect, it } from "vitest";
import { api, hydrated, openPage, site, stack, useBrowser, useDatabase } from "./support.ts";

const browser = useBrowser();
const db = useDatabase();

it("validates, sends, shows 'Message Sent!' and stores the message for the admin", async () => {
  const { page, errors, context } = await openPage(browser());
  await page.goto(`${site}/contact`);
  await page.getByText("Mon-Fri 9-5 EST").waitFor();
  await expect(
    page
      .getByText(/within 24 hours/)
      .first()
      .isVisible(),
  ).resolves.toBe(true);
  const form = page.getByRole("form", { name: "Contact form" });
  await hydrated(page, "astro-island[component-url*='ContactForm']");
  await form.getByRole("button", { name: "Send Message" }).click();
  await form.getByText("Name is required").waitFor();
  await form.getByText("Message is required").waitFor();

  const message = `Please list our clinic (${Date.now()}).`;
  await form.getByLabel("Name").fill("Erin Example");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Subject").selectOption("List My Clinic");
  await form.getByLabel("Message").fill(message);
  await form.getByRole("button", { name: "Send Message" }).click();
  await form.getByText("Please enter a valid email address.").waitFor();
  await form.getByLabel("Email").fill("erin@example.com");
  await form.getByRole("button", { name: "Send Message" }).click();
  await page.getByRole("heading", { name: "Message Sent!" }).waitFor();

  const rows = await db().sql`select name, email, subject, message from contact_messages where message = ${message}`;
  expect(rows.map((r) => ({ ...r }))).toEqual([{ name: "Erin Example", email: "erin@example.com", subject: "List My Clinic", message }]);

  // The admin sees it too.
  const login = await fetch(`${api}/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site },
    body: JSON.stringify(stack.admin),
  });
  expect(login.ok).toBe(true);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("session="))!
    .split(";")[0]!;
  const listed = (await (await fetch(`${api}/contact-messages`, { headers: { cookie } })).json()) as { message: string }[];
  expect(listed.some((m) => m.message === message)).toBe(true);

  await page.getByRole("button", { name: "Send another message" }).click();
  await expect.poll(() => form.getByLabel("Name").inputValue()).toBe("");
  expect(errors).toEqual([]);
  await context.close();
});
