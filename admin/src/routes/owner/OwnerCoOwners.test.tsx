import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG, type Clinic, type ClinicOwnersResponse } from "@botox/core";
import { apiError, createFakeApi, type FakeCall } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

const clinic = { id: 7, name: "Glow Spa", slug: "glow-spa", city: "Austin", citySlug: "austin", state: "TX", businessStatus: "OPERATIONAL" } as Clinic;

function backend(state: ClinicOwnersResponse, extra: Record<string, unknown> = {}) {
  return {
    "GET /clinics/7": clinic,
    "GET /clinics/7/audit": { entries: [], totalCount: 0, page: 1, limit: 20 },
    "GET /owner/clinics": { clinics: [] },
    "GET /owner/clinics/7/owners": () => state,
    "POST /owner/clinics/7/invites": (c: FakeCall) => {
      const email = (c.body as { email: string }).email;
      const invite = { id: 9, email, expiresAt: "2026-12-06T10:00:00Z", invitedBy: "me@glowspa.com" };
      state.invites.push(invite);
      return { invite };
    },
    "DELETE /owner/clinics/7/owners/:id": (c: FakeCall) => {
      const id = Number(c.path.split("/").pop());
      state.owners = state.owners.filter((o) => o.id !== id);
      return { removed: { ownerId: id, clinicId: 7 }, remaining: state.owners.length };
    },
    ...extra,
  };
}

const base = (): ClinicOwnersResponse => ({
  owners: [
    { id: 1, email: "me@glowspa.com", since: "2026-11-01T00:00:00Z", you: true },
    { id: 2, email: "partner@glowspa.com", since: "2026-11-02T00:00:00Z", you: false },
  ],
  invites: [],
  claims: [],
});

describe("the owner's Owners section", { timeout: 30_000 }, () => {
  it("lists the owners, invites a co-owner and removes one", async () => {
    const { api, callsTo } = createFakeApi(backend(base()));
    renderApp(api, "/owner/clinics/7");
    const user = userEvent.setup();
    const owners = await screen.findByRole("list", { name: "Owners of this listing" });
    expect(within(owners).getByText("partner@glowspa.com")).toBeInTheDocument();
    expect(within(owners).getByText("(you)")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Co-owner's email"), "new@glowspa.com");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText(MSG.coOwners.invited("new@glowspa.com"))).toBeInTheDocument();
    expect(callsTo("POST", "/owner/clinics/7/invites")[0]?.body).toEqual({ email: "new@glowspa.com" });
    expect(await screen.findByRole("list", { name: "Open invitations" })).toHaveTextContent("new@glowspa.com");

    await user.click(screen.getByRole("button", { name: "Remove partner@glowspa.com" }));
    await user.click(screen.getByRole("button", { name: "Yes, remove" }));
    expect(await screen.findByText("partner@glowspa.com no longer manages the listing")).toBeInTheDocument();
    expect(callsTo("DELETE", "/owner/clinics/7/owners/2")).toHaveLength(1);
  });

  it("shows why the last owner cannot leave", async () => {
    const state = base();
    state.owners = state.owners.slice(0, 1);
    const { api } = createFakeApi(
      backend(state, {
        "DELETE /owner/clinics/7/owners/:id": () => {
          throw apiError(409, { error: MSG.coOwners.lastOwner });
        },
      }),
    );
    renderApp(api, "/owner/clinics/7");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Leave the listing" }));
    await user.click(screen.getByRole("button", { name: "Yes, leave" }));
    expect(await screen.findByText(MSG.coOwners.lastOwner)).toBeInTheDocument();
  });

  it("shows a claim in its window and sends an owner's objection", async () => {
    const state = base();
    state.claims = [{ id: 5, name: "Sam Ortiz", role: "Nurse", email: "sam@glowspa.com", contestEndsAt: "2026-12-06T14:03:00Z" }];
    const { api, callsTo } = createFakeApi(
      backend(state, {
        "POST /claims/5/objections": () => {
          state.claims = [];
          return { claim: { id: 5, status: "pending-review" } };
        },
      }),
    );
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    // The contest mail's link: the claim is brought into view once loaded.
    renderApp(api, "/owner/clinics/7#claim-5");
    const user = userEvent.setup();
    const claims = await screen.findByRole("list", { name: "Claims of this listing" });
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts[0]).toHaveAttribute("id", "claim-5");
    expect(claims).toHaveTextContent("Sam Ortiz (Nurse, sam@glowspa.com) claims this listing");
    expect(claims).toHaveTextContent("6 Dec 2026, 14:03 UTC");
    await user.click(within(claims).getByRole("button", { name: "Object" }));
    await user.type(screen.getByLabelText(/Why do you object/), "Not our staff");
    await user.click(screen.getByRole("button", { name: "Send objection" }));
    expect(await screen.findByText("Objection sent")).toBeInTheDocument();
    expect(callsTo("POST", "/claims/5/objections")[0]?.body).toEqual({ reason: "Not our staff" });
  });

  it("an invitation link signs the invited address in", async () => {
    const { api, callsTo } = createFakeApi({
      "POST /owner/invites/accept": { owner: { id: 3, email: "new@glowspa.com" }, role: "owner", expiresAt: "2026-12-01T00:00:00Z" },
      "GET /owner/clinics": { clinics: [{ id: 7, name: "Glow Spa", slug: "glow-spa", city: "Austin", citySlug: "austin", state: "TX" }] },
    });
    renderApp(api, "/owner/sign-in#invite=tok123");
    expect(await screen.findByRole("list", { name: "Your clinics" })).toHaveTextContent("Glow Spa");
    expect(callsTo("POST", "/owner/invites/accept").map((c) => c.body)).toEqual([{ token: "tok123" }]);
    expect(callsTo("POST", "/owner/sign-in")).toEqual([]);
  });
});
