import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { NEWSLETTER_TOKEN_ERRORS } from "@botox/core";
import { recordingLogger } from "@botox/core/testing";
import { createPublicTestContext, type PublicTestContext } from "../test/public-app.ts";
import { startTestSmtp, type ReceivedMail, type TestSmtp } from "../test/smtp.ts";
import { composeRaw, HeaderInjectionError } from "./compose.ts";
import { runDigests, runPriceAlerts } from "./schedule.ts";
import { mailContext } from "./service.ts";
import { MailWorker } from "./worker.ts";

const ENV = {
  SITE_URL: "https://site.test",
  PUBLIC_API_URL: "https://api.test/api/v1",
  MAIL_FROM: "Botox Near Me <deals@botox.test>",
  MAIL_POSTAL_ADDRESS: "1 Main St, Austin, TX 78701",
  MAIL_RETRY_BASE_MS: "0",
  MAIL_MAX_ATTEMPTS: "3",
};

let smtp: TestSmtp;
let t: PublicTestContext;
let worker: MailWorker;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createPublicTestContext({ ...ENV, SMTP_URL: smtp.url });
  worker = new MailWorker({ sql: t.db.sql, config: mailContext(t.deps).config, logger: recordingLogger() });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
});

let ipSeq = 0;
const ip = () => `198.18.1.${++ipSeq}`;
const subscribe = (body: unknown) => t.request("POST", "/newsletter/subscribe", { body, ip: ip() });
/** Sends until nothing is due (retries wait 0 ms here). */
async function drain(): Promise<void> {
  while ((await worker.runOnce()) > 0);
}
const to = (address: string): ReceivedMail[] => smtp.received.filter((m) => m.envelopeTo.includes(address));
const tokenIn = (text: string, page: "confirm" | "preferences") => new RegExp(`/newsletter/${page}\\?token=([A-Za-z0-9_.-]+)`).exec(text)?.[1] ?? "";
const ctx = () => ({ sql: t.db.sql, db: t.db.db, config: mailContext(t.deps).config, secret: t.deps.secret, logger: recordingLogger() });

async function confirmedSubscriber(email: string, zipCode: string | null): Promise<{ manage: string }> {
  expect((await subscribe({ email, zipCode })).status).toBe(200);
  await drain();
  const [mail] = to(email);
  const res = await t.request("POST", "/newsletter/confirm", { body: { token: tokenIn(mail!.parsed.text ?? "", "confirm") }, ip: ip() });
  expect(res.status).toBe(200);
  return { manage: ((await res.json()) as { preferencesToken: string }).preferencesToken };
}

