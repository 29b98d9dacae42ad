/**
 * Co-owners (decision 285): invitations by a single-use link kept hashed, accepting signs in as
 * an owner of the clinic; owners remove co-owners or themselves, never the last owner; the team
 * may remove anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type ClinicAuditList, type ClinicOwnersResponse, type OwnerClinicsResponse } from "@botox/core";
import { adminUsers, hashPassword } from "@botox/db";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { makeOwner, signInOwner } from "../../test/owners.ts";

let t: PublicTestContext;
let admin: string;
let seq = 0;
const freshIp = () => `198.20.${++seq}.1`;

async function clinicOf(...owners: string[]): Promise<{ clinicId: number; ids: number[] }> {
  const [row] = await t.insertClinics([{ name: `Shared ${++seq}`, city: "Coowner City", state: "TX" }]);
  const ids: number[] = [];
  for (const email of owners) ids.push(await makeOwner(t.db.sql, email, [row!.id]));
  return { clinicId: row!.id, ids };
}
const signIn = (email: string) => signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, email);
async function invitedToken(email: string): Promise<string> {
  const [mail] = await t.db.sql<{ text: string }[]>`select text from mail_messages where to_address = ${email} order by id desc limit 1`;
  const token = /#invite=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(token);
}
const accept = (token: string) => t.request("POST", "/owner/invites/accept", { body: { token }, ip: freshIp() });
const owners = async (clinicId: number, cookie: string) =>
  (await (await t.request("GET", `/owner/clinics/${clinicId}/owners`, { cookie })).json()) as ClinicOwnersResponse;

beforeAll(async () => {
  t = await createPublicTestContext();
  await t.db.db.insert(adminUsers).values({ username: "coowner-admin", passwordHash: await hashPassword("coowner-admin-password") });
  admin = sessionCookieOf(await t.request("POST", "/login", { body: { username: "coowner-admin", password: "coowner-admin-password" } }));
});
afterAll(() => t.close());

describe("invitations", () => {
  it("mail a single-use link kept hashed; accepting makes the address an owner and signs it in, once", async () => {
    const { clinicId } = await clinicOf("lead@clinic.test");
    const lead = await signIn("lead@clinic.test");
    const res = await t.request("POST", `/owner/clinics/${clinicId}/invites`, { cookie: lead, body: { email: "Partner@Clinic.test" } });
    expect(res.status).toBe(201);
    const { invite } = (await res.json()) as { invite: { id: number; email: string; expiresAt: string } };
    expect(invite.email).toBe("partner@clinic.test");
    const days = (Date.parse(invite.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const token = await invitedToken("partner@clinic.test");
    const [stored] = await t.db.sql<{ token_hash: string }[]>`select token_hash from clinic_owner_invites where id = ${invite.id}`;
    expect(stored!.token_hash).not.toContain(token);
    expect((await owners(clinicId, lead)).invites.map((i) => i.email)).toEqual(["partner@clinic.test"]);

    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    const partner = sessionCookieOf(accepted);
    const mine = (await (await t.request("GET", "/owner/clinics", { cookie: partner })).json()) as OwnerClinicsResponse;
    expect(mine.clinics.map((c) => c.id)).toEqual([clinicId]);
    const list = await owners(clinicId, partner);
    expect(list.owners.map((o) => [o.email, o.you])).toEqual([
      ["lead@clinic.test", false],
      ["partner@clinic.test", true],
    ]);
    expect(list.invites).toEqual([]);

    const again = await accept(token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: MSG.coOwners.inviteUsed });
  });

  it("refuses unknown and expired links, an address that already owns it, and bad input", async () => {
    const { clinicId } = await clinicOf("solo@clinic.test");
    const solo = await signIn("solo@clinic.test");
    const invite = (body: unknown) => t.request("POST", `/owner/clinics/${clinicId}/invites`, { cookie: solo, body });
    expect((await accept("nope")).status).toBe(404);
    expect(await (await accept("nope")).json()).toEqual({ error: MSG.coOwners.inviteInvalid });
    await invite({ email: "late@clinic.test" });
    await t.db.sql`update clinic_owner_invites set expires_at = now() - interval '1 second' where email = 'late@clinic.test'`;
    const expired = await accept(await invitedToken("late@clinic.test"));
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: MSG.coOwners.inviteExpired });
    const self = await invite({ email: "SOLO@clinic.test" });
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({ error: MSG.coOwners.alreadyOwner });
    const bad = await invite({ email: "nope" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(MSG.owner.emailRequired);
    expect(((await (await invite({ email: "a@b.test", role: "x" })).json()) as { error: string }).error).toBe(MSG.coOwners.unknownField);
  });

  it("a new invitation of the same address ends the earlier link", async () => {
    const { clinicId } = await clinicOf("twice@clinic.test");
    const twice = await signIn("twice@clinic.test");
    await t.request("POST", `/owner/clinics/${clinicId}/invites`, { cookie: twice, body: { email: "again@clinic.test" } });
    const first = await invitedToken("again@clinic.test");
    await t.request("POST", `/owner/clinics/${clinicId}/invites`, { cookie: twice, body: { email: "again@clinic.test" } });
    expect((await accept(first)).status).toBe(410);
    expect((await accept(await invitedToken("again@clinic.test"))).status).toBe(200);
  });

  it("are limited per owner and day", async () => {
    const { clinicId } = await clinicOf("busy@clinic.test");
    const busy = await signIn("busy@clinic.test");
    for (let i = 0; i < 10; i++) {
      const res = await t.request("POST", `/owner/clinics/${clinicId}/invites`, { cookie: busy, body: { email: `p${i}@clinic.test` } });
      expect(res.status).toBe(201);
    }
    const over = await t.request("POST", `/owner/clinics/${clinicId}/invites`, { cookie: busy, body: { email: "p10@clinic.test" } });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ error: MSG.coOwners.tooManyInvites });
  });
});

describe("removing owners", () => {
  it("an owner removes a co-owner or leaves; the last owner cannot leave (409 saying what to do)", async () => {
    const { clinicId, ids } = await clinicOf("one@clinic.test", "two@clinic.test", "three@clinic.test");
    const [oneId, twoId, threeId] = ids as [number, number, number];
    const one = await signIn("one@clinic.test");
    const two = await signIn("two@clinic.test");
    const removed = await t.request("DELETE", `/owner/clinics/${clinicId}/owners/${threeId}`, { cookie: one });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ removed: { ownerId: threeId, clinicId }, remaining: 2 });
    expect((await t.request("DELETE", `/owner/clinics/${clinicId}/owners/${threeId}`, { cookie: one })).status).toBe(404);
    // Leaving oneself.
    expect((await t.request("DELETE", `/owner/clinics/${clinicId}/owners/${twoId}`, { cookie: two })).status).toBe(200);
    // Gone: the clinic is no longer theirs.
    expect((await t.request("GET", `/owner/clinics/${clinicId}/owners`, { cookie: two })).status).toBe(404);
    const last = await t.request("DELETE", `/owner/clinics/${clinicId}/owners/${oneId}`, { cookie: one });
    expect(last.status).toBe(409);
    expect(await last.json()).toEqual({ error: MSG.coOwners.lastOwner });
    expect(MSG.coOwners.lastOwner).toMatch(/successor.*team/);
    const [claimed] = await t.db.sql<{ claimed: boolean }[]>`select claimed from clinics where id = ${clinicId}`;
    expect(claimed!.claimed).toBe(true);
  });

  it("two owners removing each other at once leave one", async () => {
    const { clinicId, ids } = await clinicOf("left@clinic.test", "right@clinic.test");
    const [leftId, rightId] = ids as [number, number];
    const left = await signIn("left@clinic.test");
    const right = await signIn("right@clinic.test");
    const answers = await Promise.all([
      t.request("DELETE", `/owner/clinics/${clinicId}/owners/${rightId}`, { cookie: left }),
      t.request("DELETE", `/owner/clinics/${clinicId}/owners/${leftId}`, { cookie: right }),
    ]);
    // The one who lost the race is either no longer an owner (404) or the last one (409).
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404 || s === 409)).toHaveLength(1);
    expect(await t.db.sql`select 1 from clinic_owners where clinic_id = ${clinicId}`).toHaveLength(1);
  });

  it("the team removes any owner, the last one included; owners of another clinic get 404; the team may not use the owners' routes", async () => {
    const { clinicId, ids } = await clinicOf("only@clinic.test");
    const other = await clinicOf("other@clinic.test");
    const stranger = await signIn("other@clinic.test");
    expect((await t.request("DELETE", `/owner/clinics/${clinicId}/owners/${ids[0]}`, { cookie: stranger })).status).toBe(404);
    expect((await t.request("GET", `/owner/clinics/${clinicId}/owners`, { cookie: stranger })).status).toBe(404);
    expect((await t.request("POST", `/owner/clinics/${clinicId}/invites`, { cookie: stranger, body: { email: "x@y.test" } })).status).toBe(404);
    expect((await t.request("GET", `/owner/clinics/${clinicId}/owners`, { cookie: admin })).status).toBe(403);
    expect((await t.request("DELETE", `/clinics/${clinicId}/owners/${ids[0]}`, { cookie: stranger })).status).toBe(403);
    const res = await t.request("DELETE", `/clinics/${clinicId}/owners/${ids[0]}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ remaining: 0 });
    const [row] = await t.db.sql<{ claimed: boolean }[]>`select claimed from clinics where id = ${clinicId}`;
    expect(row!.claimed).toBe(false);
    expect((await t.request("DELETE", `/clinics/${clinicId}/owners/${other.ids[0]}`, { cookie: admin })).status).toBe(404);
  });
});

describe("the audit log (decision 298)", () => {
  it("records an owner who joins by invitation as their own change, and one removed as the remover's", async () => {
    const { clinicId, ids } = await clinicOf("keeper@clinic.test", "leaver@clinic.test");
    const keeper = await signIn("keeper@clinic.test");
    expect((await t.request("POST", `/owner/clinics/${clinicId}/invites`, { cookie: keeper, body: { email: "joiner@clinic.test" } })).status).toBe(201);
    const joined = await accept(await invitedToken("joiner@clinic.test"));
    expect(joined.status).toBe(200);
    const joinerId = (await t.db.sql<{ id: number }[]>`select id from owners where email = 'joiner@clinic.test'`)[0]!.id;
    expect((await t.request("DELETE", `/owner/clinics/${clinicId}/owners/${ids[1]}`, { cookie: keeper })).status).toBe(200);
    expect((await t.request("DELETE", `/clinics/${clinicId}/owners/${joinerId}`, { cookie: admin })).status).toBe(200);
    const log = (await (await t.request("GET", `/clinics/${clinicId}/audit`, { cookie: keeper })).json()) as ClinicAuditList;
    expect(log.entries.map((e) => [e.action, e.actor.role, e.actor.email, e.entity, e.entityId, e.subject.email, e.before, e.after])).toEqual([
      ["owner.remove", "admin", "coowner-admin", "owner", joinerId, "joiner@clinic.test", { email: "joiner@clinic.test" }, {}],
      ["owner.remove", "owner", "keeper@clinic.test", "owner", ids[1], "leaver@clinic.test", { email: "leaver@clinic.test" }, {}],
      ["owner.add", "owner", "joiner@clinic.test", "owner", joinerId, "joiner@clinic.test", {}, { email: "joiner@clinic.test" }],
    ]);
    // Owners made without a signed writer (the seed, an import, this test's helper) are not recorded.
    expect(log.entries.some((e) => e.entityId === ids[0])).toBe(false);
  });
});
