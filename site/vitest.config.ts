import { defineConfig } from "vitest/config";

// Unit tests of the site's logic and islands, beside the code; browser tests have their own
// config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    // A console.error or console.warn during a test fails it (the setup every package uses).
    setupFiles: ["@botox/core/fail-on-console", "src/test/setup.ts"],
    css: false,
    // Bounds for a two-core machine loaded by other jobs (the defaults are 5 s and 10 s).
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
