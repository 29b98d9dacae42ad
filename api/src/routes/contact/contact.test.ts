import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type ContactMessage, type Stats } from "@botox/core";
import { createApp } from "../../app.ts";
import { ORIGIN, createAdminTestContext, type AdminTestContext } from "../../test/admin-app.ts";
import { CONTACT_RATE_LIMIT } from "./contact.routes.ts";

let t: AdminTestContext;
let cookie: string;
/** The same database behind a fresh app, so each test starts with an unused rate limit. */
let fresh: () => ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createAdminTestContext();
  cookie = await t.login();
  fresh = () => createApp({ ...t.deps });
});
afterAll(async () => {
  await t?.close();
});

const post = (body: unknown, app = fresh()) =>
  app.request("/api/v1/contact", { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: JSON.stringify(body) });

const message = { name: "Jane Doe", email: "jane@example.com", subject: "List My Clinic", message: "Please list my clinic." };

describe("POST /contact", () => {
  it("stores a message", async () => {
    const res = await post(message);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { received: true; id: number };
    expect(body).toEqual({ received: true, id: expect.any(Number) });
    const [row] = await t.db.sql`select name, email, subject, message from contact_messages where id = ${body.id}`;
    expect(row).toEqual({ name: "Jane Doe", email: "jane@example.com", subject: "List My Clinic", message: "Please list my clinic." });
  });

  it.each([
    [{ ...message, name: "" }, MSG.contact.nameRequired],
    [{ ...message, email: "" }, MSG.contact.emailRequired],
    [{ ...message, email: "not-an-email" }, MSG.contact.invalidEmail],
    [{ ...message, message: "   " }, MSG.contact.messageRequired],
  ])("answers 400 with the spec's message for %j", async (body, error) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(error);
  });

  it("is rate limited per address", async () => {
    const app = fresh();
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) expect((await post(message, app)).status).toBe(201);
    const limited = await post(message, app);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: MSG.api.rateLimited });
  });

  it("accepts a missing subject", async () => {
    const { subject: _subject, ...rest } = message;
    expect((await post(rest)).status).toBe(201);
  });
});

describe("contact messages (admin)", () => {
  it("answer 401 without a session", async () => {
    expect((await t.request("GET", "/contact-messages")).status).toBe(401);
    expect((await t.request("PATCH", "/contact-messages/1", { body: { read: true } })).status).toBe(401);
    expect((await t.request("GET", "/contact-messages", { cookie: "session=abcdefghijklmnopqrstuvwxyz234567" })).status).toBe(401);
  });

  it("lists, marks read and handled, and filters unread", async () => {
    const { id } = (await (await post({ ...message, name: "Mark Me" })).json()) as { id: number };
    const all = (await (await t.request("GET", "/contact-messages", { cookie })).json()) as ContactMessage[];
    expect(all[0]).toMatchObject({ id, name: "Mark Me", readAt: null, handledAt: null });
    const unreadBefore = ((await (await t.request("GET", "/stats", { cookie })).json()) as Stats).unreadMessages!;

    const read = await t.request("PATCH", `/contact-messages/${id}`, { cookie, body: { read: true } });
    expect(read.status).toBe(200);
    const readMsg = (await read.json()) as ContactMessage;
    expect(readMsg.readAt).not.toBeNull();
    expect(readMsg.handledAt).toBeNull();

    const unread = (await (await t.request("GET", "/contact-messages?status=unread", { cookie })).json()) as ContactMessage[];
    expect(unread.some((m) => m.id === id)).toBe(false);
    expect(((await (await t.request("GET", "/stats", { cookie })).json()) as Stats).unreadMessages).toBe(unreadBefore - 1);

    const handled = (await (await t.request("PATCH", `/contact-messages/${id}`, { cookie, body: { handled: true, read: false } })).json()) as ContactMessage;
    expect(handled.handledAt).not.toBeNull();
    expect(handled.readAt).toBeNull();

    expect((await t.request("PATCH", `/contact-messages/${id}`, { cookie, body: { read: "yes" } })).status).toBe(400);
    expect((await t.request("PATCH", "/contact-messages/99999999", { cookie, body: { read: true } })).status).toBe(404);
    expect((await t.request("PATCH", "/contact-messages/x", { cookie, body: { read: true } })).status).toBe(404);
    expect((await t.request("GET", "/contact-messages?status=bogus", { cookie })).status).toBe(400);
  });
});