describe("double opt-in", () => {
  it("sends a plain confirmation over SMTP, confirms once, and sends nothing to a confirmed address", async () => {
    const res = await subscribe({ email: "ann@example.com", zipCode: "10001", firstName: "Ann" });
    expect(await res.json()).toEqual({ subscribed: true });
    await drain();
    const [mail, ...more] = to("ann@example.com");
    expect(more).toEqual([]);
    expect(mail!.parsed.subject).toBe("Confirm your subscription to Botox Near Me");
    expect(mail!.parsed.from?.value[0]).toMatchObject({ name: "Botox Near Me", address: "deals@botox.test" });
    expect(mail!.parsed.messageId).toMatch(/^<[0-9a-f-]+@botox\.test>$/);
    // Transactional: no offers, no unsubscribe headers.
    expect(mail!.parsed.headers.has("list-unsubscribe")).toBe(false);
    const token = tokenIn(mail!.parsed.text ?? "", "confirm");
    expect(mail!.parsed.text).toContain(`https://site.test/newsletter/confirm?token=${token}`);
    const [stored] = await t.db.sql<{ status: string; consent_network: string; consent_text_version: string }[]>`
      select status, consent_network, consent_text_version from newsletter_subscriptions where email = 'ann@example.com'`;
    expect(stored).toMatchObject({ status: "pending", consent_text_version: expect.any(String) });
    expect(stored!.consent_network).toMatch(/^[0-9a-f]{64}$/);
    // Only the hash of the token is stored.
    expect(await t.db.sql`select 1 from newsletter_tokens where token_hash = ${token}`).toHaveLength(0);

    const confirm = await t.request("POST", "/newsletter/confirm", { body: { token }, ip: ip() });
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toMatchObject({ confirmed: true, email: "ann@example.com" });
    const again = await t.request("POST", "/newsletter/confirm", { body: { token }, ip: ip() });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: NEWSLETTER_TOKEN_ERRORS.used.error });

    const resubscribe = await subscribe({ email: "ANN@example.com", zipCode: "99999" });
    expect(resubscribe.status).toBe(200);
    expect(await resubscribe.json()).toEqual({ subscribed: true });
    await drain();
    expect(to("ann@example.com")).toHaveLength(1);
  });

  it("says which way a token is wrong: unknown 404, expired 410, malformed 400", async () => {
    const unknown = await t.request("POST", "/newsletter/confirm", { body: { token: "A".repeat(43) }, ip: ip() });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: NEWSLETTER_TOKEN_ERRORS.invalid.error });
    await subscribe({ email: "late@example.com" });
    await drain();
    const token = tokenIn(to("late@example.com")[0]!.parsed.text ?? "", "confirm");
    await t.db.sql`update newsletter_tokens set expires_at = now() - interval '1 minute'`;
    const expired = await t.request("POST", "/newsletter/confirm", { body: { token }, ip: ip() });
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: NEWSLETTER_TOKEN_ERRORS.expired.error });
    expect((await t.request("POST", "/newsletter/confirm", { body: { token: "bad token!" }, ip: ip() })).status).toBe(400);
    expect((await t.request("GET", "/newsletter/preferences?token=", { ip: ip() })).status).toBe(400);
    expect((await t.request("GET", "/newsletter/preferences?token=1.xyz", { ip: ip() })).status).toBe(404);
    expect((await t.request("GET", `/newsletter/preferences?token=1.${"a".repeat(43)}`, { ip: ip() })).status).toBe(404);
  });

  it("keeps preferences, and erases everything on delete", async () => {
    const { manage } = await confirmedSubscriber("prefs@example.com", "10001");
    const read = await t.get(`/newsletter/preferences?token=${manage}`, { ip: ip() });
    expect(read.body).toEqual({ email: "prefs@example.com", status: "confirmed", zipCode: "10001", radiusMiles: 25, brands: [], frequency: "new" });
    const put = await t.request("PUT", `/newsletter/preferences?token=${manage}`, {
      body: { zipCode: "10002", radiusMiles: 10, brands: ["botox", "dysport"], frequency: "weekly" },
      ip: ip(),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ zipCode: "10002", radiusMiles: 10, brands: ["botox", "dysport"], frequency: "weekly" });
    const bad = await t.request("PUT", `/newsletter/preferences?token=${manage}`, {
      body: { zipCode: "10002", radiusMiles: 7, brands: [], frequency: "weekly" },
      ip: ip(),
    });
    expect(bad.status).toBe(400);
    const erased = await t.request("DELETE", `/newsletter/subscription?token=${manage}`, { ip: ip() });
    expect(await erased.json()).toEqual({ deleted: true });
    expect(await t.db.sql`select 1 from newsletter_subscriptions where email = 'prefs@example.com'`).toHaveLength(0);
    expect(await t.db.sql`select 1 from mail_messages where to_address = 'prefs@example.com'`).toHaveLength(0);
    expect((await t.request("GET", `/newsletter/preferences?token=${manage}`, { ip: ip() })).status).toBe(404);
  });
});

