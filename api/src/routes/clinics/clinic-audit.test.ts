/**
 * The clinic audit log (decision 278): what the team's and the owners' writes record, and who
 * may read it; an owner's held edit marked as theirs and mailed to every owner when decided
 * (decision 279).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type Clinic, type ClinicAuditEntry, type ClinicAuditList, type SuggestionList } from "@botox/core";
import { adminUsers, hashPassword } from "@botox/db";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { makeOwner, signInOwner } from "../../test/owners.ts";

let t: PublicTestContext;
let admin: string;
let adminId: number;
let ipSeq = 0;
const freshIp = () => `198.18.${++ipSeq >> 8}.${ipSeq & 255}`;
let clinicSeq = 0;

beforeAll(async () => {
  t = await createPublicTestContext();
  const [row] = await t.db.db
    .insert(adminUsers)
    .values({ username: "audit-admin", passwordHash: await hashPassword("audit-admin-password") })
    .returning({ id: adminUsers.id });
  adminId = row!.id;
  admin = sessionCookieOf(await t.request("POST", "/login", { body: { username: "audit-admin", password: "audit-admin-password" } }));
});
afterAll(() => t.close());

/** A clinic of its own per test, with its owners signed in. */
async function clinicWithOwners(...emails: string[]): Promise<{ id: number; owners: { id: number; cookie: string; email: string }[] }> {
  const n = ++clinicSeq;
  const [row] = await t.insertClinics([
    {
      name: `Audit Spa ${n}`,
      city: "Auditon",
      state: "TX",
      phone: "(512) 555-0100",
      site: `https://auditspa${n}.com`,
      fullAddress: `${n} Main St, Auditon, TX 78701`,
      workingHours: { Monday: "9AM-5PM" },
    },
  ]);
  const owners = [];
  for (const email of emails) {
    const id = await makeOwner(t.db.sql, email, [row!.id]);
    owners.push({ id, email, cookie: await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, email) });
  }
  return { id: row!.id, owners };
}

const audit = (clinicId: number, cookie?: string, query = "") => t.request("GET", `/clinics/${clinicId}/audit${query}`, { cookie });
async function entries(clinicId: number): Promise<ClinicAuditEntry[]> {
  const res = await audit(clinicId, admin, "?limit=100");
  expect(res.status).toBe(200);
  return ((await res.json()) as ClinicAuditList).entries;
}
const teamActor = () => ({ id: adminId, email: "audit-admin", role: "admin" });
const ownerMails = (email: string) =>
  t.db.sql<{ subject: string; text: string; html: string }[]>`
    select subject, text, html from mail_messages where to_address = ${email} and kind = 'owner' and subject like 'Your change%' order by id`;

