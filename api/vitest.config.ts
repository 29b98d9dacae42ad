import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ["@botox/core/fail-on-console"],
    // Each test file builds its own app and database (test/public-app.ts, test/admin-app.ts), so
    // files share nothing through modules; re-importing the whole API for every file was a third
    // of this package's test time (decision 193).
    isolate: false,
    // A retrying check (expect.poll) lasts only while something is still settling: 1 s (the
    // default) failed on a loaded two-core machine; a real failure still fails, later.
    expect: { poll: { timeout: 15_000, interval: 50 } },
  },
});
