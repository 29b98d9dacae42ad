/**
 * Serves the built admin (admin/dist) under /admin/ as `npm start`, `npm run serve` and the
 * admin container do: only files inside the build folder (no dot files, no `/@fs/`, no source
 * maps), index.html for client routes (deep links), `/admin` and `/` redirected to `/admin/`,
 * and headers that keep a signed-in admin from being framed or sniffed: a Content Security
 * Policy with `frame-ancestors 'none'`, `X-Frame-Options: DENY`, `nosniff`. Errors answer a
 * plain status, never a stack trace. (Hot reload stays in `npm run dev:admin`, Vite's server.)
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { contentTypeOf, listenOn } from "@botox/publish/static-server";

export const ADMIN_BASE = "/admin/";

export interface AdminServerOptions {
  /** The built admin (vite build's outDir). */
  dir: string;
  /** Origins the admin calls and shows images from: the API's (and the uploads bucket's, if any). */
  connectOrigins: string[];
  imageOrigins?: string[];
}

/** The admin's Content Security Policy: its own scripts only, API calls to the listed origins. */
export function adminCsp(options: Pick<AdminServerOptions, "connectOrigins" | "imageOrigins">): string {
  const origins = (list: string[]) => [...new Set(list.map((u) => originOf(u)).filter((o): o is string => o !== null))];
  const connect = origins(options.connectOrigins);
  const images = origins([...options.connectOrigins, ...(options.imageOrigins ?? [])]);
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React sets style attributes; Tailwind's stylesheet is a file.
    "style-src 'self' 'unsafe-inline'",
    // Admins may type any https image URL for a post (and see it previewed); images run nothing.
    `img-src 'self' data: blob: https: ${images.join(" ")}`.trim(),
    `connect-src 'self' ${connect.join(" ")}`.trim(),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
  };
}

/** The request handler (also used by tests without a socket). */
export function createAdminHandler(options: AdminServerOptions) {
  const root = path.resolve(options.dir);
  const headers = securityHeaders(adminCsp(options));
  const send = (res: http.ServerResponse, status: number, extra: Record<string, string>, body?: string) => {
    res.writeHead(status, { ...headers, ...extra });
    res.end(body);
  };
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const method = req.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") return send(res, 405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" }, "Method Not Allowed");
    const raw = (req.url ?? "/").split("?")[0] ?? "/";
    if (raw === "/" || raw === "/admin") return send(res, 301, { location: ADMIN_BASE, "cache-control": "no-cache" });
    if (!raw.startsWith(ADMIN_BASE)) return notFound(res, send);
    let rel: string;
    try {
      rel = decodeURIComponent(raw.slice(ADMIN_BASE.length));
    } catch {
      return notFound(res, send);
    }
    const segments = rel.split("/").filter(Boolean);
    // Vite's dev-server paths (/@fs/, /@vite/), dot files and folders (.data, .env), parent
    // segments and source maps are never files of a build: refuse them outright.
    if (rel.includes("\0") || rel.includes("\\") || segments.some((s) => s.startsWith(".") || s.startsWith("@")) || rel.endsWith(".map"))
      return notFound(res, send);
    const file = path.join(root, ...segments);
    if (file !== root && !file.startsWith(root + path.sep)) return notFound(res, send);
    const stat = segments.length > 0 ? await fsp.stat(file).catch(() => null) : null;
    if (stat?.isFile()) {
      // Vite fingerprints everything under assets/; index.html must be re-read on each visit.
      const immutable = segments[0] === "assets";
      res.writeHead(200, {
        ...headers,
        "content-type": contentTypeOf(file),
        "content-length": String(stat.size),
        "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      });
      if (method === "HEAD") return void res.end();
      fs.createReadStream(file)
        .on("error", () => res.destroy())
        .pipe(res);
      return;
    }
    // A missing asset (a name with an extension) is a 404; anything else is a client route.
    const last = segments.at(-1) ?? "";
    if (/\.[a-z0-9]+$/i.test(last)) return notFound(res, send);
    const index = await fsp.readFile(path.join(root, "index.html"), "utf8").catch(() => null);
    if (index === null) return send(res, 503, { "content-type": "text/plain; charset=utf-8" }, "The admin is not built: run npm run build.");
    res.writeHead(200, { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
    res.end(method === "HEAD" ? undefined : index);
  };
}

function notFound(res: http.ServerResponse, send: (res: http.ServerResponse, status: number, extra: Record<string, string>, body?: string) => void) {
  send(res, 404, { "content-type": "text/plain; charset=utf-8" }, "Not Found");
}

export interface RunningAdminServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

export async function startAdminServer(options: AdminServerOptions & { port: number; host?: string }): Promise<RunningAdminServer> {
  const { port, origin, close } = await listenOn(createAdminHandler(options), options.port, options.host);
  return { port, url: `${origin}${ADMIN_BASE}`, close };
}
