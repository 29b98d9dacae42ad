/** Whether the Redis at `url` answers a PING now: the tests that need one are skipped otherwise. */
import { Redis } from "ioredis";

export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
