import { describe, expect, it } from "vitest";
import type { ContactMessage } from "@botox/core";
import { useBrowser } from "@botox/e2e/hooks";
import { adminApi, expectToast, signedInPage, stack, uniqueName, unexpectedErrors } from "./helpers.ts";

const browser = useBrowser();

describe("contact messages", () => {
  it("lists a message sent through the public API, opens it and marks it handled", async () => {
    const { urls } = stack();
    const name = uniqueName("E2E Visitor");
    const sent = await fetch(`${urls.api}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: urls.site },
      body: JSON.stringify({ name, email: "visitor@example.com", subject: "List My Clinic", message: `Please list my clinic.\n${name}` }),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: number };

    const { page, context, errors } = await signedInPage(browser(), "/");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Messages" }).click();
    await page.getByRole("heading", { name: "Messages" }).waitFor();
    const item = page.getByRole("button").filter({ hasText: name });
    await item.getByText("unread").waitFor();
    await item.click();

    const reader = page.getByRole("region", { name: "List My Clinic" });
    await reader.getByText("Please list my clinic.").waitFor();
    await reader.getByText("visitor@example.com").waitFor();
    await reader.getByRole("button", { name: "Mark as handled" }).click();
    await expectToast(page, "Message handled");
    await reader.getByText(/^Handled/).waitFor();

    await page.getByRole("tab", { name: "All" }).click();
    await page.getByRole("button").filter({ hasText: name }).getByText("handled").waitFor();

    const stored = (await adminApi(context).get<ContactMessage[]>("/contact-messages?status=all")).find((m) => m.id === id);
    expect(stored?.readAt).not.toBeNull();
    expect(stored?.handledAt).not.toBeNull();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
