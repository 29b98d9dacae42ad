/**
 * Counts requests in flight so a stopping server can let them finish: `drain(ms)` resolves
 * once none is left, or after `ms` with the number still running (their connections are then
 * closed by the caller).
 */
export interface InFlight {
  wrap<A extends unknown[]>(fetch: (request: Request, ...rest: A) => Promise<Response>): (request: Request, ...rest: A) => Promise<Response>;
  readonly count: number;
  drain(timeoutMs: number, timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout }): Promise<number>;
}

export function inFlightTracker(): InFlight {
  let count = 0;
  const idle = new Set<() => void>();
  return {
    get count() {
      return count;
    },
    wrap(fetch) {
      return async (request, ...rest) => {
        count++;
        try {
          return await fetch(request, ...rest);
        } finally {
          if (--count === 0) for (const fn of idle) fn();
        }
      };
    },
    async drain(timeoutMs, timers = { setTimeout, clearTimeout }) {
      if (count === 0) return 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let done: (() => void) | undefined;
      await new Promise<void>((resolve) => {
        done = resolve;
        idle.add(resolve);
        timer = timers.setTimeout(resolve, timeoutMs);
      });
      timers.clearTimeout(timer);
      if (done) idle.delete(done);
      return count;
    },
  };
}
