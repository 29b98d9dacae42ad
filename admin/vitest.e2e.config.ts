import { defineConfig } from "vitest/config";

// Browser tests: the built admin and site and the running API on a throwaway database (e2e/global-setup.ts),
// driven by Debian's Chromium. One file at a time: they share one product stack.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    // A console.error or console.warn in a test file fails the test.
    setupFiles: ["@botox/core/fail-on-console"],
    fileParallelism: false,
    // One worker runs the files one after another with its module cache kept (Playwright, the
    // database driver, the harness): a fresh worker per file spent a fifth of the stage importing.
    isolate: false,
    // A retrying check (expect.poll) lasts only while something is still settling: 1 s (the
    // default) failed on a loaded two-core machine; a real failure still fails, later.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    // A failure prints the values it compared in full (a list of console errors, not "[ Array(1) ]"):
    // the closing lines of a CI run are often all there is to read.
    chaiConfig: { truncateThreshold: 0 },
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
