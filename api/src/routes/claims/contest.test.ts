/**
 * The contest window (decision 284): a verified claim on a clinic with owners is contested for
 * CLAIM_CONTEST_DAYS, the owners are mailed and may object (the claim then waits for the team),
 * and the scheduled step grants it when nobody objected, once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAIM_CONTEST_DAYS, MSG, type ClaimCreated, type ClaimList, type ClaimVerified } from "@botox/core";
import { adminUsers, hashPassword } from "@botox/db";
import { mailContext } from "../../mail/service.ts";
import { grantUncontestedClaims } from "../../owners/claims.ts";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { makeOwner, signInOwner } from "../../test/owners.ts";

let t: PublicTestContext;
let admin: string;
let seq = 0;
const freshIp = () => `198.19.${++seq}.1`;
const DAY = 86_400_000;

async function ownedClinic(site: string, owners: string[]): Promise<number> {
  const [row] = await t.insertClinics([{ name: `Contested ${++seq}`, city: `Contestville ${String.fromCharCode(97 + (seq % 26))}`, state: "TX", site }]);
  for (const email of owners) await makeOwner(t.db.sql, email, [row!.id]);
  return row!.id;
}
const person = (email: string) => ({ email, name: "Sam Ortiz", role: "Nurse injector" });
const mails = (email: string) => t.db.sql<{ subject: string; text: string }[]>`select subject, text from mail_messages where to_address = ${email} order by id`;
async function claimByCode(clinicId: number, email: string): Promise<Response> {
  const created = (await (await t.request("POST", `/clinics/${clinicId}/claims`, { body: person(email), ip: freshIp() })).json()) as ClaimCreated;
  const code = /^(\d{6})$/m.exec((await mails(email)).at(-1)?.text ?? "")?.[1];
  return t.request("POST", `/claims/${created.claim.id}/verify`, { body: { code }, ip: freshIp() });
}
const isOwner = async (email: string, clinicId: number) =>
  (await t.db.sql`select 1 from clinic_owners co join owners o on o.id = co.owner_id where o.email = ${email} and co.clinic_id = ${clinicId}`).length;
const grantAt = (at: number) => grantUncontestedClaims(mailContext(t.deps), new Date(at));
const object = (claimId: number, cookie: string, reason = "We do not know this person.") =>
  t.request("POST", `/claims/${claimId}/objections`, { cookie, body: { reason } });

beforeAll(async () => {
  t = await createPublicTestContext();
  await t.db.db.insert(adminUsers).values({ username: "contest-admin", passwordHash: await hashPassword("contest-admin-password") });
  admin = sessionCookieOf(await t.request("POST", "/login", { body: { username: "contest-admin", password: "contest-admin-password" } }));
});
afterAll(() => t.close());

describe("a verified claim on a clinic with owners", () => {
  it("opens a 7-day window and mails every owner who claims it and how to object; the claimant is told", async () => {
    const clinicId = await ownedClinic("https://window-clinic.com", ["first@window-clinic.com", "second@gmail.com"]);
    const before = Date.now();
    const res = await claimByCode(clinicId, "new@window-clinic.com");
    expect(res.status).toBe(202);
    const body = (await res.json()) as ClaimVerified;
    expect(body).toMatchObject({ claim: { status: "contested" }, owner: null });
    const ends = Date.parse(body.contestEndsAt ?? "");
    expect(ends - before).toBeGreaterThanOrEqual(CLAIM_CONTEST_DAYS * DAY - 60_000);
    expect(ends - before).toBeLessThanOrEqual(CLAIM_CONTEST_DAYS * DAY + 60_000);
    expect(res.headers.get("set-cookie")).toBeNull();
    for (const owner of ["first@window-clinic.com", "second@gmail.com"]) {
      const [mail] = await mails(owner);
      expect(mail!.text, owner).toContain("Sam Ortiz (Nurse injector, new@window-clinic.com)");
      expect(mail!.text, owner).toContain(`/owner/clinics/${clinicId}#claim-${body.claim.id}`);
      expect(mail!.subject, owner).toContain("object by");
    }
    expect((await mails("new@window-clinic.com")).at(-1)!.text).toContain("they have until");
    expect(await isOwner("new@window-clinic.com", clinicId)).toBe(0);
    const queue = (await (await t.request("GET", "/claims?status=contested", { cookie: admin })).json()) as ClaimList;
    expect(queue.claims.find((k) => k.id === body.claim.id)).toMatchObject({ contestEndsAt: body.contestEndsAt, objection: null });
  });

  it("the team's verification of a claim on an owned clinic opens the window too", async () => {
    const clinicId = await ownedClinic("https://team-window.com", ["boss@team-window.com"]);
    const created = (await (await t.request("POST", `/clinics/${clinicId}/claims`, { body: person("x@yahoo.com"), ip: freshIp() })).json()) as ClaimCreated;
    const res = await t.request("PATCH", `/claims/${created.claim.id}`, { cookie: admin, body: { status: "verified", reason: "Called" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ claim: { status: "contested" } });
    expect((await mails("boss@team-window.com")).length).toBe(1);
    expect((await mails("x@yahoo.com")).at(-1)!.text).toContain("was verified");
    expect(await isOwner("x@yahoo.com", clinicId)).toBe(0);
    // The team may still decide it at any time: verified now grants at once.
    const final = await t.request("PATCH", `/claims/${created.claim.id}`, { cookie: admin, body: { status: "verified" } });
    expect(await final.json()).toMatchObject({ claim: { status: "verified" } });
    expect(await isOwner("x@yahoo.com", clinicId)).toBe(1);
    expect((await mails("x@yahoo.com")).at(-1)!.text).toContain("was approved");
  });
});

describe("objections", () => {
  it("an owner's objection sends the claim to the team, with who objected; the team decides and the claimant is mailed", async () => {
    const clinicId = await ownedClinic("https://object-clinic.com", ["keeper@object-clinic.com"]);
    const claimId = ((await (await claimByCode(clinicId, "rival@object-clinic.com")).json()) as ClaimVerified).claim.id;
    const keeper = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "keeper@object-clinic.com");
    const res = await object(claimId, keeper);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ claim: { id: claimId, status: "pending-review" } });
    const queue = (await (await t.request("GET", "/claims?status=pending-review", { cookie: admin })).json()) as ClaimList;
    expect(queue.claims.find((k) => k.id === claimId)?.objection).toMatchObject({ reason: "We do not know this person.", by: "keeper@object-clinic.com" });
    // Objected: the window's end grants nothing.
    expect(await grantAt(Date.now() + 30 * DAY)).not.toContain(claimId);
    expect(await isOwner("rival@object-clinic.com", clinicId)).toBe(0);
    const twice = await object(claimId, keeper);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: MSG.claim.objectionNotOpen });
    // The team's verification of an objected claim is the last word.
    await t.request("PATCH", `/claims/${claimId}`, { cookie: admin, body: { status: "rejected", reason: "The owners object." } });
    expect((await mails("rival@object-clinic.com")).at(-1)!.text).toContain("The owners object.");
  });

  it("is refused after the window with a clear message, for another clinic's owner (404), for the team (403) and without a reason (400)", async () => {
    const clinicId = await ownedClinic("https://late-object.com", ["late@late-object.com"]);
    const claimId = ((await (await claimByCode(clinicId, "claimer@late-object.com")).json()) as ClaimVerified).claim.id;
    const late = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "late@late-object.com");
    const otherClinic = await ownedClinic("https://elsewhere.com", ["else@elsewhere.com"]);
    const other = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "else@elsewhere.com");
    expect(otherClinic).toBeGreaterThan(0);
    expect((await object(claimId, other)).status).toBe(404);
    expect((await object(999_999, late)).status).toBe(404);
    expect((await object(claimId, admin)).status).toBe(403);
    const empty = await object(claimId, late, " ");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: MSG.claim.objectionRequired });

    await t.db.sql`update clinic_claims set contest_ends_at = '2026-01-05T10:30:00Z' where id = ${claimId}`;
    const res = await object(claimId, late);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: MSG.claim.objectionClosed("5 Jan 2026, 10:30 UTC") });
  });
});

describe("the window's end with no objection", () => {
  it("makes the claimant a co-owner exactly once, even run late or twice at once, and mails them", async () => {
    const clinicId = await ownedClinic("https://quiet-clinic.com", ["old@quiet-clinic.com"]);
    const body = (await (await claimByCode(clinicId, "newer@quiet-clinic.com")).json()) as ClaimVerified;
    const ends = Date.parse(body.contestEndsAt ?? "");
    // Not before the window ends.
    expect(await grantAt(ends - 60_000)).not.toContain(body.claim.id);
    expect(await isOwner("newer@quiet-clinic.com", clinicId)).toBe(0);
    // Late (a month on), and by two runs at once.
    const [a, b] = await Promise.all([grantAt(ends + 30 * DAY), grantAt(ends + 30 * DAY)]);
    expect([...a, ...b].filter((id) => id === body.claim.id)).toHaveLength(1);
    expect(await grantAt(ends + 31 * DAY)).not.toContain(body.claim.id);

    expect(await isOwner("newer@quiet-clinic.com", clinicId)).toBe(1);
    expect(await isOwner("old@quiet-clinic.com", clinicId)).toBe(1);
    const approvals = (await mails("newer@quiet-clinic.com")).filter((m) => m.text.includes("was approved"));
    expect(approvals).toHaveLength(1);
    const [claim] = await t.db.sql<{ status: string }[]>`select status from clinic_claims where id = ${body.claim.id}`;
    expect(claim!.status).toBe("verified");
    // Recorded in the clinic's audit log as the claimant's.
    const [entry] = await t.db.sql<{ action: string; actor_email: string }[]>`
      select action, actor_email from clinic_audit where entity = 'claim' and entity_id = ${body.claim.id}`;
    expect(entry).toEqual({ action: "claim.verified", actor_email: "newer@quiet-clinic.com" });
  });

  it("by default goes by the database's clock, the one objections are checked against", async () => {
    const clinicId = await ownedClinic("https://clock-clinic.com", ["old@clock-clinic.com"]);
    const body = (await (await claimByCode(clinicId, "new@clock-clinic.com")).json()) as ClaimVerified;
    expect(await grantUncontestedClaims(mailContext(t.deps))).not.toContain(body.claim.id);
    await t.db.sql`update clinic_claims set contest_ends_at = now() - interval '1 second' where id = ${body.claim.id}`;
    expect(await grantUncontestedClaims(mailContext(t.deps))).toContain(body.claim.id);
    expect(await isOwner("new@clock-clinic.com", clinicId)).toBe(1);
  });
});
