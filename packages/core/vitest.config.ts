import { defineConfig } from "vitest/config";

export default defineConfig({
  // A console.error or console.warn during a test fails it (the same setup every package uses).
  test: { setupFiles: ["src/testing/fail-on-console.ts"] },
});
