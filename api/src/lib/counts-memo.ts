/**
 * The dashboard's counts, kept for a second (decision 210). /stats is also the admin app's
 * session check, so every screen of every signed-in admin asks for it, and its counts statement
 * sums a window of kept day counts, most of what a /stats request cost. The session is still
 * checked on every request; only the counts are shared.
 *
 * Staleness is bounded two ways:
 *  - any unsafe request (POST, PUT, PATCH, DELETE) answered by this instance clears the counts
 *    when it ends (app.ts), so an admin's own change, a contact message or a price report sent
 *    to this instance shows at once, as it did before;
 *  - otherwise (another instance's write, an import, SQL by hand) they are at most `ttlMs` old.
 * Counts read across a clearing are returned but not kept, and concurrent misses share one read.
 */
export interface CountsMemo<T> {
  /** The counts of `day`: kept ones younger than `ttlMs`, else `read()`'s. */
  get(day: string, read: () => Promise<T>): Promise<T>;
  /** Forgets the kept counts (a write ended). */
  clear(): void;
}

export function createCountsMemo<T>(options: { ttlMs: number; now?: () => number }): CountsMemo<T> {
  const now = options.now ?? Date.now;
  let kept: { day: string; at: number; value: Promise<T> } | undefined;
  return {
    get(day, read) {
      const at = now();
      if (kept && kept.day === day && at - kept.at < options.ttlMs) return kept.value;
      // Kept from before the read is sent: a write that ends while it runs clears it.
      const entry = { day, at, value: read() };
      if (options.ttlMs > 0) kept = entry;
      entry.value.catch(() => {
        if (kept === entry) kept = undefined;
      });
      return entry.value;
    },
    clear() {
      kept = undefined;
    },
  };
}
