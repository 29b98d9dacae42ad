/**
 * The daily re-check of stored booking links (decision 299): with an injected checker and
 * clock (which links a run takes, in which order; hiding after two failures in a row, the
 * owners mailed once, shown again after an answer; a link saved meanwhile keeps its own
 * check), and with the real checker against a loopback HTTPS server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BOOKING_LINK_RECHECK, type BookingLinkState, type Clinic } from "@botox/core";
import { adminUsers, hashPassword, type ContentChange } from "@botox/db";
import { sessionCookieOf } from "../test/admin-app.ts";
import { startTestHttpsServer, type TestHttpsServer } from "../test/https-server.ts";
import { makeOwner, signInOwner } from "../test/owners.ts";
import { createPublicTestContext, type PublicTestContext } from "../test/public-app.ts";
import { mailContext } from "../mail/service.ts";
import { ManualClock } from "@botox/publish/testing";
import { recheckBookingLinks, startBookingLinkRechecks, type BookingLinkChecker } from "./booking-link-recheck.ts";

let t: PublicTestContext;
let admin: string;
let links: TestHttpsServer;
const changes: ContentChange[] = [];
let seq = 0;

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.onContentChange = (change) => changes.push(change as ContentChange);
  await t.db.db.insert(adminUsers).values({ username: "link-admin", passwordHash: await hashPassword("link-admin-password") });
  admin = sessionCookieOf(await t.request("POST", "/login", { body: { username: "link-admin", password: "link-admin-password" } }));
  links = await startTestHttpsServer(["book.zenoti.com", "www.recheck-spa.com"]);
  t.deps.bookingLinkCheck = links.check;
});
afterAll(async () => {
  await t.close();
  await links.close();
});
// Every test runs on the links it stores.
beforeEach(async () => {
  await t.db.sql`update clinics set booking_url = null, booking_url_checked_at = null, booking_url_failures = 0, booking_url_failing_since = null`;
});

const DAY = 24 * 3600_000;
const start = Date.parse("2026-11-20T09:00:00Z");
const at = (days: number) => () => new Date(start + days * DAY);

/** A clinic with a stored link last checked `checkedDaysAgo` days before `start` (null: never), and its owners. */
async function linkedClinic(url: string, checkedDaysAgo: number | null, owners: string[] = []) {
  const [row] = await t.insertClinics([{ name: `Recheck Spa ${++seq}`, city: "Linkton", state: "TX", site: "https://recheck-spa.com" }]);
  const id = row!.id;
  const checked = checkedDaysAgo === null ? null : new Date(start - checkedDaysAgo * DAY).toISOString();
  await t.db.sql`update clinics set booking_url = ${url}, booking_url_checked_at = ${checked} where id = ${id}`;
  for (const email of owners) await makeOwner(t.db.sql, email, [id]);
  return id;
}

const run = (now: () => Date, check: BookingLinkChecker, batch = 10) =>
  recheckBookingLinks({ deps: t.deps, mail: mailContext(t.deps).config, batch, check, now });
const answers: BookingLinkChecker = async () => {};
const refuses: BookingLinkChecker = async () => {
  throw new Error("The booking link did not answer (it answered HTTP 404). Check the address and try again.");
};
/** The link as visitors get it: the clinic page's read (by slug) and the city listing the cards come from, which must agree. */
const publicLink = async (id: number) => {
  const [row] = await t.db.sql<{ slug: string; city_slug: string }[]>`select slug, city_slug from clinics where id = ${id}`;
  const page = (await t.get<Clinic>(`/proxy/clinic/${row!.slug}`)).body.bookingUrl;
  const cards = (await t.get<{ clinics: Clinic[] }>(`/proxy/clinics-by-city/${row!.city_slug}?limit=100`)).body.clinics;
  const team = (await t.get<Clinic>(`/clinics/${id}`, { cookie: admin })).body.bookingUrl;
  expect(cards.find((c) => c.id === id)?.bookingUrl).toBe(page);
  expect(team).toBe(page);
  return page;
};
const state = async (id: number) => (await t.get<BookingLinkState>(`/clinics/${id}/booking-link`, { cookie: admin })).body;
const ownerMails = async (id: number) =>
  t.db.sql<{ to_address: string; subject: string; text: string }[]>`
    select to_address, subject, text from mail_messages where kind = 'owner' and text like ${`%/owner/clinics/${id}%`} order by id`;

