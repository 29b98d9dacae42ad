import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Suggestion } from "@botox/core";
import { createFakeApi, failWith, STATS, type FakeCall } from "../../test/fake-api.ts";
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
      const shown = c.params?.status === "all" ? list : list.filter((s) => s.status === c.params?.status);
      return { suggestions: shown, total: shown.length };
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

  it("counts pending suggestions on the dashboard", async () => {
    const { api } = createFakeApi(queue([suggestion(1), suggestion(2)]));
    renderApp(api, "/");
    const pending = await screen.findByRole("link", { name: /Pending Suggested Edits/ });
    expect(pending).toHaveTextContent("2");
    expect(pending).toHaveAttribute("href", "/suggestions");
  });
});
