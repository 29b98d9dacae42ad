import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PriceReport } from "@botox/core";
import { createFakeApi, failWith, STATS, type FakeCall } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";
import { reportSummary } from "./PriceReportsPage.tsx";

const report = (id: number, over: Partial<PriceReport> = {}): PriceReport => ({
  id,
  clinicId: 7,
  clinicName: `Glow Spa ${id}`,
  brand: "botox",
  area: null,
  units: 20,
  totalCents: 26000,
  treatedMonth: "2026-10",
  status: "pending",
  reason: null,
  priceId: null,
  createdAt: "2026-11-05T12:00:00Z",
  reviewedAt: null,
  ...over,
});

/** A queue of reports behind the fake API. */
function queue(reports: PriceReport[]) {
  return {
    "GET /stats": { ...STATS, pendingPriceReports: reports.filter((r) => r.status === "pending").length, staleClinicPrices: 4 },
    "GET /price-reports": (c: FakeCall) => {
      const list = c.params?.status === "all" ? reports : reports.filter((r) => r.status === c.params?.status);
      return { reports: list, total: list.length };
    },
    "PATCH /price-reports/:id": (c: FakeCall) => {
      const r = reports.find((x) => x.id === Number(c.path.split("/").pop()));
      if (!r) throw new Error("no report");
      const body = c.body as { status: "published" | "rejected"; reason?: string };
      Object.assign(r, { status: body.status, reason: body.reason ?? null });
      return r;
    },
  };
}

describe("reportSummary", () => {
  it("reads what was paid, with the implied unit price only when units were given", () => {
    expect(reportSummary(report(1))).toBe("Botox: $260 for 20 units ($13/unit), treated Oct 2026");
    expect(reportSummary(report(1, { area: "lip_flip", units: null, totalCents: 15000 }))).toBe("Botox, Lip flip: $150, treated Oct 2026");
  });
});

describe("price reports queue", () => {
  it("is in the nav, lists pending reports and publishes one", async () => {
    const reports = [report(1), report(2), report(3, { status: "rejected", reason: "Duplicate" })];
    const { api, callsTo } = createFakeApi(queue(reports));
    renderApp(api, "/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Price Reports" }));
    const list = await screen.findByRole("list", { name: "Price reports" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(callsTo("GET", "/price-reports")[0]?.params).toMatchObject({ status: "pending" });

    const first = within(list).getByText("Glow Spa 1").closest("li") as HTMLElement;
    expect(first).toHaveTextContent("Botox: $260 for 20 units ($13/unit), treated Oct 2026");
    await user.click(within(first).getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Price reports" })).getAllByRole("listitem")).toHaveLength(1));
    expect(callsTo("PATCH", "/price-reports/1")[0]?.body).toEqual({ status: "published" });
    expect(document.body).toHaveTextContent("Report published");
  });

  it("rejects a report with a reason, and shows it under Rejected", async () => {
    const reports = [report(1)];
    const { api, callsTo } = createFakeApi(queue(reports));
    renderApp(api, "/price-reports");
    const user = userEvent.setup();
    const list = await screen.findByRole("list", { name: "Price reports" });
    await user.click(within(list).getByRole("button", { name: "Reject" }));
    await user.type(within(list).getByLabelText("Reason for rejecting"), "Total looks like a package price");
    await user.click(within(list).getByRole("button", { name: "Reject report" }));
    await screen.findByText("No reports waiting for review.");
    expect(callsTo("PATCH", "/price-reports/1")[0]?.body).toEqual({ status: "rejected", reason: "Total looks like a package price" });
    await user.click(screen.getByRole("tab", { name: "Rejected" }));
    expect(await screen.findByText("Reason: Total looks like a package price")).toBeInTheDocument();
  });

  it("shows the API's reason when a review fails, and an error state with Retry when the list fails", async () => {
    const { api } = createFakeApi({ ...queue([report(1)]), "PATCH /price-reports/:id": failWith(409, { error: "This report was already reviewed." }) });
    renderApp(api, "/price-reports");
    const user = userEvent.setup();
    const list = await screen.findByRole("list", { name: "Price reports" });
    await user.click(within(list).getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(document.body).toHaveTextContent("This report was already reviewed."));

    const failing = createFakeApi({
      "GET /stats": STATS,
      "GET /price-reports": failWith(503, { error: "The database is unavailable. Please try again shortly." }),
    });
    document.body.replaceChildren();
    renderApp(failing.api, "/price-reports");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to load price reports.");
    expect(alert).toHaveTextContent("The database is unavailable. Please try again shortly.");
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("counts pending reports and stale-priced clinics on the dashboard", async () => {
    const { api } = createFakeApi(queue([report(1), report(2)]));
    renderApp(api, "/");
    const pending = await screen.findByRole("link", { name: /Pending Price Reports/ });
    expect(pending).toHaveTextContent("2");
    expect(pending).toHaveAttribute("href", "/price-reports");
    expect(screen.getByText("Clinics with Stale Prices").parentElement).toHaveTextContent("4");
  });
});
