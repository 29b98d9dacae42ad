import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import PriceAlertForm, { ALERT_MSG } from "./PriceAlertForm.tsx";
import { NEWSLETTER_MSG } from "@botox/core/contract";
import { API_URL, deferred, json, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };

/** Puts `text` in a field with one input event (typing key by key re-renders the island per character). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe("PriceAlertForm", () => {
  it("reads as a sentence, starts from the page's brand, ZIP and median, and posts the contract's body", async () => {
    const user = userEvent.setup();
    const pending = deferred<Response>();
    const { requests } = mockApi({ "POST /price-alerts": () => pending.promise });
    render(<PriceAlertForm config={config} brand="dysport" zipCode="10001" suggestedMaxCents={1299} />);
    expect(screen.getByRole("form")).toHaveTextContent(/Tell me when .* is under \$.* a unit within .* miles of/);
    expect(screen.getByLabelText("Brand")).toHaveValue("dysport");
    expect(screen.getByLabelText("Price per unit in dollars")).toHaveValue("12");
    expect(screen.getByLabelText("ZIP code")).toHaveValue("10001");
    expect(screen.getByLabelText("Miles")).toHaveValue("25");
    await user.selectOptions(screen.getByLabelText("Miles"), "10");
    await user.clear(screen.getByLabelText("Price per unit in dollars"));
    await fill(user, screen.getByLabelText("Price per unit in dollars"), "$11.50");
    await fill(user, screen.getByLabelText("Email address"), " ann@example.com ");
    await user.click(screen.getByRole("button", { name: "Alert me" }));
    expect(screen.getByRole("button", { name: "Setting up…" })).toBeDisabled();
    expect(requests[0]!.body).toEqual({ email: "ann@example.com", brand: "dysport", maxUnitPrice: 11.5, zipCode: "10001", radiusMiles: 10 });
    pending.resolve(json({ ok: true }, 201));
    expect(await screen.findByRole("status")).toHaveTextContent(ALERT_MSG.sent);
  });

  it("refuses a price with the API's own words", () => {
    expect(ALERT_MSG.maxUnitPrice).toBe(NEWSLETTER_MSG.invalidMaxUnitPrice);
  });

  it("names each wrong field and sends nothing", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({});
    render(<PriceAlertForm config={config} />);
    await user.click(screen.getByRole("button", { name: "Alert me" }));
    expect(screen.getByText("Please enter your email address.")).toBeInTheDocument();
    expect(screen.getByText(ALERT_MSG.maxUnitPrice)).toBeInTheDocument();
    expect(screen.getByText("ZIP code must be exactly 5 digits.")).toBeInTheDocument();
    expect(screen.getByLabelText("ZIP code")).toHaveAttribute("aria-invalid", "true");
    await fill(user, screen.getByLabelText("Email address"), "not-an-address");
    await fill(user, screen.getByLabelText("Price per unit in dollars"), "0");
    await user.click(screen.getByRole("button", { name: "Alert me" }));
    expect(screen.getByText("Please enter a valid email address.")).toBeInTheDocument();
    expect(screen.getByText(ALERT_MSG.maxUnitPrice)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it.each([
    [json({ error: "ZIP code 00000 is not one we know." }, 400), "ZIP code 00000 is not one we know."],
    [json({ error: "Too many" }, 429), "Too many requests. Please try again later."],
    [json({ error: "boom" }, 500), ALERT_MSG.failed],
  ])("shows the API's refusal clearly and keeps the form (%#)", async (answer, text) => {
    const user = userEvent.setup();
    mockApi({ "POST /price-alerts": () => answer });
    render(<PriceAlertForm config={config} zipCode="10001" suggestedMaxCents={1200} />);
    await fill(user, screen.getByLabelText("Email address"), "ann@example.com");
    await user.click(screen.getByRole("button", { name: "Alert me" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(text));
    expect(screen.getByRole("button", { name: "Alert me" })).toBeEnabled();
    expect(screen.getByLabelText("Email address")).toHaveValue("ann@example.com");
  });
});
