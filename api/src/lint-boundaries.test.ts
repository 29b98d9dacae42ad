/**
 * The package boundaries of the repository's ESLint config (docs/decisions/164-boundary-rules-in-the-linter.md),
 * checked on small snippets: the rules each path gets from eslint.config.js are applied by
 * ESLint's own Linter, without the type-aware parsing `eslint .` does.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { lintProblems, loadLintConfig } from "../../scripts/lint-probe.ts";

beforeAll(loadLintConfig);

describe("ESLint boundaries", () => {
  it("keeps the root of @botox/core (zod) out of the site's islands, not its subpaths", async () => {
    expect(await lintProblems("site/src/islands/Probe.tsx", `import { MSG } from "@botox/core";`)).toEqual([
      expect.stringContaining("no-restricted-imports: '@botox/core' import is restricted"),
    ]);
    expect(await lintProblems("site/src/lib/probe.ts", `import { MSG } from "@botox/core";`)).toHaveLength(1);
    expect(await lintProblems("site/src/islands/Probe.tsx", `import { MSG } from "@botox/core/messages";`)).toEqual([]);
    // Build-time code may take the whole package.
    expect(await lintProblems("site/src/lib/data.ts", `import { MSG } from "@botox/core";`)).toEqual([]);
  });

  it("lets browser code and the core modules the islands load take only types from the contract (decision 188)", async () => {
    for (const file of ["site/src/islands/Probe.tsx", "site/src/components/Probe.tsx", "site/src/hooks/use-probe.ts", "site/src/lib/probe.ts"]) {
      expect(await lintProblems(file, `import { clinicSchema } from "@botox/core/contract";`)).toEqual([
        expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*Browser code takes only types from @botox\/core\/contract/),
      ]);
      expect(await lintProblems(file, `import type { Clinic } from "@botox/core/contract";`)).toEqual([]);
    }
    expect(await lintProblems("packages/core/src/display.ts", `import { clinicSchema } from "./contract/clinics.ts";`)).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*Core modules outside contract\/ take only its types/),
    ]);
    expect(await lintProblems("packages/core/src/display.ts", `import type { Clinic } from "./contract/clinics.ts";`)).toEqual([]);
    // Server and build-time code takes the schemas and values.
    expect(await lintProblems("api/src/routes/probe.ts", `import { clinicSchema } from "@botox/core/contract";`)).toEqual([]);
    expect(await lintProblems("site/src/env.ts", `import { apiBaseUrl } from "@botox/core/contract";`)).toEqual([]);
    expect(await lintProblems("packages/core/src/contract/probe.ts", `import { clinicSchema } from "./clinics.ts";`)).toEqual([]);
  });

  it("lets only the API import @botox/api", async () => {
    expect(await lintProblems("admin/src/probe.ts", `import { createApp } from "@botox/api/app.ts";`)).toHaveLength(1);
    expect(await lintProblems("packages/db/src/probe.ts", `export * from "@botox/api";`)).toHaveLength(1);
    expect(await lintProblems("api/src/probe.ts", `import { createApp } from "@botox/api/app.ts";`)).toEqual([]);
  });

  it("lets the launchers and the browser-test harness start the API through its entry points, never by path", async () => {
    expect(await lintProblems("scripts/probe.ts", `import { startApiServer } from "@botox/api/api-server";`)).toEqual([]);
    expect(await lintProblems("packages/e2e/src/stack.ts", `import { createApp } from "@botox/api/app";`)).toEqual([]);
    expect(await lintProblems("scripts/probe.ts", `import { readApiEnv } from "../api/src/env.ts";`)).toHaveLength(1);
    expect(await lintProblems("scripts/probe.ts", `import { seedDemo } from "../packages/db/src/seed/seed.ts";`)).toHaveLength(1);
  });

  it("refuses another package's src/ by relative path or package name", async () => {
    expect(await lintProblems("site/src/lib/probe.ts", `import { readSiteData } from "../../../packages/db/src/queries/site.ts";`)).toHaveLength(1);
    expect(await lintProblems("packages/db/src/probe.ts", `import { readApiEnv } from "../../../api/src/env.ts";`)).toHaveLength(1);
    expect(await lintProblems("admin/src/probe.ts", `import { SEARCH } from "@botox/core/src/constants.ts";`)).toHaveLength(1);
    // A package's own files by relative path are fine.
    expect(await lintProblems("admin/src/routes/probe.ts", `import { useApi } from "../api/session.tsx";`)).toEqual([]);
  });

  it("reads process.env only in env.ts", async () => {
    expect(await lintProblems("api/src/lib/probe.ts", `export const port = process.env.PORT;`)).toEqual([
      expect.stringContaining("no-restricted-properties: 'process.env' is restricted"),
    ]);
    expect(await lintProblems("api/src/env.ts", `export const port = process.env.PORT;`)).toEqual([]);
  });

  it("keeps the console out of server code, which logs through the logger it is given", async () => {
    expect(await lintProblems("api/src/lib/probe.ts", `console.warn("store unavailable");`)).toEqual([expect.stringContaining("no-console:")]);
    expect(await lintProblems("packages/publish/src/probe.ts", `console.log("build started");`)).toEqual([expect.stringContaining("no-console:")]);
    expect(await lintProblems("api/src/lib/probe.test.ts", `console.log("a test may print");`)).toEqual([]);
    // The API client runs in the browser, where the console is the log (packages/core/src/http.ts).
    expect(await lintProblems("packages/core/src/http.ts", `console.warn("not JSON");`)).toEqual([]);
  });
});