describe("transport", () => {
  it("retries a temporary refusal (4xx) and sends once it passes", async () => {
    smtp.defer.set("later@example.com", 2);
    await subscribe({ email: "later@example.com" });
    await drain();
    expect(to("later@example.com")).toHaveLength(1);
    const [row] = await t.db.sql<{ status: string; attempts: number }[]>`select status, attempts from mail_messages where to_address = 'later@example.com'`;
    expect(row).toEqual({ status: "sent", attempts: 3 });
  });

  it("marks a message failed after the bounded tries, without suppressing the address", async () => {
    smtp.defer.set("down@example.com", 10);
    await subscribe({ email: "down@example.com" });
    await drain();
    const [row] = await t.db.sql<
      { status: string; attempts: number; last_error: string }[]
    >`select status, attempts, last_error from mail_messages where to_address = 'down@example.com'`;
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row!.last_error).toContain("451");
    expect(await t.db.sql`select 1 from mail_suppressions where email = 'down@example.com'`).toHaveLength(0);
  });

  it("suppresses an address its server refuses for good (5xx) and never sends to it again", async () => {
    smtp.refuse.add("gone@example.com");
    await subscribe({ email: "gone@example.com" });
    await drain();
    const [failed] = await t.db.sql<{ status: string }[]>`select status from mail_messages where to_address = 'gone@example.com'`;
    expect(failed!.status).toBe("failed");
    expect(await t.db.sql`select 1 from mail_suppressions where email = 'gone@example.com'`).toHaveLength(1);
    smtp.refuse.delete("gone@example.com");
    await subscribe({ email: "gone@example.com" });
    await drain();
    expect(to("gone@example.com")).toHaveLength(0);
    const statuses = await t.db.sql<{ status: string }[]>`select status from mail_messages where to_address = 'gone@example.com' order by id`;
    expect(statuses.map((r) => r.status)).toEqual(["failed", "suppressed"]);
  });

  it("lets no field add a header or a recipient (CR/LF in a name)", async () => {
    await subscribe({ email: "inject@example.com", firstName: "Eve\r\nBcc: victim@example.com\r\nSubject: hi" });
    await drain();
    const [mail] = to("inject@example.com");
    expect(mail!.envelopeTo).toEqual(["inject@example.com"]);
    expect(mail!.parsed.headers.has("bcc")).toBe(false);
    expect(mail!.parsed.subject).toBe("Confirm your subscription to Botox Near Me");
    expect(to("victim@example.com")).toHaveLength(0);
    const base = { from: "a@b.test", to: "c@d.test", subject: "s", text: "t", html: null, messageId: "<x@b.test>", createdAt: new Date() };
    await expect(composeRaw({ ...base, headers: { "List-Unsubscribe": "<https://x>\r\nBcc: v@x.test" } })).rejects.toThrow(HeaderInjectionError);
    await expect(composeRaw({ ...base, to: "c@d.test\r\nBcc: v@x.test", headers: {} })).rejects.toThrow(HeaderInjectionError);
  });
});

