/**
 * An owner's optional second factor (decision 286): TOTP (RFC 6238: SHA-1, 6 digits, 30-second
 * steps, one step of clock drift either way) through the `otpauth` library, and ten one-time
 * recovery codes. The key is kept encrypted (AES-256-GCM, key derived from APP_SECRET), so a
 * copy of the database alone does not give the codes; a code is never accepted twice (the last
 * accepted step is kept). After a right first factor (link or password) the browser holds a
 * ticket for a few minutes and a few tries until the second one is given.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import { BRAND } from "@botox/core";
import type { Sql } from "@botox/db";
import type { Tx } from "../mail/outbox.ts";
import { hashToken } from "../lib/token-hash.ts";
import { newConfirmToken } from "../mail/tokens.ts";

const PERIOD_SECONDS = 30;
const RECOVERY_CODES = 10;
const TICKET_MINUTES = 5;
/** Wrong codes a ticket takes before the owner must sign in again. */
const TICKET_TRIES = 5;

const keyOf = (appSecret: string) => Buffer.from(hkdfSync("sha256", appSecret, "", "owner-totp-key", 32));

function seal(appSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(appSecret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

/** The key, or null when it cannot be read (APP_SECRET changed): recovery codes still work. */
function unseal(appSecret: string, sealed: string): string | null {
  try {
    const [iv = "", tag = "", body = ""] = sealed.split(".");
    const decipher = createDecipheriv("aes-256-gcm", keyOf(appSecret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

const totpOf = (base32: string, email = "") =>
  new OTPAuth.TOTP({ issuer: BRAND.name, label: email, algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(base32) });

/** The 30-second step a TOTP code was accepted for, or null when it is not right now. */
function acceptedStep(base32: string, code: string, now: number): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

const isTotpCode = (code: string) => /^\d{6}$/.test(code);
/** Recovery codes are stored and compared without their dash. */
const recoveryHash = (code: string) => hashToken(code.replace(/-/g, ""));

function newRecoveryCode(): string {
  // 10 characters of a-z0-9 (about 51 bits), shown as xxxxx-xxxxx.
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % 36]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export interface OwnerFactors {
  hasPassword: boolean;
  secondFactor: boolean;
  recoveryCodesLeft: number;
}

export async function ownerFactors(sql: Sql, ownerId: number): Promise<OwnerFactors> {
  const [row] = await sql<{ has_password: boolean; second_factor: boolean; left: number }[]>`
    select o.password_hash is not null as has_password, o.totp_enabled_at is not null as second_factor,
      (select count(*)::int from owner_recovery_codes r where r.owner_id = o.id and r.used_at is null) as left
    from owners o where o.id = ${ownerId}`;
  return { hasPassword: Boolean(row?.has_password), secondFactor: Boolean(row?.second_factor), recoveryCodesLeft: row?.left ?? 0 };
}

/** A new key to add to the authenticator app; not in force until a code from it is given (`enableTotp`). */
export async function startTotpSetup(
  sql: Sql,
  appSecret: string,
  owner: { id: number; email: string },
): Promise<{ secret: string; uri: string } | "already-on"> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const rows = await sql`update owners set totp_secret = ${seal(appSecret, secret)}, totp_last_step = null
    where id = ${owner.id} and totp_enabled_at is null returning id`;
  if (rows.length === 0) return "already-on";
  return { secret, uri: totpOf(secret, owner.email).toString() };
}

/** Turns the second factor on with a code from the new key; answers the recovery codes (shown once). */
export async function enableTotp(
  sql: Sql,
  appSecret: string,
  ownerId: number,
  code: string,
  now = Date.now(),
): Promise<string[] | "not-set-up" | "already-on" | "wrong"> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ totp_secret: string | null; on: boolean }[]>`
      select totp_secret, totp_enabled_at is not null as on from owners where id = ${ownerId} for update`;
    if (!row?.totp_secret) return "not-set-up";
    if (row.on) return "already-on";
    const secret = unseal(appSecret, row.totp_secret);
    const step = secret && isTotpCode(code) ? acceptedStep(secret, code, now) : null;
    if (step === null) return "wrong";
    await tx`update owners set totp_enabled_at = now(), totp_last_step = ${step} where id = ${ownerId}`;
    await tx`delete from owner_recovery_codes where owner_id = ${ownerId}`;
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    for (const c of codes) await tx`insert into owner_recovery_codes (code_hash, owner_id) values (${recoveryHash(c)}, ${ownerId})`;
    return codes;
  });
}

/**
 * Whether `code` is a right second factor of the owner now (a TOTP code not used before, or an
 * unused recovery code, which is then used up). Runs inside the caller's transaction.
 */
async function secondFactorRight(tx: Tx, appSecret: string, ownerId: number, code: string, now: number): Promise<boolean> {
  if (!isTotpCode(code)) {
    const used = await tx`update owner_recovery_codes set used_at = now()
      where owner_id = ${ownerId} and code_hash = ${recoveryHash(code)} and used_at is null returning owner_id`;
    return used.length > 0;
  }
  const [row] = await tx<{ totp_secret: string | null; last: number | null }[]>`
    select totp_secret, totp_last_step as last from owners where id = ${ownerId} and totp_enabled_at is not null for update`;
  const secret = row?.totp_secret ? unseal(appSecret, row.totp_secret) : null;
  const step = secret ? acceptedStep(secret, code, now) : null;
  // A code seen before (or an older one) is refused: a code overheard cannot be replayed.
  if (step === null || (row?.last !== null && row?.last !== undefined && step <= Number(row.last))) return false;
  await tx`update owners set totp_last_step = ${step} where id = ${ownerId}`;
  return true;
}

/** Turns the second factor off, given a right code; answers false when the code is wrong. */
export async function disableTotp(sql: Sql, appSecret: string, ownerId: number, code: string, now = Date.now()): Promise<boolean | "off"> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ on: boolean }[]>`select totp_enabled_at is not null as on from owners where id = ${ownerId}`;
    if (!row?.on) return "off";
    if (!(await secondFactorRight(tx, appSecret, ownerId, code, now))) return false;
    await tx`update owners set totp_secret = null, totp_enabled_at = null, totp_last_step = null where id = ${ownerId}`;
    await tx`delete from owner_recovery_codes where owner_id = ${ownerId}`;
    return true;
  });
}

