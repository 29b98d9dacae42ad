#!/usr/bin/env node
/**
 * Weight budget over the build output: for every HTML page, the JavaScript it can
 * load (scripts, island components and renderers, and every module they import statically)
 * must stay within 105 KB gzip (decision 258), its CSS within 25 KB gzip. Usage: node scripts/check-weight.mjs [dist]
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const JS_BUDGET = 105 * 1024;
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

/** A module and everything it imports (static and dynamic: islands may load either). */
function moduleClosure(file, seen) {
  if (seen.has(file) || !fs.existsSync(file)) return;
  seen.add(file);
  const text = fs.readFileSync(file, "utf8");
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    if (!spec || !spec.startsWith(".")) continue;
    moduleClosure(path.resolve(path.dirname(file), spec), seen);
  }
}

function resolveAsset(dist, url) {
  if (!url || /^(https?:)?\/\//.test(url)) return null;
  return path.join(dist, decodeURIComponent(url.split(/[?#]/)[0]));
}

export function pageWeight(dist, htmlFile) {
  const html = fs.readFileSync(htmlFile, "utf8");
  const modules = new Set();
  const urls = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)].map((m) => m[1]),
  ];
  for (const u of urls) {
    const file = resolveAsset(dist, u);
    if (file) moduleClosure(file, modules);
  }
  let js = 0;
  for (const f of modules) js += gzipSize(f);
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)) {
    js += zlib.gzipSync(m[1] ?? "").length;
  }
  let css = 0;
  for (const m of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    const file = resolveAsset(dist, m[1]);
    if (file) css += gzipSize(file);
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) css += zlib.gzipSync(m[1] ?? "").length;
  return { js, css };
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
 * @returns {{ pages: number, maxJs: { v: number, page: string }, maxCss: { v: number, page: string }, failures: string[] }}
 */
export function checkWeight(dist) {
  const failures = [];
  let maxJs = { v: 0, page: "" };
  let maxCss = { v: 0, page: "" };
  const files = htmlFiles(dist);
  for (const file of files) {
    const page = path.relative(dist, file);
    const { js, css } = pageWeight(dist, file);
    if (js > maxJs.v) maxJs = { v: js, page };
    if (css > maxCss.v) maxCss = { v: css, page };
    if (js > JS_BUDGET) failures.push(`${page}: JavaScript ${(js / 1024).toFixed(1)} KB gzip > 105 KB`);
    if (css > CSS_BUDGET) failures.push(`${page}: CSS ${(css / 1024).toFixed(1)} KB gzip > 25 KB`);
  }
  return { pages: files.length, maxJs, maxCss, failures };
}

function main() {
  const dist = path.resolve(process.argv[2] ?? "dist");
  if (!fs.existsSync(dist)) {
    console.error(`check-weight: no build output at ${dist}; run the build first.`);
    process.exit(2);
  }
  const { pages, maxJs, maxCss, failures } = checkWeight(dist);
  console.log(
    `check-weight: ${pages} pages; heaviest JS ${(maxJs.v / 1024).toFixed(1)} KB (${maxJs.page}), heaviest CSS ${(maxCss.v / 1024).toFixed(1)} KB (${maxCss.page})`,
  );
  if (failures.length) {
    console.error(failures.slice(0, 50).join("\n"));
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
