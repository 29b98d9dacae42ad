import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import NewsletterConfirm from "./NewsletterConfirm.tsx";
import { API_URL, json, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };

describe("NewsletterConfirm", () => {
  it("posts the link's token once and says the subscription is confirmed", async () => {
    const { requests } = mockApi({ "POST /newsletter/confirm": () => json({ confirmed: true }) });
    render(<NewsletterConfirm config={config} search="?token=abc123" />);
    expect(screen.getByRole("status")).toHaveTextContent("Confirming your subscription…");
    expect(await screen.findByRole("heading", { name: "You're subscribed" })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toEqual({ token: "abc123" });
    expect(requests[0]!.url.search).toBe("");
  });

  it("links to the preferences page when the answer carries a preferences token", async () => {
    mockApi({ "POST /newsletter/confirm": () => json({ confirmed: true, preferencesToken: "p/q" }) });
    render(<NewsletterConfirm config={config} search="?token=abc" />);
    const link = await screen.findByRole("link", { name: "Choose your ZIP, radius and brands" });
    expect(link).toHaveAttribute("href", "/newsletter/preferences?token=p%2Fq");
  });

  it.each([
    [json({ error: "This confirmation link has expired.", reason: "expired" }, 410), "This link has expired"],
    [json({ error: "This link has already been used." }, 409), "This link has already been used"],
    [json({ error: "Unknown token" }, 404), "We don't recognise this link"],
    [new Response("", { status: 410 }), "This link has expired"],
    [new Response("", { status: 400 }), "We don't recognise this link"],
  ])("says which problem the token has, and offers to subscribe again (%#)", async (answer, title) => {
    mockApi({ "POST /newsletter/confirm": () => answer });
    render(<NewsletterConfirm config={config} search="?token=bad" />);
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Subscribe again" })).toBeInTheDocument();
  });

  it("sends nothing for a link without a token and says it is incomplete", async () => {
    const { requests } = mockApi({});
    render(<NewsletterConfirm config={config} search="" />);
    expect(await screen.findByRole("heading", { name: "This link is incomplete" })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("says the check failed (no subscribe offer) when the API answers 500 or is unreachable", async () => {
    mockApi({ "POST /newsletter/confirm": () => json({ error: "Internal error" }, 500) });
    render(<NewsletterConfirm config={config} search="?token=t" />);
    expect(await screen.findByRole("heading", { name: "We couldn't check this link right now" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Subscribe again" })).not.toBeInTheDocument();
  });

  it("takes the visitor to the page's newsletter form from Subscribe again", async () => {
    mockApi({ "POST /newsletter/confirm": () => json({ error: "expired" }, 410) });
    document.body.insertAdjacentHTML("beforeend", '<form data-newsletter><input type="email" id="nl-email" /></form>');
    render(<NewsletterConfirm config={config} search="?token=t" />);
    (await screen.findByRole("button", { name: "Subscribe again" })).click();
    expect(document.activeElement?.id).toBe("nl-email");
  });
});
