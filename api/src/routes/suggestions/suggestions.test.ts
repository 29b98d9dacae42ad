import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, PHONE_MSG, SUGGESTION_MSG, isoDay, type Clinic, type Stats, type Suggestion, type SuggestionList } from "@botox/core";
import { TEXT_MSG } from "@botox/core/text";
import { adminUsers, clinics, hashPassword, type ContentChange } from "@botox/db";
import { eq } from "drizzle-orm";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { VISITOR_COOKIE } from "../../lib/visitor.ts";

let t: PublicTestContext;
let session: string;
const changes: ContentChange[] = [];
let ipSeq = 0;
/** A fresh client address per request, so the per-address rules stay out of the way. */
const freshIp = () => `198.18.${++ipSeq >> 8}.${ipSeq & 255}`;
let clinicSeq = 0;

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.onContentChange = (change) => changes.push(change as ContentChange);
  const username = `admin-${randomBytes(4).toString("hex")}`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  await t.db.db.insert(adminUsers).values({ username, passwordHash: await hashPassword(password) });
  const res = await t.request("POST", "/login", { body: { username, password } });
  expect(res.status).toBe(200);
  session = sessionCookieOf(res);
});
afterAll(() => t.close());

async function newClinic() {
  const [row] = await t.insertClinics([
    {
      name: `Suggest Clinic ${++clinicSeq}`,
      city: "Denver",
      state: "CO",
      phone: "(303) 555-0100",
      site: "https://old.example.com",
      fullAddress: "1 Old St, Denver, CO 80202",
      workingHours: { Monday: "9AM-5PM" },
    },
  ]);
  return row!;
}

const suggest = (id: number | string, body: unknown, options: { ip?: string; cookie?: string } = {}) =>
  t.request("POST", `/clinics/${id}/suggestions`, { body, ip: options.ip ?? freshIp(), cookie: options.cookie });
const cookieOf = (res: Response) => {
  const m = new RegExp(`${VISITOR_COOKIE}=([^;]+)`).exec(res.headers.get("set-cookie") ?? "");
  return m ? `${VISITOR_COOKIE}=${m[1]}` : undefined;
};
const decide = (id: number, body: unknown) => t.request("PATCH", `/suggestions/${id}`, { body, cookie: session });
const pending = async () => (await t.get<SuggestionList>("/suggestions?status=pending", { cookie: session })).body.suggestions;

