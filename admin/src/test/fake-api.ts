import { ApiRequestError, type ApiClient, type QueryParams } from "@botox/core";

export interface FakeCall {
  method: string;
  path: string;
  params?: QueryParams;
  body?: unknown;
}

type Handler = (call: FakeCall) => unknown;

/** An injected ApiClient: routes "METHOD /path" to handlers and records every call. */
export function createFakeApi(routes: Record<string, unknown>) {
  const calls: FakeCall[] = [];
  const find = (method: string, path: string): Handler | undefined => {
    const exact = routes[`${method} ${path}`];
    if (exact !== undefined) return typeof exact === "function" ? (exact as Handler) : () => exact;
    for (const [key, value] of Object.entries(routes)) {
      const [m, pattern] = key.split(" ");
      if (m !== method || !pattern?.includes(":")) continue;
      const re = new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}$`);
      if (re.test(path)) return typeof value === "function" ? (value as Handler) : () => value;
    }
    return undefined;
  };
  const run = async (call: FakeCall) => {
    calls.push(call);
    const handler = find(call.method, call.path);
    if (!handler) throw new ApiRequestError(404, "Not Found", JSON.stringify({ error: "Not found" }));
    return handler(call);
  };
  const api: ApiClient = {
    get: (async (path: string, params?: QueryParams, opts?: { on401?: string }) => {
      try {
        return await run({ method: "GET", path, params });
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 401 && opts?.on401 === "null") return null;
        throw err;
      }
    }) as ApiClient["get"],
    send: (async (method: string, path: string, body?: unknown) => run({ method, path, body })) as ApiClient["send"],
  };
  return { api, calls, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const apiError = (status: number, body: unknown = { error: "Failed" }) =>
  new ApiRequestError(status, "Error", typeof body === "string" ? body : JSON.stringify(body));

/** A handler that throws. */
export const failWith = (status: number, body?: unknown) => () => {
  throw apiError(status, body);
};

export const STATS = { totalClinics: 3, status: "ok", apiVersion: "1", totalPosts: 2, totalSubscribers: 5, unreadMessages: 1 };
