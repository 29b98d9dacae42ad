import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { UNKNOWN_CLIENT_IP, clientIpMiddleware, normalizeIp, resolveClientIp, trustedProxyList } from "./client-ip.ts";
import { socketEnv } from "../test/public-app.ts";

describe("normalizeIp", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    [" 203.0.113.5 ", "203.0.113.5"],
    ["203.0.113.5:4711", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["[2001:DB8::1]:443", "2001:db8::1"],
    ["2001:db8::1", "2001:db8::1"],
  ])("%s → %s", (raw, ip) => expect(normalizeIp(raw)).toBe(ip));

  it.each(["", "unknown", "evil.example", "1.2.3", "999.1.1.1", "1.2.3.4, 5.6.7.8", "' or 1=1"])("rejects %j", (raw) => {
    expect(normalizeIp(raw)).toBeUndefined();
  });
});

describe("resolveClientIp", () => {
  const trusted = trustedProxyList(["10.0.0.0/8", "192.0.2.10", "fd00::/8", "not an address"]);

  it("uses the socket address when the peer is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(resolveClientIp("198.51.100.7", "1.2.3.4", trusted)).toBe("198.51.100.7");
    expect(resolveClientIp("::ffff:198.51.100.7", undefined, trusted)).toBe("198.51.100.7");
    expect(resolveClientIp("198.51.100.7", "1.2.3.4", trustedProxyList([]))).toBe("198.51.100.7");
  });

  it("behind a trusted proxy, takes the nearest untrusted hop, so a client cannot choose its address", () => {
    expect(resolveClientIp("10.0.0.5", "198.51.100.7", trusted)).toBe("198.51.100.7");
    // The client prepended a fake hop; the proxy appended the real one.
    expect(resolveClientIp("10.0.0.5", "6.6.6.6, 198.51.100.7", trusted)).toBe("198.51.100.7");
    // Two trusted proxies in a row.
    expect(resolveClientIp("192.0.2.10", "6.6.6.6, 198.51.100.7, 10.1.2.3", trusted)).toBe("198.51.100.7");
    expect(resolveClientIp("fd00::1", "2001:db8::7", trusted)).toBe("2001:db8::7");
  });

  it("trusts nothing beyond a malformed hop, and falls back when every hop is a proxy", () => {
    expect(resolveClientIp("10.0.0.5", "198.51.100.7, garbage", trusted)).toBe("10.0.0.5");
    expect(resolveClientIp("10.0.0.5", "10.0.0.6", trusted)).toBe("10.0.0.5");
  });

  it("answers a fixed placeholder without a socket", () => {
    expect(resolveClientIp(undefined, "1.2.3.4", trusted)).toBe(UNKNOWN_CLIENT_IP);
  });
});

describe("clientIpMiddleware", () => {
  const appWith = (trustedProxies: string[]) => {
    const app = new Hono<{ Variables: { clientIp: string } }>();
    app.use("*", clientIpMiddleware(trustedProxies));
    app.get("/ip", (c) => c.text(c.get("clientIp")));
    return app;
  };
  const ipOf = async (app: ReturnType<typeof appWith>, socket: string, xff?: string) =>
    (await app.request("/ip", { headers: xff ? { "X-Forwarded-For": xff } : {} }, socketEnv(socket))).text();

  it("reads the socket of @hono/node-server and the header only from a trusted proxy", async () => {
    expect(await ipOf(appWith([]), "198.51.100.7", "1.2.3.4")).toBe("198.51.100.7");
    expect(await ipOf(appWith(["127.0.0.1"]), "127.0.0.1", "1.2.3.4")).toBe("1.2.3.4");
    expect(await ipOf(appWith(["127.0.0.1"]), "198.51.100.7", "1.2.3.4")).toBe("198.51.100.7");
  });
});
