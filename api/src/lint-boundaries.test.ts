/**
 * The package boundaries of the repository's ESLint config (docs/decisions/164-boundary-rules-in-the-linter.md),
 * checked on small snippets: the rules each path gets from eslint.config.js are applied by
 * ESLint's own Linter, without the type-aware parsing `eslint .` does.
 */
import { fileURLToPath } from "node:url";
import path from "node:path";
import { ESLint, Linter } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Linter.RulesRecord };
  const rules: Linter.RulesRecord = {};
  for (const name of ["no-restricted-imports", "no-restricted-properties", "no-console"]) {
    const rule = config.rules[name];
    if (rule !== undefined) rules[name] = rule;
  }
  const messages = new Linter().verify(code, { languageOptions: { sourceType: "module", ecmaVersion: "latest" }, rules });
  return messages.map((m) => `${m.ruleId ?? "parse"}: ${m.message}`);
}

describe("ESLint boundaries", () => {
  it("keeps the root of @botox/core (zod) out of the site's islands, not its subpaths", async () => {
    expect(await problems("site/src/islands/Probe.tsx", `import { MSG } from "@botox/core";`)).toEqual([
      expect.stringContaining("no-restricted-imports: '@botox/core' import is restricted"),
    ]);
    expect(await problems("site/src/lib/probe.ts", `import { MSG } from "@botox/core";`)).toHaveLength(1);
    expect(await problems("site/src/islands/Probe.tsx", `import { MSG } from "@botox/core/messages";`)).toEqual([]);
    // Build-time code may take the whole package.
    expect(await problems("site/src/lib/data.ts", `import { MSG } from "@botox/core";`)).toEqual([]);
  });

  it("lets only the API import @botox/api", async () => {
    expect(await problems("admin/src/probe.ts", `import { createApp } from "@botox/api/app.ts";`)).toHaveLength(1);
    expect(await problems("packages/db/src/probe.ts", `export * from "@botox/api";`)).toHaveLength(1);
    expect(await problems("api/src/probe.ts", `import { createApp } from "@botox/api/app.ts";`)).toEqual([]);
  });

  it("lets the launchers and the browser-test harness start the API through its entry points, never by path", async () => {
    expect(await problems("scripts/probe.ts", `import { startApiServer } from "@botox/api/api-server";`)).toEqual([]);
    expect(await problems("packages/e2e/src/stack.ts", `import { createApp } from "@botox/api/app";`)).toEqual([]);
    expect(await problems("scripts/probe.ts", `import { readApiEnv } from "../api/src/env.ts";`)).toHaveLength(1);
    expect(await problems("scripts/probe.ts", `import { seedDemo } from "../packages/db/src/seed.ts";`)).toHaveLength(1);
  });

  it("refuses another package's src/ by relative path or package name", async () => {
    expect(await problems("site/src/lib/probe.ts", `import { readSiteData } from "../../../packages/db/src/queries/site.ts";`)).toHaveLength(1);
    expect(await problems("packages/db/src/probe.ts", `import { readApiEnv } from "../../../api/src/env.ts";`)).toHaveLength(1);
    expect(await problems("admin/src/probe.ts", `import { SEARCH } from "@botox/core/src/constants.ts";`)).toHaveLength(1);
    // A package's own files by relative path are fine.
    expect(await problems("admin/src/routes/probe.ts", `import { useApi } from "../api/session.tsx";`)).toEqual([]);
  });

  it("reads process.env only in env.ts", async () => {
    expect(await problems("api/src/lib/probe.ts", `export const port = process.env.PORT;`)).toEqual([
      expect.stringContaining("no-restricted-properties: 'process.env' is restricted"),
    ]);
    expect(await problems("api/src/env.ts", `export const port = process.env.PORT;`)).toEqual([]);
  });

  it("keeps the console out of server code, which logs through the logger it is given", async () => {
    expect(await problems("api/src/lib/probe.ts", `console.warn("store unavailable");`)).toEqual([expect.stringContaining("no-console:")]);
    expect(await problems("packages/publish/src/probe.ts", `console.log("build started");`)).toEqual([expect.stringContaining("no-console:")]);
    expect(await problems("api/src/lib/probe.test.ts", `console.log("a test may print");`)).toEqual([]);
    // The API client runs in the browser, where the console is the log (packages/core/src/http.ts).
    expect(await problems("packages/core/src/http.ts", `console.warn("not JSON");`)).toEqual([]);
  });
});
