import { describe, expect, it } from "vitest";
import { createCountsMemo } from "./counts-memo.ts";

function counter() {
  let reads = 0;
  return {
    read: () => Promise.resolve(++reads),
    get reads() {
      return reads;
    },
  };
}

describe("createCountsMemo", () => {
  it("keeps a day's counts for ttlMs, then reads again", async () => {
    let clock = 1_000;
    const memo = createCountsMemo<number>({ ttlMs: 1_000, now: () => clock });
    const c = counter();
    expect(await memo.get("2026-11-26", c.read)).toBe(1);
    clock += 999;
    expect(await memo.get("2026-11-26", c.read)).toBe(1);
    clock += 1;
    expect(await memo.get("2026-11-26", c.read)).toBe(2);
    expect(c.reads).toBe(2);
  });

  it("reads again for another day (the windows move at midnight)", async () => {
    const memo = createCountsMemo<number>({ ttlMs: 60_000, now: () => 0 });
    const c = counter();
    await memo.get("2026-11-26", c.read);
    expect(await memo.get("2026-11-27", c.read)).toBe(2);
  });

  it("forgets on clear, also a read still running, which its callers still get", async () => {
    const memo = createCountsMemo<number>({ ttlMs: 60_000, now: () => 0 });
    let release!: (n: number) => void;
    const slow = memo.get("d", () => new Promise<number>((resolve) => (release = resolve)));
    memo.clear();
    const c = counter();
    expect(await memo.get("d", c.read)).toBe(1);
    release(99);
    expect(await slow).toBe(99);
    expect(await memo.get("d", c.read)).toBe(1);
  });

  it("shares one read between concurrent requests", async () => {
    const memo = createCountsMemo<number>({ ttlMs: 60_000, now: () => 0 });
    const c = counter();
    const answers = await Promise.all(Array.from({ length: 5 }, () => memo.get("d", c.read)));
    expect(answers).toEqual([1, 1, 1, 1, 1]);
    expect(c.reads).toBe(1);
  });

  it("does not keep a failed read", async () => {
    const memo = createCountsMemo<number>({ ttlMs: 60_000, now: () => 0 });
    await expect(memo.get("d", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await memo.get("d", () => Promise.resolve(7))).toBe(7);
  });

  it("keeps nothing with ttlMs 0", async () => {
    const memo = createCountsMemo<number>({ ttlMs: 0, now: () => 0 });
    const c = counter();
    await memo.get("d", c.read);
    await memo.get("d", c.read);
    expect(c.reads).toBe(2);
  });
});
