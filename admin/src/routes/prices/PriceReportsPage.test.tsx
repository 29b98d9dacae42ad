import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PriceReport } from "@botox/core";
import { createFakeApi, failWith, STATS, type FakeCall } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";
import { reportSummary } from "./PriceReportsPage.tsx";
import { UNDO_MS } from "./use-undoable-decisions.ts";

/** Fake timers that still move on by themselves (so waits and the user's typing work), advanced by hand past the undo window. */
const passUndoWindow = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(UNDO_MS);
  });
const setupUser = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

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
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is in the nav, lists pending reports and publishes one", async () => {
    const reports = [report(1), report(2), report(3, { status: "rejected", reason: "Duplicate" })];
    const { api, callsTo } = createFakeApi(queue(reports));
    renderApp(api, "/");
    const user = setupUser();
    await user.click(await screen.findByRole("link", { name: "Price Reports" }));
    const list = await screen.findByRole("list", { name: "Price reports" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(callsTo("GET", "/price-reports")[0]?.params).toMatchObject({ status: "pending" });

    const first = within(list).getByText("Glow Spa 1").closest("li") as HTMLElement;
    expect(first).toHaveTextContent("Botox: $260 for 20 units ($13/unit), treated Oct 2026");
    await user.click(within(first).getByRole("button", { name: "Publish" }));
    expect(within(first).getByRole("status")).toHaveTextContent(`Publishing this report in ${UNDO_MS / 1000} seconds.`);
    expect(callsTo("PATCH", "/price-reports/1")).toHaveLength(0);
    await passUndoWindow();
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Price reports" })).getAllByRole("listitem")).toHaveLength(1));
    expect(callsTo("PATCH", "/price-reports/1")[0]?.body).toEqual({ status: "published" });
    expect(document.body).toHaveTextContent("Report published");
  });

  it("rejects a report with a reason, and shows it under Rejected", async () => {
    const reports = [report(1)];
    const { api, callsTo } = createFakeApi(queue(reports));
    renderApp(api, "/price-reports");
    const user = setupUser();
    const list = await screen.findByRole("list", { name: "Price reports" });
    await user.click(within(list).getByRole("button", { name: "Reject" }));
    await user.type(within(list).getByLabelText("Reason for rejecting"), "Total looks like a package price");
    await user.click(within(list).getByRole("button", { name: "Reject report" }));
    await passUndoWindow();
    await screen.findByText("No reports waiting for review.");
    expect(callsTo("PATCH", "/price-reports/1")[0]?.body).toEqual({ status: "rejected", reason: "Total looks like a package price" });
    await user.click(screen.getByRole("tab", { name: "Rejected" }));
    expect(await screen.findByText("Reason: Total looks like a package price")).toBeInTheDocument();
  });

  it("shows the API's reason when a review fails, and an error state with Retry when the list fails", async () => {
    const { api } = createFakeApi({ ...queue([report(1)]), "PATCH /price-reports/:id": failWith(409, { error: "This report was already reviewed." }) });
    renderApp(api, "/price-reports");
    const user = setupUser();
    const list = await screen.findByRole("list", { name: "Price reports" });
    await user.click(within(list).getByRole("button", { name: "Publish" }));
    await passUndoWindow();
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

  it("takes a decision back with Undo within the window: nothing is sent", async () => {
    const reports = [report(1)];
    const { api, callsTo } = createFakeApi(queue(reports));
    renderApp(api, "/price-reports");
    const user = setupUser();
    const list = await screen.findByRole("list", { name: "Price reports" });
    await user.click(within(list).getByRole("button", { name: "Publish" }));
    await act(() => vi.advanceTimersByTime(UNDO_MS - 1000));
    await user.click(within(list).getByRole("button", { name: "Undo" }));
    await passUndoWindow();
    expect(callsTo("PATCH", "/price-reports/1")).toHaveLength(0);
    expect(within(list).getByRole("button", { name: "Publish" })).toBeInTheDocument();
    expect(reports[0]?.status).toBe("pending");
  });

  it("sends a held decision at once when the admin leaves the page", async () => {
    const { api, callsTo } = createFakeApi(queue([report(1)]));
    renderApp(api, "/price-reports");
    const user = setupUser();
    const list = await screen.findByRole("list", { name: "Price reports" });
    await user.click(within(list).getByRole("button", { name: "Publish" }));
    await user.click(screen.getByRole("link", { name: "Clinics" }));
    await waitFor(() => expect(callsTo("PATCH", "/price-reports/1")).toHaveLength(1));
  });

  it("shows each report's city, the clinic's current price, the local median and the outlier flag", async () => {
    const r = {
      ...report(1, { units: 20, totalCents: 60000 }),
      context: {
        city: "Springfield",
        state: "IL",
        currentUnitCents: 1100,
        localMedianCents: 1300,
        localClinics: 6,
        reportedUnitCents: 3000,
        outlier: "131% above the local median",
      },
    };
    const { api } = createFakeApi({
      ...queue([r]),
      "GET /clinics": { clinics: [], pagination: { totalItems: 0, itemsPerPage: 10, currentPage: 1, totalPages: 0 } },
    });
    renderApp(api, "/price-reports");
    const list = await screen.findByRole("list", { name: "Price reports" });
    expect(within(list).getByText("Springfield, IL")).toBeInTheDocument();
    expect(list).toHaveTextContent("Current price: $11/unit");
    expect(list).toHaveTextContent("Local median: $13/unit (6 clinics)");
    expect(list).toHaveTextContent("Outlier: 131% above the local median");
  });
});
