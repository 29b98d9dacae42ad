import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import { headersFor, matchRedirect, parseHeaders, parseRedirects, type HeaderRule, type RedirectRule } from "./host-rules.ts";

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
      .map(([name]) => name!.trim().toLowerCase()),
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

  /** The file a URL path names inside root (never outside it), or null. */
  async function resolveFile(root: string, pathname: string): Promise<string | null> {
    if (HIDDEN.has(pathname)) return null;
    const rel = path.posix.normalize(pathname);
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
        return real;
      } catch {
        /* try the next form */
      }
    }
    return null;
  }

  function send(req: http.IncomingMessage, res: http.ServerResponse, file: string, status: number, extra: Map<string, string>, reqPath: string) {
    const stream = fs.createReadStream(file);
    stream.once("error", () => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      }
      res.end("Internal error");
    });
    stream.once("open", (fd) => {
      const size = fs.fstatSync(fd).size;
      const type = contentTypeOf(file);
      const encoding = COMPRESSIBLE.test(type) && size >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers["accept-encoding"]) : null;
      const headers: Record<string, string> = {
        "content-type": type,
        "x-content-type-options": "nosniff",
        "cache-control": reqPath.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
        ...(encoding ? { "content-encoding": encoding, vary: "Accept-Encoding" } : { "content-length": String(size) }),
      };
      for (const [k, v] of extra) headers[k] = v;
      res.writeHead(status, headers);
      if (req.method === "HEAD") {
        stream.destroy();
        res.end();
      } else if (encoding) {
        // Quality 5 brotli compresses about as well as gzip -9, fast enough for every request.
        const compressor =
          encoding === "br" ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip();
        stream.pipe(compressor).pipe(res);
      } else stream.pipe(res);
    });
  }

  return async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" });
      res.end("Method Not Allowed");
      return;
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      res.end("Bad Request");
      return;
    }
    if (pathname.includes("\0") || pathname.includes("\\")) {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      res.end("Bad Request");
      return;
    }

    let root: string;
    try {
      root = await fsp.realpath(options.liveDir);
    } catch {
      res.writeHead(503, { "content-type": "text/html; charset=utf-8", "retry-after": "5", "cache-control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : BUILDING_PAGE);
      return;
    }
    const rules = await rulesOf(root);
    const extra = headersFor(rules.headers, pathname);
    // This server speaks plain HTTP only: HSTS from the host file is for the https host.
    extra.delete("strict-transport-security");
    const file = await resolveFile(root, pathname);
    const match = matchRedirect(rules.redirects, pathname, file !== null);

    if (match) {
      const { rule, to } = match;
      if (rule.status >= 300 && rule.status < 400) {
        const location = to.includes("?") || !url.search ? to : `${to}${url.search}`;
        res.writeHead(rule.status, { location, "content-type": "text/plain; charset=utf-8", ...Object.fromEntries(extra) });
        res.end(req.method === "HEAD" ? undefined : `Redirecting to ${location}`);
        return;
      }
      if (/^https?:\/\//.test(to)) {
        // Proxying to another origin is the host's job; locally, send the visitor there.
        res.writeHead(302, { location: to });
        res.end();
        return;
      }
      let targetPath: string;
      try {
        targetPath = decodeURIComponent(new URL(to, "http://localhost").pathname);
      } catch {
        targetPath = "/404.html";
      }
      const target = await resolveFile(root, targetPath);
      if (target) {
        send(req, res, target, rule.status, extra, pathname);
        return;
      }
    } else if (file) {
      send(req, res, file, 200, extra, pathname);
      return;
    }

    const notFoundPage = await resolveFile(root, "/404.html");
    if (notFoundPage) {
      send(req, res, notFoundPage, 404, extra, pathname);
      return;
    }
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    res.end("Not Found");
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
): Promise<{ server: http.Server; port: number; origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end("Internal error");
    });
  });
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
