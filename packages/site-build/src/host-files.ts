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
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import type { AstroIntegration } from "astro";
import { buildEnv, inheritedEnv } from "./env.ts";

// Types a browser executes; data blocks such as application/ld+json are not scripts.
const EXECUTABLE = /^(|text\/javascript|application\/javascript|module)$/i;

/**
 * The CSP source of every inline executable script in one HTML text, as 'sha256-…'. `memo`:
 * script text → its source: the same few scripts (the island loader, the analytics bootstrap)
 * are on every page, so each distinct text is hashed once.
 */
export function inlineScriptHashes(html: string, memo = new Map<string, string>()): string[] {
  const out: string[] = [];
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

const marker = Buffer.from("<script");

/**
 * The hashes of the inline scripts of some pages, unsorted, one of each. Files are read one at a
 * time, synchronously: the pages were just written (the page cache holds them), so promise-based
 * reads (open, stat, read, close as separate steps) only added CPU (decision 204).
 */
export function scanFiles(files: readonly string[]): string[] {
  const hashes = new Set<string>();
  const memo = new Map<string, string>();
  // One buffer for every page (grown for a larger one): a new buffer per page is memory outside
  // the heap that waits for a garbage collection (decision 204).
  let buffer = Buffer.allocUnsafe(1 << 20);
  for (const file of files) {
    const fd = fs.openSync(file, "r");
    let length = 0;
    try {
      const size = fs.fstatSync(fd).size;
      if (size > buffer.length) buffer = Buffer.allocUnsafe(size);
      for (let n = 1; n > 0 && length < size; length += n) n = fs.readSync(fd, buffer, length, size - length, length);
    } finally {
      fs.closeSync(fd);
    }
    const bytes = buffer.subarray(0, length);
    // Only pages with a script are decoded and parsed.
    if (bytes.indexOf(marker) === -1) continue;
    for (const h of inlineScriptHashes(bytes.toString("utf8"), memo)) hashes.add(h);
  }
  return [...hashes];
}

/** `scanFiles` in a worker thread (this module is its entry, below). */
function scanInWorker(files: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { scanScriptHashes: files } });
    worker.once("message", (hashes: string[]) => resolve(hashes));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`script hash worker exited with code ${code}`)));
  });
}

/**
 * Hashes of the inline scripts of every page under `dir`, sorted (stable `_headers`).
 * The build's last step, when nothing else runs: a worker thread reads the second half of the
 * pages on the other core while this thread reads the first (52,208 pages at 50,000 clinics).
 * Below `parallelFrom` pages one thread does it all (a worker costs about 50 ms to start).
 * @internal Exported for its tests.
 */
export async function collectScriptHashes(dir: string, { parallelFrom = 2000 }: { parallelFrom?: number } = {}): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await fs.promises.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".html")) files.push(path.join(entry.parentPath, entry.name));
  }
  const half = files.length >= parallelFrom ? Math.ceil(files.length / 2) : files.length;
  const second = files.slice(half);
  // A worker that cannot start or fails leaves its half to this thread: slower, never wrong.
  const other = second.length > 0 ? scanInWorker(second).catch(() => scanFiles(second)) : Promise.resolve<string[]>([]);
  const first = scanFiles(files.slice(0, half));
  return [...new Set([...first, ...(await other)])].sort();
}

const workerFiles = (workerData as { scanScriptHashes?: unknown } | null)?.scanScriptHashes;
if (!isMainThread && Array.isArray(workerFiles)) {
  parentPort?.postMessage(scanFiles(workerFiles.filter((f): f is string => typeof f === "string")));
}

const origin = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The Content Security Policy of the site's settings in `env`, allowing `scriptHashes` (sources
 * of the built pages' inline scripts).
 * @internal Exported for its tests.
 */
export function contentSecurityPolicy(env: Record<string, string | undefined>, scriptHashes: readonly string[] = []): string {
  // site/src/env.ts's default (apiBaseUrl on the API's default port) spelled out: this module,
  // loaded by astro.config.mjs before the site's env.ts can be, imports nothing of the site.
  const api = origin(env.PUBLIC_API_URL || "http://localhost:8787/api/v1");
  // Uploaded blog images are served by the API, or from PUBLIC_UPLOADS_URL (a bucket or CDN).
  const uploads = env.PUBLIC_UPLOADS_URL ? origin(env.PUBLIC_UPLOADS_URL) : null;
  // No third-party geolocation service unless one is configured (site/src/env.ts).
  const geo = (env.PUBLIC_GEO_SERVICES || "")
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
 * @internal Exported for its tests.
 */
export function hostHeaders(env: Record<string, string | undefined>, scriptHashes: readonly string[]): string {
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

/** Writes `<out>/_headers` for the inline script hashes of the build's pages (sorted). */
export function writeHostFiles(out: string, scriptHashes: readonly string[]): void {
  fs.writeFileSync(`${out}/_headers`, hostHeaders(inheritedEnv(), scriptHashes));
}

/** The integration that writes `_headers` when Astro wrote the pages (not in a page pipeline build, which writes it itself). */
export function hostFiles(): AstroIntegration {
  return {
    name: "botox-host-files",
    hooks: {
      "astro:build:done": async ({ dir }) => {
        const out = fileURLToPath(dir);
        // A page pipeline build writes its pages after Astro, and this file with them (build.ts).
        const env = buildEnv();
        if (env.SITE_PIPELINE_DIR && !env.SITE_TARGET_FILE) return;
        writeHostFiles(out, await collectScriptHashes(out));
      },
    },
  };
}