describe("the audit log records", () => {
  it("a team member's edit of the clinic: who, which fields, before and after", async () => {
    const { id } = await clinicWithOwners();
    const put = await t.request("PUT", `/clinics/${id}`, {
      cookie: admin,
      body: { name: "Audit Spa Renamed", city: "Auditon", state: "TX", phone: "(512) 555-0111", site: `https://auditspa${clinicSeq}.com` },
    });
    expect(put.status).toBe(200);
    const [entry] = await entries(id);
    expect(entry).toMatchObject({
      actor: teamActor(),
      action: "clinic.update",
      entity: "clinic",
      entityId: id,
      suggestionId: null,
      before: { name: `Audit Spa ${clinicSeq}`, phone: "(512) 555-0100" },
      after: { name: "Audit Spa Renamed", phone: "(512) 555-0111" },
    });
    // What the form left out is a change too (the address and hours went); ids and derived columns are not.
    expect(entry!.fields).toEqual(expect.arrayContaining(["name", "phone", "fullAddress", "workingHours", "slug"]));
    expect(entry!.fields).not.toEqual(expect.arrayContaining(["updatedAt"]));
    expect(entry!.fields).not.toContain("citySlug");
    expect(Date.parse(entry!.at)).toBeGreaterThan(Date.now() - 60_000);

    // Saving the same values again changes nothing, so nothing is recorded.
    const count = (await entries(id)).length;
    const clinic = (await (await t.request("GET", `/clinics/${id}`, { cookie: admin })).json()) as Clinic;
    const same = await t.request("PUT", `/clinics/${id}`, {
      cookie: admin,
      body: {
        name: clinic.name,
        city: clinic.city,
        state: clinic.state,
        slug: clinic.slug,
        phone: clinic.phone,
        site: clinic.site,
        lastVerifiedOn: clinic.lastVerifiedOn,
      },
    });
    expect(same.status).toBe(200);
    expect(await entries(id)).toHaveLength(count);
  });

  it("an owner's own edit, as the owner's", async () => {
    const { id, owners } = await clinicWithOwners("dana@audit-owner.test");
    const res = await t.request("PATCH", `/clinics/${id}`, { cookie: owners[0]!.cookie, body: { workingHours: { Monday: "10AM-4PM" } } });
    expect(res.status).toBe(200);
    const [entry] = await entries(id);
    expect(entry).toMatchObject({
      actor: { id: owners[0]!.id, email: "dana@audit-owner.test", role: "owner" },
      action: "clinic.update",
      suggestionId: null,
      before: { workingHours: { Monday: "9AM-5PM" } },
      after: { workingHours: { Monday: "10AM-4PM" } },
    });
    expect(entry!.fields).toContain("workingHours");
  });

  it("a visitor's suggested edit applied by the team, naming the suggestion", async () => {
    const { id } = await clinicWithOwners();
    const sent = await t.request("POST", `/clinics/${id}/suggestions`, { body: { changes: { phone: "(512) 555-0142" } }, ip: freshIp() });
    expect(sent.status).toBe(201);
    const suggestionId = ((await sent.json()) as { id: number }).id;
    expect(await entries(id)).toEqual([]);
    expect((await t.request("PATCH", `/suggestions/${suggestionId}`, { cookie: admin, body: { status: "applied" } })).status).toBe(200);
    const [entry] = await entries(id);
    expect(entry).toMatchObject({
      actor: teamActor(),
      action: "suggestion.applied",
      suggestionId,
      before: { phone: "(512) 555-0100" },
      after: { phone: "(512) 555-0142" },
    });
    expect(entry!.fields).toEqual(expect.arrayContaining(["phone", "lastVerifiedOn"]));
  });

  it("price changes, each naming the price, by the owner and the team", async () => {
    const { id, owners } = await clinicWithOwners("sam@audit-prices.test");
    const cookie = owners[0]!.cookie;
    const created = await t.request("POST", `/clinics/${id}/prices`, {
      cookie,
      body: { brand: "botox", model: "per_unit", unitPriceCents: 1200, source: "clinic", observedOn: "2026-11-01" },
    });
    expect(created.status).toBe(201);
    const priceId = ((await created.json()) as { id: number }).id;
    expect((await t.request("PATCH", `/prices/${priceId}`, { cookie, body: { unitPriceCents: 1100 } })).status).toBe(200);
    expect((await t.request("DELETE", `/prices/${priceId}`, { cookie: admin })).status).toBe(200);
    const [deleted, updated, added] = await entries(id);
    const owner = { id: owners[0]!.id, email: "sam@audit-prices.test", role: "owner" };
    expect(added).toMatchObject({
      actor: owner,
      action: "price.create",
      entity: "price",
      entityId: priceId,
      before: {},
      subject: { brand: "botox", model: "per_unit" },
    });
    expect(added!.after).toMatchObject({ unitPriceCents: 1200, source: "clinic", observedOn: "2026-11-01" });
    expect(updated).toMatchObject({
      actor: owner,
      action: "price.update",
      fields: ["unitPriceCents"],
      before: { unitPriceCents: 1200 },
      after: { unitPriceCents: 1100 },
    });
    expect(deleted).toMatchObject({ actor: teamActor(), action: "price.delete", after: {}, before: { unitPriceCents: 1100 } });
  });

  it("a claim the team decides", async () => {
    const { id } = await clinicWithOwners();
    const claimed = await t.request("POST", `/clinics/${id}/claims`, {
      body: { email: "lee@elsewhere.test", name: "Lee Park", role: "Manager" },
      ip: `198.19.${++ipSeq & 255}.1`,
    });
    expect(claimed.status).toBe(201);
    const claimId = ((await claimed.json()) as { claim: { id: number } }).claim.id;
    expect((await t.request("PATCH", `/claims/${claimId}`, { cookie: admin, body: { status: "verified", reason: "Checked by phone" } })).status).toBe(200);
    const [entry] = await entries(id);
    expect(entry).toMatchObject({
      actor: teamActor(),
      action: "claim.verified",
      entity: "claim",
      entityId: claimId,
      before: { status: "pending-review" },
      after: { status: "verified", reason: "Checked by phone" },
      subject: { email: "lee@elsewhere.test", name: "Lee Park" },
    });
  });

  it("nothing once the clinic is deleted: its log goes with it, and its prices go without a record", async () => {
    const { id } = await clinicWithOwners();
    const price = { brand: "botox", model: "per_unit", unitPriceCents: 1400, source: "phone", observedOn: "2026-11-02" };
    expect((await t.request("POST", `/clinics/${id}/prices`, { cookie: admin, body: price })).status).toBe(201);
    expect(await entries(id)).toHaveLength(1);
    expect((await t.request("DELETE", `/clinics/${id}`, { cookie: admin })).status).toBe(200);
    expect(await t.db.sql`select id from clinic_audit where clinic_id = ${id}`).toEqual([]);
  });

  it("nothing a writer does not sign (an import, the seed, a script)", async () => {
    const { id } = await clinicWithOwners();
    await t.db.sql`update clinics set phone = '(512) 555-0000' where id = ${id}`;
    expect(await entries(id)).toEqual([]);
  });
});

