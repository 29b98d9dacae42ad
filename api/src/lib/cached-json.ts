/**
 * A public read answered through the app's read cache (read-cache.ts), when it has one: the
 * request's key (the openNow minute included), and the answer as JSON, computed or kept.
 *
 * Proved by read-cache.test.ts: a kept answer, before routing or before validation, has the
 * body and headers the computed one had.
 */
import type { Context, MiddlewareHandler, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { EncodedJson } from "@botox/db";
import type { AppEnv, Deps } from "../context.ts";
import { noteRequestId } from "./logger.ts";
import type { AnswerHeaders } from "./middleware.ts";
import { encodeJson, type AnswerScope } from "./read-cache.ts";

/** A request's path and query, the default cache key. */
const requestKey = (c: Context<AppEnv>): string => keyOfUrl(c.req.url);
const keyOfUrl = (url: string): string => url.slice(url.indexOf("/", url.indexOf("//") + 2));

/**
 * The app's first step (app.ts): a GET whose answer is kept under its path and query is sent
 * at once, before routing, the middleware chain and validation, with every header a routed
 * answer carries (`AnswerHeaders.forKept`: the request id, CORS, the security headers,
 * `X-Cache: HIT`), as one plain record. Routing a request to `keptAnswer` cost more CPU than
 * the rest of a hit (bench:api profile: the router, a dozen middleware steps, and 18 headers
 * set one by one on a `Headers` and read back by the node adapter).
 *
 * It answers what `keptAnswer` or `cachedJson` would: a key that is a path and query is only
 * ever kept by a GET route for exactly that path and query, and every such route answers the
 * same way whoever asks (no session, rate limit or header decides a kept answer); an openNow
 * answer's key names its minute and a POST read's key its body, so neither is ever found here
 * and both go through their routes. Every other request goes on as before.
 */
export function keptAnswerFirst(deps: Deps, headers: AnswerHeaders): (request: Request) => Response | undefined {
  return (request) => {
    const cache = deps.readCache;
    if (!cache || request.method !== "GET") return undefined;
    const key = keyOfUrl(request.url);
    const body = cache.kept(key);
    if (!body) return undefined;
    const query = key.indexOf("?");
    const record = headers.forKept(request, query < 0 ? key : key.slice(0, query));
    return noteRequestId(new Response(body, { status: 200, headers: record }), record["x-request-id"] ?? "");
  };
}

/**
 * Route middleware of a cached read (listed before the route's validators): an answer kept
 * under the request's key is sent at once, before the request is parsed and validated again.
 * Nothing is lost: only successful answers are kept, under the address they were computed
 * for, and an address validates the same way every time; a request whose answer is not kept
 * goes on to the validators and the handler (whose cachedJson computes and keeps it).
 * `key` must be the key the handler's cachedJson uses (default: the path and query).
 */
export function keptAnswer(key: (c: Context<AppEnv>) => string = requestKey): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = c.get("deps").readCache?.kept(key(c));
    if (body) {
      c.header("X-Cache", "HIT");
      return c.body(body, 200, { "Content-Type": "application/json" });
    }
    await next();
  };
}

/**
 * The moment an openNow=true read is answered at, and its cache key. Hours are
 * kept to the minute, so the answer is computed for the start of the current minute and kept
 * under a key naming that minute: a kept answer is never served after the minute it was
 * true for, and a change of state at a minute boundary is seen at once, well within the TTL.
 */
export function openNowMoment(c: Context<AppEnv>, openNow: boolean, key: string = requestKey(c)): { at: Date | undefined; key: string } {
  if (!openNow) return { at: undefined, key };
  const now = c.get("deps").now?.() ?? new Date();
  const minute = Math.floor(now.getTime() / 60_000);
  return { at: new Date(minute * 60_000), key: `${key} @${minute}` };
}

/** Whether a query string asks for openNow (read before validation, to pick the cache key). */
export const asksOpenNow = (value: string | undefined): boolean => /^\s*(true|1)\s*$/i.test(value ?? "");

/** The cache key of a GET read that takes openNow in its query (zip-search, clinics-by-city): the route's `open.key`. */
export const openNowKey = (c: Context<AppEnv>): string => openNowMoment(c, asksOpenNow(c.req.query("openNow"))).key;

/**
 * Answers a public read with `compute()`'s value as JSON, through the app's read cache when
 * it has one (deps.readCache). The key is the path and query exactly as requested, unless
 * the route gives its own (a POST read: its validated body); `scope` says which clinics the
 * answer depends on (default: all of them). An error thrown by `compute`
 * (bad input, not found, database away) is answered as usual and not kept.
 */
export function cachedJson<T>(c: Context<AppEnv>, compute: () => Promise<T | EncodedJson<T>>, key?: string, scope?: () => AnswerScope): Promise<CachedJson<T>>;
export function cachedJson<T>(c: Context<AppEnv>, compute: () => Promise<T>, key?: string, scope?: (answer: T) => AnswerScope): Promise<CachedJson<T>>;
export async function cachedJson<T>(
  c: Context<AppEnv>,
  compute: () => Promise<T | EncodedJson<T>>,
  key?: string,
  scope: (answer: T) => AnswerScope = () => ({ kind: "all" }),
): Promise<CachedJson<T>> {
  const cache = c.get("deps").readCache;
  if (!cache) {
    const answer = await compute();
    // Text encoded ahead (a listing from kept clinic texts) is sent as it is: the same bytes and header as c.json's.
    if (answer instanceof EncodedJson) return c.body(answer.json, 200, { "Content-Type": "application/json" }) as Response as CachedJson<T>;
    return c.json(answer, 200) as Response as CachedJson<T>;
  }
  let answerScope: AnswerScope = { kind: "all" };
  const { body, hit } = await cache.read(
    key ?? requestKey(c),
    async () => {
      const answer = await compute();
      // An encoded answer's scope is told by the route (the first overload: no answer to read).
      answerScope = scope(answer as T);
      return answer instanceof EncodedJson ? Buffer.from(answer.json) : encodeJson(answer);
    },
    () => answerScope,
  );
  c.header("X-Cache", hit ? "HIT" : "MISS");
  // The stored bytes are `compute()`'s answer encoded once: typed as that answer, for the route.
  return c.body(body, 200, { "Content-Type": "application/json" }) as Response as CachedJson<T>;
}

/**
 * A listing answer whose clinics are JSON text already (decision 221): `{"clinics":…}` followed
 * by `rest`, as `JSON.stringify` writes an answer whose first key is `clinics`.
 */
export function listingAnswer<T extends { clinics: unknown }>(clinicsText: string, rest: Omit<T, "clinics">): EncodedJson<T> {
  const tail = JSON.stringify(rest);
  return new EncodedJson<T>(tail === "{}" ? `{"clinics":${clinicsText}}` : `{"clinics":${clinicsText},${tail.slice(1)}`);
}

/** A 200 JSON answer of type T, whether encoded now or read from the cache. */
export type CachedJson<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;
