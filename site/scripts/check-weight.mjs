#!/usr/bin/env node
/**
 * Weight budget over the build output (decision 264). For every HTML page:
 * - the JavaScript it loads when it opens (its scripts, and the islands that hydrate on load or
 *   when idle, with every module they import statically) must stay within 95 KB gzip;
 * - everything it can load, adding the islands that hydrate only once scrolled into view
 *   (client:visible) and the modules loaded on demand (dynamic import()), within 105 KB gzip;
 * - its CSS within 25 KB gzip.
 * Usage: node scripts/check-weight.mjs [dist]
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const JS_BUDGET = 95 * 1024;
export const JS_ALL_BUDGET = 105 * 1024;
export const CSS_BUDGET = 25 * 1024;

const gz = new Map();
function gzipSize(file) {
  let size = gz.get(file);
  if (size === undefined) {
    size = fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
    gz.set(file, size);
  }
  return size;
}

const importRe = /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.m?js)["']|import\(\s*["']([^"']+\.m?js)["']\s*\)/g;

/**
 * A module and everything it imports: statically only (what loads with it), or with its
 * dynamic imports too (what it may load later).
 */
function moduleClosure(file, seen, dynamic) {
  if (seen.has(file) || !fs.existsSync(file)) return;
  seen.add(file);
  const text = fs.readFileSync(file, "utf8");
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? (dynamic ? m[2] : undefined);
    if (!spec || !spec.startsWith(".")) continue;
    moduleClosure(path.resolve(path.dirname(file), spec), seen, dynamic);
  }
}

function resolveAsset(dist, url) {
  if (!url || /^(https?:)?\/\//.test(url)) return null;
  return path.join(dist, decodeURIComponent(url.split(/[?#]/)[0]));
}

export function pageWeight(dist, htmlFile) {
  const html = fs.readFileSync(htmlFile, "utf8");
  /** Loaded when the page opens: scripts, preloads, and the islands that do not wait to be seen. */
  const atOpen = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ];
  /** Loaded once scrolled into view. */
  const later = [];
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const tag = m[0];
    const urls = [...tag.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)].map((u) => u[1]);
    (/\bclient="visible"/.test(tag) ? later : atOpen).push(...urls);
  }
  const loaded = new Set();
  for (const u of atOpen) {
    const file = resolveAsset(dist, u);
    if (file) moduleClosure(file, loaded, false);
  }
  const all = new Set();
  for (const u of [...atOpen, ...later]) {
    const file = resolveAsset(dist, u);
    if (file) moduleClosure(file, all, true);
  }
  let inline = 0;
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)) {
    inline += zlib.gzipSync(m[1] ?? "").length;
  }
  let js = inline;
  for (const f of loaded) js += gzipSize(f);
  let jsAll = inline;
  for (const f of all) jsAll += gzipSize(f);
  let css = 0;
  for (const m of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    const file = resolveAsset(dist, m[1]);
    if (file) css += gzipSize(file);
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) css += zlib.gzipSync(m[1] ?? "").length;
  return { js, jsAll, css };
}

function htmlFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...htmlFiles(p));
    else if (entry.name.endsWith(".html")) out.push(p);
  }
  return out;
}

/**
 * Every page of a build output against the budgets.
 * @param {string} dist
 * @returns {{ pages: number, maxJs: { v: number, page: string }, maxJsAll: { v: number, page: string }, maxCss: { v: number, page: string }, failures: string[] }}
 */
export function checkWeight(dist) {
  const failures = [];
  let maxJs = { v: 0, page: "" };
  let maxJsAll = { v: 0, page: "" };
  let maxCss = { v: 0, page: "" };
  const files = htmlFiles(dist);
  const kb = (n) => (n / 1024).toFixed(1);
  for (const file of files) {
    const page = path.relative(dist, file);
    const { js, jsAll, css } = pageWeight(dist, file);
    if (js > maxJs.v) maxJs = { v: js, page };
    if (jsAll > maxJsAll.v) maxJsAll = { v: jsAll, page };
    if (css > maxCss.v) maxCss = { v: css, page };
    if (js > JS_BUDGET) failures.push(`${page}: JavaScript at open ${kb(js)} KB gzip > ${kb(JS_BUDGET)} KB`);
    if (jsAll > JS_ALL_BUDGET) failures.push(`${page}: JavaScript with what loads later ${kb(jsAll)} KB gzip > ${kb(JS_ALL_BUDGET)} KB`);
    if (css > CSS_BUDGET) failures.push(`${page}: CSS ${kb(css)} KB gzip > ${kb(CSS_BUDGET)} KB`);
  }
  return { pages: files.length, maxJs, maxJsAll, maxCss, failures };
}

function main() {
  const dist = path.resolve(process.argv[2] ?? "dist");
  if (!fs.existsSync(dist)) {
    console.error(`check-weight: no build output at ${dist}; run the build first.`);
    process.exit(2);
  }
  const { pages, maxJs, maxJsAll, maxCss, failures } = checkWeight(dist);
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(
    `check-weight: ${pages} pages; heaviest JS at open ${kb(maxJs.v)} KB (${maxJs.page}), with what loads later ${kb(maxJsAll.v)} KB (${maxJsAll.page}), heaviest CSS ${kb(maxCss.v)} KB (${maxCss.page})`,
  );
  if (failures.length) {
    console.error(failures.slice(0, 50).join("\n"));
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
