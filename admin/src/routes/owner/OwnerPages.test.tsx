import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG } from "@botox/core";
import { apiError, createFakeApi } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

const CLINICS = { clinics: [{ id: 7, name: "Glow Spa", slug: "glow-spa", city: "Austin", citySlug: "austin", state: "TX" }] };

describe("owner sign-in", { timeout: 30_000 }, () => {
  it("posts the mailed link's token once and shows the owner's clinics", async () => {
    const { api, callsTo } = createFakeApi({
      "POST /owner/sign-in": { owner: { id: 1, email: "dana@glowspa.com" }, role: "owner", expiresAt: "2026-12-01T00:00:00Z" },
      "GET /owner/clinics": CLINICS,
    });
    renderApp(api, "/owner/sign-in#token=abc123");
    const list = await screen.findByRole("list", { name: "Your clinics" });
    expect(within(list).getByText("Glow Spa")).toBeInTheDocument();
    expect(callsTo("POST", "/owner/sign-in").map((c) => c.body)).toEqual([{ token: "abc123" }]);
  });

  it("says why a used link does not sign in, and asks for a new one by email", async () => {
    const { api, callsTo } = createFakeApi({
      "POST /owner/sign-in": () => {
        throw apiError(409, { error: MSG.owner.linkUsed });
      },
      "POST /owner/sign-in-link": { message: MSG.owner.signInLinkSent },
    });
    renderApp(api, "/owner/sign-in#token=used");
    expect(await screen.findByText(MSG.owner.linkUsed)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "dana@glowspa.com");
    await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    expect(await screen.findByText(MSG.owner.signInLinkSent)).toBeInTheDocument();
    expect(callsTo("POST", "/owner/sign-in-link")[0]?.body).toEqual({ email: "dana@glowspa.com" });
  });

  it("sends an owner without a session to the sign-in page", async () => {
    const { api } = createFakeApi({
      "GET /owner/clinics": () => {
        throw apiError(401, { error: MSG.api.unauthorized });
      },
    });
    renderApp(api, "/owner");
    expect(await screen.findByRole("button", { name: "Email me a sign-in link" })).toBeInTheDocument();
  });
});
