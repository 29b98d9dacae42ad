#!/usr/bin/env node
// Budget of the admin build: the JavaScript loaded before any lazy route, i.e. the
// entry chunk of dist/index.html plus every chunk it imports statically, at most 200 KB gzip.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 200 * 1024;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const html = join(dist, "index.html");
if (!existsSync(html)) {
  console.error(`check-bundle: ${html} is missing; run "vite build" first.`);
  process.exit(1);
}

/** dist-relative path of an asset URL under the /admin/ base. */
const toFile = (url) => join(dist, url.replace(/^\/admin\//, "").replace(/^\.?\//, ""));
const indexHtml = readFileSync(html, "utf8");
const entries = [...indexHtml.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => toFile(m[1]));
const preloads = [...indexHtml.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => toFile(m[1]));

// Follow static imports (`import ... from "./x.js"` / `import "./x.js"`), never dynamic ones.
const seen = new Set();
const queue = [...entries, ...preloads];
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file) || !existsSync(file)) continue;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    queue.push(join(dirname(file), m[1]));
  }
}

// Route-level code splitting: every screen behind the shell is a lazy chunk of its
// own (Vite names it after the module), never part of the initial graph. A screen imported
// statically by mistake has no chunk of its own, or one reached from the entry.
const LAZY_SCREENS = ["DashboardPage", "ClinicListPage", "ClinicFormPage", "PostListPage", "PostFormPage", "CategoriesPage", "MessagesPage", "NotFoundPage"];
// The post editor (TipTap and ProseMirror, most of the admin's weight) loads with a post
// form only, as a chunk of its own (decision 079).
const LAZY_PARTS = ["RichTextEditor"];
const chunks = readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".js"));
const splitProblems = [];
for (const screen of [...LAZY_SCREENS, ...LAZY_PARTS]) {
  const chunk = chunks.find((f) => f.startsWith(`${screen}-`));
  if (!chunk) splitProblems.push(`${screen} has no lazy chunk of its own`);
  else if (seen.has(join(dist, "assets", chunk))) splitProblems.push(`${screen} is loaded initially (${chunk})`);
}
if (splitProblems.length > 0) {
  console.error(`FAIL: route-level code splitting is broken:\n  ${splitProblems.join("\n  ")}`);
  process.exit(1);
}

let total = 0;
for (const file of seen) {
  const gz = gzipSync(readFileSync(file)).length;
  total += gz;
  console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB gzip  ${file.slice(dist.length + 1)}`);
}
const ok = total <= BUDGET_BYTES;
console.log(
  `${ok ? "ok" : "FAIL"}: initial admin JavaScript ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB, ${seen.size} files; ${LAZY_SCREENS.length} screens load on demand)`,
);
process.exit(ok ? 0 : 1);
