/**
 * One Redis connection per URL per app (REDIS_URL; the map is deps.state.redis), shared by the rate limiters and the
 * login throttle so several API instances share their counters. While Redis is unreachable a
 * command waits at most for the next reconnect attempt (every 0.5 s at most) and then fails,
 * and a command Redis does not answer fails after a second: a request is never held long.
 * Callers decide what a failure means.
 */
import { Redis } from "ioredis";

/** An app's connections by URL (lib/app-state.ts), closed with the app (deps.ts). */
export type RedisConnections = Map<string, Redis>;

export function sharedRedis(connections: RedisConnections, url: string): Redis {
  let client = connections.get(url);
  if (!client) {
    client = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: (attempt) => Math.min(attempt * 100, 500), commandTimeout: 1_000 });
    client.on("error", () => {}); // each caller reports its own failed commands
    connections.set(url, client);
  }
  return client;
}

/** Closes an app's connections (its shutdown, test teardown). */
export async function closeRedisConnections(connections: RedisConnections): Promise<void> {
  const all = [...connections.values()];
  connections.clear();
  await Promise.all(all.map((c) => c.quit().catch(() => c.disconnect())));
}
