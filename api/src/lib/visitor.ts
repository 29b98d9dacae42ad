/**
 * Who a visitor is, for the one-rating-per-visitor rule (design.md §8): a random id in an
 * HttpOnly cookie (set when missing), plus a keyed hash of the client address, so clearing
 * cookies alone does not allow a second rating. The address itself is never stored.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../context.ts";

export const VISITOR_COOKIE = "visitor_id";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const VISITOR_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** The visitor id from the cookie, or null when absent or not one of ours. */
export function readVisitorId(c: Context<AppEnv>): string | null {
  const id = getCookie(c, VISITOR_COOKIE);
  return id && VISITOR_ID.test(id) ? id : null;
}

/** The visitor id, creating it and setting the cookie when missing. */
export function ensureVisitorId(c: Context<AppEnv>): string {
  const existing = readVisitorId(c);
  if (existing) return existing;
  const id = randomBytes(16).toString("base64url");
  setCookie(c, VISITOR_COOKIE, id, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    maxAge: ONE_YEAR_SECONDS,
    secure: c.get("deps").env.NODE_ENV === "production",
  });
  return id;
}

/** HMAC-SHA256(secret, client address), hex. */
export function addressHash(c: Context<AppEnv>): string {
  return createHmac("sha256", c.get("deps").secret).update(c.get("clientIp")).digest("hex");
}
