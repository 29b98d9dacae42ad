/**
 * A graceful stop for a Node HTTP server that drops no answer. A request counts as in flight
 * from its headers until its answer has been handed to the socket (the response's "finish"),
 * not merely until the handler returned: closing connections when handlers return cut answers
 * still being written (clients saw ECONNRESET although the server had logged a status, and a
 * client that retries then duplicates a write).
 *
 * `stop(ms)`: stop accepting connections; the last answer not yet started on each connection,
 * and every request arriving later on a kept-alive connection, is sent with `Connection: close`
 * (the socket is closed once that answer is flushed; requests pipelined behind an answer are
 * answered first); idle connections are closed at once and again after the last answer, but a
 * connection idle after a health check (`healthPaths`) stays until its next request is answered
 * (a load balancer's check then sees 503 from /ready); whatever still runs after `ms` has its
 * connection closed.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";

/** @internal Exported for its tests. */
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

export interface InFlightOptions {
  /**
   * Paths (without the query) of a load balancer's health checks: a connection idle after one
   * is kept open through the stop (until the deadline at most), so the balancer's next check
   * on it is answered, 503 with `Connection: close`, instead of meeting a closed socket.
   */
  healthPaths?: readonly string[];
}

const realTimers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (t) => clearTimeout(t) };

export function trackInFlight(server: Server, options: InFlightOptions = {}): InFlight {
  const healthPaths = new Set(options.healthPaths ?? []);
  const active = new Set<ServerResponse>();
  /** Per connection: its answers not yet flushed, in order (pipelined requests queue behind the first). */
  const bySocket = new Map<Socket, ServerResponse[]>();
  /** Connections whose last request was a health check. */
  const checkedBy = new WeakSet<Socket>();
  const sockets = new Set<Socket>();
  const idle = new Set<() => void>();
  let stopping: Promise<number> | undefined;
  let closing = false;
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  /**
   * During the stop only a connection's last answer closes it (`Connection: close`): closing
   * after an earlier one would drop the requests pipelined behind it.
   */
  const closeAfterLast = (list: readonly ServerResponse[]) => {
    list.forEach((res, i) => {
      if (!res.headersSent) res.shouldKeepAlive = i < list.length - 1;
    });
  };
  // Prepended so it runs before the app's listener can write the answer's headers.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const list = bySocket.get(socket) ?? [];
    list.push(res);
    bySocket.set(socket, list);
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (healthPaths.has(path)) checkedBy.add(socket);
    else checkedBy.delete(socket);
    if (closing) closeAfterLast(list);
    active.add(res);
    const done = () => {
      const rest = bySocket.get(socket)?.filter((r) => r !== res) ?? [];
      if (rest.length) bySocket.set(socket, rest);
      else bySocket.delete(socket);
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
  /** Closes the connections with nothing in flight, but those a health check left idle. */
  const closeIdle = () => {
    for (const socket of sockets) if (!bySocket.has(socket) && !checkedBy.has(socket)) socket.destroy();
  };
  return {
    get count() {
      return active.size;
    },
    stop(timeoutMs, timers = realTimers) {
      return (stopping ??= (async () => {
        closing = true;
        // Node writes `Connection: close` and ends the socket after the answer when keep-alive is off.
        for (const list of bySocket.values()) closeAfterLast(list);
        // Stops listening without http's own close, which would also close the idle
        // connections a health check is still to use; `closed` once every connection is gone.
        const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
        closeIdle();
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
        closeIdle();
        await Promise.race([closed, deadline]);
        timers.clearTimeout(timer as never);
        await closed;
        // http's close now: it stops the server's timer of header and request timeouts.
        server.close();
        return cutOff;
      })());
    },
  };
}
