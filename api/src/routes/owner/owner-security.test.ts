import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import { MSG, type OwnerRecoveryCodes, type OwnerSecurity, type OwnerTotpSetup } from "@botox/core";
import { adminUsers, hashPassword } from "@botox/db";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { makeOwner, mailedSignInToken, signInOwner } from "../../test/owners.ts";

let t: PublicTestContext;
let clinicId: number;
let seq = 0;
const ip = () => `198.18.9.${++seq}`;
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
/** The cookie pairs a response sets ("a=1; b=2"), for the next request of the same browser. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");

/** A new owner of the clinic, signed in by link. */
async function newOwner(): Promise<{ email: string; cookie: string }> {
  const email = `sec${++seq}@secureside.test`;
  await makeOwner(t.db.sql, email, [clinicId]);
  return { email, cookie: await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, email) };
}

/**
 * A code of the step at `ms`. The server takes one step of drift either way, so a code made for
 * now is still right if a step ends before the server reads it; codes after the one that
 * turned the factor on are made one step ahead (`nextCode`), so they are newer than it even
 * then: no test depends on where in a step it runs.
 */
const codeAt = (secret: string, ms: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: ms });

const nextCode = (secret: string) => codeAt(secret, Date.now() + 30_000);

/** Turns the owner's second factor on; answers the key and the recovery codes. */
async function withSecondFactor(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.request("POST", "/owner/totp/setup", { cookie });
  expect(setup.status).toBe(200);
  const { secret } = (await setup.json()) as OwnerTotpSetup;
  const on = await t.request("POST", "/owner/totp/enable", { cookie, body: { code: codeAt(secret, Date.now()) } });
  expect(on.status).toBe(200);
  return { secret, ...((await on.json()) as OwnerRecoveryCodes) };
}

beforeAll(async () => {
  t = await createPublicTestContext();
  const [a] = await t.insertClinics([{ name: "Secureside Clinic", city: "Lockton", state: "TX" }]);
  clinicId = a!.id;
});
afterAll(() => t.close());

