import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage, MailMessageList, MailSuppressionList, Stats } from "@botox/core";
import { createAdminTestContext, type AdminTestContext } from "../../test/admin-app.ts";
import { enqueueMail } from "../../mail/outbox.ts";

let t: AdminTestContext;
let cookie: string;
const FROM = "Botox Near Me <no-reply@localhost>";
beforeAll(async () => {
  t = await createAdminTestContext();
  cookie = await t.login();
  await enqueueMail(t.db.sql, FROM, {
    to: "zoe@example.com",
    subject: "First",
    text: "Hello Zoe https://site.test/x",
    html: '<p>Hello <a href="https://site.test/x">Zoe</a></p>',
    kind: "test",
  });
  await enqueueMail(t.db.sql, FROM, {
    to: "bob@example.com",
    subject: "Second",
    text: "Hi",
    html: null,
    kind: "test",
    headers: { "List-Unsubscribe": "<https://api.test/u>" },
  });
  await t.db.sql`update mail_messages set status = 'sent', sent_at = now() where to_address = 'bob@example.com'`;
});
afterAll(async () => {
  await t?.close();
});

describe("admin mail", () => {
  it("lists the outbox newest first, searches by recipient, and pages", async () => {
    const all = (await (await t.request("GET", "/mail/messages", { cookie })).json()) as MailMessageList;
    expect(all.totalCount).toBe(2);
    expect(all.messages.map((m) => [m.to, m.subject, m.status])).toEqual([
      ["bob@example.com", "Second", "sent"],
      ["zoe@example.com", "First", "queued"],
    ]);
    expect(all.messages[0]!.sentAt).toEqual(expect.any(String));
    expect(all.messages[1]!.sentAt).toBeNull();
    const zoe = (await (await t.request("GET", "/mail/messages?to=ZOE&page=1&limit=20", { cookie })).json()) as MailMessageList;
    expect(zoe.messages.map((m) => m.to)).toEqual(["zoe@example.com"]);
    expect(zoe.totalCount).toBe(1);
    const second = (await (await t.request("GET", "/mail/messages?page=2&limit=1", { cookie })).json()) as MailMessageList;
    expect(second.messages.map((m) => m.subject)).toEqual(["First"]);
    expect((await t.request("GET", "/mail/messages?limit=500", { cookie })).status).toBe(400);
  });

  it("shows one message with its text, HTML and headers; 404 for an unknown id; 401 without a session", async () => {
    const list = (await (await t.request("GET", "/mail/messages?to=bob", { cookie })).json()) as MailMessageList;
    const res = await t.request("GET", `/mail/messages/${list.messages[0]!.id}`, { cookie });
    const one = (await res.json()) as MailMessage;
    expect(one).toMatchObject({ to: "bob@example.com", subject: "Second", text: "Hi", html: null });
    expect(one.headers).toMatchObject({ From: FROM, To: "bob@example.com", "List-Unsubscribe": "<https://api.test/u>" });
    expect(one.headers["Message-ID"]).toMatch(/^<.+@localhost>$/);
    expect((await t.request("GET", "/mail/messages/999999", { cookie })).status).toBe(404);
    expect((await t.request("GET", "/mail/messages")).status).toBe(401);
  });

  it("adds, lists and removes suppressed addresses", async () => {
    const added = await t.request("POST", "/mail/suppressions", { cookie, body: { email: "Spam@Example.com" } });
    expect(added.status).toBe(200);
    const list = (await (await t.request("GET", "/mail/suppressions", { cookie })).json()) as MailSuppressionList;
    expect(list.suppressions.map((s) => s.email)).toEqual(["spam@example.com"]);
    expect((await t.request("POST", "/mail/suppressions", { cookie, body: { email: "nope" } })).status).toBe(400);
    expect((await t.request("DELETE", "/mail/suppressions?email=spam%40example.com", { cookie })).status).toBe(200);
    expect((await t.request("DELETE", "/mail/suppressions?email=spam%40example.com", { cookie })).status).toBe(404);
  });

  it("adds the mail counts to the dashboard", async () => {
    const stats = (await (await t.request("GET", "/stats", { cookie })).json()) as Stats;
    expect(stats).toMatchObject({ confirmedSubscribers: 0, pendingSubscribers: 0, mailSentThisWeek: 1, mailFailures: 0 });
  });
});
