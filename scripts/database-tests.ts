/**
 * Which test files reach a database: the PostgreSQL pass of `npm test` (each package's
 * `test:db`, vitest.db.config.ts) runs only these, as the rest already ran on the embedded
 * database and would pass or fail the same way again. Found by reading, not listed, so a new
 * test file is picked up the day it is written: a test file counts when it, or a file it
 * imports by a relative path (followed transitively inside the package), names the test
 * database helper or TEST_DATABASE_URL. When in doubt a file counts (running one more is
 * only slower; skipping one would hide a PostgreSQL-only failure).
 */
import fs from "node:fs";
import path from "node:path";

const TEST_FILES = "src/**/*.test.{ts,tsx}";
const MARKER = /@botox\/db\/testing|\bcreateTestDatabase\b|\bTEST_DATABASE_URL\b/;
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

function reachesDatabase(file: string, seen: Set<string>): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return false;
  }
  if (MARKER.test(text)) return true;
  for (const [, spec = ""] of text.matchAll(RELATIVE_IMPORT)) {
    const target = path.resolve(path.dirname(file), spec);
    const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts")];
    const found = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
    if (found && reachesDatabase(found, seen)) return true;
  }
  return false;
}

/** The package's database-backed test files, relative to its folder (vitest `include` entries). */
export function databaseTestFiles(packageDir: string): string[] {
  return fs
    .globSync(TEST_FILES, { cwd: packageDir })
    .filter((rel) => reachesDatabase(path.join(packageDir, rel), new Set()))
    .sort();
}
