/**
 * The site's folder rules in the repository's ESLint config (decision 183), checked on small
 * snippets: the import restrictions each path gets from eslint.config.js, applied by ESLint's
 * own Linter through scripts/lint-probe.ts, as the package boundaries are in api/src/lint-boundaries.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { lintProblems, loadLintConfig } from "../../scripts/lint-probe.ts";

beforeAll(loadLintConfig);

describe("site folder rules", () => {
  it("keeps hooks below the components and islands that use them", async () => {
    expect(await lintProblems("site/src/hooks/use-probe.ts", `import { ClinicCard } from "../components/ClinicCard.tsx";`)).toEqual([
      expect.stringContaining("site/src/hooks/ does not import islands/ or components/"),
    ]);
    expect(await lintProblems("site/src/hooks/use-probe.ts", `import OpenNowBadge from "../islands/OpenNowBadge.tsx";`)).toHaveLength(1);
    expect(await lintProblems("site/src/hooks/use-probe.ts", `import { viewNow } from "../lib/clock.ts";`)).toEqual([]);
  });

  it("keeps lib to plain modules, its build-time ones included", async () => {
    for (const file of ["site/src/lib/probe.ts", "site/src/lib/data.ts"]) {
      expect(await lintProblems(file, `import { useViewNow } from "../hooks/use-view-now.ts";`)).toEqual([
        expect.stringContaining("site/src/lib/ does not import islands/ or components/ or hooks/"),
      ]);
      expect(await lintProblems(file, `import { ClinicCard } from "../components/ClinicCard.tsx";`)).toHaveLength(1);
      expect(await lintProblems(file, `import { viewNow } from "./clock.ts";`)).toEqual([]);
    }
  });

  it("lets islands and components use what sits below them", async () => {
    expect(
      await lintProblems(
        "site/src/islands/Probe.tsx",
        `import { ClinicCard } from "../components/ClinicCard.tsx";\nimport { useViewNow } from "../hooks/use-view-now.ts";`,
      ),
    ).toEqual([]);
    expect(
      await lintProblems("site/src/components/Probe.tsx", `import { useViewNow } from "../hooks/use-view-now.ts";\nimport { viewNow } from "../lib/clock.ts";`),
    ).toEqual([]);
  });

  it("keeps the root of @botox/core (zod) out of the components and hooks the islands share", async () => {
    for (const file of ["site/src/components/Probe.tsx", "site/src/hooks/use-probe.ts"]) {
      expect(await lintProblems(file, `import { MSG } from "@botox/core";`)).toEqual([expect.stringContaining("'@botox/core' import is restricted")]);
      expect(await lintProblems(file, `import { MSG } from "@botox/core/messages";`)).toEqual([]);
    }
  });
});