describe("recheckBookingLinks", () => {
  it("takes links not asked for a day, never-asked and oldest first, a batch at a time", async () => {
    const recent = await linkedClinic("https://book.zenoti.com/recent", 0.5);
    const old = await linkedClinic("https://book.zenoti.com/old", 3);
    const never = await linkedClinic("https://book.zenoti.com/never", null);
    const older = await linkedClinic("https://book.zenoti.com/older", 5);
    const asked: string[] = [];
    const recording: BookingLinkChecker = async (url) => void asked.push(url);
    expect(await run(at(0), recording, 2)).toEqual({ checked: 2, failed: 0, hidden: 0, restored: 0 });
    expect(asked).toEqual(["https://book.zenoti.com/never", "https://book.zenoti.com/older"]);
    await run(at(0), recording, 2);
    expect(asked.slice(2)).toEqual(["https://book.zenoti.com/old"]);
    // Each link is asked at most once a day: the same day again finds nothing due.
    expect((await run(at(0.4), recording)).checked).toBe(0);
    expect((await run(at(0.6), recording)).checked).toBe(1);
    expect(asked.at(-1)).toBe("https://book.zenoti.com/recent");
    const checked = await t.db.sql<{ id: number; checked: string }[]>`
      select id, booking_url_checked_at::text as checked from clinics where id = any(${[recent, old, never, older]}::int[])`;
    expect(checked.every((r) => r.checked !== null)).toBe(true);
  });

  it("hides a link after two failed checks in a row, mails each owner once, and shows it again once it answers", async () => {
    const id = await linkedClinic("https://book.zenoti.com/closed", 2, ["one@recheck-spa.com", "two@recheck-spa.com"]);
    expect(BOOKING_LINK_RECHECK.hideAfterFailures).toBe(2);
    const before = changes.length;

    expect(await run(at(0), refuses)).toEqual({ checked: 1, failed: 1, hidden: 0, restored: 0 });
    expect(await publicLink(id)).toBe("https://book.zenoti.com/closed");
    expect(await state(id)).toMatchObject({ shown: true, failures: 1, failingSince: new Date(start).toISOString() });
    expect(changes.length).toBe(before);

    expect(await run(at(1), refuses)).toEqual({ checked: 1, failed: 1, hidden: 1, restored: 0 });
    expect(await publicLink(id)).toBeNull();
    expect(await state(id)).toEqual({
      url: "https://book.zenoti.com/closed",
      shown: false,
      checkedAt: new Date(start + DAY).toISOString(),
      failures: 2,
      failingSince: new Date(start).toISOString(),
    });
    // The clinic's pages are published again (the same path as a clinic write).
    expect(changes.slice(before)).toEqual([{ entity: "clinic", entityId: id, action: "update" }]);
    const mails = await ownerMails(id);
    expect(mails.map((m) => m.to_address)).toEqual(["one@recheck-spa.com", "two@recheck-spa.com"]);
    expect(mails[0]!.subject).toMatch(/booking link of Recheck Spa \d+ is not answering/);
    expect(mails[0]!.text).toContain("https://book.zenoti.com/closed");
    expect(mails[0]!.text).toContain("HTTP 404");

    // A third failure changes nothing visible and mails no one again.
    expect(await run(at(2), refuses)).toMatchObject({ failed: 1, hidden: 0 });
    expect(await ownerMails(id)).toHaveLength(2);
    expect((await state(id)).failures).toBe(3);

    expect(await run(at(3), answers)).toEqual({ checked: 1, failed: 0, hidden: 0, restored: 1 });
    expect(await publicLink(id)).toBe("https://book.zenoti.com/closed");
    expect(await state(id)).toMatchObject({ shown: true, failures: 0, failingSince: null });
    expect(changes.slice(before)).toHaveLength(2);
  });

  it("one failure between answers never hides the link", async () => {
    const id = await linkedClinic("https://book.zenoti.com/flaky", 2);
    await run(at(0), refuses);
    await run(at(1), answers);
    await run(at(2), refuses);
    expect(await publicLink(id)).toBe("https://book.zenoti.com/flaky");
    expect((await state(id)).failures).toBe(1);
  });

  it("keeps the check of a link saved while the old one was being asked", async () => {
    const id = await linkedClinic("https://book.zenoti.com/old-link", 2);
    await t.db.sql`update clinics set booking_url_failures = 1 where id = ${id}`;
    const savedMeanwhile: BookingLinkChecker = async () => {
      await t.db
        .sql`update clinics set booking_url = 'https://book.zenoti.com/new-link', booking_url_checked_at = now(), booking_url_failures = 0 where id = ${id}`;
      throw new Error("no answer in time");
    };
    expect(await run(at(0), savedMeanwhile)).toMatchObject({ checked: 1, hidden: 0 });
    expect(await state(id)).toMatchObject({ url: "https://book.zenoti.com/new-link", shown: true, failures: 0 });
  });

  it("saving a new link starts its checks again", async () => {
    const id = await linkedClinic("https://book.zenoti.com/gone", 2, ["saver@recheck-spa.com"]);
    await run(at(0), refuses);
    await run(at(1), refuses);
    expect(await publicLink(id)).toBeNull();
    const owner = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "saver@recheck-spa.com");
    const saved = await t.request("PATCH", `/clinics/${id}`, { cookie: owner, body: { bookingUrl: "https://book.zenoti.com/ok" } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as Clinic).bookingUrl).toBe("https://book.zenoti.com/ok");
    const after = await state(id);
    expect(after).toMatchObject({ url: "https://book.zenoti.com/ok", shown: true, failures: 0, failingSince: null });
    expect(Date.now() - Date.parse(after.checkedAt ?? "")).toBeLessThan(60_000);
    // The owner sees it too; the audit log records the link, not the check's bookkeeping.
    expect((await t.get<BookingLinkState>(`/clinics/${id}/booking-link`, { cookie: owner })).status).toBe(200);
    const [audit] = await t.db.sql<{ fields: string[] }[]>`select fields from clinic_audit where clinic_id = ${id} order by id desc limit 1`;
    expect(audit?.fields).toEqual(["booking_url"]);
  });

  it("asks with the real checker: a loopback HTTPS server's answers count, its 404 does not", async () => {
    const ok = await linkedClinic("https://book.zenoti.com/ok", 2);
    const missing = await linkedClinic("https://book.zenoti.com/missing", 2);
    const asked = links.requests.length;
    const summary = await recheckBookingLinks({ deps: t.deps, mail: mailContext(t.deps).config, batch: 10, now: at(0) });
    expect(summary).toEqual({ checked: 2, failed: 1, hidden: 0, restored: 0 });
    expect(links.requests.slice(asked)).toEqual(expect.arrayContaining(["HEAD /ok", "HEAD /missing", "GET /missing"]));
    expect((await state(ok)).failures).toBe(0);
    expect(await state(missing)).toMatchObject({ failures: 1, shown: true });
  });

  it("refuses a private address with the same SSRF rule as when the link is saved", async () => {
    const id = await linkedClinic("https://book.zenoti.com/ok", 2);
    const strict = { ...links.check, allowPrivateAddresses: false };
    t.deps.bookingLinkCheck = strict;
    try {
      const asked = links.requests.length;
      expect(await recheckBookingLinks({ deps: t.deps, mail: mailContext(t.deps).config, batch: 10, now: at(0) })).toMatchObject({ failed: 1 });
      expect(links.requests.length).toBe(asked);
      expect((await state(id)).failures).toBe(1);
    } finally {
      t.deps.bookingLinkCheck = links.check;
    }
  });

  it("runs on its schedule; a tick while a run is still asking is skipped", async () => {
    await linkedClinic("https://book.zenoti.com/slow", 2);
    const clock = new ManualClock(start);
    let release = () => {};
    const asked: string[] = [];
    const slow: BookingLinkChecker = (url) => {
      asked.push(url);
      return new Promise<void>((resolve) => (release = resolve));
    };
    const schedule = startBookingLinkRechecks(
      { deps: t.deps, mail: mailContext(t.deps).config, batch: 10, check: slow, now: () => new Date(clock.now()) },
      "*/15 * * * *",
      clock,
    );
    try {
      expect(schedule.nextRun()?.toISOString()).toBe("2026-11-20T09:15:00.000Z");
      clock.advance(15 * 60_000);
      await expect.poll(() => asked).toEqual(["https://book.zenoti.com/slow"]);
      // Another link falls due, but the run in hand is still asking: the next tick does nothing.
      await linkedClinic("https://book.zenoti.com/next", 2);
      clock.advance(15 * 60_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(asked).toHaveLength(1);
      release();
      await expect.poll(async () => (await t.db.sql`select 1 from clinics where booking_url like '%/slow' and booking_url_failures = 0`).length).toBe(1);
      // The run ends a moment after its last write (its mail and clean-up), so a tick right after
      // that write may still find it busy (a loaded CI run did): tick until the next run asks.
      await expect
        .poll(() => {
          if (asked.length < 2) clock.advance(15 * 60_000);
          return asked;
        })
        .toEqual(["https://book.zenoti.com/slow", "https://book.zenoti.com/next"]);
      release();
    } finally {
      schedule.stop();
    }
  });
});
