import fsp from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAdminServer, type RunningAdminServer } from "./admin-server.ts";

// A build folder beside a secret that the old dev server handed out through /@fs/.
let tmp: string;
let server: RunningAdminServer;
let base: string;

beforeAll(async () => {
  tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "admin-server-"));
  const dist = path.join(tmp, "dist");
  await fsp.mkdir(path.join(dist, "assets"), { recursive: true });
  await fsp.writeFile(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
  await fsp.writeFile(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
  await fsp.writeFile(path.join(dist, "assets", "app-abc123.js.map"), "{}");
  await fsp.mkdir(path.join(dist, ".data"));
  await fsp.writeFile(path.join(dist, ".data", "wal"), "SECRET-HASH");
  await fsp.mkdir(path.join(tmp, ".data"));
  await fsp.writeFile(path.join(tmp, ".data", "wal"), "SECRET-HASH");
  server = await startAdminServer({ dir: dist, port: 0, connectOrigins: ["http://localhost:8787/api/v1"], imageOrigins: ["https://cdn.example.test/x"] });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  await fsp.rm(tmp, { recursive: true, force: true });
});

/** A raw GET, so paths reach the server exactly as written (fetch would normalize `..`). */
function rawGet(pathname: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: server.port, path: pathname, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

function expectSecurityHeaders(headers: Headers | http.IncomingHttpHeaders) {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined));
  expect(get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(get("content-security-policy")).toContain("script-src 'self'");
  expect(get("x-frame-options")).toBe("DENY");
  expect(get("x-content-type-options")).toBe("nosniff");
}

describe("the built admin's server", () => {
  it("serves index.html with the security headers, and lets the admin call its API", async () => {
    const res = await fetch(`${base}/admin/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("id=root");
    expectSecurityHeaders(res.headers);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("connect-src 'self' http://localhost:8787");
    expect(csp).toContain("https://cdn.example.test");
    expect(csp).toMatch(/img-src [^;]*https:/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it("opens the admin from /admin without the trailing slash, and from /", async () => {
    for (const p of ["/admin", "/"]) {
      const res = await fetch(`${base}${p}`, { redirect: "manual" });
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/admin/");
    }
    const followed = await fetch(`${base}/admin`);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain("id=root");
  });

  it("answers index.html for deep links (client routes)", async () => {
    for (const p of ["/admin/clinics", "/admin/clinics/42/edit", "/admin/blog/new?x=1"]) {
      const res = await fetch(`${base}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain("id=root");
    }
  });

  it("serves fingerprinted assets as immutable, and a missing asset as 404 rather than the page", async () => {
    const asset = await fetch(`${base}/admin/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toContain("javascript");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expectSecurityHeaders(asset.headers);
    expect((await fetch(`${base}/admin/assets/gone-000.js`)).status).toBe(404);
  });

  it("never serves /@fs/, dot folders (.data), parent paths or source maps", async () => {
    const probes = [
      `/admin/@fs${tmp}/.data/wal`,
      `/admin/@fs/${tmp}/dist/.data/wal`,
      "/admin/@vite/client",
      "/admin/.data/wal",
      "/admin/%2edata/wal",
      "/admin/../.data/wal",
      "/admin/%2e%2e/.data/wal",
      "/admin/..%2f.data/wal",
      "/admin/assets/app-abc123.js.map",
      "/admin/%00",
      "/admin/%E0%A4%A",
      "/.data/wal",
    ];
    for (const p of probes) {
      const res = await rawGet(p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).not.toContain("SECRET");
      expect(res.body, p).not.toContain(tmp);
      expectSecurityHeaders(res.headers);
    }
  });

  it("refuses writes", async () => {
    const res = await fetch(`${base}/admin/`, { method: "POST", body: "x" });
    expect(res.status).toBe(405);
  });
});
