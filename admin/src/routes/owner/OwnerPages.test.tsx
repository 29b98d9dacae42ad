import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CLINIC_PHOTOS, MSG, type Clinic, type ClinicPhoto } from "@botox/core";
import { apiError, createFakeApi, type FakeCall } from "../../test/fake-api.ts";
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

const OWN_CLINIC = {
  id: 7,
  name: "Glow Spa",
  slug: "glow-spa",
  city: "Austin",
  citySlug: "austin",
  state: "TX",
  phone: "(512) 555-0100",
  site: "https://glowspa.com",
  fullAddress: "1 Main St, Austin, TX",
  businessStatus: "OPERATIONAL",
  workingHours: { Monday: "9 AM-5 PM" },
  timeZone: "America/Chicago",
  description: null,
  bookingUrl: null,
} as unknown as Clinic;

const photoRow = (id: number): ClinicPhoto => ({
  id,
  clinicId: 7,
  url: `https://api.example/api/v1/uploads/${String(id).padStart(32, "0")}.webp`,
  alt: `Room ${id}`,
  width: 800,
  height: 600,
  position: id,
  createdAt: "2026-11-29T00:00:00.000Z",
});

/** The owner workspace's reads and writes, with `over` replacing any of them. */
function workspace(over: Record<string, unknown> = {}) {
  return createFakeApi({
    "GET /clinics/7": OWN_CLINIC,
    "GET /clinics/7/prices": { prices: [] },
    "GET /clinics/7/deals": { deals: [] },
    "GET /clinics/7/staff": { staff: [] },
    "GET /clinics/7/photos": { photos: [] },
    "GET /clinics/7/booking-link": { url: null, shown: false, checkedAt: null, failures: 0, failingSince: null },
    "GET /clinics/7/audit": { entries: [], totalCount: 0, page: 1, limit: 20 },
    "PATCH /clinics/7": (c: FakeCall) => ({ ...OWN_CLINIC, ...(c.body as object) }),
    ...over,
  });
}

