/**
 * The listing beacon answered before routing (decision 304): POST /api/v1/events, the request
 * the API takes thousands of a second (the views and taps of every clinic page).
 *
 * Why: through Hono an answer is made of web Headers and Response objects and a chain of a dozen
 * middleware closures; for the beacon's empty 204 that was most of what the API itself spent on
 * it (docs/benchmarks/304-the-beacon-at-2000-a-second.md: the same run with and without this
 * module, `bench:api --baseline`, is the measurement that shows it pays).
 * Here the ordinary beacon (a declared length within the limit, a body type the route takes, an
 * origin the origin check lets through, a well-formed event, an address under the flood guard)
 * is read from the node request and answered with one plain record of headers.
 *
 * What it keeps: nothing. It decides by the app's own rules, each defined once and shared with
 * the route: the answer's headers (AnswerHeaders: request id, CORS, security headers),
 * `originAllowed`, `clientIpOf`, the route's body types, flood guard and count (`countEvent`).
 * Anything else (no declared length, a body over the limit, another type or origin, a body that
 * does not parse, an address over the flood guard) goes on to the route, which answers it as
 * before: a refusal has one definition, the route's.
 * Proved by: events.test.ts, whose beacon tests come through here, and its "answers as the
 * route does", which compares this module's answer with the route's, header by header.
 */
import type { IncomingMessage } from "node:http";
import { Context } from "hono";
import { API_PREFIX, EVENTS_PATH, LISTING_EVENTS, listingEventSchema, type ListingEvent } from "@botox/core";
import type { AppEnv, Deps } from "../../context.ts";
import { clientIpOf } from "../../lib/client-ip.ts";
import { handleError } from "../../lib/errors.ts";
import type { AnswerHeaders } from "../../lib/middleware.ts";
import { originAllowed } from "../../lib/origin-check.ts";
import { countEvent, eventsFloodGuard, isEventBodyType } from "./events.routes.ts";

const BEACON_PATH = `${API_PREFIX}${EVENTS_PATH}`;
const DIGITS = /^\d+$/;

type Routed = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * The beacon's answer when `request` is one, else null (the caller routes it). `routed` answers
 * what this takes up and then leaves to the route (with the body it read).
 */
export function beaconFirst(deps: Deps, answer: AnswerHeaders, routed: Routed): (request: Request, env: unknown) => Promise<Response> | null {
  const allowed = new Set(deps.env.ALLOWED_ORIGINS);
  const clientIp = clientIpOf(deps.env.TRUSTED_PROXIES);
  return (request, env) => {
    if (request.method !== "POST" || pathOf(request.url) !== BEACON_PATH) return null;
    const incoming = (env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming;
    const header = headerReader(request, incoming);
    const length = header("content-length");
    const ordinary =
      length !== undefined &&
      header("transfer-encoding") === undefined &&
      DIGITS.test(length) &&
      Number(length) <= LISTING_EVENTS.bodyMaxBytes &&
      isEventBodyType(header("content-type")) &&
      originAllowed("POST", BEACON_PATH, header("origin"), header("sec-fetch-site"), allowed);
    if (!ordinary) return null;
    return (async () => {
      // The node adapter reads the body straight from the socket (no web Request, no stream);
      // a read that fails is the route's to answer, as an empty body.
      const text = await request.text().catch(() => "");
      const event = parseEvent(text);
      const ip = clientIp(incoming?.socket?.remoteAddress, header("x-forwarded-for"));
      const headers = answer.plain(BEACON_PATH, header("x-request-id"), header("origin"));
      try {
        const limits = event && (await eventsFloodGuard.take(deps, ip));
        if (!event || !limits) return await routed(new Request(request.url, { method: "POST", headers: request.headers, body: text }), env);
        Object.assign(headers, limits);
        await countEvent(deps, ip, header("user-agent"), event);
        return new Response(null, { status: 204, headers });
      } catch (err) {
        // As the app's error handler answers the route's failures (a database outage: 503), with the same headers.
        const c = new Context<AppEnv>(request, { env });
        c.set("deps", deps);
        const res = handleError(err instanceof Error ? err : new Error(String(err)), c);
        for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
        return res;
      }
    })();
  };
}

/** The path and query of an absolute URL. */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  return start < 0 ? "/" : url.slice(start);
}

/** The event, or null when the body is not one (the route says why). */
function parseEvent(text: string): ListingEvent | null {
  try {
    const parsed = listingEventSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A request header as web Headers give it (a repeated header's values joined by ", ", where
 * node keeps only the first User-Agent or Content-Type), read from the node request's raw
 * headers when there is one: nothing is built for the headers not asked for.
 */
function headerReader(request: Request, incoming: Partial<IncomingMessage> | undefined): (name: string) => string | undefined {
  const raw = incoming?.rawHeaders;
  if (!Array.isArray(raw)) return (name) => request.headers.get(name) ?? undefined;
  return (name) => {
    let value: string | undefined;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const key = raw[i] ?? "";
      if (key.length === name.length && key.toLowerCase() === name) value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
    }
    return value;
  };
}
