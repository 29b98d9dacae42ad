import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { treeRss } from "./process-tree.ts";

describe("treeRss", () => {
  it("sums a process and its descendants, or the descendants only", async () => {
    // The child says when it runs (its memory is then mapped), rather than a guessed wait.
    const child = spawn(process.execPath, ["-e", "process.stdout.write('ready'); setTimeout(() => {}, 10_000)"], { stdio: ["ignore", "pipe", "ignore"] });
    try {
      await once(child.stdout, "data");
      // Other descendants (a test runner's helpers) may come and go: compare, don't equate.
      const own = treeRss(child.pid!);
      expect(own).toBeGreaterThan(1_000_000);
      const descendants = treeRss(process.pid, { includeRoot: false });
      expect(descendants).toBeGreaterThanOrEqual(own * 0.9);
      expect(treeRss(process.pid)).toBeGreaterThan(descendants);
    } finally {
      child.kill();
      await once(child, "exit");
    }
  });
});
