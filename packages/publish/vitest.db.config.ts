import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import { databaseTestFiles } from "../../scripts/database-tests.ts";
import base from "./vitest.config.ts";

// The PostgreSQL pass of npm test (test:db): only the test files that reach a database; the
// rest already ran on the embedded one and would only repeat themselves.
export default mergeConfig(base, defineConfig({ test: { include: databaseTestFiles(fileURLToPath(new URL(".", import.meta.url))), passWithNoTests: true } }));
