/**
 * The two kinds of newsletter link (docs/decisions/245):
 *  - confirmation: 32 random bytes; only its SHA-256 is stored (newsletter_tokens), valid 7
 *    days, single use;
 *  - management (preferences, unsubscribe, erase): `{id}.{HMAC(secret, id:nonce)}`, derived,
 *    not stored, so every mail can carry one without a write per mail. Erasing the
 *    subscription (or a new nonce) makes all of them wrong at once.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { hashToken } from "../lib/token-hash.ts";

export const CONFIRM_TOKEN_DAYS = 7;

export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

const manageMac = (secret: string, id: number, nonce: string) => createHmac("sha256", secret).update(`newsletter-manage:${id}:${nonce}`).digest("base64url");

export function manageToken(secret: string, id: number, nonce: string): string {
  return `${id}.${manageMac(secret, id, nonce)}`;
}

/** The subscription id a management token names, before its MAC is checked (null when malformed). */
export function manageTokenId(token: string): number | null {
  const m = /^(\d{1,10})\.[A-Za-z0-9_-]{43}$/.exec(token);
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

export function manageTokenValid(secret: string, token: string, id: number, nonce: string): boolean {
  const expected = Buffer.from(manageToken(secret, id, nonce));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
