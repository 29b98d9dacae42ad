import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PRICE_MSG } from "@botox/core/prices";
import PriceReportForm, { REPORT_FAILED } from "./PriceReportForm.tsx";
import { API_URL, deferred, json, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };
const PATH = "POST /clinics/7/price-reports";
const TODAY = "2026-11-23";

function renderForm() {
  render(<PriceReportForm clinicId={7} clinicName="Glow Spa" config={config} today={TODAY} />);
  return userEvent.setup();
}

describe("PriceReportForm", () => {
  it("sends brand, units, total, month and area, shows the sending state, then 'pending review'", async () => {
    const hold = deferred<Response>();
    const { requests } = mockApi({ [PATH]: () => hold.promise });
    const user = renderForm();
    await user.selectOptions(screen.getByLabelText("Area treated"), "forehead");
    await user.type(screen.getByLabelText("Units (if you know)"), "20");
    await user.type(screen.getByLabelText("Total paid ($)"), "260");
    await user.clear(screen.getByLabelText("Month treated"));
    await user.type(screen.getByLabelText("Month treated"), "2026-10");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByRole("button", { name: "Sending…" })).toBeDisabled();
    hold.resolve(json({ report: { id: 1, status: "pending" } }, 201));
    expect(await screen.findByText(PRICE_MSG.reportPending)).toBeInTheDocument();
    expect(screen.getByText("Status: pending review.")).toBeInTheDocument();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({ brand: "botox", units: 20, total: 260, treatedMonth: "2026-10", area: "forehead" });
  });

  it("checks the fields before sending, with the API's messages", async () => {
    const { requests } = mockApi({});
    const user = renderForm();
    await user.type(screen.getByLabelText("Units (if you know)"), "2.5");
    await user.clear(screen.getByLabelText("Month treated"));
    await user.type(screen.getByLabelText("Month treated"), "2027-01");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(screen.getByText(PRICE_MSG.total)).toBeInTheDocument();
    expect(screen.getByText(PRICE_MSG.reportUnits)).toBeInTheDocument();
    expect(screen.getByText(PRICE_MSG.treatedMonth)).toBeInTheDocument();
    expect(screen.getByLabelText("Total paid ($)")).toHaveAttribute("aria-invalid", "true");
    expect(requests).toHaveLength(0);
    // Fixing a field clears its message.
    await user.type(screen.getByLabelText("Total paid ($)"), "200");
    expect(screen.queryByText(PRICE_MSG.total)).not.toBeInTheDocument();
  });

  it("shows the API's reason (one report a month) and keeps the form", async () => {
    mockApi({ [PATH]: () => json({ error: PRICE_MSG.reportAlreadySent }, 409) });
    const user = renderForm();
    await user.type(screen.getByLabelText("Total paid ($)"), "260");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PRICE_MSG.reportAlreadySent);
    expect(screen.getByRole("button", { name: "Send report" })).toBeEnabled();
  });

  it("says when the visitor is rate limited", async () => {
    mockApi({ [PATH]: () => new Response("", { status: 429 }) });
    const user = renderForm();
    await user.type(screen.getByLabelText("Total paid ($)"), "260");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests. Please try again later.");
  });

  it("falls back to a plain retry message when the failure carries none", async () => {
    mockApi({ [PATH]: () => new Response("<html>Bad gateway</html>", { status: 502 }) });
    const user = renderForm();
    await user.type(screen.getByLabelText("Total paid ($)"), "260");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(REPORT_FAILED));
  });
});
