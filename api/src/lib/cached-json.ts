/**
 * A public read answered through the app's read cache (read-cache.ts), when it has one: the
 * request's key (the openNow minute included), and the answer as JSON, computed or kept.
 */
import type { Context, MiddlewareHandler, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { AppEnv } from "../context.ts";
import { encodeJson, type AnswerScope } from "./read-cache.ts";

/** A request's path and query, the default cache key. */
function requestKey(c: Context<AppEnv>): string {
  const url = c.req.url;
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
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
 * The moment an openNow=true read is answered at, and its cache key (issue 14). Hours are
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
export async function cachedJson<T>(
  c: Context<AppEnv>,
  compute: () => Promise<T>,
  key?: string,
  scope: (answer: T) => AnswerScope = () => ({ kind: "all" }),
): Promise<CachedJson<T>> {
  const cache = c.get("deps").readCache;
  if (!cache) return c.json(await compute(), 200) as Response as CachedJson<T>;
  let answerScope: AnswerScope = { kind: "all" };
  const { body, hit } = await cache.read(
    key ?? requestKey(c),
    async () => {
      const answer = await compute();
      answerScope = scope(answer);
      return encodeJson(answer);
    },
    () => answerScope,
  );
  c.header("X-Cache", hit ? "HIT" : "MISS");
  // The stored bytes are `compute()`'s answer encoded once: typed as that answer, for the route.
  return c.body(body, 200, { "Content-Type": "application/json" }) as Response as CachedJson<T>;
}

/** A 200 JSON answer of type T, whether encoded now or read from the cache. */
export type CachedJson<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;
