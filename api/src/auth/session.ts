/**
 * Admin sessions after Lucia's published design (the `lucia` package itself is deprecated):
 * - the token is 20 random bytes (160 bits) in lowercase base32; only SHA-256(token) is stored
 *   as sessions.id, so a leaked table does not yield usable tokens;
 * - idle expiry 12 h, pushed forward when less than half of it remains; absolute expiry
 *   7 days after creation, never extended; expired rows are deleted when seen;
 * - a new token at every login; logout deletes the row.
 * Values recorded in docs/decisions/003-sessions-after-lucias-design.md. A session has a role
 * (decision 267): `admin` for the team, `owner` for a clinic owner, whose requests reach only
 * what admin-route.ts lets owners use.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { MSG } from "@botox/core";
import { deleteExpiredSessions, deleteSession, findSessionWithUser, insertSession, updateSessionExpiry, type Database, type SessionPrincipal } from "@botox/db";
import type { AppEnv } from "../context.ts";
import { cookiesSecure } from "../env.ts";
import { HttpError } from "../lib/errors.ts";
import { hashToken } from "../lib/token-hash.ts";

const SESSION_COOKIE = "session";
/** @internal Exported for its tests. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** @internal Exported for its tests. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** The signed-in holder: an admin (id, username) or an owner (owners.id, their address as username). */
export interface SessionUser {
  id: number;
  username: string;
  role: "admin" | "owner";
}

/** RFC 4648 base32, lowercase, no padding (Lucia's token encoding). */
function encodeBase32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

function generateSessionToken(): string {
  return encodeBase32(randomBytes(20));
}

function expiryFor(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_ABSOLUTE_MS));
}

export async function createSession(db: Database, principal: SessionPrincipal): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const now = new Date();
  await deleteExpiredSessions(db, principal, now);
  const session = await insertSession(db, { id: hashToken(token), principal, createdAt: now, expiresAt: expiryFor(now, now) });
  return { token, expiresAt: session.expiresAt };
}

/**
 * The user of a token, or null for a malformed, unknown or expired one. Returns the
 * (possibly extended) expiry so the cookie can follow it.
 */
async function validateSessionToken(db: Database, token: string): Promise<{ user: SessionUser; expiresAt: Date; extended: boolean } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const id = hashToken(token);
  const found = await findSessionWithUser(db, id);
  if (!found) return null;
  // The lookup is by hash already; compare once more in constant time as Lucia does.
  if (!timingSafeEqual(Buffer.from(found.session.id), Buffer.from(id))) return null;
  const now = new Date();
  const absoluteEnd = found.session.createdAt.getTime() + SESSION_ABSOLUTE_MS;
  if (now.getTime() >= found.session.expiresAt.getTime() || now.getTime() >= absoluteEnd) {
    await deleteSession(db, id);
    return null;
  }
  let expiresAt = found.session.expiresAt;
  let extended = false;
  if (expiresAt.getTime() - now.getTime() < SESSION_IDLE_MS / 2) {
    const next = expiryFor(found.session.createdAt, now);
    if (next.getTime() > expiresAt.getTime()) {
      await updateSessionExpiry(db, id, next);
      expiresAt = next;
      extended = true;
    }
  }
  return { user: found.user, expiresAt, extended };
}

export async function invalidateSessionToken(db: Database, token: string): Promise<void> {
  if (TOKEN_PATTERN.test(token)) await deleteSession(db, hashToken(token));
}

/** From configuration (env.ts cookiesSecure), never from the request's Host. */
function isSecureHost(c: Context<AppEnv>): boolean {
  return cookiesSecure(c.get("deps").env);
}

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: "Lax", path: "/", secure: isSecureHost(c), expires: expiresAt });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: "Lax", path: "/", secure: isSecureHost(c) });
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/** The signed-in admin or owner, or null; refreshes the cookie when the session was extended. */
export async function loadSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const existing = c.get("user");
  if (existing) return existing;
  const token = readSessionCookie(c);
  if (!token) return null;
  const result = await validateSessionToken(c.get("deps").db, token);
  if (!result) return null;
  if (result.extended) setSessionCookie(c, token, result.expiresAt);
  c.set("user", result.user);
  return result.user;
}

/** Any session (admin or owner): sets c.var.user, or answers 401 `{ error: MSG.api.unauthorized }`. */
export async function sessionOrUnauthorized(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await loadSessionUser(c);
  if (!user) throw new HttpError(401, MSG.api.unauthorized);
  return user;
}

/** Team routes: an admin's session, else 401 (none) or 403 (an owner's). */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await sessionOrUnauthorized(c);
  if (user.role !== "admin") throw new HttpError(403, MSG.owner.teamOnly);
  await next();
};
