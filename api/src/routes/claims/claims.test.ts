import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type ClaimCreated, type ClaimList, type OwnerClinicsResponse } from "@botox/core";
import { adminUsers, hashPassword } from "@botox/db";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { makeOwner } from "../../test/owners.ts";

let t: PublicTestContext;
let admin: string;
let ipSeq = 0;
/** A network (/24) of its own per request: the per-network limit counts networks, not addresses. */
const freshIp = () => `198.18.${++ipSeq}.1`;
let citySeq = 0;

/** A clinic of its own per test, with the given website. */
async function clinicWith(site: string | null): Promise<number> {
  const [row] = await t.insertClinics([{ name: `Claimable ${++citySeq}`, city: `Claimton ${String.fromCharCode(97 + citySeq)}`, state: "TX", site }]);
  return row!.id;
}
const claim = (clinicId: number, body: unknown, ip = freshIp()) => t.request("POST", `/clinics/${clinicId}/claims`, { body, ip });
const verify = (claimId: number, code: string) => t.request("POST", `/claims/${claimId}/verify`, { body: { code }, ip: freshIp() });
async function mailedCode(email: string): Promise<string> {
  const [mail] = await t.db.sql<{ text: string }[]>`select text from mail_messages where to_address = ${email} order by id desc limit 1`;
  const code = /^(\d{6})$/m.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
const mailsTo = async (email: string) => (await t.db.sql<{ n: number }[]>`select count(*)::int as n from mail_messages where to_address = ${email}`)[0]?.n ?? 0;
const person = (email: string) => ({ email, name: "Dana Reyes", role: "Practice manager" });

beforeAll(async () => {
  t = await createPublicTestContext();
  await t.db.db.insert(adminUsers).values({ username: "claims-admin", passwordHash: await hashPassword("claims-admin-password") });
  admin = sessionCookieOf(await t.request("POST", "/login", { body: { username: "claims-admin", password: "claims-admin-password" } }));
});
afterAll(() => t.close());

describe("POST /clinics/{id}/claims with an address on the clinic's domain", () => {
  it("mails a 6-digit code, kept hashed; the code signs the claimant in as the clinic's owner, once", async () => {
    const clinicId = await clinicWith("https://www.glowmed.com/botox");
    const res = await claim(clinicId, person("Dana@GlowMed.com"));
    expect(res.status).toBe(201);
    const { claim: created } = (await res.json()) as ClaimCreated;
    expect(created).toMatchObject({ status: "code-sent", method: "email-domain" });
    const code = await mailedCode("dana@glowmed.com");
    const [stored] = await t.db.sql<{ code_hash: string }[]>`select code_hash from clinic_claims where id = ${created.id}`;
    expect(stored!.code_hash).not.toContain(code);

    const verified = await verify(created.id, code);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ claim: { id: created.id, status: "verified" }, owner: { email: "dana@glowmed.com" } });
    const cookie = sessionCookieOf(verified);
    const mine = (await (await t.request("GET", "/owner/clinics", { cookie })).json()) as OwnerClinicsResponse;
    expect(mine.clinics.map((c) => c.id)).toEqual([clinicId]);

    const again = await verify(created.id, code);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: MSG.claim.notWaitingForCode });
  });

  it("refuses a code of another claim, counts wrong codes and ends the claim after the last try", async () => {
    expect((await claim(await clinicWith("clinic-one.com"), person("x@clinic-one.com"))).status).toBe(201);
    const b = (await (await claim(await clinicWith("clinic-two.com"), person("y@clinic-two.com"))).json()) as ClaimCreated;
    const codeOfA = await mailedCode("x@clinic-one.com");
    const codeOfB = await mailedCode("y@clinic-two.com");
    const wrong = await verify(b.claim.id, codeOfA === codeOfB ? "000000" : codeOfA);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: MSG.claim.codeWrong(4) });
    for (let i = 0; i < 3; i++) expect((await verify(b.claim.id, codeOfB === "999999" ? "999998" : "999999")).status).toBe(400);
    const last = await verify(b.claim.id, codeOfB === "999999" ? "999998" : "999999");
    expect(last.status).toBe(429);
    expect(await last.json()).toEqual({ error: MSG.claim.codeTooManyTries });
    // Ended: even the right code no longer works.
    expect((await verify(b.claim.id, codeOfB)).status).toBe(409);
  });

  it("refuses an expired code, and the address may claim again", async () => {
    const clinicId = await clinicWith("https://late-clinic.com");
    const created = (await (await claim(clinicId, person("z@late-clinic.com"))).json()) as ClaimCreated;
    const code = await mailedCode("z@late-clinic.com");
    await t.db.sql`update clinic_claims set code_expires_at = now() - interval '1 second' where id = ${created.claim.id}`;
    const res = await verify(created.claim.id, code);
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({ error: MSG.claim.codeExpired });
    expect((await claim(clinicId, person("z@late-clinic.com"))).status).toBe(201);
  });

  it("does not hand a clinic that already has owners over at once, even with the right code: its owners may object", async () => {
    const clinicId = await clinicWith("https://owned-clinic.com");
    await makeOwner(t.db.sql, "first@owned-clinic.com", [clinicId]);
    const created = (await (await claim(clinicId, person("second@owned-clinic.com"))).json()) as ClaimCreated;
    const res = await verify(created.claim.id, await mailedCode("second@owned-clinic.com"));
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ claim: { status: "contested" }, owner: null });
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

