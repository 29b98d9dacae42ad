/**
 * The import-cycle check of `npm run lint` (scripts/import-cycles.ts,
 * docs/decisions/182-no-import-cycles.md), run on small workspaces written for each test: it
 * fires on every kind of import that closes a cycle, and only on those.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findImportCycles, importCycleProblems, sourceFiles } from "../../scripts/import-cycles.ts";

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** A throwaway workspace with `files` (path → text); returns its folder. */
function workspace(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "import-cycles-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** The cycles the check finds in a workspace's packages/. */
const cyclesOf = (root: string) => findImportCycles(root, sourceFiles(root, ["packages"]));
const cyclesIn = (files: Record<string, string>) => cyclesOf(workspace(files));

describe("import cycles", () => {
  it("finds a cycle of plain imports and names one path round it", () => {
    const cycles = cyclesIn({
      "packages/a/src/one.ts": `import { two } from "./two.ts";\nexport const one = () => two;`,
      "packages/a/src/two.ts": `import { three } from "./three.ts";\nexport const two = 2;\nexport const t = three;`,
      "packages/a/src/three.ts": `export { one as three } from "./one.ts";`,
      "packages/a/src/free.ts": `import { one } from "./one.ts";\nexport const free = one;`,
    });
    expect(cycles).toEqual([
      {
        files: ["packages/a/src/one.ts", "packages/a/src/three.ts", "packages/a/src/two.ts"],
        example: ["packages/a/src/one.ts", "packages/a/src/two.ts", "packages/a/src/three.ts", "packages/a/src/one.ts"],
      },
    ]);
  });

  it("counts type-only imports, import() types, dynamic imports and a file importing itself", () => {
    const cycles = cyclesIn({
      "packages/a/src/types.ts": `import type { Row } from "./rows.ts";\nexport type Id = Row["id"];`,
      "packages/a/src/rows.ts": `export interface Row { id: import("./types.ts").Id extends never ? number : number }`,
      "packages/a/src/lazy.ts": `export const load = () => import("./eager.ts");`,
      "packages/a/src/eager.ts": `import { load } from "./lazy.ts";\nexport const run = load;`,
      "packages/a/src/self.ts": `import * as self from "./self.ts";\nexport const me = self;`,
    });
    expect(cycles.map((c) => c.files)).toEqual([
      ["packages/a/src/eager.ts", "packages/a/src/lazy.ts"],
      ["packages/a/src/rows.ts", "packages/a/src/types.ts"],
      ["packages/a/src/self.ts"],
    ]);
  });

  it("follows a workspace package's exports through its node_modules link, and leaves dependencies out", () => {
    const pkg = (name: string, exports: Record<string, string>) => JSON.stringify({ name, type: "module", exports });
    const root = workspace({
      "packages/core/package.json": pkg("@fx/core", { ".": "./src/index.ts", "./rules": "./src/rules.ts" }),
      "packages/core/src/index.ts": `export * from "./rules.ts";`,
      "packages/core/src/rules.ts": `import { query } from "@fx/db";\nimport { z } from "zod";\nexport const rule = () => [query, z];`,
      "packages/db/package.json": pkg("@fx/db", { ".": "./src/index.ts" }),
      "packages/db/src/index.ts": `import { rule } from "@fx/core/rules";\nexport const query = rule;`,
    });
    // The links pnpm makes for workspace dependencies, here by hand.
    for (const [from, to] of [
      ["core", "db"],
      ["db", "core"],
    ] as const) {
      fs.mkdirSync(path.join(root, `packages/${from}/node_modules/@fx`), { recursive: true });
      fs.symlinkSync(path.join(root, `packages/${to}`), path.join(root, `packages/${from}/node_modules/@fx/${to}`), "dir");
    }
    expect(cyclesOf(root).map((c) => c.files)).toEqual([["packages/core/src/rules.ts", "packages/db/src/index.ts"]]);
  });

  it("finds nothing in a workspace without cycles", () => {
    expect(
      cyclesIn({
        "packages/a/src/a.ts": `import { b } from "./b.ts";\nimport type { C } from "./c.ts";\nexport const a: C = b;`,
        "packages/a/src/b.ts": `import type { C } from "./c.ts";\nexport const b: C = 1;`,
        "packages/a/src/c.ts": `export type C = number;`,
      }),
    ).toEqual([]);
  });
});

describe("known cycles", () => {
  const cycle = (...files: string[]) => ({ files, example: [...files, files[0] ?? ""] });

  it("allows a listed cycle, exactly as listed", () => {
    expect(importCycleProblems([cycle("a.ts", "b.ts")], [["b.ts", "a.ts"]])).toEqual([]);
    // One more file in it is another cycle.
    expect(importCycleProblems([cycle("a.ts", "b.ts", "c.ts")], [["a.ts", "b.ts"]])).toEqual([
      "import cycle: a.ts → b.ts → c.ts → a.ts (3 files: a.ts, b.ts, c.ts)",
      "known import cycle no longer found, remove it from KNOWN_CYCLES in scripts/import-cycles.ts: a.ts, b.ts",
    ]);
  });

  it("fails on a listed cycle that is gone, so the list only shrinks", () => {
    expect(importCycleProblems([], [["a.ts", "b.ts"]])).toEqual([
      "known import cycle no longer found, remove it from KNOWN_CYCLES in scripts/import-cycles.ts: a.ts, b.ts",
    ]);
  });
});
