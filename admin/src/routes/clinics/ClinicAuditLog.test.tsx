import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Clinic, ClinicAuditEntry, ClinicAuditList } from "@botox/core";
import { apiError, createFakeApi, STATS, type FakeCall } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";
import { auditTime } from "./ClinicAuditLog.tsx";

const clinic = { id: 7, name: "Glow Spa", slug: "glow-spa", city: "Austin", citySlug: "austin", state: "TX", businessStatus: "OPERATIONAL" } as Clinic;

const entry = (id: number, over: Partial<ClinicAuditEntry> = {}): ClinicAuditEntry => ({
  id,
  at: "2026-11-29T14:05:00Z",
  actor: { id: 3, email: "editor", role: "admin" },
  action: "clinic.update",
  entity: "clinic",
  entityId: 7,
  suggestionId: null,
  fields: ["phone", "workingHours"],
  before: { phone: "(512) 555-0100", workingHours: { Monday: "9AM-5PM" } },
  after: { phone: "(512) 555-0111", workingHours: { Monday: "10AM-4PM", Tuesday: "10AM-4PM" } },
  subject: {},
  ...over,
});

/** The clinic screen's reads, with a log of `entries` served a page at a time. */
function backend(entries: ClinicAuditEntry[]) {
  return {
    "GET /stats": STATS,
    "GET /clinics/7": clinic,
    "GET /clinics/7/prices": { prices: [] },
    "GET /clinics/7/deals": { deals: [] },
    "GET /clinics/7/staff": { staff: [] },
    "GET /clinics/7/audit": (c: FakeCall): ClinicAuditList => {
      const page = Number(c.params?.page ?? 1);
      const limit = Number(c.params?.limit ?? 20);
      return { entries: entries.slice((page - 1) * limit, page * limit), totalCount: entries.length, page, limit };
    },
  };
}

const auditCard = () => screen.findByRole("region", { name: "Audit log" });

describe("auditTime", () => {
  it("reads as the admin's date and the time in UTC", () => {
    expect(auditTime("2026-11-29T14:05:00Z")).toBe("11/29/2026 14:05 UTC");
  });
});

describe("the audit log on the clinic edit screen", () => {
  it("loads on demand, then shows who changed what, before and after, readably", async () => {
    const { api, callsTo } = createFakeApi(
      backend([
        entry(2),
        entry(1, {
          actor: { id: 9, email: "dana@glowspa.com", role: "owner" },
          action: "price.create",
          entity: "price",
          entityId: 40,
          fields: ["unitPriceCents", "source"],
          before: {},
          after: { unitPriceCents: 1250, source: "clinic" },
          subject: { brand: "botox", model: "per_unit" },
        }),
      ]),
    );
    renderApp(api, "/clinics/7");
    const card = await auditCard();
    expect(callsTo("GET", "/clinics/7/audit")).toHaveLength(0);
    const user = userEvent.setup();
    await user.click(within(card).getByRole("button", { name: "Show the audit log" }));

    const table = await within(card).findByRole("table", { name: "Changes to this clinic, newest first" });
    const [edit, price] = within(table).getAllByRole("row").slice(1);
    expect(edit).toHaveTextContent("11/29/2026 14:05 UTC");
    expect(edit).toHaveTextContent("editor");
    expect(within(edit!).getByText("team")).toBeInTheDocument();
    expect(edit).toHaveTextContent("Edited the clinic");
    const phone = edit!.querySelector('[data-field="phone"]')!;
    expect(phone).toHaveTextContent("Phone(512) 555-0100 → changed to (512) 555-0111");
    const hours = edit!.querySelector('[data-field="workingHours"] dd')!;
    expect(hours.textContent).toContain("Monday: 10AM-4PM\nTuesday: 10AM-4PM");

    expect(within(price!).getByText("owner")).toBeInTheDocument();
    expect(price).toHaveTextContent("Added a price");
    expect(price).toHaveTextContent("Botox, per unit");
    expect(price!.querySelector('[data-field="unitPriceCents"]')).toHaveTextContent("Price per unit$12.50");
    // Laid out as cards on a phone: each cell says which column it is.
    expect(
      within(price!)
        .getAllByRole("cell")
        .map((c) => c.getAttribute("data-label")),
    ).toEqual(["When", "Who", "What", "Changes"]);
    expect(within(card).getByText("Page 1 of 1 (2 changes)")).toBeInTheDocument();
  });

  it("pages through a long log", async () => {
    const entries = Array.from({ length: 25 }, (_, i) =>
      entry(25 - i, { after: { phone: `(512) 555-01${String(25 - i).padStart(2, "0")}` }, fields: ["phone"] }),
    );
    const { api, callsTo } = createFakeApi(backend(entries));
    renderApp(api, "/clinics/7");
    const card = await auditCard();
    const user = userEvent.setup();
    await user.click(within(card).getByRole("button", { name: "Show the audit log" }));
    await within(card).findByText("Page 1 of 2 (25 changes)");
    expect(within(card).getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(within(card).getByRole("button", { name: "Next" }));
    await within(card).findByText("Page 2 of 2 (25 changes)");
    expect(within(card).getAllByRole("row")).toHaveLength(1 + 5);
    expect(callsTo("GET", "/clinics/7/audit").map((c) => c.params?.page)).toEqual(["1", "2"]);
  });

  it("says when nothing is recorded yet", async () => {
    const { api } = createFakeApi(backend([]));
    renderApp(api, "/clinics/7");
    const card = await auditCard();
    await userEvent.setup().click(within(card).getByRole("button", { name: "Show the audit log" }));
    expect(await within(card).findByText("No changes recorded yet.")).toBeInTheDocument();
  });

  it("shows a failure with a retry that recovers", async () => {
    let fail = true;
    const routes = backend([entry(1)]);
    const { api } = createFakeApi({
      ...routes,
      "GET /clinics/7/audit": (c: FakeCall) => {
        if (fail) throw apiError(503, { error: "Service unavailable" });
        return routes["GET /clinics/7/audit"](c);
      },
    });
    renderApp(api, "/clinics/7");
    const card = await auditCard();
    const user = userEvent.setup();
    await user.click(within(card).getByRole("button", { name: "Show the audit log" }));
    expect(await within(card).findByRole("alert")).toHaveTextContent("Failed to load the audit log.");
    fail = false;
    await user.click(within(card).getByRole("button", { name: "Retry" }));
    expect(await within(card).findByText("Edited the clinic")).toBeInTheDocument();
  });
});

describe("the audit log on the owner's clinic view", () => {
  it("is shown at once, from the owner's list of clinics", async () => {
    const { api } = createFakeApi({
      ...backend([
        entry(1, { action: "owner-edit.applied", suggestionId: 12, fields: ["phone"], before: { phone: null }, after: { phone: "(512) 555-0199" } }),
      ]),
      "GET /owner/clinics": { clinics: [clinic] },
    });
    renderApp(api, "/owner");
    await userEvent.setup().click(await screen.findByRole("link", { name: "Glow Spa" }));
    expect(await screen.findByRole("heading", { name: "Glow Spa" })).toBeInTheDocument();
    const card = await auditCard();
    expect(await within(card).findByText("Applied the owner's held edit #12")).toBeInTheDocument();
    expect(card.querySelector('[data-field="phone"]')).toHaveTextContent("Phone— → changed to (512) 555-0199");
  });
});
