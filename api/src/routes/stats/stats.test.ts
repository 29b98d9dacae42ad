import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type Stats } from "@botox/core";
import { blogPosts, clinicStaff, clinics, contactMessages, newsletterSubscriptions, staffRow } from "@botox/db";
import { createAdminTestContext, type AdminTestContext } from "../../test/admin-app.ts";

let t: AdminTestContext;
let cookie: string;
beforeAll(async () => {
  t = await createAdminTestContext();
  cookie = await t.login();
  await t.db.db
    .insert(clinics)
    .values(Array.from({ length: 7 }, (_, i) => ({ name: `Stat Clinic ${i}`, slug: `stat-clinic-${i}`, city: "Reno", citySlug: "reno", state: "NV" })));
  await t.db.db.insert(blogPosts).values([
    { title: "Published stats post", slug: "published-stats-post", content: "x".repeat(60), author: "Tester", published: true, publishedAt: new Date() },
    { title: "Draft stats post", slug: "draft-stats-post", content: "x".repeat(60), author: "Tester" },
  ]);
  await t.db.db.insert(newsletterSubscriptions).values([{ email: "a@example.com" }, { email: "b@example.com" }, { email: "c@example.com" }]);
  await t.db.db.insert(contactMessages).values([
    { name: "A", email: "a@example.com", message: "Unread" },
    { name: "B", email: "b@example.com", message: "Read", readAt: new Date() },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe("GET /stats", () => {
  it("answers the spec's fields (totalClinics, status, apiVersion) plus the dashboard counts", async () => {
    const res = await t.request("GET", "/stats", { cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Stats;
    expect(body).toEqual({
      totalClinics: 7,
      status: "ok",
      apiVersion: "1",
      totalPosts: 2,
      totalSubscribers: 3,
      unreadMessages: 1,
      pendingPriceReports: 0,
      staleClinicPrices: 0,
      clinicsWithoutVerifiedInjector: 7,
      staffChecksGoingStale: 0,
      pendingSuggestions: 0,
      // Rows inserted directly (no opt-in) stay pending; nothing was mailed.
      confirmedSubscribers: 0,
      pendingSubscribers: 3,
      mailSentThisWeek: 0,
      mailFailures: 0,
      eventsThisWeek: { view: 0, call: 0, website: 0, directions: 0, booking: 0, "deal-view": 0 },
      eventsLastWeek: { view: 0, call: 0, website: 0, directions: 0, booking: 0, "deal-view": 0 },
    });
  });

  it("follows writes made through the API", async () => {
    const created = await t.request("POST", "/clinics", { cookie, body: { name: "One More", city: "Reno", state: "NV" } });
    expect(created.status).toBe(201);
    expect(((await (await t.request("GET", "/stats", { cookie })).json()) as Stats).totalClinics).toBe(8);
  });

  it("counts staff checks by the day asked on: a check 365 days old counts, and goes stale the next day; a write is seen at once", async () => {
    const stats = async () => (await (await t.request("GET", "/stats", { cookie })).json()) as Stats;
    const on = (day: string) => {
      t.deps.now = () => new Date(`${day}T12:00:00Z`);
    };
    try {
      on("2026-11-23");
      const [clinic] = await t.db.db
        .insert(clinics)
        .values({ name: "Checked Spa", slug: "checked-spa", city: "Reno", citySlug: "reno", state: "NV" })
        .returning();
      // Optional in the answer's schema; this API always sends them (NaN would fail below).
      const { clinicsWithoutVerifiedInjector: without = NaN, staffChecksGoingStale: goingStale = NaN } = await stats();
      // Checks the server made against the registry (only those count; the staff routes' tests
      // cover how a save makes one). A demo person dated like them is never counted.
      const staff = (verifiedOn: string, role: "injector" | "medical_director") => ({
        clinicId: clinic!.id,
        name: `Checked ${role} ${verifiedOn}`,
        role,
        credential: "RN" as const,
        licenseStatus: "active" as const,
        verifiedOn,
        verifiedVia: "npi_registry" as const,
        sourceUrl: "https://npiregistry.cms.hhs.gov/provider-view/1000000004",
      });
      // The injector's check was made exactly 365 days ago (still current); the director's
      // is in the last day of the 30-day "going stale" window.
      await t.db.db.insert(clinicStaff).values([staff("2025-11-23", "injector"), staff("2025-12-22", "medical_director")]);
      await t.db.db.insert(clinicStaff).values(staffRow(clinic!.id, { ...staff("2025-12-01", "injector"), source: "demo" }));
      expect(await stats()).toMatchObject({
        clinicsWithoutVerifiedInjector: without - 1,
        staffChecksGoingStale: goingStale + 2,
      });
      // The next day the injector's check is stale: the clinic has no verified injector again.
      on("2026-11-24");
      expect(await stats()).toMatchObject({
        clinicsWithoutVerifiedInjector: without,
        staffChecksGoingStale: goingStale + 1,
      });
      // The day before, the director's check was not yet in the window.
      on("2026-11-22");
      expect(await stats()).toMatchObject({
        clinicsWithoutVerifiedInjector: without - 1,
        staffChecksGoingStale: goingStale + 1,
      });
    } finally {
      t.deps.now = undefined;
    }
  });

  it("is the admin's session check: 401 without a valid session (product.md §6)", async () => {
    for (const c of [undefined, "session=", "session=abcdefghijklmnopqrstuvwxyz234567"]) {
      const res = await t.request("GET", "/stats", { cookie: c });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: MSG.api.unauthorized });
    }
  });
});

describe("GET /stats with the counts shared between requests (as served, lib/counts-memo.ts)", () => {
  let m: AdminTestContext;
  let session: string;
  beforeAll(async () => {
    // Kept for a minute here, so nothing but a write can clear them within the test.
    m = await createAdminTestContext({ STATS_COUNTS_TTL_MS: "60000" });
    session = await m.login();
  });
  afterAll(async () => {
    await m?.close();
  });
  const subscribers = async (cookie = session) => {
    const res = await m.request("GET", "/stats", { cookie });
    expect(res.status).toBe(200);
    const n = ((await res.json()) as Stats).totalSubscribers;
    expect(n).toBeTypeOf("number");
    return n!;
  };

  it("shares the counts until a write answered by this instance ends, refused or not; the session is checked every time", async () => {
    const before = await subscribers();
    // A write this instance did not see (another instance, an import) waits for the counts to expire…
    await m.db.db.insert(newsletterSubscriptions).values({ email: "unseen@example.com" });
    expect(await subscribers()).toBe(before);
    // …while the session is still checked on every request.
    expect((await m.request("GET", "/stats")).status).toBe(401);
    // Any unsafe request this instance answers clears them, even one it refuses.
    const refused = await m.request("POST", "/newsletter/subscribe", { body: { email: "not an address" } });
    expect(refused.status).toBe(400);
    expect(await subscribers()).toBe(before + 1);
    // A write through the API is counted at once.
    const sent = await m.request("POST", "/contact", { body: { name: "Kept", email: "kept@example.com", message: "Are the counts fresh?" } });
    expect(sent.status).toBeLessThan(300);
    expect(((await (await m.request("GET", "/stats", { cookie: session })).json()) as Stats).unreadMessages).toBe(1);
  });

  it("a session ended by logout is refused at once, kept counts or not", async () => {
    const other = await m.login();
    await subscribers(other);
    expect((await m.request("POST", "/logout", { cookie: other })).status).toBeLessThan(300);
    expect((await m.request("GET", "/stats", { cookie: other })).status).toBe(401);
  });
});
