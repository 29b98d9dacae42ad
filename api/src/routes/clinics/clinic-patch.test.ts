import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_LINK_MSG, CLINIC_DESCRIPTION_MAX, MSG, SUGGESTION_MSG, type Clinic } from "@botox/core";
import { adminUsers, hashPassword } from "@botox/db";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { makeOwner, signInOwner } from "../../test/owners.ts";
import { startTestHttpsServer, type TestHttpsServer } from "../../test/https-server.ts";
import { isNotPublicAddress } from "../../lib/booking-link-check.ts";

let t: PublicTestContext;
let clinicId: number;
let owner: string;
let admin: string;
let links: TestHttpsServer;
const HOURS = { Monday: "9AM-5PM", Tuesday: "9AM-5PM" };

beforeAll(async () => {
  t = await createPublicTestContext();
  const [row] = await t.insertClinics([{ name: "Patchable Spa", city: "Patchton", state: "TX", phone: "(512) 555-0100", site: "https://patchable.com" }]);
  clinicId = row!.id;
  await makeOwner(t.db.sql, "owner@patchable.com", [clinicId]);
  owner = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "owner@patchable.com");
  await t.db.db.insert(adminUsers).values({ username: "patch-admin", passwordHash: await hashPassword("patch-admin-password") });
  admin = sessionCookieOf(await t.request("POST", "/login", { body: { username: "patch-admin", password: "patch-admin-password" } }));
  // A platform host and the clinic's own domain, both answered by a loopback HTTPS server.
  links = await startTestHttpsServer(["book.zenoti.com", "www.patchable.com"]);
  t.deps.bookingLinkCheck = links.check;
});
afterAll(async () => {
  await t.close();
  await links.close();
});

const patch = (cookie: string, body: unknown) => t.request("PATCH", `/clinics/${clinicId}`, { cookie, body });
const stored = async () =>
  (await t.db.sql<{ phone: string | null; working_hours: unknown }[]>`select phone, working_hours from clinics where id = ${clinicId}`)[0];

describe("PATCH /clinics/{id}", () => {
  it("an owner's hours go live at once", async () => {
    const res = await patch(owner, { workingHours: HOURS });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Clinic).workingHours).toEqual(HOURS);
    expect((await stored())?.working_hours).toEqual(HOURS);
  });

  it("an owner's phone is held for the team as a suggested edit from the owner (202), the hours beside it still go live", async () => {
    const hours = { ...HOURS, Wednesday: "10AM-2PM" };
    const res = await patch(owner, { phone: "(512) 555-0199", workingHours: hours });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ held: ["phone"] });
    expect(await stored()).toEqual({ phone: "(512) 555-0100", working_hours: hours });
    const [pending] = await t.db.sql<{ changes: unknown; note: string }[]>`
      select changes, note from clinic_suggestions where clinic_id = ${clinicId} and status = 'pending'`;
    expect(pending).toEqual({ changes: { phone: "(512) 555-0199" }, note: MSG.owner.heldNote("owner@patchable.com") });

    const again = await patch(owner, { site: "https://elsewhere.com" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: SUGGESTION_MSG.alreadyPending });
  });

  it("refuses fields no one may patch here, and bad values, with clear messages", async () => {
    for (const field of [{ slug: "elsewhere" }, { latitude: 1 }, { claimed: false }, { lastVerifiedOn: "2026-01-01" }]) {
      const unknown = await patch(owner, { ...field, workingHours: HOURS });
      expect(unknown.status, JSON.stringify(field)).toBe(400);
      expect(await unknown.json()).toMatchObject({ error: MSG.owner.patchUnknownField });
    }
    expect((await patch(owner, {})).status).toBe(400);
    expect((await patch(owner, { businessStatus: "MAYBE" })).status).toBe(400);
  });

  it("the team's changes all go live", async () => {
    const res = await patch(admin, { phone: "(512) 555-0177" });
    expect(res.status).toBe(200);
    expect((await stored())?.phone).toBe("(512) 555-0177");
  });
});

