/**
 * The client address (`clientIp`): the socket peer, or, only when that peer is one of
 * TRUSTED_PROXIES, the X-Forwarded-For entry next to the nearest trusted proxy (walking the
 * list right to left, skipping further trusted proxies). A forwarded header from anyone else
 * is ignored, so a client cannot choose its own address (and dodge rate limits or the
 * one-rating rule).
 */
import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";

/**
 * What requests without a socket (tests calling app.request, other runtimes) resolve to.
 * @internal Exported for its tests.
 */
export const UNKNOWN_CLIENT_IP = "0.0.0.0";

/**
 * "::ffff:10.0.0.1" → "10.0.0.1"; brackets and ports of forwarded values stripped.
 * @internal Exported for its tests.
 */
export function normalizeIp(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  let s = raw.trim();
  if (s.startsWith("[")) s = s.slice(1, s.indexOf("]") > 0 ? s.indexOf("]") : undefined);
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(s)) s = s.slice(0, s.lastIndexOf(":"));
  if (s.toLowerCase().startsWith("::ffff:") && isIP(s.slice(7)) === 4) s = s.slice(7);
  return isIP(s) ? s.toLowerCase() : undefined;
}

/**
 * Addresses and CIDR ranges ("10.0.0.0/8", "fd00::/8") of the trusted proxies.
 * @internal Exported for its tests.
 */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [addr, bits] = entry.split("/");
    const ip = normalizeIp(addr);
    if (!ip) continue;
    const type = isIP(ip) === 6 ? "ipv6" : "ipv4";
    if (bits !== undefined && /^\d{1,3}$/.test(bits)) list.addSubnet(ip, Number(bits), type);
    else list.addAddress(ip, type);
  }
  return list;
}

const isTrusted = (list: BlockList, ip: string) => list.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");

/**
 * The client address given the socket peer and the X-Forwarded-For header.
 * @internal Exported for its tests.
 */
export function resolveClientIp(socketIp: string | undefined, forwardedFor: string | undefined, trusted: BlockList): string {
  const peer = normalizeIp(socketIp);
  if (!peer) return UNKNOWN_CLIENT_IP;
  if (!forwardedFor || !isTrusted(trusted, peer)) return peer;
  const hops = forwardedFor.split(",").map((h) => h.trim());
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeIp(hops[i]);
    if (!hop) return peer; // a malformed entry: trust nothing beyond the proxy itself
    if (!isTrusted(trusted, hop)) return hop;
  }
  return peer;
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The client address of a request from the socket peer `socketIp` with that X-Forwarded-For, given TRUSTED_PROXIES. */
export function clientIpOf(trustedProxies: readonly string[]): (socketIp: string | undefined, forwardedFor: string | undefined) => string {
  const trusted = trustedProxyList(trustedProxies);
  return (socketIp, forwardedFor) => resolveClientIp(socketIp, forwardedFor, trusted);
}

/** Sets `clientIp` for every request. */
export function clientIpMiddleware(trustedProxies: readonly string[]): MiddlewareHandler<AppEnv> {
  const resolve = clientIpOf(trustedProxies);
  return async (c, next) => {
    c.set("clientIp", resolve(socketAddress(c), c.req.header("x-forwarded-for")));
    await next();
  };
}
