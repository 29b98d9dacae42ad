/**
 * A graceful stop for a Node HTTP server that drops no answer. A request counts as in flight
 * from its headers until its answer has been handed to the socket (the response's "finish"),
 * not merely until the handler returned: closing connections when handlers return cut answers
 * still being written (clients saw ECONNRESET although the server had logged a status, and a
 * client that retries then duplicates a write).
 *
 * `stop(ms)`: stop accepting connections; every answer not yet started, and every request
 * arriving later on a kept-alive connection, is sent with `Connection: close` (the socket is
 * closed once that answer is flushed); idle connections are closed at once and again after the
 * last answer; whatever still runs after `ms` has its connection closed.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (timer: never) => void;
}

export interface InFlight {
  /** Requests whose answer is not yet flushed. */
  readonly count: number;
  /** Graceful stop; resolves with the number of requests cut off at the deadline (0 when all were answered). */
  stop(timeoutMs: number, timers?: Timers): Promise<number>;
}

const realTimers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (t) => clearTimeout(t) };

export function trackInFlight(server: Server): InFlight {
  const active = new Set<ServerResponse>();
  const idle = new Set<() => void>();
  let stopping: Promise<number> | undefined;
  let closing = false;
  // Prepended so it runs before the app's listener can write the answer's headers.
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.shouldKeepAlive = false;
    active.add(res);
    const done = () => {
      if (active.delete(res) && active.size === 0) for (const fn of [...idle]) fn();
    };
    res.once("finish", done);
    res.once("close", done);
  });
  const whenIdle = () =>
    active.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const fn = () => {
            idle.delete(fn);
            resolve();
          };
          idle.add(fn);
        });
  return {
    get count() {
      return active.size;
    },
    stop(timeoutMs, timers = realTimers) {
      return (stopping ??= (async () => {
        closing = true;
        // Node writes `Connection: close` and ends the socket after the answer when keep-alive is off.
        for (const res of active) if (!res.headersSent) res.shouldKeepAlive = false;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        let cutOff = 0;
        let timedOut!: () => void;
        const deadline = new Promise<void>((resolve) => (timedOut = resolve));
        const timer = timers.setTimeout(() => {
          cutOff = active.size;
          server.closeAllConnections();
          timedOut();
        }, timeoutMs);
        await Promise.race([whenIdle(), deadline]);
        // Connections whose answer started before the stop (keep-alive) are idle now.
        server.closeIdleConnections();
        await Promise.race([closed, deadline]);
        timers.clearTimeout(timer as never);
        await closed;
        return cutOff;
      })());
    },
  };
}
