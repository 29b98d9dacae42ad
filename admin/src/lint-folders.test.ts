/**
 * The admin's folder rule in the repository's ESLint config (decision 183), checked on small
 * snippets: the import restrictions each path gets from eslint.config.js, applied by ESLint's
 * own Linter through scripts/lint-probe.ts, as the package boundaries are in api/src/lint-boundaries.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { lintProblems, loadLintConfig } from "../../scripts/lint-probe.ts";

beforeAll(loadLintConfig);

describe("admin folder rule", () => {
  it("keeps the shared components, hooks, lib and API client free of the screens in routes/", async () => {
    for (const file of [
      "admin/src/components/Probe.tsx",
      "admin/src/components/ui/Probe.tsx",
      "admin/src/hooks/use-probe.ts",
      "admin/src/lib/probe.ts",
      "admin/src/api/probe.ts",
    ]) {
      expect(await lintProblems(file, `import { PriceTable } from "../routes/clinics/PriceTable.tsx";`)).toEqual([
        expect.stringContaining("Shared admin code does not import a screen from routes/"),
      ]);
    }
    expect(await lintProblems("admin/src/components/ui/Probe.tsx", `import { UNDO_MS } from "../../routes/prices/use-undoable-decisions.ts";`)).toHaveLength(1);
  });

  it("lets the screens use the shared code and each other", async () => {
    expect(
      await lintProblems(
        "admin/src/routes/clinics/Probe.tsx",
        `import { Button } from "../../components/ui/Button.tsx";\nimport { PostForm } from "../blog/post-form/PostForm.tsx";`,
      ),
    ).toEqual([]);
    expect(await lintProblems("admin/src/hooks/use-probe.ts", `import { useToast } from "../components/toast.tsx";`)).toEqual([]);
  });
});