describe("GET /clinics/{id}/audit", () => {
  it("pages the log newest first, with its total", async () => {
    const { id, owners } = await clinicWithOwners("pat@audit-pages.test");
    for (const hours of ["8AM-4PM", "9AM-3PM", "10AM-2PM"])
      expect((await t.request("PATCH", `/clinics/${id}`, { cookie: owners[0]!.cookie, body: { workingHours: { Monday: hours } } })).status).toBe(200);
    const res = await audit(id, admin, "?page=2&limit=2");
    const page = (await res.json()) as ClinicAuditList;
    expect(page).toMatchObject({ totalCount: 3, page: 2, limit: 2 });
    expect(page.entries.map((e) => e.after.workingHours)).toEqual([{ Monday: "8AM-4PM" }]);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await audit(id, admin, "?limit=500")).status).toBe(400);
  });

  it("answers the team and the clinic's owners; another clinic's owner 404, no session 401", async () => {
    const { id, owners } = await clinicWithOwners("own@audit-access.test");
    const other = await clinicWithOwners("other@audit-access.test");
    expect((await audit(id, admin)).status).toBe(200);
    expect((await audit(id, owners[0]!.cookie)).status).toBe(200);
    const foreign = await audit(id, other.owners[0]!.cookie);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: MSG.api.notFound });
    const anonymous = await audit(id);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: MSG.api.unauthorized });
    expect((await audit(999_999, admin)).status).toBe(404);
  });
});

