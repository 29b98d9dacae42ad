import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import NewsletterPreferences from "./NewsletterPreferences.tsx";
import { API_URL, deferred, json, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };

/** Puts `text` in a field with one input event (typing key by key re-renders the island per character). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
const stored = { zipCode: "10001", radiusMiles: 10, brands: ["dysport"], frequency: "weekly", status: "confirmed" };

describe("NewsletterPreferences", () => {
  it("shows the stored preferences and saves the changed ones with the link's token", async () => {
    const user = userEvent.setup();
    const saving = deferred<Response>();
    const { requests } = mockApi({ "GET /newsletter/preferences": stored, "PUT /newsletter/preferences": () => saving.promise });
    render(<NewsletterPreferences config={config} location={{ search: "?token=tok%2B1", hash: "" }} />);
    const zip = await screen.findByLabelText("ZIP code");
    expect(requests[0]!.url.searchParams.get("token")).toBe("tok+1");
    expect(zip).toHaveValue("10001");
    expect(screen.getByLabelText("Within")).toHaveValue("10");
    expect(screen.getByLabelText("Dysport")).toBeChecked();
    expect(screen.getByLabelText("Weekly")).toBeChecked();

    await user.clear(zip);
    await fill(user, zip, "94103");
    await user.selectOptions(screen.getByLabelText("Within"), "50");
    await user.click(screen.getByLabelText("Botox"));
    await user.click(screen.getByLabelText("Dysport"));
    await user.click(screen.getByLabelText("Only when something new"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("button", { name: "Saving…" })).toBeDisabled();
    const put = requests.find((r) => r.method === "PUT")!;
    expect(put.url.searchParams.get("token")).toBe("tok+1");
    expect(put.body).toEqual({ zipCode: "94103", radiusMiles: 50, brands: ["botox"], frequency: "new" });
    saving.resolve(json({ ok: true }));
    expect(await screen.findByText("Your preferences are saved.")).toBeInTheDocument();
  });

  it("refuses a ZIP that is not five digits with the spec's message and sends nothing; an empty ZIP is sent as null", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ "GET /newsletter/preferences": stored, "PUT /newsletter/preferences": { ok: true } });
    render(<NewsletterPreferences config={config} location={{ search: "?token=t", hash: "" }} />);
    const zip = await screen.findByLabelText("ZIP code");
    await user.clear(zip);
    await fill(user, zip, "123");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("ZIP code must be exactly 5 digits.")).toBeInTheDocument();
    expect(zip).toHaveAttribute("aria-invalid", "true");
    expect(requests.filter((r) => r.method === "PUT")).toHaveLength(0);
    await user.clear(zip);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(requests.filter((r) => r.method === "PUT")).toHaveLength(1));
    expect(requests.find((r) => r.method === "PUT")!.body).toMatchObject({ zipCode: null });
  });

  it("unsubscribes with one click and says so", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ "GET /newsletter/preferences": stored, "POST /newsletter/unsubscribe": () => new Response(null, { status: 200 }) });
    render(<NewsletterPreferences config={config} location={{ search: "?token=t", hash: "" }} />);
    await user.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText("You're unsubscribed.")).toBeInTheDocument();
    const post = requests.find((r) => r.method === "POST")!;
    expect(post.url.pathname).toBe("/api/v1/newsletter/unsubscribe");
    expect(post.url.searchParams.get("token")).toBe("t");
    expect(post.body).toBeUndefined();
  });

  it("puts Unsubscribe first for the mail's unsubscribe link (#unsubscribe), and shows an already unsubscribed address as such", async () => {
    mockApi({ "GET /newsletter/preferences": { ...stored, status: "unsubscribed" } });
    render(<NewsletterPreferences config={config} location={{ search: "?token=t", hash: "#unsubscribe" }} />);
    expect(await screen.findByText("You're unsubscribed.")).toBeInTheDocument();
    const headings = screen.getAllByRole("heading").map((h) => h.textContent);
    expect(headings).toEqual(["Unsubscribe", "Or change what we send you", "Delete my data"]);
  });

  it("asks before deleting, keeps everything on 'Keep my data', and erases on 'Yes, delete my data'", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ "GET /newsletter/preferences": stored, "DELETE /newsletter/subscription": { ok: true } });
    render(<NewsletterPreferences config={config} location={{ search: "?token=t", hash: "" }} />);
    await user.click(await screen.findByRole("button", { name: "Delete my data" }));
    expect(screen.getByRole("alertdialog")).toHaveTextContent("Delete everything we hold about this address? This can't be undone.");
    await user.click(screen.getByRole("button", { name: "Keep my data" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === "DELETE")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Delete my data" }));
    await user.click(screen.getByRole("button", { name: "Yes, delete my data" }));
    expect(await screen.findByRole("heading", { name: "Your data has been deleted" })).toBeInTheDocument();
    expect(requests.find((r) => r.method === "DELETE")!.url.searchParams.get("token")).toBe("t");
    expect(screen.queryByLabelText("ZIP code")).not.toBeInTheDocument();
  });

  it("says which problem a refused token has instead of a form", async () => {
    mockApi({ "GET /newsletter/preferences": json({ error: "Unknown token" }, 404) });
    render(<NewsletterPreferences config={config} location={{ search: "?token=nope", hash: "" }} />);
    expect(await screen.findByRole("heading", { name: "We don't recognise this link" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Subscribe again" })).toBeInTheDocument();
    expect(screen.queryByLabelText("ZIP code")).not.toBeInTheDocument();
  });

  it("keeps the form and shows a retry line when a save fails on the server", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /newsletter/preferences": stored, "PUT /newsletter/preferences": json({ error: "Internal error" }, 500) });
    render(<NewsletterPreferences config={config} location={{ search: "?token=t", hash: "" }} />);
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That didn't work. Please try again.");
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
  });
});
