/**
 * The API's structured logger: JSON lines on stdout (pino), one per request and per event.
 * Request lines carry the request id, method, path (never the query string, which may hold a
 * ZIP code or an email), status and duration; cookies, bodies and headers are never logged.
 */
import { pino, type Logger } from "pino";

export type { Logger };
/** For launchers that print text for a reader (npm start): defined with the logger's interface. */
export { lineLogger } from "@botox/core/logger";

export interface LoggerOptions {
  level?: string;
  /** Where lines go; stdout by default (tests pass a collecting stream). */
  destination?: { write(line: string): void };
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? "info",
      base: { service: "api", pid: process.pid },
      // Belt and braces: nothing under these names is ever written, whoever logs it.
      redact: {
        paths: ["password", "*.password", "cookie", "*.cookie", "authorization", "*.authorization", "secret", "*.secret", "email", "*.email"],
        censor: "[redacted]",
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination ?? pino.destination({ sync: false }),
  );
}

/** One request, as logged. */
interface RequestLine {
  requestId: string | null;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

/**
 * Request ids of answers made from a plain header record (a kept answer, cached-json.ts): the
 * node adapter writes such a record straight out, and reading `res.headers` for the log line
 * would build the `Headers` that answer was made without (decision 219). Not the app's state
 * (decision 291): an entry lives as long as its answer, keyed by the Response itself.
 */
const answeredIds = new WeakMap<Response, string>();

/** Records `id` as the request id `res` carries in its headers, for its log line. */
export function noteRequestId(res: Response, id: string): Response {
  answeredIds.set(res, id);
  return res;
}

/** Wraps a fetch handler so every answered request is logged once, with its duration. */
export function withRequestLog<A extends unknown[]>(
  log: Logger,
  fetch: (request: Request, ...rest: A) => Response | Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    const started = performance.now();
    const path = pathOf(request.url);
    try {
      const res = await fetch(request, ...rest);
      const line: RequestLine = {
        requestId: answeredIds.get(res) ?? res.headers.get("x-request-id"),
        method: request.method,
        path,
        status: res.status,
        durationMs: round(performance.now() - started),
      };
      if (res.status >= 500) log.warn(line, "request");
      else log.info(line, "request");
      return res;
    } catch (err) {
      log.error({ method: request.method, path, durationMs: round(performance.now() - started), error: errorSummary(err) }, "request failed");
      throw err;
    }
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.indexOf("?", start);
  // Bounded: a hostile 1 MB path must not become a 1 MB log line.
  return (end < 0 ? url.slice(start) : url.slice(start, end)).slice(0, 512);
}

/** An error's class and message, without its stack (absolute paths) or attached data. */
export function errorSummary(err: unknown): { type: string; message: string } {
  if (err instanceof Error) return { type: err.name, message: err.message.slice(0, 500) };
  return { type: typeof err, message: String(err).slice(0, 500) };
}
