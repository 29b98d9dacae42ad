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

describe("owner passwords and two-step sign-in", { timeout: 30_000 }, () => {
  const SIGNED_IN = { owner: { id: 1, email: "dana@glowspa.com" }, role: "owner", expiresAt: "2026-12-01T00:00:00Z" };
  const NEEDS_CODE = { secondFactor: "totp", message: MSG.owner.secondFactorNeeded };

  it("signs in with a password, then a code from the app when two-step sign-in is on", async () => {
    const { api, callsTo } = createFakeApi({
      "POST /owner/sign-in-password": NEEDS_CODE,
      "POST /owner/sign-in/second-factor": SIGNED_IN,
      "GET /owner/clinics": CLINICS,
    });
    renderApp(api, "/owner/sign-in");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Use my password instead" }));
    await user.type(screen.getByLabelText("Email"), "dana@glowspa.com");
    await user.type(screen.getByLabelText("Password"), "a long enough passphrase");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(MSG.owner.secondFactorNeeded)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Code"), "123456");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("list", { name: "Your clinics" })).toBeInTheDocument();
    expect(callsTo("POST", "/owner/sign-in-password")[0]?.body).toEqual({ email: "dana@glowspa.com", password: "a long enough passphrase" });
    expect(callsTo("POST", "/owner/sign-in/second-factor")[0]?.body).toEqual({ code: "123456" });
  });

  it("keeps the code form after a wrong code, and starts again when the sign-in has ended", async () => {
    let tries = 0;
    const { api } = createFakeApi({
      "POST /owner/sign-in": NEEDS_CODE,
      "POST /owner/sign-in/second-factor": () => {
        tries += 1;
        throw tries === 1 ? apiError(401, { error: MSG.owner.secondFactorWrong }) : apiError(410, { error: MSG.owner.secondFactorExpired });
      },
    });
    renderApp(api, "/owner/sign-in#token=abc123");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Code"), "111111");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(MSG.owner.secondFactorWrong)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(MSG.owner.secondFactorExpired)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Email me a sign-in link" })).toBeInTheDocument();
  });

  it("sets a password, and turns two-step sign-in on showing the key and the recovery codes once", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /owner/security": { hasPassword: false, secondFactor: false, recoveryCodesLeft: 0 },
      "PUT /owner/password": { hasPassword: true, secondFactor: false, recoveryCodesLeft: 0 },
      "POST /owner/totp/setup": {
        secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
        uri: "otpauth://totp/Botox%20Near%20Me:dana?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      },
      "POST /owner/totp/enable": { recoveryCodes: ["abcde-12345", "fghij-67890"] },
    });
    renderApp(api, "/owner/security");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Password"), "a long enough passphrase");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText("Password saved.")).toBeInTheDocument();
    expect(callsTo("PUT", "/owner/password")[0]?.body).toEqual({ password: "a long enough passphrase" });
    // Now the current password is asked before a change.
    expect(screen.getByLabelText("Current password")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Set up two-step sign-in" }));
    expect(await screen.findByLabelText("Key")).toHaveTextContent("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    expect(screen.getByRole("link", { name: "Open in an authenticator app on this phone" })).toHaveAttribute("href", expect.stringMatching(/^otpauth:/));
    await user.type(screen.getByLabelText("Code from the app"), "654321");
    await user.click(screen.getByRole("button", { name: "Turn two-step sign-in on" }));
    const codes = await screen.findByRole("list", { name: "Recovery codes" });
    expect(
      within(codes)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["abcde-12345", "fghij-67890"]);
    expect(callsTo("POST", "/owner/totp/enable")[0]?.body).toEqual({ code: "654321" });
    await user.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(screen.queryByRole("list", { name: "Recovery codes" })).not.toBeInTheDocument();
  });
});
