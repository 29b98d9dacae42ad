import { defineConfig } from "vitest/config";

// The launcher's tests (`npm run test:scripts`). Some start processes; these are bounds for a
// two-core machine loaded by other jobs (the defaults are 5 s and 10 s).
export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 120_000 },
});
