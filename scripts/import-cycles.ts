/**
 * Import cycles in the workspace's TypeScript (and JavaScript) sources fail `npm run lint` (style guide: "No
 * import cycles, type-only ones included"; docs/decisions/182-no-import-cycles.md). Every
 * import counts: static, type-only, re-exports and dynamic `import()`, by a relative path or
 * through a workspace package's exports (@botox/...), resolved as the compiler resolves them.
 *
 * Run: node scripts/import-cycles.ts (exits 1 and names each cycle). Tested by
 * api/src/lint-import-cycles.test.ts on fixtures.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The folders of the workspace's sources, relative to its root (pnpm-workspace.yaml's packages, and the launchers). */
const SOURCE_ROOTS = ["api", "admin", "site", "packages", "scripts"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", "build", ".astro", ".data", "coverage", "reports", "test-results", "playwright-report"]);
const SOURCE_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

/**
 * Cycles allowed for now, each a set of files relative to the root; a cycle must match one
 * exactly, and an entry no longer found fails the check too, so it is removed once fixed.
 */
export const KNOWN_CYCLES: readonly (readonly string[])[] = [];

const compilerOptions: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
  noEmit: true,
};

/** The TypeScript and JavaScript files under `roots` (relative to `root`), build output, dependencies and declarations left out. */
export function sourceFiles(root: string, roots: readonly string[] = SOURCE_ROOTS): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        found.push(full);
      }
    }
  };
  for (const r of roots) walk(path.join(root, r));
  return found.sort();
}

/** Every module specifier a file names: imports, re-exports, `import()` calls and `import("...")` types. */
export function importedSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      specifiers.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) specifiers.push(first.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** Each file's imports of other files of `files` (dependencies outside the workspace left out). */
export function importGraph(files: readonly string[]): Map<string, Set<string>> {
  const known = new Set(files);
  const cache = ts.createModuleResolutionCache(process.cwd(), (f) => f, compilerOptions);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of importedSpecifiers(file, fs.readFileSync(file, "utf8"))) {
      const resolved = ts.resolveModuleName(spec, file, compilerOptions, ts.sys, cache).resolvedModule;
      // A workspace package resolves through its node_modules link to its real file; anything
      // else outside `files` (dependencies, declaration files) is not part of the graph.
      const target = resolved && path.resolve(resolved.resolvedFileName);
      if (target && known.has(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components with a cycle (Tarjan): two files or more, or a file importing itself. */
function cyclicComponents(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  // Iterative, so a long import chain cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edges: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (!frame) break;
      const step = frame.edges.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(to) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      for (;;) {
        const member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
        if (member === frame.node) break;
      }
      if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) components.push(component.sort());
    }
  }
  return components;
}

/** One shortest cycle through `from` inside its component (breadth first), as a path that ends where it starts. */
function shortestCycle(graph: ReadonlyMap<string, ReadonlySet<string>>, members: ReadonlySet<string>, from: string): string[] {
  const previous = new Map<string, string>();
  const queue = [from];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i] ?? from;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === from) {
        const cycle = [from];
        for (let at: string | undefined = node; at !== undefined && at !== from; at = previous.get(at)) cycle.unshift(at);
        return [from, ...cycle.slice(0, -1), from];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [from, from];
}

export interface ImportCycle {
  /** The files of the cycle (a strongly connected component), relative to the root, sorted. */
  files: string[];
  /** One cycle through them, e.g. a.ts → b.ts → a.ts. */
  example: string[];
}

/** The import cycles among `files`, paths relative to `root`. */
export function findImportCycles(root: string, files: readonly string[]): ImportCycle[] {
  // Real paths on both sides: the compiler resolves a package's link to its real file.
  const base = fs.realpathSync(root);
  const graph = importGraph(files.map((f) => fs.realpathSync(path.resolve(root, f))));
  const rel = (f: string) => path.relative(base, f).split(path.sep).join("/");
  return cyclicComponents(graph)
    .map((component) => {
      const first = component[0] ?? "";
      return { files: component.map(rel), example: shortestCycle(graph, new Set(component), first).map(rel) };
    })
    .sort((a, b) => (a.files[0] ?? "").localeCompare(b.files[0] ?? ""));
}

/** The check's findings: cycles not listed as known, and known cycles no longer found. */
export function importCycleProblems(cycles: readonly ImportCycle[], known: readonly (readonly string[])[] = KNOWN_CYCLES): string[] {
  const key = (files: readonly string[]) => [...files].sort().join("\n");
  const knownKeys = new Set(known.map(key));
  const foundKeys = new Set(cycles.map((c) => key(c.files)));
  return [
    ...cycles
      .filter((c) => !knownKeys.has(key(c.files)))
      .map((c) => `import cycle: ${c.example.join(" → ")}${c.files.length > 2 ? ` (${c.files.length} files: ${c.files.join(", ")})` : ""}`),
    ...known
      .filter((k) => !foundKeys.has(key(k)))
      .map((k) => `known import cycle no longer found, remove it from KNOWN_CYCLES in scripts/import-cycles.ts: ${k.join(", ")}`),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const problems = importCycleProblems(findImportCycles(root, sourceFiles(root)));
  for (const p of problems) console.error(p);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
