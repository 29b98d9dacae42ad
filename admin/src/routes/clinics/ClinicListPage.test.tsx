import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG } from "@botox/core";
import { createFakeApi, failWith, STATS, type FakeCall } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";
import { clinicAddress, clinicLocation } from "./ClinicTable.tsx";

const base = { phone: "2125551234", street: null, country: "USA" };
const clinics = [
  {
    ...base,
    id: 1,
    name: "Alpha",
    city: "Rancho Santa Margarita Heights",
    state: "CA",
    fullAddress: "12345 Long Boulevard Name, Suite 600, Rancho Santa Margarita, CA 92688",
    businessStatus: "OPERATIONAL",
  },
  { ...base, id: 2, name: "Beta", city: "Miami", state: "FL", fullAddress: "1 Ocean Dr", businessStatus: "CLOSED_TEMPORARILY" },
  { ...base, id: 3, name: "Gamma", city: "Austin", state: "TX", fullAddress: "2 Congress Ave", businessStatus: "PERMANENTLY_CLOSED" },
];
const page = (list: unknown[]) => ({ clinics: list, pagination: { totalItems: 23, itemsPerPage: 10, currentPage: 1, totalPages: 3 } });

describe("clinic list", () => {
  it("truncates location to 30 and address to 40 characters", () => {
    expect(clinicLocation({ city: "Rancho Santa Margarita Heights", state: "CA" })).toBe("Rancho Santa Margarita Heights...");
    expect(clinicLocation({ city: "Miami", state: "FL" })).toBe("Miami, FL");
    expect(clinicAddress({ fullAddress: "x".repeat(41), street: null })).toBe(`${"x".repeat(40)}...`);
    expect(clinicAddress({ fullAddress: "x".repeat(40), street: null })).toBe("x".repeat(40));
  });

  it("lists clinics with truncated columns, status labels, filters and pagination", async () => {
    const { api, calls } = createFakeApi({ "GET /stats": STATS, "GET /clinics": page(clinics) });
    renderApp(api, "/clinics");
    expect(await screen.findByText("Alpha")).toBeInTheDocument();
    expect(screen.getByText("Rancho Santa Margarita Heights...")).toBeInTheDocument();
    expect(screen.getByText(`${clinics[0]!.fullAddress.slice(0, 40)}...`)).toBeInTheDocument();
    const table = screen.getByRole("table");
    expect(within(table).getByText("Open")).toBeInTheDocument();
    expect(within(table).getByText("Temp. Closed")).toBeInTheDocument();
    expect(within(table).getByText("Closed")).toBeInTheDocument();
    expect(screen.getAllByText("(212) 555-1234")).toHaveLength(3);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Business status"), "closed_temporarily");
    await user.type(screen.getByLabelText("Search clinics"), "glow");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => {
      const last = calls.filter((c: FakeCall) => c.path === "/clinics").at(-1);
      expect(last?.params).toMatchObject({ page: 2, limit: 10, query: "glow", businessStatus: "closed_temporarily" });
    });
  });

  it("shows the load failure text", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /clinics": failWith(500) });
    renderApp(api, "/clinics");
    expect(await screen.findByText(MSG.admin.loadClinics)).toBeInTheDocument();
  });

  it("deletes after confirmation, and alerts when the delete fails", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /clinics": page(clinics),
      "DELETE /clinics/2": failWith(500),
    });
    renderApp(api, "/clinics");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete Beta" }));
    const dialog = screen.getByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo("DELETE", "/clinics/2")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Delete Beta" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(MSG.admin.deleteClinic)).toBeInTheDocument();
    expect(callsTo("DELETE", "/clinics/2")).toHaveLength(1);
  });
});

describe("clinic list: URL state", () => {
  it("the search box follows the URL when the sidebar resets the list", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /clinics": page(clinics) });
    renderApp(api, "/clinics?query=glow&businessStatus=operational");
    expect(await screen.findByLabelText("Search clinics")).toHaveValue("glow");
    expect(screen.getByLabelText("Business status")).toHaveValue("operational");
    const user = userEvent.setup();
    await user.click(within(screen.getByRole("navigation", { name: "Admin" })).getByRole("link", { name: "Clinics" }));
    await waitFor(() => expect(screen.getByLabelText("Search clinics")).toHaveValue(""));
    expect(screen.getByLabelText("Business status")).toHaveValue("");
  });

  it("steps back to the last page when the one asked for no longer exists", async () => {
    const { api, calls } = createFakeApi({
      "GET /stats": STATS,
      "GET /clinics": (c: FakeCall) =>
        c.params?.page === 3
          ? { clinics: [], pagination: { totalItems: 20, itemsPerPage: 10, currentPage: 3, totalPages: 2 } }
          : { clinics, pagination: { totalItems: 20, itemsPerPage: 10, currentPage: 2, totalPages: 2 } },
    });
    renderApp(api, "/clinics?page=3");
    expect(await screen.findByText("Page 2 of 2", { exact: false })).toBeInTheDocument();
    // "Page 2 of 2" shows as soon as the address says page 2 (the previous answer stays as a
    // placeholder), a render before the query for page 2 starts: wait for that request.
    await waitFor(() => expect(calls.filter((c) => c.path === "/clinics").map((c) => c.params?.page)).toEqual([3, 2]));
  });
});

