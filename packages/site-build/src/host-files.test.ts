import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { collectScriptHashes, contentSecurityPolicy, hostHeaders, inlineScriptHashes, scanFiles } from "./host-files.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

let dist: string | undefined;
afterEach(() => {
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
  dist = undefined;
});

describe("site CSP", () => {
  it("hashes inline executable scripts only (not src scripts or JSON-LD)", () => {
    const loader = "(()=>{var a=1;window.x=a})();";
    const html = `<head><script type="application/ld+json">{"@type":"Thing"}</script><script type="module" src="/_astro/a.js"></script>
      <script>${loader}</script><script type="module">import "/_astro/b.js";</script><script data-ga="G-1">gtag("é")</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha(loader), sha('import "/_astro/b.js";'), sha('gtag("é")')]);
  });

  it("hashes each distinct script text once through the memo, with the same sources as without it", () => {
    const memo = new Map<string, string>();
    const page = (n: number) => `<script>loader()</script><script>page(${n})</script>`;
    expect(inlineScriptHashes(page(1), memo)).toEqual(inlineScriptHashes(page(1)));
    expect(inlineScriptHashes(page(2), memo)).toEqual([sha("loader()"), sha("page(2)")]);
    expect([...memo]).toEqual([
      ["loader()", sha("loader()")],
      ["page(1)", sha("page(1)")],
      ["page(2)", sha("page(2)")],
    ]);
    // A memo entry is what is returned: a wrong one would show (the memo is trusted, never re-checked).
    memo.set("loader()", "'sha256-x'");
    expect(inlineScriptHashes(page(1), memo)[0]).toBe("'sha256-x'");
  });

  it("allows scripts by hash, never 'unsafe-inline', and images from the API that serves uploads", () => {
    const csp = contentSecurityPolicy({ PUBLIC_API_URL: "http://127.0.0.1:8787/api/v1", PUBLIC_UPLOADS_URL: "https://cdn.example.test/images/" }, [sha("x")]);
    expect(directive(csp, "script-src")).toBe(`script-src 'self' ${sha("x")}`);
    expect(csp).not.toContain("'unsafe-inline' ");
    expect(directive(csp, "script-src")).not.toContain("unsafe-inline");
    expect(directive(csp, "img-src").split(" ")).toEqual(expect.arrayContaining(["'self'", "http://127.0.0.1:8787", "https://cdn.example.test"]));
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("lets pages reach no third-party location service unless one is configured", () => {
    const api = "http://127.0.0.1:8787/api/v1";
    expect(directive(contentSecurityPolicy({ PUBLIC_API_URL: api }), "connect-src")).toBe("connect-src 'self' http://127.0.0.1:8787");
    const configured = contentSecurityPolicy({ PUBLIC_API_URL: api, PUBLIC_GEO_SERVICES: "https://geo.example.test/json" });
    expect(directive(configured, "connect-src")).toBe("connect-src 'self' http://127.0.0.1:8787 https://geo.example.test");
  });

  it("collects the hashes of every built page, once each", async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "host-files-"));
    fs.mkdirSync(path.join(dist, "a", "b"), { recursive: true });
    fs.writeFileSync(path.join(dist, "index.html"), "<script>one()</script>");
    fs.writeFileSync(path.join(dist, "a", "b", "index.html"), "<script>one()</script><script>two()</script>");
    fs.writeFileSync(path.join(dist, "a", "plain.html"), "<p>no scripts</p>");
    fs.writeFileSync(path.join(dist, "a", "app.js"), "<script>notHtml()</script>");
    expect(await collectScriptHashes(dist)).toEqual([sha("one()"), sha("two()")].sort());
  });

  it("reads each page whole and only that page, through one reused buffer", () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "host-files-"));
    // A page larger than the first buffer (1 MiB) with its script at the end, then a shorter
    // page, "<script>sh", which would read as `<script>short()</script>` if the long page's
    // bytes after its own length were taken as its own.
    const long = path.join(dist, "long.html");
    fs.writeFileSync(long, `${"A".repeat(10)}ort()</script><p>${"x".repeat(3 * 2 ** 20)}</p><script>atTheEnd()</script>`);
    const short = path.join(dist, "short.html");
    fs.writeFileSync(short, "<script>sh");
    expect(scanFiles([long, short])).toEqual([sha("atTheEnd()")]);
  });

  it("collects the same hashes when a worker thread reads half of the pages", async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "host-files-"));
    // Each page has a script of its own, so a half that went unread would lose hashes.
    const scripts = Array.from({ length: 9 }, (_, i) => `page${i}()`);
    scripts.forEach((text, i) => {
      fs.mkdirSync(path.join(dist!, `p${i}`));
      fs.writeFileSync(path.join(dist!, `p${i}`, "index.html"), `<script>shared()</script><script>${text}</script>`);
    });
    const all = [...scripts, "shared()"].map(sha).sort();
    expect(await collectScriptHashes(dist, { parallelFrom: 2 })).toEqual(all);
    expect(await collectScriptHashes(dist, { parallelFrom: Infinity })).toEqual(all);
  });

  it("sends HSTS only for an https site", () => {
    expect(hostHeaders({ SITE_URL: "http://localhost:4321" }, [])).not.toContain("Strict-Transport-Security");
    expect(hostHeaders({ SITE_URL: "https://botox.example" }, [])).toContain("Strict-Transport-Security: max-age=31536000");
  });
});
