import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Claim } from "@botox/core";
import { STATS, createFakeApi, type FakeCall } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

const claim = (id: number, over: Partial<Claim> = {}): Claim => ({
  id,
  clinicId: 7,
  email: `dana${id}@gmail.com`,
  name: "Dana Reyes",
  role: "Practice manager",
  status: "pending-review",
  method: "review",
  reason: null,
  createdAt: "2026-11-05T12:00:00Z",
  decidedAt: null,
  contestEndsAt: null,
  objection: null,
  note: null,
  npi: null,
  evidence: false,
  clinic: {
    name: `Glow Spa ${id}`,
    site: "https://glowspa.com",
    phone: "(512) 555-0100",
    fullAddress: "1 Main St, Austin, TX",
    city: "Austin",
    state: "TX",
    owners: 0,
    ownerList: [],
  },
  ...over,
});

function queue(list: Claim[]) {
  return {
    "GET /stats": STATS,
    "GET /claims": (c: FakeCall) => ({ claims: list.filter((k) => k.status === c.params?.status) }),
    "PATCH /claims/:id": (c: FakeCall) => {
      const k = list.find((x) => x.id === Number(c.path.split("/").pop()));
      if (!k) throw new Error("no claim");
      const body = c.body as { status: "verified" | "rejected"; reason?: string };
      // A clinic with owners: the team's verification opens their time to object.
      const status = body.status === "verified" && k.clinic.owners > 0 && k.status !== "contested" && !k.objection ? "contested" : body.status;
      Object.assign(k, { status, reason: body.reason ?? null });
      return { claim: { id: k.id, status: k.status, method: k.method } };
    },
  };
}

describe("the Claims queue", { timeout: 30_000 }, () => {
  it("is in the nav, shows the claimant beside the clinic's current data, and approves", async () => {
    const { api, callsTo } = createFakeApi(queue([claim(1), claim(2, { status: "verified" })]));
    renderApp(api, "/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Claims" }));
    const items = within(await screen.findByRole("list", { name: "Claims" })).getAllByRole("listitem");
    expect(items).toHaveLength(1);
    expect(within(items[0]!).getByText("dana1@gmail.com")).toBeInTheDocument();
    expect(within(items[0]!).getByText("https://glowspa.com")).toBeInTheDocument();
    expect(within(items[0]!).getByText("No owner yet")).toBeInTheDocument();
    await user.click(within(items[0]!).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Claim approved")).toBeInTheDocument();
    expect(callsTo("PATCH", "/claims/1")[0]?.body).toEqual({ status: "verified" });
  });

  it("rejects with a reason", async () => {
    const { api, callsTo } = createFakeApi(queue([claim(3)]));
    renderApp(api, "/claims");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Reject" }));
    await user.type(screen.getByLabelText(/Reason for rejecting/), "No proof");
    await user.click(screen.getByRole("button", { name: "Reject claim" }));
    expect(await screen.findByText("Claim rejected")).toBeInTheDocument();
    expect(callsTo("PATCH", "/claims/3")[0]?.body).toEqual({ status: "rejected", reason: "No proof" });
  });

  it("shows an owner's objection, and verifying a claim on an owned clinic says the owners may object", async () => {
    const objected = claim(4, {
      contestEndsAt: "2026-12-06T14:03:00Z",
      objection: { reason: "Not our employee.", by: "boss@glowspa.com", at: "2026-11-30T09:00:00Z" },
      clinic: { ...claim(4).clinic, owners: 1 },
    });
    const fresh = claim(5, { clinic: { ...claim(5).clinic, owners: 2 } });
    const { api } = createFakeApi(queue([objected, fresh]));
    renderApp(api, "/claims");
    const user = userEvent.setup();
    const items = within(await screen.findByRole("list", { name: "Claims" })).getAllByRole("listitem");
    expect(within(items[0]!).getByText(/Objection by boss@glowspa.com on 30 Nov 2026, 09:00 UTC/)).toBeInTheDocument();
    expect(within(items[0]!).getByText("Not our employee.")).toBeInTheDocument();
    await user.click(within(items[1]!).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Claim verified")).toBeInTheDocument();
  });

  it("shows the claimant's note and document, the registry's authorized official, and the clinic's owners, whom the team may remove", async () => {
    const k = claim(6, {
      note: "Ask for Maria at the desk.",
      npi: "1000000012",
      evidence: true,
      clinic: { ...claim(6).clinic, owners: 1, ownerList: [{ id: 41, email: "boss@glowspa.com" }] },
    });
    const { api, callsTo } = createFakeApi({
      ...queue([k]),
      "GET /claims/6/authorized-official": {
        npi: "1000000012",
        organizationName: "Glow Aesthetics Llc",
        authorizedOfficial: { name: "Dana Reyes", title: "Managing Member", phone: "5125550100" },
        sourceUrl: "https://npiregistry.cms.hhs.gov/provider-view/1000000012",
      },
      "DELETE /clinics/7/owners/:id": { removed: { ownerId: 41, clinicId: 7 }, remaining: 0 },
    });
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return new Response(new Blob([new Uint8Array([1, 2, 3])], { type: "image/webp" }));
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:doc", revokeObjectURL: () => undefined }));
    renderApp(api, "/claims");
    const user = userEvent.setup();
    const item = within(await screen.findByRole("list", { name: "Claims" })).getAllByRole("listitem")[0]!;
    expect(within(item).getByText("Ask for Maria at the desk.")).toBeInTheDocument();
    expect(await within(item).findByText(/Authorized official: Dana Reyes, Managing Member/)).toBeInTheDocument();
    expect(within(item).getByRole("link", { name: "(512) 555-0100" })).toHaveAttribute("href", "tel:5125550100");
    await user.click(within(item).getByRole("button", { name: "Show document" }));
    expect(await within(item).findByRole("img", { name: "Document of claim 6" })).toHaveAttribute("src", "blob:doc");
    expect(fetched[0]).toMatch(/\/claims\/6\/evidence$/);
    await user.click(within(item).getByRole("button", { name: "Remove owner boss@glowspa.com" }));
    await user.click(within(item).getByRole("button", { name: "Yes, remove" }));
    expect(await screen.findByText("Owner removed")).toBeInTheDocument();
    expect(callsTo("DELETE", "/clinics/7/owners/41")).toHaveLength(1);
    vi.unstubAllGlobals();
  });
});