describe("clinic list: loading another page", () => {
  it("keeps the previous rows, dimmed and busy, until the next page arrives", async () => {
    let release: () => void = () => {};
    const { api } = createFakeApi({
      "GET /stats": STATS,
      "GET /clinics": (c: FakeCall) =>
        c.params?.page === 2 ? new Promise((resolve) => (release = () => resolve(page([{ ...clinics[1]!, id: 9, name: "Delta" }])))) : page(clinics),
    });
    renderApp(api, "/clinics");
    expect(await screen.findByText("Alpha")).toBeInTheDocument();
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "false");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByText("Alpha")).toBeInTheDocument();
    release();
    expect(await screen.findByText("Delta")).toBeInTheDocument();
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "false");
  });
});

describe("clinic list: page numbers and jump to page", () => {
  const manyPages = (c: FakeCall) => ({
    clinics: [{ ...clinics[1]!, id: Number(c.params?.page ?? 1), name: `Clinic on page ${String(c.params?.page ?? 1)}` }],
    pagination: { totalItems: 1995, itemsPerPage: 10, currentPage: Number(c.params?.page ?? 1), totalPages: 200 },
  });
  const lastCall = (calls: FakeCall[]) => calls.filter((c) => c.path === "/clinics").at(-1)?.params;

  it("opens the page in the URL and shows first, last and neighbouring page numbers", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /clinics": manyPages });
    renderApp(api, "/clinics?page=100&query=glow");
    expect(await screen.findByText("Clinic on page 100")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["1", "99", "100", "101", "200"]);
    expect(within(nav).getByRole("link", { name: "Page 100" })).toHaveAttribute("aria-current", "page");
    // Each number is a real link that keeps the search: it can be opened in a new tab.
    expect(within(nav).getByRole("link", { name: "Page 200" })).toHaveAttribute("href", "/clinics?query=glow&page=200");
    expect(within(nav).getByRole("link", { name: "Page 1" })).toHaveAttribute("href", "/clinics?query=glow");
    expect(within(nav).getByRole("button", { name: "Previous" })).toBeEnabled();
    expect(within(nav).getByRole("button", { name: "Next" })).toBeEnabled();
  });

  it("goes to a clicked page number and to a typed page, brought into range", async () => {
    const { api, calls } = createFakeApi({ "GET /stats": STATS, "GET /clinics": manyPages });
    renderApp(api, "/clinics?query=glow");
    expect(await screen.findByText("Clinic on page 1")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "Page 200" }));
    expect(await screen.findByText("Clinic on page 200")).toBeInTheDocument();
    expect(lastCall(calls)).toMatchObject({ page: 200, query: "glow" });
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();

    const jump = screen.getByLabelText("Go to page");
    expect(jump).toHaveValue(200);
    await user.clear(jump);
    await user.type(jump, "57");
    await user.click(screen.getByRole("button", { name: "Go" }));
    expect(await screen.findByText("Clinic on page 57")).toBeInTheDocument();
    expect(lastCall(calls)).toMatchObject({ page: 57, query: "glow" });

    await user.clear(screen.getByLabelText("Go to page"));
    await user.type(screen.getByLabelText("Go to page"), "9999{Enter}");
    expect(await screen.findByText("Clinic on page 200")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Go to page"));
    await user.type(screen.getByLabelText("Go to page"), "0{Enter}");
    // Page 1 comes from the cache (no new call); its link is the current one again.
    expect(await screen.findByText("Clinic on page 1")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  });

  it("shows no jump box when there is one page", async () => {
    const { api } = createFakeApi({
      "GET /stats": STATS,
      "GET /clinics": { clinics, pagination: { totalItems: 3, itemsPerPage: 10, currentPage: 1, totalPages: 1 } },
    });
    renderApp(api, "/clinics");
    expect(await screen.findByText("Alpha")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(screen.queryByLabelText("Go to page")).not.toBeInTheDocument();
  });
});
