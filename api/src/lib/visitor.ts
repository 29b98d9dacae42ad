/**
 * Who a visitor is, for the one-rating-per-visitor rule (architecture.md §8): a random id in an
 * HttpOnly cookie (set when missing) decides "already rated"; a keyed hash of the client's
 * per-visitor key (an IPv4 address, an IPv6 /64) only caps how many ratings, suggestions and
 * price reports one visitor may send, so neighbours behind one address are not refused
 * (docs/decisions/134-one-rating-per-visitor-cookie.md); a keyed hash of its network (an IPv4
 * /24, an IPv6 /48) counts distinct networks (decision 233). The address itself is never stored.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../context.ts";
import { cookiesSecure } from "../env.ts";
import { addressKey, type AddressScope } from "@botox/core/network";

/** @internal Exported for its tests. */
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
    secure: cookiesSecure(c.get("deps").env),
  });
  return id;
}

const keyedHash = (c: Context<AppEnv>, scope: AddressScope) =>
  createHmac("sha256", c.get("deps").secret)
    .update(addressKey(c.get("clientIp"), scope))
    .digest("hex");

/** HMAC-SHA256(secret, the client's per-visitor key: IPv4 address, IPv6 /64), hex. */
export function addressHash(c: Context<AppEnv>): string {
  return keyedHash(c, "visitor");
}

/** HMAC-SHA256(secret, the client's network: IPv4 /24, IPv6 /48), hex. */
export function networkHash(c: Context<AppEnv>): string {
  return keyedHash(c, "network");
}

/**
 * HMAC-SHA256(secret, `parts` and the per-visitor key of `clientIp`), base64url: a key naming this
 * visitor for what `parts` say (a day, a clinic, a kind), from which neither the address nor
 * the parts can be read back, and which matches no other parts' key of the same visitor (the
 * listing counts' cap, decision 277).
 */
export function visitorKey(secret: string, clientIp: string, parts: readonly (string | number)[]): string {
  return createHmac("sha256", secret)
    .update(`${parts.join("|")}|${addressKey(clientIp, "visitor")}`)
    .digest("base64url");
}
