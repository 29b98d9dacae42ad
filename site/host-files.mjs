// @ts-check
/**
 * Writes the host rule file `_headers` (Netlify / Cloudflare Pages format) after the build:
 * security headers and a Content Security Policy allowing the configured API and IP
 * geolocation services (their origins are only known at build time). Scripts run only from
 * this origin or when their exact text was built here: every inline script of the output is
 * hashed into script-src (no 'unsafe-inline').
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Types a browser executes; data blocks such as application/ld+json are not scripts.
const EXECUTABLE = /^(|text\/javascript|application\/javascript|module)$/i;

/**
 * The CSP source of every inline executable script in one HTML text, as 'sha256-…'.
 * @param {string} html
 * @param {Map<string, string>} [memo] script text → its source: the same few scripts (the island
 *   loader, the analytics bootstrap) are on every page, so each distinct text is hashed once
 * @returns {string[]}
 */
export function inlineScriptHashes(html, memo = new Map()) {
  /** @type {string[]} */
  const out = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const attrs = m[1] ?? "";
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? "";
    if (!EXECUTABLE.test(type.trim())) continue;
    const text = m[2] ?? "";
    let source = memo.get(text);
    if (source === undefined) {
      source = `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
      memo.set(text, source);
    }
    out.push(source);
  }
  return out;
}

/**
 * Hashes of the inline scripts of every page under `dir`, sorted (stable `_headers`).
 * Read one file at a time, synchronously: the pages were just written (the page cache holds
 * them) and nothing else runs at the end of the build, so promise-based reads (open, stat,
 * read, close as separate steps) only added CPU: 45% of the scan at 10,000 clinics (decision 204).
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
export async function collectScriptHashes(dir) {
  /** @type {Set<string>} */
  const hashes = new Set();
  /** @type {Map<string, string>} */
  const memo = new Map();
  const marker = Buffer.from("<script");
  for (const entry of await fs.promises.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name));
    // Only pages with a script are decoded and parsed.
    if (bytes.indexOf(marker) === -1) continue;
    for (const h of inlineScriptHashes(bytes.toString("utf8"), memo)) hashes.add(h);
  }
  return [...hashes].sort();
}

/** @param {string} url */
const origin = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * @param {Record<string, string | undefined>} env
 * @param {string[]} scriptHashes sources of the built pages' inline scripts
 */
export function contentSecurityPolicy(env = process.env, scriptHashes = []) {
  // site/src/env.ts's default (apiBaseUrl on the API's default port) spelled out: this plain
  // JavaScript module, loaded by astro.config.mjs, imports no TypeScript source.
  const api = origin(env.PUBLIC_API_URL || "http://localhost:8787/api/v1");
  // Uploaded blog images are served by the API, or from PUBLIC_UPLOADS_URL (a bucket or CDN).
  const uploads = env.PUBLIC_UPLOADS_URL ? origin(env.PUBLIC_UPLOADS_URL) : null;
  const geo = (env.PUBLIC_GEO_SERVICES || "https://ipapi.co/json/ https://ipwho.is/ https://freeipapi.com/api/json")
    .split(/[\s,]+/)
    .map(origin)
    .filter(Boolean);
  const analytics =
    env.PUBLIC_ANALYTICS_PROVIDER === "plausible"
      ? ["https://plausible.io"]
      : env.PUBLIC_ANALYTICS_PROVIDER === "ga4"
        ? ["https://www.googletagmanager.com", "https://www.google-analytics.com"]
        : [];
  const connect = [...new Set(["'self'", api, ...geo, ...analytics])].join(" ");
  return [
    "default-src 'self'",
    // Astro's island loader and the GA4 bootstrap are inline scripts: allowed by hash only.
    ["script-src 'self'", ...scriptHashes, ...analytics].join(" "),
    "style-src 'self' 'unsafe-inline'",
    [...new Set(["img-src 'self' https: data:", api, uploads].filter(Boolean))].join(" "),
    `connect-src ${connect}`,
    "font-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * The `_headers` file. HSTS only when the site is served over https: on a plain-http
 * localhost it would only be noise (and pins nothing).
 * @param {Record<string, string | undefined>} env
 * @param {string[]} scriptHashes
 */
export function hostHeaders(env, scriptHashes) {
  const https = (env.SITE_URL || "").startsWith("https://");
  return `/*
  Content-Security-Policy: ${contentSecurityPolicy(env, scriptHashes)}
  X-Content-Type-Options: nosniff
  X-Frame-Options: DENY
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: geolocation=(self), camera=(), microphone=(), payment=()
${https ? "  Strict-Transport-Security: max-age=31536000; includeSubDomains\n" : ""}
/_astro/*
  Cache-Control: public, max-age=31536000, immutable
`;
}

/** @returns {import("astro").AstroIntegration} */
export default function hostFiles() {
  return {
    name: "botox-host-files",
    hooks: {
      "astro:build:done": async ({ dir }) => {
        const out = fileURLToPath(dir);
        fs.writeFileSync(`${out}/_headers`, hostHeaders(process.env, await collectScriptHashes(out)));
      },
    },
  };
}