describe("the owner workspace", { timeout: 60_000 }, () => {
  it("has every section: hours, prices, deals, staff, description, booking link, photos, details, audit log", async () => {
    const { api } = workspace();
    renderApp(api, "/owner/clinics/7");
    for (const name of ["Hours", "Prices", "Deals", "Description", "Booking link", "Photos", "Details the team checks", "Audit log"])
      expect(await screen.findByRole("region", { name }), name).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: /Who injects here|Staff/ })).toBeInTheDocument();
  });

  it("saves the hours live through PATCH /clinics/{id}", async () => {
    const { api, callsTo } = workspace();
    renderApp(api, "/owner/clinics/7");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Save hours" }));
    await waitFor(() => expect(callsTo("PATCH", "/clinics/7")).toHaveLength(1));
    const body = callsTo("PATCH", "/clinics/7")[0]?.body as { workingHours: Record<string, string> };
    expect(Object.keys(body)).toEqual(["workingHours"]);
    expect(body.workingHours.Monday).toMatch(/9\s?AM/);
  });

  it("sends the details the team checks and says plainly that they were sent to the team", async () => {
    const { api, callsTo } = workspace({ "PATCH /clinics/7": { held: ["name", "phone"] } });
    renderApp(api, "/owner/clinics/7");
    const user = userEvent.setup();
    const details = await screen.findByRole("form", { name: "Details the team checks" });
    await user.clear(within(details).getByLabelText("Name"));
    await user.type(within(details).getByLabelText("Name"), "Glow Med Spa");
    await user.clear(within(details).getByLabelText("Phone"));
    await user.type(within(details).getByLabelText("Phone"), "(512) 555-0199");
    await user.click(within(details).getByRole("button", { name: "Send to the team" }));
    expect(await within(details).findByText(MSG.owner.sentToTeam("Name, Phone"))).toBeInTheDocument();
    expect(callsTo("PATCH", "/clinics/7")[0]?.body).toEqual({ name: "Glow Med Spa", phone: "(512) 555-0199" });
  });

  it("sends a category (decision 301) to the team like the other details", async () => {
    const { api, callsTo } = workspace({ "PATCH /clinics/7": { held: ["category"] } });
    renderApp(api, "/owner/clinics/7");
    const user = userEvent.setup();
    const details = await screen.findByRole("form", { name: "Details the team checks" });
    await user.selectOptions(within(details).getByLabelText("Category"), "Dermatology practice");
    await user.click(within(details).getByRole("button", { name: "Send to the team" }));
    expect(await within(details).findByText(MSG.owner.sentToTeam("Category"))).toBeInTheDocument();
    expect(callsTo("PATCH", "/clinics/7")[0]?.body).toEqual({ category: "Dermatology practice" });
  });

  it("saves a description as text, and shows the server's reason when a booking link is refused", async () => {
    const refusal = "The booking link must be on the clinic's own website domain or a known booking platform (Zenoti, Vagaro, Mindbody, Boulevard).";
    const { api, callsTo } = workspace({
      "PATCH /clinics/7": (c: FakeCall) => {
        if ((c.body as { bookingUrl?: string }).bookingUrl) throw apiError(400, { error: refusal });
        return { ...OWN_CLINIC, ...(c.body as object) };
      },
    });
    renderApp(api, "/owner/clinics/7");
    const user = userEvent.setup();
    const about = await screen.findByRole("form", { name: "Description" });
    await user.type(within(about).getByLabelText("About the clinic"), "<b>Family-run</b> since 2009.");
    await user.click(within(about).getByRole("button", { name: "Save description" }));
    await waitFor(() => expect(callsTo("PATCH", "/clinics/7")[0]?.body).toEqual({ description: "<b>Family-run</b> since 2009." }));
    const booking = screen.getByRole("form", { name: "Booking link" });
    await user.type(within(booking).getByLabelText("Online booking address"), "https://book.example.com/glow");
    await user.click(within(booking).getByRole("button", { name: "Save booking link" }));
    expect(await within(booking).findByText(refusal)).toBeInTheDocument();
    expect(callsTo("PATCH", "/clinics/7")[1]?.body).toEqual({ bookingUrl: "https://book.example.com/glow" });
  });

  it("shows when the booking link was last checked and since when it has not answered (decision 299)", async () => {
    const { api } = workspace({
      "GET /clinics/7/booking-link": {
        url: "https://book.zenoti.com/glow",
        shown: false,
        checkedAt: "2026-11-28T09:00:00.000Z",
        failures: 2,
        failingSince: "2026-11-27T09:00:00.000Z",
      },
    });
    renderApp(api, "/owner/clinics/7");
    const booking = await screen.findByRole("form", { name: "Booking link" });
    expect(await within(booking).findByDisplayValue("https://book.zenoti.com/glow")).toBeInTheDocument();
    expect(within(booking).getByRole("status")).toHaveTextContent(
      /^Last checked 28 Nov 2026 · not answering since 27 Nov 2026\. Your page does not show “Book online”/,
    );
    expect(within(booking).getByRole("button", { name: "Remove link" })).toBeInTheDocument();
  });

  it("moves a photo up and down, saving the whole order (decision 300)", async () => {
    let photos: ClinicPhoto[] = [photoRow(1), photoRow(2), photoRow(3)];
    const { api, callsTo } = workspace({
      "GET /clinics/7/photos": () => ({ photos }),
      "PUT /clinics/7/photos/order": (c: FakeCall) => {
        const ids = (c.body as { ids: number[] }).ids;
        photos = ids.map((id, i) => ({ ...photos.find((p) => p.id === id)!, position: i + 1 }));
        return { photos };
      },
    });
    renderApp(api, "/owner/clinics/7");
    const user = userEvent.setup();
    expect(await screen.findByRole("button", { name: "Move photo up: Room 1" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move photo down: Room 3" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Move photo up: Room 3" }));
    await waitFor(() => expect(callsTo("PUT", "/clinics/7/photos/order")[0]?.body).toEqual({ ids: [1, 3, 2] }));
    await waitFor(() => expect(screen.getAllByRole("img").map((img) => img.getAttribute("alt"))).toEqual(["Room 1", "Room 3", "Room 2"]));
    await user.click(screen.getByRole("button", { name: "Move photo down: Room 1" }));
    await waitFor(() => expect(callsTo("PUT", "/clinics/7/photos/order")[1]?.body).toEqual({ ids: [3, 1, 2] }));
  });

  it("adds a photo with its alt text, and offers no upload once the clinic has 10", async () => {
    const photos: ClinicPhoto[] = [photoRow(1)];
    const { api, callsTo } = workspace({
      "GET /clinics/7/photos": () => ({ photos }),
      "POST /clinics/7/photos": () => {
        const row = photoRow(photos.length + 1);
        photos.push(row);
        return { photo: row };
      },
    });
    renderApp(api, "/owner/clinics/7");
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Add a photo" });
    await user.upload(within(form).getByLabelText("Photo"), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "room.png", { type: "image/png" }));
    await user.type(within(form).getByLabelText("What it shows (alt text)"), "The treatment room");
    await user.click(within(form).getByRole("button", { name: "Add photo" }));
    await waitFor(() => expect(callsTo("POST", "/clinics/7/photos")).toHaveLength(1));
    const sent = callsTo("POST", "/clinics/7/photos")[0]?.body as FormData;
    expect(sent.get("alt")).toBe("The treatment room");
    expect((sent.get("image") as File).name).toBe("room.png");
    expect(await screen.findByRole("img", { name: "Room 2" })).toHaveAttribute("width", "800");

    photos.push(...Array.from({ length: CLINIC_PHOTOS.max - photos.length }, (_, i) => photoRow(3 + i)));
    await user.click(screen.getAllByRole("button", { name: /Remove photo/ })[0]!);
    expect(await screen.findByText(MSG.photos.tooMany(CLINIC_PHOTOS.max))).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Add a photo" })).toBeNull();
  });

  it("adds a price as the clinic's own: no source or status to choose", async () => {
    const { api, callsTo } = workspace({ "POST /clinics/7/prices": (c: FakeCall) => ({ id: 1, ...(c.body as object), status: "published" }) });
    renderApp(api, "/owner/clinics/7");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add price" }));
    const form = screen.getByRole("form", { name: "Add price" });
    expect(within(form).queryByLabelText("Source")).toBeNull();
    expect(within(form).queryByLabelText("Status")).toBeNull();
    await user.type(within(form).getByLabelText("Price per unit ($)"), "12.50");
    await user.click(within(form).getByRole("button", { name: /Save|Add/ }));
    await waitFor(() => expect(callsTo("POST", "/clinics/7/prices")).toHaveLength(1));
    const body = callsTo("POST", "/clinics/7/prices")[0]?.body as Record<string, unknown>;
    expect(body.source).toBe("clinic");
    expect("status" in body).toBe(false);
  });
});