describe("POST /clinics/{id}/suggestions", () => {
  it("stores a pending suggestion (201) that changes nothing public", async () => {
    const clinic = await newClinic();
    const res = await suggest(clinic.id, { changes: { phone: "(303) 555-0199", businessStatus: "closed_temporarily" }, note: "  Called them today  " });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; status: string };
    expect(body).toEqual({ id: expect.any(Number), status: "pending", message: SUGGESTION_MSG.pending });
    expect(cookieOf(res)).toBeDefined();
    const publicClinic = await t.get<Clinic>(`/proxy/clinic/${clinic.slug}`);
    expect(publicClinic.body.phone).toBe("(303) 555-0100");
    expect(publicClinic.body.businessStatus).toBe("OPERATIONAL");
    expect(changes.filter((c) => c.entityId === clinic.id)).toEqual([]);
    const queued = (await pending()).find((s) => s.id === body.id);
    // Only what was sent: an absent field is no change (not a default).
    expect(Object.keys(queued?.changes ?? {}).sort()).toEqual(["businessStatus", "phone"]);
    expect(queued).toMatchObject({
      clinicId: clinic.id,
      clinicName: clinic.name,
      changes: { phone: "(303) 555-0199", businessStatus: "CLOSED_TEMPORARILY" },
      current: { phone: "(303) 555-0100", businessStatus: "OPERATIONAL" },
      note: "Called them today",
      status: "pending",
    });
  });

  it.each([
    ["no change at all", { changes: {} }, SUGGESTION_MSG.noChange],
    ["no changes object", { note: "hi" }, SUGGESTION_MSG.noChange],
    ["an unknown field", { changes: { name: "Renamed" } }, SUGGESTION_MSG.unknownField],
    ["an unknown top-level field", { changes: { phone: "303-555-0101" }, admin: true }, SUGGESTION_MSG.unknownField],
    ["a javascript: URL", { changes: { site: "javascript:alert(1)" } }, MSG.validation.invalidUrl],
    ["a control character", { changes: { fullAddress: "1 Main St\u0007" } }, TEXT_MSG.unsafe],
    ["a bidi override", { changes: { phone: "303555\u202E0100" } }, PHONE_MSG.invalid],
    ["a zero-width space in a phone", { changes: { phone: "303\u200b555-0100" } }, PHONE_MSG.invalid],
    ["a phone that is not a number", { changes: { phone: "call me maybe" } }, PHONE_MSG.invalid],
    ["a phone one digit short", { changes: { phone: "(312) 555-042" } }, PHONE_MSG.invalid],
    ["a website with user-info", { changes: { site: "https://www.clinic.com@evil.example/" } }, MSG.validation.invalidUrl],
    ["a bidi override in the note", { changes: { phone: "303-555-0102" }, note: "x\u2066y" }, TEXT_MSG.unsafe],
    ["an oversized address", { changes: { fullAddress: "a".repeat(501) } }, TEXT_MSG.tooLong("Address", 500)],
    ["an oversized note", { changes: { phone: "303-555-0102" }, note: "n".repeat(1001) }, TEXT_MSG.tooLong("Note", 1000)],
    ["an unknown status", { changes: { businessStatus: "GONE" } }, MSG.validation.invalidStatus],
  ])("refuses %s with a 400 and a clear message", async (_name, body, message) => {
    const clinic = await newClinic();
    const res = await suggest(clinic.id, body);
    expect(res.status).toBe(400);
    const err = (await res.json()) as { error: string; issues?: { message: string }[] };
    expect([err.error, ...(err.issues ?? []).map((i) => i.message)]).toContain(message);
  });

  it("refuses nested hours with a 400", async () => {
    const clinic = await newClinic();
    const res = await suggest(clinic.id, { changes: { workingHours: { Monday: { open: { at: "9" } } } } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(MSG.validation.workingHours);
  });

  it("answers 404 for an unknown clinic", async () => {
    expect((await suggest(999_999, { changes: { phone: "303-555-0155" } })).status).toBe(404);
    expect((await suggest("99999999999", { changes: { phone: "303-555-0155" } })).status).toBe(404);
  });

  it("keeps one pending suggestion per visitor per clinic: the same cookie, or the same address with a fresh cookie, is 409", async () => {
    const clinic = await newClinic();
    const ip = freshIp();
    const first = await suggest(clinic.id, { changes: { phone: "303-555-0111" } }, { ip });
    expect(first.status).toBe(201);
    const cookie = cookieOf(first);
    const again = await suggest(clinic.id, { changes: { phone: "303-555-0122" } }, { cookie });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: SUGGESTION_MSG.alreadyPending });
    expect((await suggest(clinic.id, { changes: { phone: "303-555-0133" } }, { ip })).status).toBe(409);
    // Another clinic is fine, and so is this one once the first is decided.
    expect((await suggest((await newClinic()).id, { changes: { phone: "303-555-0144" } }, { cookie })).status).toBe(201);
    const { id } = (await first.json()) as { id: number };
    expect((await decide(id, { status: "rejected" })).status).toBe(200);
    expect((await suggest(clinic.id, { changes: { phone: "303-555-0155" } }, { cookie, ip })).status).toBe(201);
  });

  it("counts an IPv6 visitor by its /64: other addresses of it, with fresh cookies, are the same visitor (409)", async () => {
    const clinic = await newClinic();
    expect((await suggest(clinic.id, { changes: { phone: "(303) 555-0111" } }, { ip: "2001:db8:77:1::1" })).status).toBe(201);
    for (const ip of ["2001:db8:77:1::2", "2001:db8:77:1:ffff:ffff:ffff:fffe"]) {
      expect((await suggest(clinic.id, { changes: { phone: "(303) 555-0122" } }, { ip })).status).toBe(409);
    }
    expect((await suggest(clinic.id, { changes: { phone: "(303) 555-0133" } }, { ip: "2001:db8:77:2::1" })).status).toBe(201);
  });

  it("is rate limited per address like the other public writes: a flood gets 429", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await suggest(999_000 + i, { changes: { phone: "303-555-0155" } }, { ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("the admin's queue", () => {
  it("needs a session", async () => {
    expect((await t.get("/suggestions")).status).toBe(401);
    expect((await t.request("PATCH", "/suggestions/1", { body: { status: "applied" } })).status).toBe(401);
  });

  it("applies a suggestion through the clinic write path: values, last checked today, published; a second decision is 409", async () => {
    const clinic = await newClinic();
    const res = await suggest(clinic.id, {
      changes: { phone: "(303) 555-0142", site: "https://new.example.com", workingHours: { Monday: "10AM-6PM", Tuesday: "10AM-6PM" } },
    });
    const { id } = (await res.json()) as { id: number };
    const statsBefore = (await t.get<Stats>("/stats", { cookie: session })).body.pendingSuggestions ?? 0;
    expect(statsBefore).toBeGreaterThan(0);
    const applied = await decide(id, { status: "applied" });
    expect(applied.status).toBe(200);
    const body = (await applied.json()) as Suggestion;
    expect(body).toMatchObject({ id, status: "applied", decidedAt: expect.any(String), current: { phone: "(303) 555-0100" } });
    const [row] = await t.db.db.select().from(clinics).where(eq(clinics.id, clinic.id));
    expect(row).toMatchObject({
      phone: "(303) 555-0142",
      site: "https://new.example.com",
      lastVerifiedOn: isoDay(new Date()),
      name: clinic.name,
      slug: clinic.slug,
    });
    // Derived columns follow, as any clinic write's do.
    expect(row?.openMinutes).not.toBe(clinic.openMinutes);
    expect(changes).toContainEqual({ entity: "clinic", entityId: clinic.id, action: "update" });
    const publicClinic = await t.get<Clinic>(`/proxy/clinic/${clinic.slug}`);
    expect(publicClinic.body.lastVerifiedOn).toBe(isoDay(new Date()));
    expect((await t.get<Stats>("/stats", { cookie: session })).body.pendingSuggestions).toBe(statsBefore - 1);

    const twice = await decide(id, { status: "rejected" });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: SUGGESTION_MSG.alreadyDecided });
    expect((await pending()).some((s) => s.id === id)).toBe(false);
  });

  it("rejects with a reason and leaves the clinic as it was", async () => {
    const clinic = await newClinic();
    const { id } = (await (await suggest(clinic.id, { changes: { businessStatus: "PERMANENTLY_CLOSED" } })).json()) as { id: number };
    const before = changes.length;
    const res = await decide(id, { status: "rejected", reason: "Still open, called them" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "rejected", reason: "Still open, called them" });
    const [row] = await t.db.db.select().from(clinics).where(eq(clinics.id, clinic.id));
    expect(row).toMatchObject({ businessStatus: "OPERATIONAL", lastVerifiedOn: null });
    expect(changes.length).toBe(before);
    expect((await decide(id, { status: "applied" })).status).toBe(409);
    const all = (await t.get<SuggestionList>("/suggestions?status=rejected", { cookie: session })).body.suggestions;
    expect(all.some((s) => s.id === id)).toBe(true);
  });

  it("refuses a bad decision (400), an unknown suggestion (404) and a bad status filter (400)", async () => {
    expect((await decide(1, { status: "maybe" })).status).toBe(400);
    expect((await decide(1, { status: "applied", extra: 1 })).status).toBe(400);
    expect((await decide(987_654, { status: "applied" })).status).toBe(404);
    const bad = await t.get<{ error: string }>("/suggestions?status=nope", { cookie: session });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(SUGGESTION_MSG.listStatus);
  });
});

describe("applying with the admin's own rules", () => {
  it("hours the admin could not save stay pending, with the reason shown in the queue", async () => {
    const clinic = await newClinic();
    const res = await suggest(clinic.id, { changes: { workingHours: "whenever we feel like it" } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    // The admin's own PUT with the same hours is refused; so is applying them.
    const put = await t.request("PUT", `/clinics/${clinic.id}`, {
      body: { name: clinic.name, city: "Denver", state: "CO", workingHours: "whenever we feel like it" },
      cookie: session,
    });
    expect(put.status).toBe(400);
    const applied = await decide(id, { status: "applied" });
    expect(applied.status).toBe(400);
    const { error } = (await applied.json()) as { error: string };
    expect(error).toBe(((await put.json()) as { error: string }).error);
    const queued = (await pending()).find((s) => s.id === id);
    expect(queued).toMatchObject({ status: "pending", reason: SUGGESTION_MSG.cannotApply(error) });
    const [row] = await t.db.db.select().from(clinics).where(eq(clinics.id, clinic.id));
    expect(row?.workingHours).toEqual({ Monday: "9AM-5PM" });
    // Rejecting it still works, and replaces the reason with the admin's.
    expect((await decide(id, { status: "rejected", reason: "Not hours" })).status).toBe(200);
  });

  it("a suggestion that leaves the hours alone applies to a clinic whose hours are stored as free text", async () => {
    const [clinic] = await t.insertClinics([{ name: `Suggest Clinic ${++clinicSeq}`, city: "Denver", state: "CO", workingHours: "By appointment only" }]);
    const res = await suggest(clinic!.id, { changes: { phone: "(303) 555-0177" } });
    const { id } = (await res.json()) as { id: number };
    expect((await decide(id, { status: "applied" })).status).toBe(200);
  });
});

describe("the queue a page at a time", () => {
  it("pages oldest first, filters by clinic and status, and counts every match", async () => {
    const flooded = await newClinic();
    const other = await newClinic();
    for (let i = 0; i < 5; i++) expect((await suggest(flooded.id, { changes: { phone: `(303) 555-01${10 + i}` } })).status).toBe(201);
    const late = await suggest(other.id, { changes: { phone: "(303) 555-0190" } });
    const lateId = ((await late.json()) as { id: number }).id;
    const page = (q: string) => t.get<SuggestionList>(`/suggestions?${q}`, { cookie: session });

    const first = await page(`clinicId=${flooded.id}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(first.body.suggestions.map((s) => s.clinicId)).toEqual([flooded.id, flooded.id]);
    const third = await page(`clinicId=${flooded.id}&limit=2&page=3`);
    expect(third.body.suggestions).toHaveLength(1);
    const ids = [...first.body.suggestions, ...(await page(`clinicId=${flooded.id}&limit=2&page=2`)).body.suggestions, ...third.body.suggestions].map(
      (s) => s.id,
    );
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(5);

    // The later clinic's suggestion is found by its clinic whatever the flood before it.
    const mine = await page(`clinicId=${other.id}&status=pending`);
    expect(mine.body.suggestions.map((s) => s.id)).toEqual([lateId]);
    expect((await decide(lateId, { status: "rejected" })).status).toBe(200);
    expect((await page(`clinicId=${other.id}&status=pending`)).body.total).toBe(0);
    expect((await page(`clinicId=${other.id}&status=all`)).body.total).toBe(1);

    for (const bad of ["page=0", "limit=500", "clinicId=abc", "clinicId=0"]) {
      expect((await page(bad)).status, bad).toBe(400);
    }
  });
});
