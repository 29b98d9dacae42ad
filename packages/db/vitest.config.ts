import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // These tests start processes (the CLIs, the embedded server, site builds) and seed large
    // databases: on a two-core machine running other jobs beside the suite, a child's cold start
    // alone has taken a minute. Bounds that only a stuck test reaches (decision 026).
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // Files share their imports: each makes its own database and folders, none keeps state in a
    // module (decision 193).
    isolate: false,
    setupFiles: ["@botox/core/fail-on-console"],
    // A retrying check (expect.poll) lasts only while something is still settling: 1 s (the
    // default), then 15 s, failed on a loaded two-core machine; a real failure still fails, later.
    expect: { poll: { timeout: 60_000, interval: 50 } },
  },
});
