/** A fetch double for island tests: answers by method and path, records every request. */
import { vi } from "vitest";

export const API_URL = "http://api.test/api/v1";

export interface Recorded {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = ((req: Recorded) => unknown) | object;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Routes are "METHOD /path" (path after the API prefix) or a full URL; a handler, or a plain value sent as JSON. */
export function mockApi(routes: Record<string, Handler>) {
  const requests: Recorded[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : init?.body instanceof FormData ? init.body : undefined;
    const req = { method, url, body };
    requests.push(req);
    const path = url.href.startsWith(API_URL) ? url.pathname.slice(new URL(API_URL).pathname.length) : url.href;
    const handler = routes[`${method} ${path}`];
    if (!handler) return json({ error: "Not found" }, 404);
    const out: unknown = typeof handler === "function" ? await (handler as (r: Recorded) => unknown)(req) : handler;
    return out instanceof Response ? out : json(out);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { requests, fetchMock };
}

/** A promise and its resolver, to hold a request open. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
