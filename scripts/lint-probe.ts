/**
 * The repository's ESLint rules applied to small snippets, for the tests that pin the package
 * boundaries and folder rules (api/src/lint-boundaries.test.ts, admin/src/lint-folders.test.ts,
 * site/src/lint-folders.test.ts): the rules a path gets from eslint.config.js, run by ESLint's
 * own Linter without the type-aware parsing `eslint .` does.
 */
import path from "node:path";
import { ESLint, Linter } from "eslint";
import tseslint from "typescript-eslint";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

/** The rules a snippet is checked against: imports, settings and logging. */
const RULES = ["no-restricted-imports", "@typescript-eslint/no-restricted-imports", "no-restricted-properties", "no-console"];

/**
 * Loads eslint.config.js (typescript-eslint and its plugins take seconds): call it in a
 * beforeAll, so no single check pays for it within its test's timeout.
 */
export async function loadLintConfig(): Promise<void> {
  await eslint.calculateConfigForFile(path.join(root, "eslint.config.js"));
}

/** What those rules report on `code` put at `file` (a path from the repository root), as "rule: message". */
export async function lintProblems(file: string, code: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Linter.RulesRecord };
  const rules: Linter.RulesRecord = {};
  for (const name of RULES) {
    const rule = config.rules[name];
    if (rule !== undefined) rules[name] = rule;
  }
  const messages = new Linter().verify(code, {
    languageOptions: { sourceType: "module", ecmaVersion: "latest", parser: tseslint.parser },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules,
  });
  return messages.map((m) => `${m.ruleId ?? "parse"}: ${m.message}`);
}
