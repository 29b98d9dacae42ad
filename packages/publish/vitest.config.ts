import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files share their imports: each makes its own database and folders, none keeps state in a
    // module (decision 193).
    isolate: false,
    // A retrying check (expect.poll) lasts only while something is still settling: 1 s (the
    // default) failed on a loaded two-core machine; a real failure still fails, later.
    expect: { poll: { timeout: 15_000, interval: 50 } },
  },
});
