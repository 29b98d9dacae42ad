import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ContactMessage } from "@botox/core";
import { createFakeApi, failWith, STATS, type FakeCall } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

const msg = (id: number, over: Partial<ContactMessage> = {}): ContactMessage => ({
  id,
  name: `Visitor ${id}`,
  email: `v${id}@example.com`,
  subject: "General Inquiry",
  message: `Message body ${id}`,
  createdAt: "2026-04-05T12:00:00Z",
  readAt: null,
  handledAt: null,
  ...over,
});

/** A tiny in-memory inbox behind the fake API. */
function inbox(messages: ContactMessage[]) {
  return {
    "GET /stats": STATS,
    "GET /contact-messages": (c: FakeCall) => (c.params?.status === "unread" ? messages.filter((m) => !m.readAt) : messages),
    "PATCH /contact-messages/:id": (c: FakeCall) => {
      const id = Number(c.path.split("/").pop());
      const m = messages.find((x) => x.id === id)!;
      const patch = c.body as { read?: boolean; handled?: boolean };
      if (patch.read) m.readAt = "2026-04-06T00:00:00Z";
      if (patch.handled) m.handledAt = "2026-04-06T00:00:00Z";
      return m;
    },
  };
}

describe("contact messages inbox", () => {
  it("lists unread messages, opens one (marking it read) and marks it handled", async () => {
    const messages = [msg(1), msg(2, { readAt: "2026-04-05T13:00:00Z", subject: null })];
    const { api, callsTo } = createFakeApi(inbox(messages));
    renderApp(api, "/messages");
    const list = await screen.findByRole("list", { name: "Messages" });
    expect(within(list).getAllByRole("button")).toHaveLength(1);
    const item = within(list).getByRole("button", { name: /Visitor 1/ });
    expect(within(item).getByText("unread")).toBeInTheDocument();
    expect(item).toHaveTextContent("General Inquiry · 04/05/2026");

    const user = userEvent.setup();
    await user.click(item);
    const reader = screen.getByRole("region", { name: "General Inquiry" });
    expect(within(reader).getByText("Message body 1")).toBeInTheDocument();
    expect(within(reader).getByRole("link", { name: "Reply by email" })).toHaveAttribute("href", "mailto:v1@example.com");
    await waitFor(() => expect(callsTo("PATCH", "/contact-messages/1")[0]?.body).toEqual({ read: true }));
    // Read, it leaves the Unread list but stays open.
    await waitFor(() => expect(screen.queryByRole("button", { name: /Visitor 1/ })).not.toBeInTheDocument());
    expect(screen.getByRole("region", { name: "General Inquiry" })).toBeInTheDocument();

    await user.click(within(reader).getByRole("button", { name: "Mark as handled" }));
    expect(await screen.findByText("Message handled")).toBeInTheDocument();
    expect(callsTo("PATCH", "/contact-messages/1")[1]?.body).toEqual({ handled: true });
    expect(await within(screen.getByRole("region", { name: "General Inquiry" })).findByText(/^Handled/)).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "All" }));
    const all = await screen.findByRole("button", { name: /Visitor 2/ });
    expect(all).toHaveTextContent("No subject");
    const first = screen.getByRole("button", { name: /Visitor 1/ });
    expect(within(first).getByText("handled")).toBeInTheDocument();
  });

  it("shows the empty and failure states", async () => {
    const empty = createFakeApi(inbox([]));
    const { unmount } = renderApp(empty.api, "/messages");
    expect(await screen.findByText("No messages.")).toBeInTheDocument();
    unmount();
    const failing = createFakeApi({ "GET /stats": STATS, "GET /contact-messages": failWith(500) });
    renderApp(failing.api, "/messages");
    expect(await screen.findByText("Failed to load messages. Please try again.")).toBeInTheDocument();
  });

  it("toasts when marking fails and keeps the message open", async () => {
    const { api } = createFakeApi({
      ...inbox([msg(3, { readAt: "2026-04-05T13:00:00Z" })]),
      "PATCH /contact-messages/:id": failWith(500),
    });
    renderApp(api, "/messages");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "All" }));
    await user.click(await screen.findByRole("button", { name: /Visitor 3/ }));
    await user.click(screen.getByRole("button", { name: "Mark as handled" }));
    expect(await screen.findByText("Failed to update the message.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark as handled" })).toBeInTheDocument();
  });
});
