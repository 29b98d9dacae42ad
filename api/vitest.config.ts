import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 120_000, setupFiles: ["@botox/core/fail-on-console"] },
});
