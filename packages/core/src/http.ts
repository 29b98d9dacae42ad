/**
 * The request helper of product.md §7 and §8 ("Generic request failure"), shared by the site's
 * islands and the admin: cookies always sent, JSON reads and writes, non-OK answers thrown.
 */
import type { GetPath, GetResponse, WriteBody, WriteMethod, WritePath, WriteResponse } from "./contract/paths.ts";

/** A non-OK answer: message "{status}: {response text, or the status text when empty}". */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The raw response text ("" when the body was empty). */
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiRequestError";
    this.status = status;
    this.body = body;
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** Query string with null/undefined skipped and arrays repeated (product.md §7); "" when empty. */
export function buildQuery(params?: QueryParams): string {
  if (!params) return "";
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const v of values) if (v != null) qs.append(key, String(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : "";
}

export interface GetOptions {
  /** "null": a 401 resolves to null (the session check); "throw" (default): it raises. */
  on401?: "null" | "throw";
}

export type { WriteMethod };

/**
 * The typed client: the path (and method) gives the answer's type and the body's, from the
 * API's own schemas (contract/paths.ts); a path the API does not serve does not compile.
 */
export interface ApiClient {
  get<P extends GetPath>(path: P, params?: QueryParams, opts?: GetOptions & { on401?: "throw" }): Promise<GetResponse<P>>;
  get<P extends GetPath>(path: P, params: QueryParams | undefined, opts: GetOptions & { on401: "null" }): Promise<GetResponse<P> | null>;
  get<P extends GetPath>(path: P, params?: QueryParams, opts?: GetOptions): Promise<GetResponse<P> | null>;
  /**
   * A write. A plain value travels as JSON with a JSON content type; FormData (uploads) as
   * multipart; no body, no content type. Resolves to the parsed JSON answer, or null when
   * the answer has no JSON body.
   */
  send<M extends WriteMethod, P extends WritePath<M>>(method: M, path: P, body?: WriteBody<M, P>): Promise<WriteResponse<M, P>>;
}

export interface ApiClientOptions {
  /** Prefix of every path, e.g. "http://localhost:8787/api/v1" or "/api/v1". */
  baseUrl: string;
  fetch?: typeof fetch;
}

async function failure(res: Response): Promise<ApiRequestError> {
  const text = await res.text().catch(() => "");
  return new ApiRequestError(res.status, res.statusText, text);
}

export function createApiClient({ baseUrl, fetch: customFetch }: ApiClientOptions): ApiClient {
  // Called as a plain function and looked up per call: a detached `window.fetch` bound to
  // another object throws "Illegal invocation", and test doubles installed later still apply.
  const fetchImpl: typeof fetch = customFetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = baseUrl.replace(/\/+$/, "");
  const urlOf = (path: string, params?: QueryParams) => `${base}${path.startsWith("/") ? path : `/${path}`}${buildQuery(params)}`;

  async function get<T>(path: string, params?: QueryParams, opts?: GetOptions): Promise<T | null> {
    const res = await fetchImpl(urlOf(path, params), {
      method: "GET",
      credentials: "include",
      headers: { Accept: "application/json" },
    });
    if (res.status === 401 && opts?.on401 === "null") return null;
    if (!res.ok) throw await failure(res);
    const text = await res.text();
    try {
      return JSON.parse(text) as T;
    } catch (err) {
      // product.md §8: a read whose body is not JSON yields an empty list and logs the failure.
      // The console is the log here: this client runs in the browser (the site's islands, the
      // admin), where there is no structured logger to pass in and the console is what a
      // developer looking at the page reads.
      console.warn(`GET ${path}: response is not valid JSON`, err);
      return [] as T;
    }
  }

  async function send<T>(method: WriteMethod, path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method, credentials: "include", headers: { Accept: "application/json" } };
    if (body instanceof FormData) {
      init.body = body;
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { Accept: "application/json", "Content-Type": "application/json" };
    }
    const res = await fetchImpl(urlOf(path), init);
    if (!res.ok) throw await failure(res);
    const text = await res.text();
    if (!text) return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null as T;
    }
  }

  // One untyped implementation; the interface gives each path its types.
  return { get, send };
}

/**
 * The server's own `{ "error": "..." }` text from a failed request (the rating toast shows
 * it, product.md §8); null when the error carries no such body, or the fallback when given.
 */
export function errorMessageOf(err: unknown): string | null;
export function errorMessageOf(err: unknown, fallback: string): string;
export function errorMessageOf(err: unknown, fallback?: string): string | null {
  if (err instanceof ApiRequestError && err.body) {
    try {
      const parsed: unknown = JSON.parse(err.body);
      if (parsed && typeof parsed === "object" && typeof (parsed as { error?: unknown }).error === "string") {
        const message = (parsed as { error: string }).error.trim();
        if (message) return message;
      }
    } catch {
      // Not JSON: a proxy page or plain text is no message for users.
    }
  }
  return fallback ?? null;
}
