import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import NewsletterForm from "./NewsletterForm.tsx";
import { API_URL, deferred, json, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };
const toastText = () => document.getElementById("toast-viewport")?.textContent ?? "";

describe("NewsletterForm", () => {
  it("starts with the email and Subscribe, and expands once an email is typed", async () => {
    const user = userEvent.setup();
    render(<NewsletterForm config={config} />);
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeInTheDocument();
    expect(screen.queryByLabelText(/First name/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Email address"), "a");
    expect(screen.queryByRole("button", { name: "Subscribe" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("First name (optional)")).toBeInTheDocument();
    expect(screen.getByLabelText("ZIP code (optional)")).toHaveAttribute("maxlength", "5");
    expect(screen.getByRole("button", { name: "Get Botox Deals" })).toBeInTheDocument();
  });

  it("asks for the email with a destructive toast and sends nothing when it is missing", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({});
    render(<NewsletterForm config={config} />);
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(toastText()).toBe("Email requiredPlease enter your email address.");
    expect(document.querySelector("[data-toast]")).toHaveAttribute("data-toast", "destructive");
    expect(requests).toHaveLength(0);
  });

  it("subscribes: 'Subscribing...' while sending, then the success toast, the signup event, and a reset, collapsed form", async () => {
    const user = userEvent.setup();
    const pending = deferred<Response>();
    const { requests } = mockApi({ "POST /newsletter/subscribe": () => pending.promise });
    const gtag = vi.fn();
    vi.stubGlobal("gtag", gtag);
    document.documentElement.dataset.analytics = "ga4";
    render(<NewsletterForm config={config} />);
    await user.type(screen.getByLabelText("Email address"), " ann@example.com ");
    await user.click(screen.getByRole("button", { name: "Get Botox Deals" }));
    expect(screen.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    expect(requests[0]!.body).toEqual({ email: "ann@example.com", zipCode: null, firstName: null });
    pending.resolve(json({ subscribed: true }, 201));
    await waitFor(() => expect(screen.getByRole("button", { name: "Subscribe" })).toBeInTheDocument());
    expect(screen.getByLabelText("Email address")).toHaveValue("");
    expect(screen.queryByLabelText(/First name/)).not.toBeInTheDocument();
    expect(toastText()).toBe("Success!Almost done: check your inbox and click the link we sent to confirm your subscription.");
    expect(gtag).toHaveBeenCalledWith("event", "newsletter_signup", {});
    delete document.documentElement.dataset.analytics;
  });

  it("refuses a ZIP that is not five digits with the message, sending nothing and keeping what was typed", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({});
    render(<NewsletterForm config={config} />);
    await user.type(screen.getByLabelText("Email address"), "cy@example.com");
    await user.type(screen.getByLabelText("ZIP code (optional)"), "123");
    await user.click(screen.getByRole("button", { name: "Get Botox Deals" }));
    expect(screen.getByRole("alert")).toHaveTextContent("ZIP code must be exactly 5 digits.");
    expect(requests).toHaveLength(0);
    expect(screen.getByLabelText("Email address")).toHaveValue("cy@example.com");
    await user.type(screen.getByLabelText("ZIP code (optional)"), "45");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("sends the optional first name and ZIP when given", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ "POST /newsletter/subscribe": () => json({ subscribed: true }, 201) });
    render(<NewsletterForm config={config} />);
    await user.type(screen.getByLabelText("Email address"), "bo@example.com");
    await user.type(screen.getByLabelText("First name (optional)"), " Bo ");
    await user.type(screen.getByLabelText("ZIP code (optional)"), "1000123");
    await user.click(screen.getByRole("button", { name: "Get Botox Deals" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({ email: "bo@example.com", zipCode: "10001", firstName: "Bo" });
  });

  it("keeps the form and shows the error toast when the subscription fails", async () => {
    const user = userEvent.setup();
    mockApi({ "POST /newsletter/subscribe": () => json({ error: "Too many requests" }, 429) });
    const gtag = vi.fn();
    vi.stubGlobal("gtag", gtag);
    render(<NewsletterForm config={config} />);
    await user.type(screen.getByLabelText("Email address"), "cy@example.com");
    await user.click(screen.getByRole("button", { name: "Get Botox Deals" }));
    await waitFor(() => expect(toastText()).toBe("Subscription errorWe couldn't process your subscription. Please try again."));
    expect(screen.getByLabelText("Email address")).toHaveValue("cy@example.com");
    expect(screen.getByRole("button", { name: "Get Botox Deals" })).toBeEnabled();
    expect(gtag).not.toHaveBeenCalled();
  });
});
