import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Suggestion } from "@botox/core";
import { apiError, createFakeApi, failWith, STATS, type FakeCall } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";
import { valueText } from "./SuggestionsPage.tsx";

const suggestion = (id: number, over: Partial<Suggestion> = {}): Suggestion => ({
  id,
  clinicId: 7,
  clinicName: `Glow Spa ${id}`,
  clinicSlug: `glow-spa-${id}`,
  citySlug: "austin",
  changes: { phone: "(512) 555-0199", businessStatus: "CLOSED_TEMPORARILY" },
  current: { phone: "(512) 555-0100", businessStatus: "OPERATIONAL" },
  note: "Called them",
  fromOwner: false,
  status: "pending",
  reason: null,
  createdAt: "2026-11-05T12:00:00Z",
  decidedAt: null,
  ...over,
});

function queue(list: Suggestion[]) {
  return {
    "GET /stats": { ...STATS, pendingSuggestions: list.filter((s) => s.status === "pending").length },
    "GET /suggestions": (c: FakeCall) => {
      const byStatus = c.params?.status === "all" ? list : list.filter((s) => s.status === c.params?.status);
      const matching = c.params?.clinicId ? byStatus.filter((s) => s.clinicId === Number(c.params?.clinicId)) : byStatus;
      const page = Number(c.params?.page ?? 1);
      const limit = Number(c.params?.limit ?? 50);
      return { suggestions: matching.slice((page - 1) * limit, page * limit), total: matching.length, page, limit };
    },
    "PATCH /suggestions/:id": (c: FakeCall) => {
      const s = list.find((x) => x.id === Number(c.path.split("/").pop()));
      if (!s) throw new Error("no suggestion");
      const body = c.body as { status: "applied" | "rejected"; reason?: string };
      Object.assign(s, { status: body.status, reason: body.reason ?? null });
      return s;
    },
  };
}

describe("valueText", () => {
  it("reads hours as lines, a status by its label and nothing as a dash", () => {
    expect(valueText("workingHours", { workingHours: { Monday: "9AM-5PM", Tuesday: ["9AM-12PM", "1PM-5PM"] } })).toBe(
      "Monday: 9AM-5PM\nTuesday: 9AM-12PM, 1PM-5PM",
    );
    expect(valueText("businessStatus", { businessStatus: "PERMANENTLY_CLOSED" })).toBe("Permanently closed");
    expect(valueText("phone", { phone: null })).toBe("—");
  });
});