describe("an owner's held edit", () => {
  it("is marked as the owner's in the queue, a visitor's is not", async () => {
    const { id, owners } = await clinicWithOwners("mark@audit-held.test");
    expect((await t.request("PATCH", `/clinics/${id}`, { cookie: owners[0]!.cookie, body: { phone: "(512) 555-0177" } })).status).toBe(202);
    expect((await t.request("POST", `/clinics/${id}/suggestions`, { body: { changes: { site: "https://visitor.example.com" } }, ip: freshIp() })).status).toBe(
      201,
    );
    const list = (await (await t.request("GET", `/suggestions?clinicId=${id}`, { cookie: admin })).json()) as SuggestionList;
    expect(list.suggestions.map((s) => [s.changes.phone ?? s.changes.site, s.fromOwner])).toEqual([
      ["(512) 555-0177", true],
      ["https://visitor.example.com", false],
    ]);
  });

  it("applied: recorded as the owner's edit applied by the team, and every owner is mailed, in text and HTML", async () => {
    const { id, owners } = await clinicWithOwners("first@audit-apply.test", "second@audit-apply.test");
    expect((await t.request("PATCH", `/clinics/${id}`, { cookie: owners[0]!.cookie, body: { phone: "(512) 555-0188" } })).status).toBe(202);
    const queue = (await (await t.request("GET", `/suggestions?clinicId=${id}`, { cookie: admin })).json()) as SuggestionList;
    const [held] = queue.suggestions;
    expect(held).toMatchObject({ fromOwner: true, changes: { phone: "(512) 555-0188" } });
    expect(await ownerMails("first@audit-apply.test")).toEqual([]);

    const applied = await t.request("PATCH", `/suggestions/${held!.id}`, { cookie: admin, body: { status: "applied" } });
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ fromOwner: true, status: "applied" });
    const [entry] = await entries(id);
    expect(entry).toMatchObject({ actor: teamActor(), action: "owner-edit.applied", suggestionId: held!.id, after: { phone: "(512) 555-0188" } });
    for (const email of ["first@audit-apply.test", "second@audit-apply.test"]) {
      const [mail, ...more] = await ownerMails(email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`Your change to Audit Spa ${clinicSeq}: applied`);
      expect(mail!.text).toContain("sent by first@audit-apply.test was applied by the listing team");
      expect(mail!.text).toContain("Phone: (512) 555-0188");
      expect(mail!.html).toContain("(512) 555-0188");
      // Transactional: no offers, no unsubscribe links.
      expect(mail!.text).not.toMatch(/unsubscribe|deal/i);
    }
  });

  it("refused: nothing changes, every owner is mailed with the team's reason", async () => {
    const { id, owners } = await clinicWithOwners("one@audit-refuse.test", "two@audit-refuse.test");
    expect((await t.request("PATCH", `/clinics/${id}`, { cookie: owners[1]!.cookie, body: { site: "https://moved.example.com" } })).status).toBe(202);
    const list = (await (await t.request("GET", `/suggestions?clinicId=${id}`, { cookie: admin })).json()) as SuggestionList;
    const refused = await t.request("PATCH", `/suggestions/${list.suggestions[0]!.id}`, {
      cookie: admin,
      body: { status: "rejected", reason: "The website does not belong to the clinic." },
    });
    expect(refused.status).toBe(200);
    expect(await entries(id)).toEqual([]);
    for (const email of ["one@audit-refuse.test", "two@audit-refuse.test"]) {
      const [mail] = await ownerMails(email);
      expect(mail!.subject).toBe(`Your change to Audit Spa ${clinicSeq}: not applied`);
      expect(mail!.text).toContain("sent by two@audit-refuse.test was not applied");
      expect(mail!.text).toContain("Website: https://moved.example.com");
      expect(mail!.text).toContain("Reason: The website does not belong to the clinic.");
      expect(mail!.html).toContain("The website does not belong to the clinic.");
    }
  });

  it("a visitor's suggestion decided mails no owner", async () => {
    const { id } = await clinicWithOwners("quiet@audit-visitor.test");
    const sent = await t.request("POST", `/clinics/${id}/suggestions`, { body: { changes: { phone: "(512) 555-0133" } }, ip: freshIp() });
    const suggestionId = ((await sent.json()) as { id: number }).id;
    expect((await t.request("PATCH", `/suggestions/${suggestionId}`, { cookie: admin, body: { status: "applied" } })).status).toBe(200);
    expect(await ownerMails("quiet@audit-visitor.test")).toEqual([]);
  });
});

describe("an owner's write of what is not theirs to change", () => {
  it("is refused (400), on the clinic and on a price from another source, and changes nothing", async () => {
    const { id, owners } = await clinicWithOwners("strict@audit-refused.test");
    const cookie = owners[0]!.cookie;
    for (const body of [
      { lastVerifiedOn: "2026-01-01" },
      { claimed: false },
      { bookingUrl: "https://book.example.com" },
      { workingHours: { Monday: "9AM-5PM" }, slug: "elsewhere" },
    ]) {
      const res = await t.request("PATCH", `/clinics/${id}`, { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.db.sql<{ id: number }[]>`
      insert into clinic_prices (clinic_id, brand, model, unit_price_cents, per_unit_cents, source, observed_on, status)
      values (${id}, 'botox', 'per_unit', 1300, 1300, 'patient_report', current_date, 'published') returning id`;
    const priceId = Number(row!.id);
    for (const [method, body] of [
      ["PATCH", { unitPriceCents: 900 }],
      ["PATCH", { unitPriceCents: 900, source: "clinic" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await t.request(method, `/prices/${priceId}`, { cookie, body });
      expect(res.status, method).toBe(400);
      expect(await res.json()).toMatchObject({ error: MSG.owner.priceNotOwn });
    }
    expect(await t.db.sql`select unit_price_cents, source from clinic_prices where id = ${priceId}`).toEqual([
      { unit_price_cents: 1300, source: "patient_report" },
    ]);
    expect(await entries(id)).toEqual([]);
    // The team may.
    expect((await t.request("PATCH", `/prices/${priceId}`, { cookie: admin, body: { unitPriceCents: 1250 } })).status).toBe(200);
  });
});
