/**
 * No import cycles in the API's sources, type-only imports included (style.md): a cycle makes
 * the order modules load in matter, and hides which of two files is the lower layer.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const srcDir = fileURLToPath(new URL(".", import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The files of this package a file imports or re-exports from, by relative path. */
function localImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map((ref) => ref.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => path.resolve(path.dirname(file), name))
    .filter((target) => fs.existsSync(target));
}

/** Each cycle once, as the files along it (relative to src/), starting from its first file in sorted order. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") {
        const cycle = stack.slice(stack.indexOf(next)).map((f) => path.relative(srcDir, f));
        const first = cycle.indexOf([...cycle].sort()[0]!);
        const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
        cycles.set(rotated.join(" → "), rotated);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...cycles.values()];
}

describe("import graph of api/src", () => {
  it("has no cycles, type-only imports included", () => {
    const graph = new Map(sourceFiles(srcDir).map((file) => [file, localImports(file)]));
    expect(graph.size).toBeGreaterThan(50);
    expect(findCycles(graph)).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    const [a, b, c] = ["a.ts", "b.ts", "c.ts"].map((f) => path.join(srcDir, f)) as [string, string, string];
    expect(
      findCycles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [b]],
        ]),
      ),
    ).toEqual([["b.ts", "c.ts"]]);
  });
});