describe("owner passwords", () => {
  it("sets a password (12 characters at least), then signs in with it; the current one is asked to change it", async () => {
    const { email, cookie } = await newOwner();
    const short = await t.request("PUT", "/owner/password", { cookie, body: { password: "short" } });
    expect(short.status).toBe(400);
    expect(await errorOf(short)).toBe(MSG.owner.passwordTooShort);

    const set = await t.request("PUT", "/owner/password", { cookie, body: { password: "a long enough passphrase" } });
    expect(set.status).toBe(200);
    expect((await set.json()) as OwnerSecurity).toEqual({ hasPassword: true, secondFactor: false, recoveryCodesLeft: 0 });
    const [row] = await t.db.sql<{ password_hash: string }[]>`select password_hash from owners where email = ${email}`;
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);

    const change = await t.request("PUT", "/owner/password", { cookie, body: { password: "another long passphrase" } });
    expect(change.status).toBe(400);
    expect(await errorOf(change)).toBe(MSG.owner.currentPasswordWrong);
    const changed = await t.request("PUT", "/owner/password", {
      cookie,
      body: { password: "another long passphrase", currentPassword: "a long enough passphrase" },
    });
    expect(changed.status).toBe(200);

    const res = await t.request("POST", "/owner/sign-in-password", { body: { email: email.toUpperCase(), password: "another long passphrase" }, ip: ip() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: "owner", owner: { email } });
    const clinics = await t.request("GET", "/owner/clinics", { cookie: sessionCookieOf(res) });
    expect(clinics.status).toBe(200);
  });

  it("answers a wrong password, an unknown address and an owner without a password alike (401)", async () => {
    const { email } = await newOwner();
    for (const body of [
      { email, password: "no password was ever set" },
      { email: "nobody@secureside.test", password: "whatever it is here" },
    ]) {
      const res = await t.request("POST", "/owner/sign-in-password", { body, ip: ip() });
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toBe(MSG.owner.invalidPasswordLogin);
    }
    const empty = await t.request("POST", "/owner/sign-in-password", { body: { email, password: "" }, ip: ip() });
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toBe(MSG.owner.passwordRequired);
  });

  it("throttles guesses as the team's login does: the sixth from one address gets 429", async () => {
    const { email, cookie } = await newOwner();
    await t.request("PUT", "/owner/password", { cookie, body: { password: "the real passphrase" } });
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.request("POST", "/owner/sign-in-password", { body: { email, password: `wrong guess ${i}` }, ip: from })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("is for owners only: the routes refuse no session (401)", async () => {
    expect((await t.request("GET", "/owner/security")).status).toBe(401);
    expect((await t.request("PUT", "/owner/password", { body: { password: "a long enough passphrase" } })).status).toBe(401);
  });
});

describe("the second factor (TOTP)", () => {
  it("is off until a code from the new key is given; then a link sign-in asks for a code", async () => {
    const { email, cookie } = await newOwner();
    const setup = await t.request("POST", "/owner/totp/setup", { cookie });
    const { secret, uri } = (await setup.json()) as OwnerTotpSetup;
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(uri).toContain(encodeURIComponent(email));
    // The key is not stored as given.
    const [row] = await t.db.sql<{ totp_secret: string }[]>`select totp_secret from owners where email = ${email}`;
    expect(row?.totp_secret).not.toContain(secret);
    expect(((await (await t.request("GET", "/owner/security", { cookie })).json()) as OwnerSecurity).secondFactor).toBe(false);

    const wrong = await t.request("POST", "/owner/totp/enable", { cookie, body: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toBe(MSG.owner.secondFactorWrong);
    const on = await t.request("POST", "/owner/totp/enable", { cookie, body: { code: codeAt(secret, Date.now()) } });
    expect(on.status).toBe(200);
    const { recoveryCodes } = (await on.json()) as OwnerRecoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect((await t.request("POST", "/owner/totp/setup", { cookie })).status).toBe(409);

    // A mailed link alone no longer signs in.
    const from = ip();
    await t.request("POST", "/owner/sign-in-link", { body: { email }, ip: from });
    const first = await t.request("POST", "/owner/sign-in", { body: { token: await mailedSignInToken(t.db.sql, email) }, ip: from });
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ secondFactor: "totp", message: MSG.owner.secondFactorNeeded });
    expect(first.headers.getSetCookie().some((c) => /^session=[a-z2-7]/.test(c))).toBe(false);
    const ticket = cookiesOf(first);
    expect(ticket).toMatch(/owner_second_factor=/);

    const bad = await t.request("POST", "/owner/sign-in/second-factor", { cookie: ticket, body: { code: "123456" } });
    expect(bad.status).toBe(401);
    const code = nextCode(secret);
    const good = await t.request("POST", "/owner/sign-in/second-factor", { cookie: ticket, body: { code } });
    expect(good.status).toBe(200);
    expect((await t.request("GET", "/owner/clinics", { cookie: sessionCookieOf(good) })).status).toBe(200);

    // The ticket signs in once, and the same code is never accepted twice.
    expect((await t.request("POST", "/owner/sign-in/second-factor", { cookie: ticket, body: { code } })).status).toBe(410);
    await t.request("POST", "/owner/sign-in-link", { body: { email }, ip: from });
    const again = await t.request("POST", "/owner/sign-in", { body: { token: await mailedSignInToken(t.db.sql, email) }, ip: from });
    const replay = await t.request("POST", "/owner/sign-in/second-factor", { cookie: cookiesOf(again), body: { code } });
    expect(replay.status).toBe(401);
  });

  it("takes each recovery code once, and the password sign-in asks for the second factor too", async () => {
    const { email, cookie } = await newOwner();
    await t.request("PUT", "/owner/password", { cookie, body: { password: "a long enough passphrase" } });
    const { recoveryCodes } = await withSecondFactor(cookie);
    const signIn = () => t.request("POST", "/owner/sign-in-password", { body: { email, password: "a long enough passphrase" }, ip: ip() });

    const first = await signIn();
    expect(first.status).toBe(202);
    const used = await t.request("POST", "/owner/sign-in/second-factor", { cookie: cookiesOf(first), body: { code: recoveryCodes[0]!.toUpperCase() } });
    expect(used.status).toBe(200);
    const left = (await (await t.request("GET", "/owner/security", { cookie: sessionCookieOf(used) })).json()) as OwnerSecurity;
    expect(left).toEqual({ hasPassword: true, secondFactor: true, recoveryCodesLeft: 9 });

    const second = await signIn();
    const reused = await t.request("POST", "/owner/sign-in/second-factor", { cookie: cookiesOf(second), body: { code: recoveryCodes[0] } });
    expect(reused.status).toBe(401);
  });

  it("ends a ticket after five wrong codes, with a clear message; a missing ticket is refused the same way", async () => {
    const { email, cookie } = await newOwner();
    const { secret } = await withSecondFactor(cookie);
    const from = ip();
    await t.request("POST", "/owner/sign-in-link", { body: { email }, ip: from });
    const first = await t.request("POST", "/owner/sign-in", { body: { token: await mailedSignInToken(t.db.sql, email) }, ip: from });
    const ticket = cookiesOf(first);
    for (let i = 0; i < 5; i++)
      expect((await t.request("POST", "/owner/sign-in/second-factor", { cookie: ticket, body: { code: `00000${i}` } })).status).toBe(401);
    const late = await t.request("POST", "/owner/sign-in/second-factor", { cookie: ticket, body: { code: nextCode(secret) } });
    expect(late.status).toBe(410);
    expect(await errorOf(late)).toBe(MSG.owner.secondFactorExpired);
    const none = await t.request("POST", "/owner/sign-in/second-factor", { body: { code: "123456" } });
    expect(none.status).toBe(410);
    const malformed = await t.request("POST", "/owner/sign-in/second-factor", { cookie: ticket, body: { code: "12 34" } });
    expect(malformed.status).toBe(400);
    expect(await errorOf(malformed)).toBe(MSG.owner.secondFactorFormat);
  });

  it("is turned off only with a right code, which also ends the recovery codes", async () => {
    const { cookie } = await newOwner();
    const { recoveryCodes } = await withSecondFactor(cookie);
    expect((await t.request("POST", "/owner/totp/disable", { cookie, body: { code: "000000" } })).status).toBe(400);
    const off = await t.request("POST", "/owner/totp/disable", { cookie, body: { code: recoveryCodes[3] } });
    expect(off.status).toBe(200);
    expect((await off.json()) as OwnerSecurity).toEqual({ hasPassword: false, secondFactor: false, recoveryCodesLeft: 0 });
    expect((await t.request("POST", "/owner/totp/disable", { cookie, body: { code: recoveryCodes[4] } })).status).toBe(409);
  });

  it("is not skipped by a claim's mailed code: verifying another clinic's claim sets no session", async () => {
    const { email, cookie } = await newOwner();
    await withSecondFactor(cookie);
    const [other] = await t.insertClinics([{ name: "Secureside Two", city: "Lockton", state: "TX", site: "https://www.secureside.com/" }]);
    const claimant = email.replace("@secureside.test", "@secureside.com");
    await t.db.sql`update owners set email = ${claimant} where email = ${email}`;
    const claim = await t.request("POST", `/clinics/${other!.id}/claims`, { body: { email: claimant, name: "Dana", role: "Manager" }, ip: ip() });
    expect(claim.status).toBe(201);
    const { claim: created } = (await claim.json()) as { claim: { id: number; method: string } };
    expect(created.method).toBe("email-domain");
    const [mail] = await t.db.sql<{ text: string }[]>`select text from mail_messages where to_address = ${claimant} order by id desc limit 1`;
    const code = /^\s*(\d{6})\s*$/m.exec(mail?.text ?? "")?.[1];
    const verified = await t.request("POST", `/claims/${created.id}/verify`, { body: { code }, ip: ip() });
    expect(verified.status).toBe(200);
    expect(verified.headers.getSetCookie().some((c) => /^session=[a-z2-7]/.test(c))).toBe(false);
  });

  it("refuses the team's session on the owner's own settings (403)", async () => {
    await t.db.db.insert(adminUsers).values({ username: "security-test-admin", passwordHash: await hashPassword("security-test-password") });
    const login = await t.request("POST", "/login", { body: { username: "security-test-admin", password: "security-test-password" }, ip: ip() });
    const admin = await t.request("GET", "/owner/security", { cookie: sessionCookieOf(login) });
    expect(admin.status).toBe(403);
  });
});
