import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from "vitest";
import {
  ApiRequestError,
  buildQuery,
  createApiClient,
  errorMessageOf,
  type ApiClientOptions,
  type GetOptions,
  type QueryParams,
  type WriteMethod,
} from "./http.ts";
import type { BlogPost } from "./contract/blog.ts";
import type { Stats } from "./contract/stats.ts";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

// A real HTTP server on a free loopback port: the client is tested against real fetch.
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const path = (req.url ?? "").split("?")[0];
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(value));
      };
      switch (path) {
        case "/api/v1/echo":
          return json(200, { method: req.method, url: req.url, body: body || null });
        case "/api/v1/not-json":
          res.writeHead(200, { "Content-Type": "text/html" });
          return res.end("<html>oops</html>");
        case "/api/v1/unauthorized":
          return json(401, { error: "Authentication required" });
        case "/api/v1/bad":
          return json(400, { error: "Title must be at least 5 characters." });
        case "/api/v1/plain-error":
          res.writeHead(502, "Bad Gateway");
          return res.end("upstream down");
        case "/api/v1/empty-error":
          res.writeHead(503, "Service Unavailable");
          return res.end();
        case "/api/v1/no-content":
          res.writeHead(204);
          return res.end();
        default:
          return json(404, { error: "Not found" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const last = () => seen[seen.length - 1]!;

describe("buildQuery (product.md §7)", () => {
  it("skips null and undefined and repeats arrays", () => {
    expect(buildQuery({ a: 1, b: null, c: undefined, s: ["OPERATIONAL", "CLOSED_TEMPORARILY"], t: true })).toBe(
      "?a=1&s=OPERATIONAL&s=CLOSED_TEMPORARILY&t=true",
    );
    expect(buildQuery({ a: null })).toBe("");
    expect(buildQuery()).toBe("");
  });
});

/**
 * The transport tests call paths the API does not have (/echo...): this is the client as the
 * transport sees it, without the typed paths.
 */
interface UntypedClient {
  get<T = unknown>(path: string, params?: QueryParams, opts?: GetOptions): Promise<T>;
  send<T = unknown>(method: WriteMethod, path: string, body?: unknown): Promise<T>;
}
const createUntypedClient = (opts: ApiClientOptions) => createApiClient(opts) as unknown as UntypedClient;

describe("createApiClient against a real server", () => {
  it("reads JSON with Accept: application/json and the query params", async () => {
    const api = createUntypedClient({ baseUrl });
    const r = await api.get<{ method: string; url: string }>("/echo", { page: 2, query: null, status: ["a", "b"] });
    expect(r).toEqual({ method: "GET", url: "/api/v1/echo?page=2&status=a&status=b", body: null });
    expect(last().headers.accept).toBe("application/json");
    expect(last().headers["content-type"]).toBeUndefined();
  });

  it("sends cookies: every request uses credentials 'include'", async () => {
    const calls: RequestInit[] = [];
    const spyFetch: typeof fetch = (input, init) => {
      calls.push(init ?? {});
      return fetch(input, init);
    };
    const api = createUntypedClient({ baseUrl, fetch: spyFetch });
    await api.get("/echo");
    await api.send("POST", "/echo", { a: 1 });
    await api.send("DELETE", "/echo");
    expect(calls.map((c) => c.credentials)).toEqual(["include", "include", "include"]);
  });

  it("writes a JSON body with a JSON content type only when a body exists", async () => {
    const api = createUntypedClient({ baseUrl });
    const r = await api.send<{ body: string }>("PATCH", "/echo", { name: "Botox", slug: "botox" });
    expect(JSON.parse(r.body)).toEqual({ name: "Botox", slug: "botox" });
    expect(last().headers["content-type"]).toBe("application/json");
    await api.send("POST", "/echo");
    expect(last().method).toBe("POST");
    expect(last().headers["content-type"]).toBeUndefined();
    expect(last().body).toBe("");
  });

  it("sends FormData as multipart (uploads)", async () => {
    const api = createUntypedClient({ baseUrl });
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" }), "a.jpg");
    await api.send("POST", "/echo", form);
    expect(last().headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("resolves a write without a body to null", async () => {
    const api = createUntypedClient({ baseUrl });
    await expect(api.send("DELETE", "/no-content")).resolves.toBeNull();
  });

  it("turns a read whose body is not JSON into [] and logs it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const api = createUntypedClient({ baseUrl });
      await expect(api.get("/not-json")).resolves.toEqual([]);
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      warn.mockRestore();
    }
  });

  it("raises on 401 by default, or resolves null when asked", async () => {
    const api = createUntypedClient({ baseUrl });
    await expect(api.get("/unauthorized")).rejects.toMatchObject({
      status: 401,
      message: '401: {"error":"Authentication required"}',
    });
    await expect(api.get("/unauthorized", undefined, { on401: "null" })).resolves.toBeNull();
    // Types only: the functions are never called. The path gives the answer's type.
    const typed = createApiClient({ baseUrl });
    expectTypeOf(() => typed.get("/stats")).returns.resolves.toEqualTypeOf<Stats>();
    expectTypeOf(() => typed.get("/stats", undefined, { on401: "null" })).returns.resolves.toEqualTypeOf<Stats | null>();
    // The most specific pattern wins: "recent" is the list, not a post id.
    expectTypeOf(() => typed.get("/blog/posts/recent")).returns.resolves.toEqualTypeOf<BlogPost[]>();
    expectTypeOf(() => typed.get(`/blog/posts/${String(7)}`)).returns.resolves.toEqualTypeOf<BlogPost>();
    expectTypeOf(() => typed.send("POST", "/publish/rebuild")).returns.resolves.toEqualTypeOf<{ queued: true }>();
    // @ts-expect-error a path the API does not serve does not compile
    void (() => typed.get("/no-such-call"));
    // @ts-expect-error nor does a body of the wrong shape
    void (() => typed.send("POST", "/newsletter/subscribe", { mail: 1 }));
  });

  it("raises 'status: response text' or 'status: status text' on non-OK answers (product.md §8)", async () => {
    const api = createUntypedClient({ baseUrl });
    const plain = await api.get("/plain-error").catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(ApiRequestError);
    expect((plain as Error).message).toBe("502: upstream down");
    await expect(api.get("/empty-error")).rejects.toThrow("503: Service Unavailable");
    await expect(api.send("POST", "/bad", {})).rejects.toThrow('400: {"error":"Title must be at least 5 characters."}');
  });
});

describe("errorMessageOf", () => {
  it("returns the server's {error} text", async () => {
    const api = createUntypedClient({ baseUrl });
    const err = await api.send("POST", "/bad", {}).catch((e: unknown) => e);
    expect(errorMessageOf(err)).toBe("Title must be at least 5 characters.");
  });
  it("returns null, or the fallback, when there is no such text", () => {
    expect(errorMessageOf(new ApiRequestError(502, "Bad Gateway", "upstream down"))).toBeNull();
    expect(errorMessageOf(new Error("network"), "Unable to submit your rating. Please try again.")).toBe("Unable to submit your rating. Please try again.");
    expect(errorMessageOf(new ApiRequestError(500, "x", '{"error":""}'), "fallback")).toBe("fallback");
  });
});
