import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type OwnerClinicsResponse } from "@botox/core";
import { adminUsers, hashPassword } from "@botox/db";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { makeOwner, mailedSignInToken, signInOwner } from "../../test/owners.ts";

let t: PublicTestContext;
let clinicA: number;
let clinicB: number;
let ipSeq = 0;
const ip = () => `198.18.7.${++ipSeq}`;
const askLink = (email: unknown) => t.request("POST", "/owner/sign-in-link", { body: { email }, ip: ip() });
const signIn = (token: string) => t.request("POST", "/owner/sign-in", { body: { token }, ip: ip() });
let ownerSeq = 0;
/** A new co-owner of clinic A, signed in (each its own address, so no test meets another's link limit). */
async function signedInOwnerOfA(): Promise<string> {
  const email = `co${++ownerSeq}@linkside.test`;
  await makeOwner(t.db.sql, email, [clinicA]);
  return signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, email);
}
const mailsTo = async (email: string) =>
  (await t.db.sql<{ n: number }[]>`select count(*)::int as n from mail_messages where to_address = ${email} and kind = 'owner'`)[0]?.n ?? 0;

beforeAll(async () => {
  t = await createPublicTestContext();
  const [a, b] = await t.insertClinics([
    { name: "Linkside Clinic", city: "Linkton", state: "TX" },
    { name: "Otherside Clinic", city: "Linkton", state: "TX" },
  ]);
  clinicA = a!.id;
  clinicB = b!.id;
  await makeOwner(t.db.sql, "owner@linkside.test", [clinicA]);
  await makeOwner(t.db.sql, "other@otherside.test", [clinicB]);
});
afterAll(() => t.close());

describe("POST /owner/sign-in-link", () => {
  it("answers 202 with the same words whether or not the address is an owner's, and mails only an owner", async () => {
    const known = await askLink("Owner@Linkside.test");
    const unknown = await askLink("nobody@linkside.test");
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual({ message: MSG.owner.signInLinkSent });
    expect(await unknown.json()).toEqual({ message: MSG.owner.signInLinkSent });
    expect(await mailsTo("owner@linkside.test")).toBe(1);
    expect(await mailsTo("nobody@linkside.test")).toBe(0);
  });

  it("stores only the link token's hash, valid 15 minutes", async () => {
    const token = await mailedSignInToken(t.db.sql, "owner@linkside.test");
    const rows = await t.db.sql<{ token_hash: string; minutes: number }[]>`
      select token_hash, round(extract(epoch from expires_at - created_at) / 60)::int as minutes from owner_sign_in_links`;
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => r.minutes === 15)).toBe(true);
  });

  it("refuses a malformed address with a clear message", async () => {
    for (const email of ["", "not-an-address", 42, null]) {
      const res = await askLink(email);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(MSG.owner.emailRequired);
    }
  });

  it("sends one address a few links an hour at most, answering 202 all the same", async () => {
    await makeOwner(t.db.sql, "flood@linkside.test", []);
    for (let i = 0; i < 8; i++) expect((await askLink("flood@linkside.test")).status).toBe(202);
    expect(await mailsTo("flood@linkside.test")).toBe(5);
  });
});

describe("POST /owner/sign-in", () => {
  it("signs the owner in once with the mailed link: an owner session, HttpOnly cookie", async () => {
    await askLink("owner@linkside.test");
    const token = await mailedSignInToken(t.db.sql, "owner@linkside.test");
    const res = await signIn(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ owner: { email: "owner@linkside.test" }, role: "owner" });
    expect(res.headers.get("set-cookie")).toMatch(/session=[a-z2-7]{32};.*HttpOnly/i);
    const [session] = await t.db.sql<{ role: string; user_id: number | null }[]>`select role, user_id from sessions order by created_at desc limit 1`;
    expect(session).toEqual({ role: "owner", user_id: null });

    const again = await signIn(token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: MSG.owner.linkUsed });
  });

  it("refuses an expired link and an unknown one with their own messages", async () => {
    await askLink("other@otherside.test");
    const token = await mailedSignInToken(t.db.sql, "other@otherside.test");
    await t.db.sql`update owner_sign_in_links set expires_at = now() - interval '1 second' where used_at is null`;
    const expired = await signIn(token);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: MSG.owner.linkExpired });
    const unknown = await signIn("not-a-token");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: MSG.owner.linkInvalid });
    expect((await signIn("")).status).toBe(400);
  });
});

describe("GET /owner/clinics", () => {
  it("lists the signed-in owner's clinics only", async () => {
    const cookie = await signedInOwnerOfA();
    const res = await t.request("GET", "/owner/clinics", { cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as OwnerClinicsResponse;
    expect(body.clinics.map((c) => c.id)).toEqual([clinicA]);
    expect(body.clinics[0]).toMatchObject({ name: "Linkside Clinic", citySlug: "linkton" });
  });

  it("answers 401 without a session and 403 to the team's", async () => {
    expect((await t.request("GET", "/owner/clinics")).status).toBe(401);
    await t.db.db.insert(adminUsers).values({ username: "owner-test-admin", passwordHash: await hashPassword("owner-test-password") });
    const login = await t.request("POST", "/login", { body: { username: "owner-test-admin", password: "owner-test-password" } });
    const res = await t.request("GET", "/owner/clinics", { cookie: sessionCookieOf(login) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: MSG.owner.ownersOnly });
  });
});

describe("what else an owner's session reads", () => {
  it("every status of its own clinic's prices, not another clinic's", async () => {
    const cookie = await signedInOwnerOfA();
    expect((await t.request("GET", `/clinics/${clinicA}/prices?status=all`, { cookie })).status).toBe(200);
    expect((await t.request("GET", `/clinics/${clinicB}/prices?status=all`, { cookie })).status).toBe(404);
  });

  it("no draft blog posts", async () => {
    await t.db.sql`insert into blog_posts (title, slug, content, published) values ('Draft for owners', 'draft-for-owners', 'x', false)`;
    const cookie = await signedInOwnerOfA();
    const res = await t.request("GET", "/blog/posts?limit=100", { cookie });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).not.toContain("draft-for-owners");
  });

  it("an owner's price is the clinic's own: status and other sources are refused", async () => {
    const cookie = await signedInOwnerOfA();
    const price = { brand: "botox", model: "per_unit", unitPriceCents: 1200, source: "clinic", observedOn: "2026-11-01" };
    const created = await t.request("POST", `/clinics/${clinicA}/prices`, { cookie, body: price });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    const published = await t.request("POST", `/clinics/${clinicA}/prices`, { cookie, body: { ...price, status: "published" } });
    expect(published.status).toBe(400);
    expect(await published.json()).toMatchObject({ error: MSG.owner.priceStatus });
    const phoned = await t.request("PATCH", `/prices/${id}`, { cookie, body: { source: "phone" } });
    expect(phoned.status).toBe(400);
    expect(await phoned.json()).toMatchObject({ error: MSG.owner.priceSource });
    const changed = await t.request("PATCH", `/prices/${id}`, { cookie, body: { unitPriceCents: 1100 } });
    expect(changed.status).toBe(200);
    expect((await t.request("DELETE", `/prices/${id}`, { cookie })).status).toBe(200);
  });
});
