import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import { keepAliveLongerThanBalancers } from "@botox/core/server-timeouts";
import { headersFor, matchRedirect, parseHeaders, parseRedirects, type HeaderRule, type RedirectMatch, type RedirectRule } from "./host-rules.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".pdf": "application/pdf",
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** Text worth compressing, as CDNs do; images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;

/** The encoding to answer with: brotli, else gzip, when the client accepts it (q > 0). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, "")) > 0)
      .map(([name = ""]) => name.trim().toLowerCase()),
  );
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
}

/** Files the host reads as configuration and never serves. */
const HIDDEN = new Set(["/_redirects", "/_headers"]);

const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>Building the site…</title><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#334}</style></head>
<body><main><h1>Building the site…</h1><p>The first build is running. This page reloads by itself.</p></main></body></html>`;

interface Rules {
  redirects: RedirectRule[];
  headers: HeaderRule[];
}

export interface StaticServerOptions {
  /** The `live` symlink (or any folder); resolved on every request. */
  liveDir: string;
}

type Req = http.IncomingMessage;
type Res = http.ServerResponse;

const PLAIN = { "content-type": "text/plain; charset=utf-8" } as const;

function answerPlain(res: Res, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...PLAIN, ...headers });
  res.end(body);
}

/** The decoded URL path, or null for one that cannot name a file (bad escapes, NUL, backslash). */
function decodedPath(url: URL): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  return pathname.includes("\0") || pathname.includes("\\") ? null : pathname;
}

/** Nothing live yet: the self-reloading "building" page, 503. */
function answerBuilding(req: Req, res: Res): void {
  res.writeHead(503, { "content-type": "text/html; charset=utf-8", "retry-after": "5", "cache-control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : BUILDING_PAGE);
}

/** The `_headers` of the build for a path; HSTS dropped, as this server speaks plain HTTP only. */
function extraHeaders(rules: Rules, pathname: string): Map<string, string> {
  const extra = headersFor(rules.headers, pathname);
  extra.delete("strict-transport-security");
  return extra;
}

/** Cache policy: hashed `/_astro/` assets forever, everything else revalidated. */
function cacheControlFor(reqPath: string): string {
  return reqPath.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate";
}

/** The file is sent compressed when its type is text and it is large enough. */
function encodingFor(req: Req, type: string, size: number): "br" | "gzip" | null {
  return COMPRESSIBLE.test(type) && size >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers["accept-encoding"]) : null;
}

function compressor(encoding: "br" | "gzip"): zlib.BrotliCompress | zlib.Gzip {
  // Quality 5 brotli compresses about as well as gzip -9, fast enough for every request.
  return encoding === "br" ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip();
}

/** Streams one file with its type, cache policy, encoding and the build's extra headers. */
function sendFile(req: Req, res: Res, file: string, status: number, extra: Map<string, string>, reqPath: string): void {
  const stream = fs.createReadStream(file);
  stream.once("error", () => {
    if (!res.headersSent) {
      res.writeHead(500, PLAIN);
    }
    res.end("Internal error");
  });
  stream.once("open", (fd) => {
    const size = fs.fstatSync(fd).size;
    const type = contentTypeOf(file);
    const encoding = encodingFor(req, type, size);
    const headers: Record<string, string> = {
      "content-type": type,
      "x-content-type-options": "nosniff",
      "cache-control": cacheControlFor(reqPath),
      ...(encoding ? { "content-encoding": encoding, vary: "Accept-Encoding" } : { "content-length": String(size) }),
    };
    for (const [k, v] of extra) headers[k] = v;
    res.writeHead(status, headers);
    if (req.method === "HEAD") {
      stream.destroy();
      res.end();
    } else if (encoding) stream.pipe(compressor(encoding)).pipe(res);
    else stream.pipe(res);
  });
}

/** The file a URL path names inside root (never outside it), or null. */
async function resolveFile(root: string, pathname: string): Promise<string | null> {
  // Normalised before the hidden-file check: `/%2F_redirects`, `/.//_headers` and
  // `/x/..//_redirects` all name the host's rule files.
  const rel = path.posix.normalize(pathname);
  if (HIDDEN.has(rel) || HIDDEN.has(rel.replace(/\/+$/, ""))) return null;
  if (rel.split("/").includes("..")) return null;
  const candidates = rel.endsWith("/") ? [`${rel}index.html`] : [rel, `${rel}/index.html`, `${rel}.html`];
  for (const candidate of candidates) {
    const full = path.join(root, candidate);
    if (full !== root && !full.startsWith(root + path.sep)) continue;
    try {
      const stat = await fsp.stat(full);
      if (!stat.isFile()) continue;
      // A symlink inside the build must not lead outside it.
      const real = await fsp.realpath(full);
      if (!real.startsWith(root + path.sep)) continue;
      // Whatever path led here, the rule files themselves are never served.
      if (HIDDEN.has(`/${path.relative(root, real).split(path.sep).join("/")}`)) continue;
      return real;
    } catch {
      /* try the next form */
    }
  }
  return null;
}