describe("digest and alerts", () => {
  let clinicId = 0;
  beforeAll(async () => {
    await t.insertZip("10001", 40.7506, -73.9972, "New York", "NY");
    const [clinic] = await t.insertClinics([{ name: "Chelsea Skin", city: "New York", state: "NY", latitude: 40.752, longitude: -73.99 }]);
    clinicId = clinic!.id;
    // Older than any subscriber: not a "new clinic".
    await t.db.sql`update clinics set created_at = now() - interval '30 days' where id = ${clinicId}`;
  });
  const addDeal = (title: string, brand = "botox") =>
    t.db.sql`insert into clinic_deals (clinic_id, title, brand, model, unit_price_cents, per_unit_cents, starts_on, ends_on, conditions)
      values (${clinicId}, ${title}, ${brand}, 'per_unit', 900, 900, current_date, current_date + 20, 'New patients only')`;

  it("sends a digest with the new deal, the footer and RFC 8058 headers; no rerun duplicate, no empty digest; one-click unsubscribe stops it", async () => {
    const { manage } = await confirmedSubscriber("digest@example.com", "10001");
    expect(await runDigests(ctx())).toBe(0); // nothing new: no mail
    await addDeal("Winter Botox special");
    // This subscriber (and any earlier one at 10001).
    expect(await runDigests(ctx())).toBeGreaterThanOrEqual(1);
    expect(await runDigests(ctx())).toBe(0); // rerun: nothing twice
    await drain();
    const digests = to("digest@example.com").filter((m) => m.parsed.subject !== "Confirm your subscription to Botox Near Me");
    expect(digests).toHaveLength(1);
    const d = digests[0]!.parsed;
    expect(d.text).toContain("Winter Botox special");
    expect(d.text).toContain("$9/unit");
    expect(d.text).toContain("1 Main St, Austin, TX 78701");
    expect(d.html).toContain("utm_source=botoxnearme");
    expect(d.html).toContain("/botox-clinic/new-york/");
    expect(digests[0]!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const headerBlock = digests[0]!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const listUnsubscribe = String(/^List-Unsubscribe: <([^>]+)>/m.exec(headerBlock)?.[1] ?? headerBlock);
    expect(listUnsubscribe).toBe(`https://api.test/api/v1/newsletter/unsubscribe?token=${manage}`);

    // A mail provider's one-click POST: foreign origin, form body.
    const one = await t.request("POST", `/newsletter/unsubscribe?token=${manage}`, {
      body: "List-Unsubscribe=One-Click",
      headers: { Origin: "https://mail.example", "Content-Type": "application/x-www-form-urlencoded" },
      ip: ip(),
    });
    expect(one.status).toBe(200);
    await addDeal("Spring Dysport special", "dysport");
    await runDigests(ctx());
    await drain();
    expect(to("digest@example.com")).toHaveLength(2);
  });

  it("fires a price alert once per price under the line, at most one mail a day", async () => {
    const res = await t.request("POST", "/price-alerts", {
      body: { email: "alert@example.com", brand: "botox", maxUnitPrice: 12, zipCode: "10001", radiusMiles: 10 },
      ip: ip(),
    });
    expect(await res.json()).toEqual({ accepted: true });
    await drain();
    const token = tokenIn(to("alert@example.com")[0]!.parsed.text ?? "", "confirm");
    expect((await t.request("POST", "/newsletter/confirm", { body: { token }, ip: ip() })).status).toBe(200);
    const price = (cents: number, clinic: number) =>
      t.db.sql`insert into clinic_prices (clinic_id, brand, model, unit_price_cents, per_unit_cents, source, observed_on)
        values (${clinic}, 'botox', 'per_unit', ${cents}, ${cents}, 'clinic', current_date)`;
    await price(1500, clinicId); // above the line
    expect(await runPriceAlerts(ctx())).toBe(0);
    await price(1100, clinicId);
    expect(await runPriceAlerts(ctx())).toBe(1);
    expect(await runPriceAlerts(ctx())).toBe(0);
    const [other] = await t.insertClinics([{ name: "Midtown Glow", city: "New York", state: "NY", latitude: 40.755, longitude: -73.985 }]);
    await price(1000, other!.id);
    expect(await runPriceAlerts(ctx())).toBe(0); // already mailed today
    const tomorrow = () => new Date(Date.now() + 86_400_000);
    expect(await runPriceAlerts({ ...ctx(), now: tomorrow })).toBe(1);
    expect(await runPriceAlerts({ ...ctx(), now: tomorrow })).toBe(0);
    await drain();
    const alerts = to("alert@example.com").filter((m) => m.parsed.subject?.startsWith("Price alert"));
    expect(alerts.map((m) => m.parsed.text?.includes("Midtown Glow"))).toEqual([false, true]);
    expect(alerts[0]!.parsed.text).toContain("$11/unit");
  });
});

describe("capture mode", () => {
  // A second database and app: made in a hook, whose bound allows for a loaded machine.
  let c: PublicTestContext;
  beforeAll(async () => {
    c = await createPublicTestContext({ ...ENV, MAIL_MODE: "capture" });
  });
  afterAll(async () => {
    await c?.close();
  });

  it("keeps the message as captured and writes it whole as {id}.eml", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mail-capture-"));
    try {
      const w = new MailWorker({ sql: c.db.sql, config: { ...mailContext(c.deps).config, captureDir: dir }, logger: recordingLogger() });
      await c.request("POST", "/newsletter/subscribe", { body: { email: "cap@example.com" }, ip: "198.18.9.1" });
      while ((await w.runOnce()) > 0);
      const [row] = await c.db.sql<{ id: string; status: string; message_id: string }[]>`select id, status, message_id from mail_messages`;
      expect(row!.status).toBe("captured");
      const parsed = await simpleParser(await fs.readFile(path.join(dir, `${row!.id}.eml`)));
      expect(parsed.messageId).toBe(row!.message_id);
      expect(parsed.subject).toBe("Confirm your subscription to Botox Near Me");
      expect(parsed.text).toContain("https://site.test/newsletter/confirm?token=");
      await w.stop();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