describe("PATCH /clinics/{id}: name, description and booking link (decision 282)", () => {
  let n = 0;
  /** A clinic of its own (a held edit blocks the next), owned by a fresh owner. */
  async function ownClinic(site: string | null = "https://www.patchable.com") {
    const [row] = await t.insertClinics([{ name: `Own Text Spa ${++n}`, city: "Patchton", state: "TX", site }]);
    const email = `own-${n}@patchable.com`;
    await makeOwner(t.db.sql, email, [row!.id]);
    return { id: row!.id, cookie: await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, email) };
  }
  const patchOf = (id: number, cookie: string, body: unknown) => t.request("PATCH", `/clinics/${id}`, { cookie, body });
  const row = async (id: number) =>
    (
      await t.db.sql<{ name: string; description: string | null; booking_url: string | null }[]>`
      select name, description, booking_url from clinics where id = ${id}`
    )[0];

  it("an owner's description goes live as plain text; empty clears it; too long is refused with its message", async () => {
    const { id, cookie } = await ownClinic();
    const text = "Family-run since 2009.\n<script>alert(1)</script> Botox & filler.";
    const res = await patchOf(id, cookie, { description: text });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Clinic).description).toBe(text);
    expect((await row(id))?.description).toBe(text);
    const long = await patchOf(id, cookie, { description: "x".repeat(CLINIC_DESCRIPTION_MAX + 1) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ error: MSG.owner.descriptionTooLong(CLINIC_DESCRIPTION_MAX) });
    const unsafe = await patchOf(id, cookie, { description: "Hi\u202Ethere" });
    expect(unsafe.status).toBe(400);
    expect(((await unsafe.json()) as { error: string }).error).toMatch(/control characters/);
    expect((await patchOf(id, cookie, { description: "  " })).status).toBe(200);
    expect((await row(id))?.description).toBeNull();
  });

  it("an owner's name is held for the team (202) and waits in the queue as the owner's", async () => {
    const { id, cookie } = await ownClinic();
    const before = (await row(id))?.name;
    const res = await patchOf(id, cookie, { name: "Brand New Name", description: "Saved at once" });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ held: ["name"] });
    expect(await row(id)).toMatchObject({ name: before, description: "Saved at once" });
    const [pending] = await t.db.sql<{ changes: unknown; owner_id: number | null }[]>`
      select changes, owner_id from clinic_suggestions where clinic_id = ${id} and status = 'pending'`;
    expect(pending?.changes).toEqual({ name: "Brand New Name" });
    expect(pending?.owner_id).not.toBeNull();
    // The team applies it through the queue.
    const [s] = await t.db.sql<{ id: number }[]>`select id from clinic_suggestions where clinic_id = ${id} and status = 'pending'`;
    const applied = await t.request("PATCH", `/suggestions/${s!.id}`, { cookie: admin, body: { status: "applied" } });
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect((await row(id))?.name).toBe("Brand New Name");
  });

  it("the team's name change goes live", async () => {
    const { id } = await ownClinic();
    const res = await patchOf(id, admin, { name: "Team Renamed Spa" });
    expect(res.status).toBe(200);
    expect((await row(id))?.name).toBe("Team Renamed Spa");
  });

  it("a booking link on a known platform or the clinic's own domain is asked, then saved; null clears it", async () => {
    const { id, cookie } = await ownClinic();
    const asked = links.requests.length;
    const res = await patchOf(id, cookie, { bookingUrl: "https://book.zenoti.com/ok" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Clinic).bookingUrl).toBe("https://book.zenoti.com/ok");
    expect(links.requests.slice(asked)).toEqual(["HEAD /ok"]);
    // HEAD refused: GET is asked; the clinic's own domain (www.patchable.com for patchable.com).
    expect((await patchOf(id, cookie, { bookingUrl: "https://www.patchable.com/head-refused" })).status).toBe(200);
    expect(links.requests.slice(-2)).toEqual(["HEAD /head-refused", "GET /head-refused"]);
    // Up to 3 redirects, each on an allowed host.
    expect((await patchOf(id, cookie, { bookingUrl: "https://book.zenoti.com/redirect/3" })).status).toBe(200);
    expect((await row(id))?.booking_url).toBe("https://book.zenoti.com/redirect/3");
    expect((await patchOf(id, cookie, { bookingUrl: null })).status).toBe(200);
    expect((await row(id))?.booking_url).toBeNull();
  });

  it.each([
    ["http", "http://book.zenoti.com/ok", BOOKING_LINK_MSG.https],
    ["credentials", "https://user:pw@book.zenoti.com/ok", BOOKING_LINK_MSG.credentials],
    ["a port", "https://book.zenoti.com:8443/ok", BOOKING_LINK_MSG.port],
    ["an IP address", "https://127.0.0.1/ok", BOOKING_LINK_MSG.host],
    ["another domain", "https://book.example.com/ok", BOOKING_LINK_MSG.notAllowed("Zenoti, Vagaro, Mindbody, Boulevard")],
    ["a look-alike of the platform", "https://zenoti.com.evil.example/ok", BOOKING_LINK_MSG.notAllowed("Zenoti, Vagaro, Mindbody, Boulevard")],
    ["not a URL", "book me", BOOKING_LINK_MSG.notUrl],
  ])("refuses a link with %s (400) before asking it", async (_what, link, message) => {
    const { id, cookie } = await ownClinic();
    const asked = links.requests.length;
    const res = await patchOf(id, cookie, { bookingUrl: link });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: message });
    expect(links.requests.length).toBe(asked);
    expect((await row(id))?.booking_url).toBeNull();
  });

  it("refuses a link that does not answer, redirects too often or away, or resolves to a private address", async () => {
    const { id, cookie } = await ownClinic();
    const missing = await patchOf(id, cookie, { bookingUrl: "https://book.zenoti.com/missing" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: BOOKING_LINK_MSG.noAnswer("it answered HTTP 404") });
    const unknownHost = await patchOf(id, cookie, { bookingUrl: "https://nowhere.zenoti.com/ok" });
    expect(unknownHost.status).toBe(400);
    expect(((await unknownHost.json()) as { error: string }).error).toMatch(/^The booking link did not answer/);
    const tooMany = await patchOf(id, cookie, { bookingUrl: "https://book.zenoti.com/redirect/4" });
    expect(await tooMany.json()).toMatchObject({ error: BOOKING_LINK_MSG.tooManyRedirects });
    const away = await patchOf(id, cookie, { bookingUrl: "https://book.zenoti.com/away" });
    expect(await away.json()).toMatchObject({ error: BOOKING_LINK_MSG.redirectNotAllowed });
    // Outside tests a loopback address is never asked.
    t.deps.bookingLinkCheck = { ...links.check, allowPrivateAddresses: false };
    try {
      const asked = links.requests.length;
      const internal = await patchOf(id, cookie, { bookingUrl: "https://book.zenoti.com/ok" });
      expect(internal.status).toBe(400);
      expect(await internal.json()).toMatchObject({ error: BOOKING_LINK_MSG.privateAddress });
      expect(links.requests.length).toBe(asked);
    } finally {
      t.deps.bookingLinkCheck = links.check;
    }
    expect((await row(id))?.booking_url).toBeNull();
  });

  it("a clinic without a website may still link a booking platform, not any other host", async () => {
    const { id, cookie } = await ownClinic(null);
    expect((await patchOf(id, cookie, { bookingUrl: "https://book.zenoti.com/ok" })).status).toBe(200);
    expect((await patchOf(id, cookie, { bookingUrl: "https://www.patchable.com/ok" })).status).toBe(400);
  });
});

describe("isNotPublicAddress", () => {
  it("refuses loopback, private, link-local, unique-local and mapped addresses; lets public ones through", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "0.0.0.0",
      "100.64.0.1",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::",
    ])
      expect(isNotPublicAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700::1111"]) expect(isNotPublicAddress(a), a).toBe(false);
  });
});