/** One request's view of the live build: its folder, rules, path and extra headers. */
interface Served {
  req: Req;
  res: Res;
  root: string;
  url: URL;
  pathname: string;
  extra: Map<string, string>;
}

/**
 * Applies a matched `_redirects` rule: a 3xx redirect, a visit to another origin, or a rewrite
 * (200, or a custom 404) to a file of the build. False when the rewrite target does not exist.
 */
async function applyRedirect(s: Served, { rule, to }: RedirectMatch): Promise<boolean> {
  const { req, res } = s;
  if (rule.status >= 300 && rule.status < 400) {
    const location = to.includes("?") || !s.url.search ? to : `${to}${s.url.search}`;
    res.writeHead(rule.status, { location, ...PLAIN, ...Object.fromEntries(s.extra) });
    res.end(req.method === "HEAD" ? undefined : `Redirecting to ${location}`);
    return true;
  }
  if (/^https?:\/\//.test(to)) {
    // Proxying to another origin is the host's job; locally, send the visitor there.
    res.writeHead(302, { location: to });
    res.end();
    return true;
  }
  let targetPath: string;
  try {
    targetPath = decodeURIComponent(new URL(to, "http://localhost").pathname);
  } catch {
    targetPath = "/404.html";
  }
  const target = await resolveFile(s.root, targetPath);
  if (!target) return false;
  sendFile(req, res, target, rule.status, s.extra, s.pathname);
  return true;
}

/** The site's 404.html with status 404, or a plain "Not Found". */
async function answerNotFound(s: Served): Promise<void> {
  const notFoundPage = await resolveFile(s.root, "/404.html");
  if (notFoundPage) sendFile(s.req, s.res, notFoundPage, 404, s.extra, s.pathname);
  else answerPlain(s.res, 404, "Not Found");
}

/**
 * Serves the live build like the production host would: `_redirects` (redirects with :splat
 * and placeholders, 200 rewrites, custom 404s), `_headers`, index.html for folders, the
 * site's 404.html with status 404. The `live` symlink is resolved once per request, so a
 * request that arrives during a switch is answered entirely from one complete build.
 */
export function createStaticHandler(options: StaticServerOptions) {
  // Rule files are parsed once per build folder (folders never change after their switch).
  const cache = new Map<string, Rules>();

  async function rulesOf(root: string): Promise<Rules> {
    const hit = cache.get(root);
    if (hit) return hit;
    const read = (name: string) => fsp.readFile(path.join(root, name), "utf8").catch(() => "");
    const rules = { redirects: parseRedirects(await read("_redirects")), headers: parseHeaders(await read("_headers")) };
    if (cache.size > 20) cache.clear();
    cache.set(root, rules);
    return rules;
  }

  return async function handle(req: Req, res: Res): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") return answerPlain(res, 405, "Method Not Allowed", { allow: "GET, HEAD" });
    const url = new URL(req.url ?? "/", "http://localhost");
    const pathname = decodedPath(url);
    if (pathname === null) return answerPlain(res, 400, "Bad Request");
    const root = await fsp.realpath(options.liveDir).catch(() => null);
    if (root === null) return answerBuilding(req, res);
    const rules = await rulesOf(root);
    const served: Served = { req, res, root, url, pathname, extra: extraHeaders(rules, pathname) };
    const file = await resolveFile(root, pathname);
    const match = matchRedirect(rules.redirects, pathname, file !== null);
    if (match) {
      if (await applyRedirect(served, match)) return;
    } else if (file) {
      return sendFile(req, res, file, 200, served.extra, pathname);
    }
    await answerNotFound(served);
  };
}

export interface RunningStaticServer {
  server: http.Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `handle` on host:port (a thrown handler error is a plain 500, never a stack) and
 * closes with every open connection: the one listener of the static site and the built admin.
 */
export async function listenOn(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>,
  port: number,
  host = "127.0.0.1",
): Promise<{ server: http.Server; port: number; origin: string; close: () => Promise<void> }> {
  const server = keepAliveLongerThanBalancers(
    http.createServer((req, res) => {
      handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("Internal error");
      });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    server,
    port: bound,
    origin: `http://${host === "0.0.0.0" ? "localhost" : host}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function startStaticServer(options: StaticServerOptions & { port: number; host?: string }): Promise<RunningStaticServer> {
  const { server, port, origin, close } = await listenOn(createStaticHandler(options), options.port, options.host);
  return { server, port, url: origin, close };
}
