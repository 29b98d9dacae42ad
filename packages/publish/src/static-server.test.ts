import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS } from "@botox/core/server-timeouts";
import { headersFor, matchRedirect, parseHeaders, parseRedirects } from "./host-rules.ts";
import { pickEncoding, startStaticServer, type RunningStaticServer } from "./static-server.ts";

let dir: string;
let server: RunningStaticServer;

function write(file: string, text: string) {
  const full = path.join(dir, "site", "builds", "1", file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-server-"));
  fs.writeFileSync(path.join(dir, "secret.txt"), "outside the site");
  write("index.html", "<h1>home</h1>");
  write("about/index.html", "<h1>about</h1>");
  write("zip/index.html", "<h1>zip fallback</h1>");
  write("404.html", "<h1>Page Not Found</h1>");
  write("_astro/app.abc123.js", "console.log(1)");
  write("styles/site.css", "body{}");
  write("sitemap.xml", "<urlset/>");
  write("img/logo.svg", "<svg/>");
  write("botox-near-me/new-york-ny/index.html", "<h1>new york</h1>");
  write(
    "_redirects",
    [
      "# aliases",
      "/city/:city          /botox-near-me/:city         301",
      "/botox-near-me/zipcode/:zip  /zip/:zip   301",
      "/old/*               /new/:splat                  302",
      "/zip/*               /zip/index.html              200",
      "/about               /elsewhere                   301",
      "/forced              /about/                      200!",
      "/gone/*              /404.html                    404",
    ].join("\n"),
  );
  write("_headers", "/*\n  X-Frame-Options: DENY\n  Referrer-Policy: strict-origin-when-cross-origin\n/_astro/*\n  X-Asset: yes\n");
  fs.symlinkSync(path.join("builds", "1"), path.join(dir, "site", "live"));
  server = await startStaticServer({ liveDir: path.join(dir, "site", "live"), port: 0 });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (p: string, init: RequestInit = {}) => fetch(`${server.url}${p}`, { redirect: "manual", ...init });

/** Sends a raw request line, so paths reach the server without client-side normalisation. */
function rawGet(requestPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () => {
      socket.write(`GET ${requestPath} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    let data = "";
    socket.on("data", (d: Buffer) => (data += d.toString()));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
}

describe("static server", () => {
  it("serves index.html for folders and paths without a trailing slash", async () => {
    for (const p of ["/", "/index.html", "/botox-near-me/new-york-ny", "/botox-near-me/new-york-ny/"]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    }
  });

  it("sends correct content types and cache headers", async () => {
    const cases: [string, string][] = [
      ["/_astro/app.abc123.js", "text/javascript; charset=utf-8"],
      ["/styles/site.css", "text/css; charset=utf-8"],
      ["/sitemap.xml", "application/xml; charset=utf-8"],
      ["/img/logo.svg", "image/svg+xml"],
    ];
    for (const [p, type] of cases) expect((await get(p)).headers.get("content-type"), p).toBe(type);
    expect((await get("/_astro/app.abc123.js")).headers.get("cache-control")).toContain("immutable");
  });

  it("compresses text with brotli or gzip as the client accepts, never images or small files", async () => {
    const page = `<!doctype html><h1>big</h1>${"<p>Botox clinics near you.</p>".repeat(200)}`;
    write("big/index.html", page);
    write("img/photo.png", "x".repeat(5000));
    // A raw client: fetch would ask for and undo the compression itself.
    const raw = (p: string, acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}${p}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    let res = await raw("/big/", "gzip, deflate, br");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(page);
    expect(res.body.length).toBeLessThan(page.length / 5);
    res = await raw("/big/", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.body).toString()).toBe(page);
    res = await raw("/big/");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-length"]).toBe(String(page.length));
    for (const p of ["/img/photo.png", "/about"]) expect((await raw(p, "br, gzip")).headers["content-encoding"], p).toBeUndefined();
    expect(pickEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
  });

  it("applies _headers blocks that match the path", async () => {
    const res = await get("/_astro/app.abc123.js");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-asset")).toBe("yes");
    expect((await get("/")).headers.get("x-asset")).toBeNull();
    expect((await get("/")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("redirects with placeholders and :splat, keeping the query string", async () => {
    let res = await get("/city/new-york-ny");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/botox-near-me/new-york-ny");
    res = await get("/botox-near-me/zipcode/10001?x=1");
    expect(res.headers.get("location")).toBe("/zip/10001?x=1");
    res = await get("/old/a/b/c");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/new/a/b/c");
  });

  it("rewrites with status 200 without changing the URL", async () => {
    const res = await get("/zip/90210");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("<h1>zip fallback</h1>");
  });

  it("lets an existing file shadow a rule unless the rule is forced", async () => {
    expect((await get("/about")).status).toBe(200);
    const forced = await get("/forced");
    expect(forced.status).toBe(200);
    expect(await forced.text()).toBe("<h1>about</h1>");
  });

  it("answers unknown paths with the site's 404 page and status 404", async () => {
    for (const p of ["/nope", "/gone/x"]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toContain("Page Not Found");
    }
  });

  it("never serves the rule files or anything outside the build", async () => {
    expect((await get("/_redirects")).status).toBe(404);
    expect((await get("/_headers")).status).toBe(404);
    // Paths that name the rule files only once normalised (sent raw, so no client tidies them first).
    for (const p of ["/%2F_redirects", "/.//_headers", "/x/..//_redirects", "/%2e/_headers", "/_redirects/", "//_headers", "/_%72edirects"]) {
      const body = (await rawGet(p)).split("\r\n\r\n").slice(1).join("\r\n\r\n");
      expect(body, p).not.toContain("/city/:city");
      expect(body, p).not.toContain("X-Asset: yes");
    }
    for (const p of ["/../../secret.txt", "/%2e%2e/%2e%2e/secret.txt", "/..%2f..%2fsecret.txt", "/%5c..%5csecret.txt"]) {
      const raw = await rawGet(p);
      expect(raw, p).not.toContain("outside the site");
      expect(raw, p).toMatch(/^HTTP\/1\.1 (400|404)/);
    }
  });

  it("answers HEAD without a body and refuses other methods", async () => {
    const head = await get("/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String("<h1>home</h1>".length));
    expect((await get("/", { method: "POST" })).status).toBe(405);
  });
});

describe("host rule parsing", () => {
  it("matches /a/* against /a itself and gives an empty splat", () => {
    const rules = parseRedirects("/a/*  /b/:splat  301");
    expect(matchRedirect(rules, "/a", false)?.to).toBe("/b/");
    expect(matchRedirect(rules, "/a/x/y", false)?.to).toBe("/b/x/y");
    expect(matchRedirect(rules, "/ab", false)).toBeNull();
  });

  it("skips comments, blank lines and query-parameter rules", () => {
    expect(parseRedirects("# c\n\n/x id=:id /y 301\n/p /q")).toHaveLength(1);
  });

  it("joins repeated header values", () => {
    const rules = parseHeaders("/*\n  Link: </a>\n/x\n  Link: </b>\n");
    expect(headersFor(rules, "/x").get("link")).toBe("</a>, </b>");
  });
});

describe("alias paths with any characters", () => {
  let aliasDir: string;
  let aliasServer: RunningStaticServer;
  beforeAll(async () => {
    aliasDir = fs.mkdtempSync(path.join(os.tmpdir(), "static-alias-"));
    const build = path.join(aliasDir, "live");
    fs.mkdirSync(build, { recursive: true });
    fs.writeFileSync(path.join(build, "404.html"), "<h1>Page Not Found</h1>");
    fs.writeFileSync(
      path.join(build, "_redirects"),
      ["/city/:city   /botox-near-me/:city   301!", "/old/*   /new/:splat   302", "/:city/:slug   /botox-clinic/:city/:slug   301"].join("\n"),
    );
    fs.writeFileSync(path.join(build, "_headers"), "/*\n  Strict-Transport-Security: max-age=31536000\n  X-Frame-Options: DENY\n");
    aliasServer = await startStaticServer({ liveDir: build, port: 0 });
  });
  afterAll(async () => {
    await aliasServer.close();
    fs.rmSync(aliasDir, { recursive: true, force: true });
  });
  const aliasGet = (p: string) => fetch(`${aliasServer.url}${p}`, { redirect: "manual" });

  it.each([
    ["/city/%E6%9D%B1%E4%BA%AC", "/botox-near-me/%E6%9D%B1%E4%BA%AC"],
    ["/city/%E2%98%83", "/botox-near-me/%E2%98%83"],
    ["/%E2%98%83/x", "/botox-clinic/%E2%98%83/x"],
    ["/city/a%0aX:1", "/botox-near-me/a%0AX%3A1"],
    ["/city/caf%C3%A9", "/botox-near-me/caf%C3%A9"],
    ["/city/caf%C3%A9?q=%C3%A9", "/botox-near-me/caf%C3%A9?q=%C3%A9"],
    ["/old/a%20b/%E2%98%83", "/new/a%20b/%E2%98%83"],
  ])("redirects %s to the percent-encoded %s, never 500", async (from, to) => {
    const res = await aliasGet(from);
    expect(res.status).toBeGreaterThanOrEqual(301);
    expect(res.status).toBeLessThan(400);
    expect(res.headers.get("location")).toBe(to);
  });

  it("sends no HSTS over its plain HTTP, keeping the other host headers", async () => {
    const res = await aliasGet("/nothing-here");
    expect(res.status).toBe(404);
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("kept-alive connections", () => {
  it("are kept idle longer than load balancers keep theirs (the client is told so)", async () => {
    expect(server.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    const socket = net.connect(server.port, "127.0.0.1");
    let text = "";
    socket.on("data", (d: Buffer) => (text += d.toString()));
    socket.write("GET /about/ HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => text).toMatch(/<h1>about<\/h1>$/);
    expect(text.toLowerCase()).toContain("keep-alive: timeout=65\r\n");
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => text).toMatch(/<h1>home<\/h1>$/);
    socket.destroy();
  });
});