export async function needsSecondFactor(sql: Sql, ownerId: number): Promise<boolean> {
  const [row] = await sql<{ on: boolean }[]>`select totp_enabled_at is not null as on from owners where id = ${ownerId}`;
  return Boolean(row?.on);
}

export const TICKET_MAX_AGE_SECONDS = TICKET_MINUTES * 60;

/** A ticket for an owner whose first factor was right: its token goes in an HttpOnly cookie. */
export async function openTicket(sql: Sql, ownerId: number): Promise<string> {
  const { token, hash } = newConfirmToken();
  await sql`delete from owner_second_factor_tickets where expires_at < now()`;
  await sql`insert into owner_second_factor_tickets (token_hash, owner_id, expires_at)
    values (${hash}, ${ownerId}, now() + ${TICKET_MINUTES} * interval '1 minute')`;
  return token;
}

export type TicketResult = { ok: true; owner: { id: number; email: string } } | { ok: false; problem: "expired" | "wrong" };

/** The second factor given with a ticket: the owner to sign in, or why not. A ticket signs in once. */
export async function useTicket(sql: Sql, appSecret: string, token: string | undefined, code: string, now = Date.now()): Promise<TicketResult> {
  if (!token) return { ok: false, problem: "expired" };
  const hash = hashToken(token);
  return sql.begin(async (tx) => {
    const [row] = await tx<{ owner_id: number; email: string; attempts: number; expired: boolean }[]>`
      select t.owner_id, o.email, t.attempts, t.expires_at < now() as expired
      from owner_second_factor_tickets t join owners o on o.id = t.owner_id where t.token_hash = ${hash} for update of t`;
    if (!row || row.expired || row.attempts >= TICKET_TRIES) return { ok: false, problem: "expired" };
    const ownerId = Number(row.owner_id);
    if (!(await secondFactorRight(tx, appSecret, ownerId, code, now))) {
      await tx`update owner_second_factor_tickets set attempts = attempts + 1 where token_hash = ${hash}`;
      return { ok: false, problem: "wrong" };
    }
    await tx`delete from owner_second_factor_tickets where token_hash = ${hash}`;
    return { ok: true, owner: { id: ownerId, email: row.email } };
  });
}
