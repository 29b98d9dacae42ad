/**
 * How the API's test contexts (admin-app.ts, public-app.ts) send a request to the app: as a
 * browser at a given origin would, with the session cookie and the body encoded.
 */
import type { createApp } from "../app.ts";

export interface RequestOptions {
  /** An object (sent as JSON), a FormData (sent multipart) or a string (sent as it is). */
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

/**
 * A request to `app` under /api/v1. Unsafe methods carry `origin` as their Origin unless the
 * caller gives one (in any case); `env` is what the server passes the app (the client's socket).
 */
export async function sendRequest(
  app: ReturnType<typeof createApp>,
  origin: string,
  method: string,
  path: string,
  options: RequestOptions = {},
  env?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  const hasOrigin = Object.keys(headers).some((k) => k.toLowerCase() === "origin");
  if (method !== "GET" && method !== "HEAD" && !hasOrigin) headers.Origin = origin;
  if (options.cookie) headers.Cookie = options.cookie;
  let body: RequestInit["body"];
  if (options.body instanceof FormData) {
    const encoded = await encodeForm(options.body);
    body = encoded.bytes;
    Object.assign(headers, encoded.headers);
  } else if (typeof options.body === "string") body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  return app.request(`/api/v1${path}`, { method, headers, body }, env);
}

/** A multipart body as a browser sends it: bytes with Content-Type and Content-Length. */
export async function encodeForm(form: FormData): Promise<{ bytes: Uint8Array; headers: Record<string, string> }> {
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  return { bytes, headers: { "Content-Type": encoded.headers.get("content-type") ?? "multipart/form-data", "Content-Length": String(bytes.byteLength) } };
}
