import { defineConfig } from "vitest/config";
export default defineConfig({ test: { include: ["e2e/**/*.e2e.ts"], globalSetup: ["e2e/.dev-setup.ts"], fileParallelism: false, testTimeout: 60_000 } });
