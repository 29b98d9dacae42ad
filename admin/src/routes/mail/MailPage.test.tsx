import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { STATS, createFakeApi, failWith } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";
import { linkifyText, mailHtmlDocument } from "./mail-view.ts";

const summary = (id: number, to: string, status = "captured") => ({
  id,
  to,
  subject: `Subject ${id}`,
  status,
  createdAt: "2026-11-28T10:00:00.000Z",
  sentAt: status === "queued" ? null : "2026-11-28T10:00:05.000Z",
});
const detail = {
  ...summary(7, "ann@example.com"),
  subject: "Confirm your subscription",
  text: "Confirm here: https://site.test/newsletter/confirm?token=abc.\nThanks",
  html: '<p>Confirm <a href="https://site.test/newsletter/confirm?token=abc">here</a></p><script>parent.alert(1)</script>',
  headers: { "Message-ID": "<7@site.test>", "List-Unsubscribe": "<https://api.test/u?token=x>" },
  attempts: 1,
  lastError: null,
};

describe("MailPage", () => {
  it("lists the outbox with statuses, searches by recipient, pages, and shows one message", async () => {
    const user = userEvent.setup();
    const { api, calls } = createFakeApi({
      "GET /stats": STATS,
      "GET /mail/messages": ({ params }: { params?: Record<string, unknown> }) =>
        params?.to === "ann"
          ? { messages: [summary(7, "ann@example.com")], totalCount: 1 }
          : params?.page === 2
            ? { messages: [summary(3, "cy@example.com", "failed")], totalCount: 21 }
            : { messages: [summary(7, "ann@example.com"), summary(6, "bo@example.com", "queued")], totalCount: 21 },
      "GET /mail/messages/7": detail,
    });
    renderApp(api, "/mail");
    const list = await screen.findByRole("list", { name: "Outbox" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("queued")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();
    expect(await within(screen.getByRole("list", { name: "Outbox" })).findByText("failed")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/mail/messages").at(-1)!.params).toMatchObject({ page: 2, limit: 20 });

    await user.type(screen.getByLabelText("Recipient"), "ann");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(screen.getByText("1 message")).toBeInTheDocument());
    expect(calls.filter((c) => c.path === "/mail/messages").at(-1)!.params).toMatchObject({ to: "ann", page: 1 });

    await user.click(screen.getByRole("button", { name: /Subject 7/ }));
    expect(await screen.findByRole("heading", { name: "Confirm your subscription" })).toBeInTheDocument();
    const frame = screen.getByTitle("HTML of “Confirm your subscription”");
    expect(frame).toHaveAttribute("sandbox", "allow-popups allow-popups-to-escape-sandbox");
    expect(frame.getAttribute("srcdoc")).toContain('<base target="_blank">');

    await user.click(screen.getByRole("tab", { name: "Text" }));
    const link = screen.getByRole("link", { name: "https://site.test/newsletter/confirm?token=abc" });
    expect(link).toHaveAttribute("target", "_blank");
    await user.click(screen.getByRole("tab", { name: "Headers" }));
    expect(screen.getByText("List-Unsubscribe")).toBeInTheDocument();
    expect(screen.getByText("<7@site.test>")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/mail");
  });

  it("filters by status and says when nothing matches", async () => {
    const user = userEvent.setup();
    const { api, calls } = createFakeApi({ "GET /stats": STATS, "GET /mail/messages": { messages: [], totalCount: 0 } });
    renderApp(api, "/mail");
    expect(await screen.findByText("No mail yet.")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Status"), "failed");
    expect(await screen.findByText("No messages match.")).toBeInTheDocument();
    expect(calls.at(-1)!.params).toMatchObject({ status: "failed" });
  });

  it("shows a failure line when the outbox cannot be read", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /mail/messages": failWith(500) });
    renderApp(api, "/mail");
    expect(await screen.findByText("Failed to load mail. Please try again.")).toBeInTheDocument();
  });

  it("adds and removes suppressions (with a confirmation), and shows the API's refusal", async () => {
    const user = userEvent.setup();
    let list = [{ email: "bounced@example.com", reason: "smtp 550", createdAt: "2026-11-27T10:00:00.000Z" }];
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /mail/suppressions": () => ({ suppressions: list }),
      "POST /mail/suppressions": ({ body }: { body?: unknown }) => {
        const email = (body as { email: string }).email;
        if (email === "bad") failWith(400, { error: "Please enter a valid email address." })();
        list = [...list, { email, reason: "admin", createdAt: "2026-11-28T10:00:00.000Z" }];
        return { suppression: list.at(-1) };
      },
      "DELETE /mail/suppressions?email=bounced%40example.com": () => {
        list = list.filter((s) => s.email !== "bounced@example.com");
        return { ok: true };
      },
    });
    renderApp(api, "/mail?tab=suppressions");
    expect(await screen.findByText("bounced@example.com")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(screen.getByText("Please enter your email address.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email address to suppress"), "bad");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Please enter a valid email address.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Email address to suppress"));
    await user.type(screen.getByLabelText("Email address to suppress"), "new@example.com");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("new@example.com")).toBeInTheDocument();
    expect(callsTo("POST", "/mail/suppressions").at(-1)!.body).toEqual({ email: "new@example.com" });

    await user.click(screen.getByRole("button", { name: "Remove bounced@example.com" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByText("bounced@example.com")).not.toBeInTheDocument());
    expect(callsTo("DELETE", "/mail/suppressions?email=bounced%40example.com")).toHaveLength(1);
  });
});

describe("mail view helpers", () => {
  it("cuts http(s) links out of a text part, leaving trailing punctuation as text", () => {
    expect(linkifyText("Go: https://a.test/x?t=1. Or http://b.test)")).toEqual([
      { link: false, text: "Go: " },
      { link: true, text: "https://a.test/x?t=1", href: "https://a.test/x?t=1" },
      { link: false, text: ". Or " },
      { link: true, text: "http://b.test", href: "http://b.test" },
      { link: false, text: ")" },
    ]);
    expect(linkifyText("javascript:alert(1) no link")).toEqual([{ link: false, text: "javascript:alert(1) no link" }]);
  });

  it("frames the HTML part with a policy that runs no scripts and opens links in a new tab", () => {
    const doc = mailHtmlDocument("<p>x</p>");
    expect(doc).toContain("default-src 'none'");
    expect(doc).toContain('<base target="_blank">');
    expect(doc).toMatch(/<body><p>x<\/p><\/body>/);
  });
});
