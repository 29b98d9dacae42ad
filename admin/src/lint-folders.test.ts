/**
 * The admin's folder rule in the repository's ESLint config (decision 183), checked on small
 * snippets: the import restrictions each path gets from eslint.config.js, applied by ESLint's
 * own Linter (the package boundaries are checked the same way in api/src/lint-boundaries.test.ts).
 */
import path from "node:path";
import { ESLint, Linter } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

// Loading eslint.config.js (typescript-eslint and its plugins) takes seconds: once, before the checks.
beforeAll(async () => {
  await eslint.calculateConfigForFile(path.join(root, "eslint.config.js"));
});

async function problems(file: string, code: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Linter.RulesRecord };
  const rule = config.rules["no-restricted-imports"];
  const rules: Linter.RulesRecord = rule === undefined ? {} : { "no-restricted-imports": rule };
  return new Linter().verify(code, { languageOptions: { sourceType: "module", ecmaVersion: "latest" }, rules }).map((m) => m.message);
}

describe("admin folder rule", () => {
  it("keeps the shared components, hooks, lib and API client free of the screens in routes/", async () => {
    for (const file of [
      "admin/src/components/Probe.tsx",
      "admin/src/components/ui/Probe.tsx",
      "admin/src/hooks/use-probe.ts",
      "admin/src/lib/probe.ts",
      "admin/src/api/probe.ts",
    ]) {
      expect(await problems(file, `import { PriceTable } from "../routes/clinics/PriceTable.tsx";`)).toEqual([
        expect.stringContaining("Shared admin code does not import a screen from routes/"),
      ]);
    }
    expect(await problems("admin/src/components/ui/Probe.tsx", `import { UNDO_MS } from "../../routes/prices/use-undoable-decisions.ts";`)).toHaveLength(1);
  });

  it("lets the screens use the shared code and each other", async () => {
    expect(
      await problems(
        "admin/src/routes/clinics/Probe.tsx",
        `import { Button } from "../../components/ui/Button.tsx";\nimport { PostForm } from "../blog/post-form/PostForm.tsx";`,
      ),
    ).toEqual([]);
    expect(await problems("admin/src/hooks/use-probe.ts", `import { useToast } from "../components/toast.tsx";`)).toEqual([]);
  });
});
