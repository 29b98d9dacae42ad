/** The file work of a targeted publish (targeted.ts): links, overlay, removals, fingerprint. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indexPageCount, linkTree, linkTreeHere, overlay, pageFiles, removePages, siteFingerprint } from "./targeted.ts";
import { changedFiles, fingerprintTree } from "./testing.ts";

let dir: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "publish-targeted-files-"));
  write(path.join(dir, "live/index.html"), "home");
  write(path.join(dir, "live/botox-clinic/a/one/index.html"), "one");
  write(path.join(dir, "live/botox-clinic/a/two/index.html"), "two");
  write(path.join(dir, "live/_headers"), "/*\n  X: live\n");
  write(path.join(dir, "live/sitemap.xml"), "<urlset/>");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("targeted publish files", () => {
  it.each([
    ["cp -al", linkTree],
    ["in Node", linkTreeHere],
  ])("links every file of the live build (%s): the same inodes, nothing copied", async (_name, link) => {
    await link(path.join(dir, "live"), path.join(dir, "next"));
    const live = fingerprintTree(path.join(dir, "live"));
    expect(changedFiles(live, fingerprintTree(path.join(dir, "next")))).toEqual([]);
  });

  it("stops linking when told to, without falling back to a copy in Node (the publisher stopping while the spare copy is made)", async () => {
    await expect(linkTree(path.join(dir, "live"), path.join(dir, "next"), AbortSignal.abort())).rejects.toThrow();
    expect(fs.existsSync(path.join(dir, "next/botox-clinic/a/one/index.html"))).toBe(false);
  });

  it("lays rendered pages over the links without writing into the live build's files, keeping _headers, and removes pages that are gone", async () => {
    const live = path.join(dir, "live");
    const next = path.join(dir, "next");
    await linkTree(live, next);
    const before = fingerprintTree(live);
    write(path.join(dir, "rendered/botox-clinic/a/one/index.html"), "one renamed");
    write(path.join(dir, "rendered/zip/10001/index.html"), "new zip page");
    write(path.join(dir, "rendered/_headers"), "/*\n  X: partial\n");
    expect(await overlay(path.join(dir, "rendered"), next)).toBe(2);
    expect(await removePages(next, ["/botox-clinic/a/two"])).toBe(1);

    expect(changedFiles(before, fingerprintTree(live))).toEqual([]);
    const read = (rel: string) => fs.readFileSync(path.join(next, rel), "utf8");
    expect(read("botox-clinic/a/one/index.html")).toBe("one renamed");
    expect(read("zip/10001/index.html")).toBe("new zip page");
    expect(read("_headers")).toContain("X: live");
    expect(fs.existsSync(path.join(next, "botox-clinic/a/two"))).toBe(false);
    expect(fs.readFileSync(path.join(live, "botox-clinic/a/two/index.html"), "utf8")).toBe("two");
    expect(changedFiles(before, fingerprintTree(next))).toEqual(["botox-clinic/a/one/index.html", "botox-clinic/a/two/index.html", "zip/10001/index.html"]);
  });

  it("names the file of each page path", () => {
    expect(pageFiles("/")).toEqual(["index.html"]);
    expect(pageFiles("/botox-near-me/austin")).toEqual(["botox-near-me/austin/index.html", "botox-near-me/austin.html"]);
    expect(pageFiles("/sitemap-2.xml")).toEqual(["sitemap-2.xml"]);
    expect(pageFiles("/404")).toContain("404.html");
  });

  it("counts a build's HTML pages from its page index, and none from an index it cannot read", async () => {
    const index = path.join(dir, "index.json");
    write(
      index,
      JSON.stringify({ paths: ["/", "/404", "/botox-clinic/a/one", "/zip/10001", "/sitemap.xml", "/sitemap-1.xml", "/robots.txt", "/cities.json"] }),
    );
    expect(await indexPageCount(index)).toBe(4);
    write(index, JSON.stringify({ paths: ["/", 7] }));
    expect(await indexPageCount(index)).toBeNull();
    write(index, "{ not json");
    expect(await indexPageCount(index)).toBeNull();
    expect(await indexPageCount(path.join(dir, "missing.json"))).toBeNull();
  });

  it("changes the fingerprint with the site's code or its public settings, not with other settings", async () => {
    write(path.join(dir, "repo/site/src/pages/index.astro"), "<h1>Hi</h1>");
    const root = path.join(dir, "repo");
    const first = await siteFingerprint(root, { SITE_URL: "https://a.example", DATABASE_URL: "x" });
    expect(await siteFingerprint(root, { SITE_URL: "https://a.example", DATABASE_URL: "y" })).toBe(first);
    expect(await siteFingerprint(root, { SITE_URL: "https://b.example", DATABASE_URL: "x" })).not.toBe(first);
    write(path.join(dir, "repo/site/src/pages/index.astro"), "<h1>Hello</h1>");
    expect(await siteFingerprint(root, { SITE_URL: "https://a.example", DATABASE_URL: "x" })).not.toBe(first);
  });
});