describe("suggested edits queue", () => {
  it("is in the nav, shows current and suggested values side by side and applies one", async () => {
    const list = [
      suggestion(1),
      suggestion(2, { changes: { site: "https://new.example.com" }, current: { site: null } }),
      suggestion(3, { status: "rejected" }),
    ];
    const { api, callsTo } = createFakeApi(queue(list));
    renderApp(api, "/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Suggested Edits" }));
    const ul = await screen.findByRole("list", { name: "Suggestions" });
    const items = within(ul).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const first = within(items[0]!).getByRole("table");
    const phone = within(first).getByRole("row", { name: /Phone/ });
    expect(
      within(phone)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["(512) 555-0100", "(512) 555-0199"]);
    const status = within(first).getByRole("row", { name: /Status/ });
    expect(
      within(status)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Operational", "Closed temporarily"]);
    expect(within(items[0]!).getByText("Note from the visitor: Called them")).toBeInTheDocument();
    await user.click(within(items[0]!).getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("Suggestion applied")).toBeInTheDocument();
    expect(callsTo("PATCH", "/suggestions/1")[0]?.body).toEqual({ status: "applied" });
  });

  it("marks an owner's held edit as from the owner, a visitor's not", async () => {
    const list = [
      suggestion(1, { fromOwner: true, note: "From the owner (dana@glowspa.com)" }),
      suggestion(2, { changes: { site: "https://new.example.com" }, current: { site: null } }),
    ];
    const { api } = createFakeApi(queue(list));
    renderApp(api, "/suggestions");
    const items = within(await screen.findByRole("list", { name: "Suggestions" })).getAllByRole("listitem");
    expect(within(items[0]!).getByText("From the owner")).toBeInTheDocument();
    expect(within(items[0]!).getByText("From the owner (dana@glowspa.com)")).toBeInTheDocument();
    expect(within(items[0]!).queryByText(/Note from the visitor/)).not.toBeInTheDocument();
    expect(within(items[1]!).queryByText("From the owner")).not.toBeInTheDocument();
    expect(within(items[1]!).getByText("Note from the visitor: Called them")).toBeInTheDocument();
  });

  it("rejects with a reason, and shows the API's refusal when already decided", async () => {
    const list = [suggestion(1)];
    const { api, callsTo } = createFakeApi(queue(list));
    renderApp(api, "/suggestions");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Reject" }));
    await user.type(screen.getByLabelText(/Reason for rejecting/), "Still open");
    await user.click(screen.getByRole("button", { name: "Reject suggestion" }));
    expect(await screen.findByText("Suggestion rejected")).toBeInTheDocument();
    expect(callsTo("PATCH", "/suggestions/1")[0]?.body).toEqual({ status: "rejected", reason: "Still open" });

    const decided = createFakeApi({
      ...queue([suggestion(5)]),
      "PATCH /suggestions/:id": failWith(409, { error: "This suggestion has already been decided." }),
    });
    renderApp(decided.api, "/suggestions");
    const apply = await screen.findAllByRole("button", { name: "Apply" });
    await user.click(apply[apply.length - 1]!);
    expect(await screen.findByText("This suggestion has already been decided.")).toBeInTheDocument();
  });

  it("keeps a suggestion the clinic rules refuse pending, and shows why", async () => {
    const list = [suggestion(1, { changes: { workingHours: "whenever we feel like it" }, current: { workingHours: null } })];
    const why = "Enter hours like Mon-Fri 9AM-5PM.";
    const { api } = createFakeApi({
      ...queue(list),
      "PATCH /suggestions/:id": () => {
        Object.assign(list[0]!, { reason: `Could not apply: ${why}` });
        throw apiError(400, { error: why });
      },
    });
    renderApp(api, "/suggestions");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Apply" }));
    expect(await screen.findByText(`Reason: Could not apply: ${why}`)).toBeInTheDocument();
    const item = within(screen.getByRole("list", { name: "Suggestions" })).getByRole("listitem");
    expect(within(item).getByText("pending")).toBeInTheDocument();
  });

  it("asks before applying a suggestion that closes a clinic for good", async () => {
    const list = [suggestion(1, { changes: { businessStatus: "PERMANENTLY_CLOSED" }, current: { businessStatus: "OPERATIONAL" } })];
    const { api, callsTo } = createFakeApi(queue(list));
    renderApp(api, "/suggestions");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Apply" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Mark this clinic permanently closed?")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo("PATCH", "/suggestions/1")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Mark permanently closed" }));
    await waitFor(() => expect(callsTo("PATCH", "/suggestions/1")).toHaveLength(1));
  });

  it("pages the queue and filters it to one clinic", async () => {
    const list = [
      ...Array.from({ length: 55 }, (_, i) => suggestion(i + 1, { clinicId: 7, clinicName: "Flooded Spa" })),
      suggestion(99, { clinicId: 8, clinicName: "Quiet Spa" }),
    ];
    const { api, callsTo } = createFakeApi(queue(list));
    renderApp(api, "/suggestions");
    const user = userEvent.setup();
    const pages = await screen.findByRole("navigation", { name: "Suggestion pages" });
    expect(pages).toHaveTextContent("Page 1 of 2 (56 suggestions)");
    expect(screen.queryByText("Quiet Spa")).toBeNull();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Quiet Spa")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Suggestion pages" })).toHaveTextContent("Page 2 of 2");

    await user.click(screen.getByRole("button", { name: "Only Quiet Spa" }));
    expect(await screen.findByText("Only Quiet Spa")).toBeInTheDocument();
    await waitFor(() => expect(callsTo("GET", "/suggestions").at(-1)?.params).toMatchObject({ clinicId: "8", page: "1" }));
    expect(within(screen.getByRole("list", { name: "Suggestions" })).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.queryByRole("navigation", { name: "Suggestion pages" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show every clinic" }));
    expect(await screen.findByRole("navigation", { name: "Suggestion pages" })).toHaveTextContent("Page 1 of 2");
  });

  it("counts pending suggestions on the dashboard", async () => {
    const { api } = createFakeApi(queue([suggestion(1), suggestion(2)]));
    renderApp(api, "/");
    const pending = await screen.findByRole("link", { name: /Pending Suggested Edits/ });
    expect(pending).toHaveTextContent("2");
    expect(pending).toHaveAttribute("href", "/suggestions");
  });
});