describe("claims that get no code", () => {
  it("look-alike and free-mail addresses wait for the team, and nothing is mailed", async () => {
    const clinicId = await clinicWith("https://clinicexample.com");
    for (const email of ["a@clinic-example.com", "b@clinicexample.com.evil.net", "c@xn--clinicxample-mhb.com", "d@clinicexample.gmail.com", "e@gmail.com"]) {
      const res = await claim(clinicId, person(email));
      expect(res.status, email).toBe(201);
      expect(((await res.json()) as ClaimCreated).claim, email).toMatchObject({ status: "pending-review", method: "review" });
      expect(await mailsTo(email), email).toBe(0);
    }
  });

  it("one open claim per address and clinic", async () => {
    const clinicId = await clinicWith(null);
    expect((await claim(clinicId, person("once@example.org"))).status).toBe(201);
    const twice = await claim(clinicId, person("ONCE@example.org"));
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: MSG.claim.alreadyOpen });
  });

  it("limits claims per address and per network a day", async () => {
    for (let i = 0; i < 3; i++) expect((await claim(await clinicWith(null), person("busy@example.org"))).status).toBe(201);
    const res = await claim(await clinicWith(null), person("busy@example.org"));
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: MSG.claim.tooMany });
    for (let i = 0; i < 10; i++) expect((await claim(await clinicWith(null), person(`n${i}@example.org`), `203.0.113.${i + 1}`)).status).toBe(201);
    const sameNetwork = await claim(await clinicWith(null), person("n10@example.org"), "203.0.113.200");
    expect(sameNetwork.status).toBe(429);
    await t.db.sql`delete from clinic_claims where email = 'busy@example.org' or network = (select network from clinic_claims where email = 'n0@example.org')`;
  });

  it("refuses bad input with clear messages", async () => {
    const clinicId = await clinicWith(null);
    const cases: [unknown, string][] = [
      [{ email: "x@example.org", role: "Owner" }, MSG.claim.nameRequired],
      [{ email: "x@example.org", name: "X" }, MSG.claim.roleRequired],
      [{ email: "nope", name: "X", role: "Owner" }, MSG.owner.emailRequired],
      [{ ...person("x@example.org"), phone: "1" }, MSG.claim.unknownField],
    ];
    for (const [body, error] of cases) {
      const res = await claim(clinicId, body);
      expect(res.status, error).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(error);
    }
    expect((await claim(999_999, person("x@example.org"))).status).toBe(404);
    const badCode = await verify(1, "12ab");
    expect(badCode.status).toBe(400);
    expect(((await badCode.json()) as { error: string }).error).toBe(MSG.claim.codeFormat);
    expect((await verify(999_999, "123456")).status).toBe(404);
  });
});

describe("the team's Claims queue", () => {
  it("lists claims by status with the clinic's current data; a decision is mailed to the claimant", async () => {
    const clinicId = await clinicWith("https://queue-clinic.com");
    const created = (await (await claim(clinicId, person("queue@yahoo.com"))).json()) as ClaimCreated;
    const list = (await (await t.request("GET", "/claims?status=pending-review", { cookie: admin })).json()) as ClaimList;
    const listed = list.claims.find((k) => k.id === created.claim.id);
    expect(listed).toMatchObject({
      email: "queue@yahoo.com",
      name: "Dana Reyes",
      role: "Practice manager",
      clinic: { site: "https://queue-clinic.com", owners: 0 },
    });
    expect(list.claims.every((k) => k.status === "pending-review")).toBe(true);

    const approved = await t.request("PATCH", `/claims/${created.claim.id}`, { cookie: admin, body: { status: "verified", reason: "Called the clinic" } });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ claim: { status: "verified" } });
    const [mail] = await t.db.sql<{ text: string }[]>`select text from mail_messages where to_address = 'queue@yahoo.com' order by id desc limit 1`;
    expect(mail!.text).toContain("was approved");
    const [owner] = await t.db
      .sql`select 1 from clinic_owners o join owners w on w.id = o.owner_id where w.email = 'queue@yahoo.com' and o.clinic_id = ${clinicId}`;
    expect(owner).toBeDefined();
    const again = await t.request("PATCH", `/claims/${created.claim.id}`, { cookie: admin, body: { status: "rejected" } });
    expect(again.status).toBe(409);
  });

  it("a refusal carries its reason to the claimant", async () => {
    const created = (await (await claim(await clinicWith(null), person("nope@example.org"))).json()) as ClaimCreated;
    const res = await t.request("PATCH", `/claims/${created.claim.id}`, { cookie: admin, body: { status: "rejected", reason: "No proof of employment" } });
    expect(res.status).toBe(200);
    const [mail] = await t.db.sql<{ text: string }[]>`select text from mail_messages where to_address = 'nope@example.org' order by id desc limit 1`;
    expect(mail!.text).toContain("No proof of employment");
    expect((await t.request("PATCH", `/claims/${created.claim.id}`, { cookie: admin, body: { status: "maybe" } })).status).toBe(400);
    expect((await t.request("GET", "/claims?status=unknown", { cookie: admin })).status).toBe(400);
  });
});
