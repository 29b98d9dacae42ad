import { defineConfig } from "vitest/config";

export default defineConfig({
  // A console.error or console.warn during a test fails it (the setup every package uses).
  // Bounds for a two-core machine loaded by other jobs (the defaults are 5 s and 10 s).
  test: { setupFiles: ["@botox/core/fail-on-console"], testTimeout: 30_000, hookTimeout: 120_000 },
});
