import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CSS_BUDGET, JS_ALL_BUDGET, JS_BUDGET, checkWeight, pageWeight } from "./check-weight.mjs";

let dist: string;
function write(rel: string, content: string | Buffer) {
  const file = path.join(dist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}
const gz = (s: string | Buffer) => zlib.gzipSync(s, { level: 9 }).length;
/** Text that gzip cannot shrink much. */
const noise = (bytes: number) => randomBytes(bytes).toString("base64");

afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

describe("check-weight", () => {
  it("counts what a page loads at open (scripts, islands not waiting to be seen, their static imports) apart from what loads later", () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "weight-"));
    const shared = `export const a = "${noise(300)}";`;
    const island = `import { a } from "./shared.js"; export default () => import("./lazy.js").then(() => a);`;
    const lazy = `export const b = "${noise(200)}";`;
    const renderer = `export const r = "${noise(100)}";`;
    const seen = `import { a } from "./shared.js"; export const s = a + "${noise(150)}";`;
    const css = `.x{color:red}${".y{margin:0}".repeat(50)}`;
    write("_astro/shared.js", shared);
    write("_astro/island.js", island);
    write("_astro/lazy.js", lazy);
    write("_astro/client.js", renderer);
    write("_astro/seen.js", seen);
    write("_astro/page.css", css);
    write(
      "index.html",
      `<html><head><link rel="stylesheet" href="/_astro/page.css"><script type="application/ld+json">{"big":"${noise(5000)}"}</script></head>
       <body><astro-island uid="1" component-url="/_astro/island.js" renderer-url="/_astro/client.js" client="idle"></astro-island>
       <astro-island uid="2" component-url="/_astro/seen.js" renderer-url="/_astro/client.js" client="visible"></astro-island><script>console.log(1)</script></body></html>`,
    );
    const { js, jsAll, css: cssSize } = pageWeight(dist, path.join(dist, "index.html"));
    const inline = gz("console.log(1)");
    expect(js).toBe(gz(shared) + gz(island) + gz(renderer) + inline);
    expect(jsAll).toBe(gz(shared) + gz(island) + gz(lazy) + gz(renderer) + gz(seen) + inline);
    expect(cssSize).toBe(gz(css));
    expect(checkWeight(dist)).toMatchObject({ pages: 1, failures: [] });
  });

  it("fails a page over 95 KB of JavaScript at open, 105 KB with what loads later, or 25 KB of CSS", () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "weight-"));
    expect([JS_BUDGET, JS_ALL_BUDGET, CSS_BUDGET]).toEqual([95 * 1024, 105 * 1024, 25 * 1024]);
    write("_astro/big.js", `export const x = "${noise(JS_ALL_BUDGET)}";`);
    write("_astro/big.css", `.a{background:url("data:,${noise(CSS_BUDGET)}")}`);
    // Under the budget at open, over the whole one once the island seen later is counted.
    write("_astro/open.js", `export const o = "${noise(80 * 1024)}";`);
    write("_astro/later.js", `export const l = "${noise(30 * 1024)}";`);
    write("light/index.html", `<html><body><p>No scripts</p></body></html>`);
    write(
      "heavy/index.html",
      `<html><head><link rel="stylesheet" href="/_astro/big.css"></head><body><script type="module" src="/_astro/big.js"></script></body></html>`,
    );
    write(
      "later/index.html",
      `<html><body><script type="module" src="/_astro/open.js"></script><astro-island component-url="/_astro/later.js" client="visible"></astro-island></body></html>`,
    );
    const result = checkWeight(dist);
    expect(result.pages).toBe(3);
    expect(result.failures).toHaveLength(4);
    expect(result.failures).toContainEqual(expect.stringMatching(/^heavy\/index\.html: JavaScript at open \d+\.\d KB gzip > 95\.0 KB$/));
    expect(result.failures).toContainEqual(expect.stringMatching(/^heavy\/index\.html: JavaScript with what loads later \d+\.\d KB gzip > 105\.0 KB$/));
    expect(result.failures).toContainEqual(expect.stringMatching(/^heavy\/index\.html: CSS \d+\.\d KB gzip > 25\.0 KB$/));
    expect(result.failures).toContainEqual(expect.stringMatching(/^later\/index\.html: JavaScript with what loads later \d+\.\d KB gzip > 105\.0 KB$/));
  });
});
