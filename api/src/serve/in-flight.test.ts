import { describe, expect, it, vi } from "vitest";
import { inFlightTracker } from "./in-flight.ts";

function deferred() {
  let resolve: (res: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

describe("inFlightTracker (graceful shutdown)", () => {
  it("drains at once when nothing runs", async () => {
    expect(await inFlightTracker().drain(1_000)).toBe(0);
  });

  it("waits for requests in flight to finish", async () => {
    const tracker = inFlightTracker();
    const pending = deferred();
    const fetch = tracker.wrap(() => pending.promise);
    const answer = fetch(new Request("http://x/a"));
    expect(tracker.count).toBe(1);
    let drained: number | undefined;
    const drain = tracker.drain(60_000).then((left) => (drained = left));
    await Promise.resolve();
    expect(drained).toBeUndefined();
    pending.resolve(new Response("ok"));
    expect(await (await answer).text()).toBe("ok");
    await drain;
    expect(drained).toBe(0);
  });

  it("gives up after the timeout, reporting how many still run", async () => {
    vi.useFakeTimers();
    try {
      const tracker = inFlightTracker();
      const never = deferred();
      void tracker.wrap(() => never.promise)(new Request("http://x/slow"));
      const drain = tracker.drain(5_000);
      await vi.advanceTimersByTimeAsync(4_999);
      let settled = false;
      void drain.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await drain).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts a failed request as finished", async () => {
    const tracker = inFlightTracker();
    await expect(tracker.wrap(() => Promise.reject(new Error("boom")))(new Request("http://x/"))).rejects.toThrow("boom");
    expect(tracker.count).toBe(0);
  });
});
