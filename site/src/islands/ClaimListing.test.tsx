import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG } from "@botox/core/messages";
import ClaimListing from "./ClaimListing.tsx";
import { API_URL, json, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };

async function fillClaim(email: string) {
  render(<ClaimListing clinicId={7} clinicName="Glow Spa" config={config} />);
  const user = userEvent.setup();
  expect(screen.getByText(MSG.claim.prompt, { exact: false })).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: MSG.claim.action }));
  await user.type(screen.getByLabelText("Work email"), email);
  await user.type(screen.getByLabelText("Your name"), "Dana Reyes");
  await user.type(screen.getByLabelText("Your role at the clinic"), "Manager");
  await user.click(screen.getByRole("button", { name: "Send claim" }));
  return user;
}

// Typing three fields and a code is many events: generous time for a loaded machine.
describe("ClaimListing", { timeout: 30_000 }, () => {
  it("sends the claim, asks for the mailed code, and says when the claimant manages the listing", async () => {
    const { requests } = mockApi({
      "POST /clinics/7/claims": () => json({ claim: { id: 3, status: "code-sent", method: "email-domain" } }, 201),
      "POST /claims/3/verify": () =>
        json({ claim: { id: 3, status: "verified", method: "email-domain" }, owner: { id: 1, email: "dana@glow.com" }, contestEndsAt: null }),
    });
    const user = await fillClaim("dana@glow.com");
    expect(await screen.findByText(MSG.claim.codeSent("dana@glow.com"))).toBeInTheDocument();
    await user.type(screen.getByLabelText("Code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(MSG.claim.verified)).toBeInTheDocument();
    expect(requests.map((r) => r.body)).toEqual([{ email: "dana@glow.com", name: "Dana Reyes", role: "Manager" }, { code: "123456" }]);
  });

  it("a claim for review is told the team will answer", async () => {
    mockApi({ "POST /clinics/7/claims": () => json({ claim: { id: 4, status: "pending-review", method: "review" } }, 201) });
    await fillClaim("dana@gmail.com");
    expect(await screen.findByText(MSG.claim.review)).toBeInTheDocument();
  });

  it("sends a note and an NPI with the claim, then the document with the claim's token", async () => {
    const { requests } = mockApi({
      "POST /clinics/7/claims": () => json({ claim: { id: 8, status: "pending-review", method: "review" }, evidenceToken: "tok" }, 201),
      "POST /upload/claim-evidence": () => json({ claim: { id: 8 } }, 201),
    });
    render(<ClaimListing clinicId={7} clinicName="Glow Spa" config={config} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: MSG.claim.action }));
    await user.type(screen.getByLabelText("Work email"), "dana@gmail.com");
    await user.type(screen.getByLabelText("Your name"), "Dana Reyes");
    await user.type(screen.getByLabelText("Your role at the clinic"), "Manager");
    await user.type(screen.getByLabelText(/Note for our team/), "Call the front desk");
    await user.type(screen.getByLabelText(/organisation NPI/), "1234567893");
    await user.upload(screen.getByLabelText(/A document that shows/), new File([new Uint8Array([0x89, 0x50])], "badge.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Send claim" }));
    expect(await screen.findByText(MSG.claim.review)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ email: "dana@gmail.com", name: "Dana Reyes", role: "Manager", note: "Call the front desk", npi: "1234567893" });
    const form = requests[1]?.body as FormData;
    expect(form.get("token")).toBe("tok");
    expect((form.get("document") as File).name).toBe("badge.png");
  });

  it("a right code on a clinic with owners says until when they may object", async () => {
    mockApi({
      "POST /clinics/7/claims": () => json({ claim: { id: 6, status: "code-sent", method: "email-domain" } }, 201),
      "POST /claims/6/verify": () =>
        json({ claim: { id: 6, status: "contested", method: "email-domain" }, owner: null, contestEndsAt: "2026-12-06T14:03:00.000Z" }, 202),
    });
    const user = await fillClaim("dana@glow.com");
    await user.type(await screen.findByLabelText("Code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(MSG.claim.contested("6 Dec 2026, 14:03 UTC"))).toBeInTheDocument();
  });

  it("shows the API's reason for a refused claim or a wrong code, and keeps the form", async () => {
    mockApi({
      "POST /clinics/7/claims": () => json({ claim: { id: 5, status: "code-sent", method: "email-domain" } }, 201),
      "POST /claims/5/verify": () => json({ error: MSG.claim.codeWrong(4) }, 400),
    });
    const user = await fillClaim("dana@glow.com");
    await user.type(await screen.findByLabelText("Code"), "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.claim.codeWrong(4));
    expect(screen.getByRole("button", { name: "Verify" })).toBeEnabled();
  });
});
