/**
 * The islands folder holds the hydrated entry points and nothing else (decision 183): each of
 * its files is the default export some .astro file renders with a `client:*` directive, and
 * every component a page hydrates comes from this folder. Shared components live in
 * src/components/, hooks in src/hooks/. ESLint does not read .astro files, so this test does.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ISLANDS = import.meta.dirname;
const SRC = path.dirname(ISLANDS);

interface AstroFile {
  file: string;
  source: string;
}

/** The local names an import clause binds (`A`, `{ B, C as D }`, `A, { B }`), type-only names left out. */
function importedNames(clause: string): { local: string; imported: string }[] {
  const names: { local: string; imported: string }[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  const head = clause
    .replace(/\{[^}]*\}/, "")
    .replace(/,/g, " ")
    .trim();
  if (head && !head.startsWith("*")) names.push({ local: head, imported: "default" });
  for (const part of braces?.[1]?.split(",") ?? []) {
    const spec = part.trim();
    if (!spec || spec.startsWith("type ")) continue;
    const [imported = spec, local = imported] = spec.split(/\s+as\s+/);
    names.push({ local: local.trim(), imported: imported.trim() });
  }
  return names;
}

/** The tags of a template with their attribute text; braces may hold `>` (`{a > b}`, `{{ x }}`). */
function* tags(template: string): Generator<{ name: string; attributes: string }> {
  const open = /<([A-Z][\w.]*)/g;
  for (let m = open.exec(template); m; m = open.exec(template)) {
    let depth = 0;
    let quote: string | null = null;
    let i = m.index + m[0].length;
    for (; i < template.length; i++) {
      const c = template[i];
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "{") depth++;
      else if (c === "}") depth--;
      else if (c === ">" && depth === 0) break;
    }
    yield { name: m[1] ?? "", attributes: template.slice(m.index + m[0].length, i) };
  }
}

/** The components an .astro file renders with a `client:*` directive: the file and export each comes from. */
function hydratedComponents({ file, source }: AstroFile): { name: string; from: string; imported: string }[] {
  const fence = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  const frontmatter = fence?.[1] ?? "";
  const template = fence ? source.slice(fence[0].length) : source;
  const bindings = new Map<string, { from: string; imported: string }>();
  for (const m of frontmatter.matchAll(/^\s*import\s+(?!type\s)([\s\S]*?)\s+from\s+["']([^"']+)["']/gm)) {
    const [, clause = "", spec = ""] = m;
    if (!spec.startsWith(".")) continue;
    for (const { local, imported } of importedNames(clause)) bindings.set(local, { from: path.resolve(path.dirname(file), spec), imported });
  }
  const found: { name: string; from: string; imported: string }[] = [];
  for (const tag of tags(template)) {
    if (!/(^|\s)client:[a-z]+/.test(tag.attributes)) continue;
    const binding = bindings.get(tag.name);
    // A directive on a component imported from a package (not by a path of ours) is not ours to place.
    if (binding) found.push({ name: tag.name, ...binding });
  }
  return found;
}

/** What breaks the folder's rule, one sentence each; empty when islands/ is exactly the hydrated components. */
function islandProblems(islandsDir: string, islandFiles: readonly string[], astroFiles: readonly AstroFile[]): string[] {
  const problems: string[] = [];
  const hydrated = new Set<string>();
  for (const astro of astroFiles) {
    for (const c of hydratedComponents(astro)) {
      const where = path.basename(astro.file);
      if (path.dirname(c.from) !== islandsDir) problems.push(`${where} hydrates ${c.name} from ${c.from}, outside islands/`);
      else if (c.imported !== "default") problems.push(`${where} hydrates ${c.name}, a named export: an island is its file's default export`);
      hydrated.add(c.from);
    }
  }
  for (const file of islandFiles) {
    if (!hydrated.has(file)) problems.push(`islands/${path.basename(file)} is hydrated by no client:* directive: move it to components/ or hooks/`);
  }
  return problems;
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => (e.isFile() && keep(e.name) ? [path.join(e.parentPath, e.name)] : []));
}

describe("site/src/islands", () => {
  it("holds exactly the components the pages hydrate, each as its file's default export", () => {
    const islandFiles = filesUnder(ISLANDS, (n) => /\.tsx?$/.test(n) && !n.includes(".test."));
    const astroFiles = filesUnder(SRC, (n) => n.endsWith(".astro")).map((file) => ({ file, source: fs.readFileSync(file, "utf8") }));
    expect(islandFiles.length).toBeGreaterThan(0);
    expect(islandProblems(ISLANDS, islandFiles, astroFiles)).toEqual([]);
  });

  it("tags each island as React's, so Astro renders it without first rendering it once more to ask (decision 227)", async () => {
    const islandFiles = filesUnder(ISLANDS, (n) => /\.tsx?$/.test(n) && !n.includes(".test."));
    for (const file of islandFiles) {
      const island = ((await import(file)) as { default: Record<symbol, unknown> }).default;
      expect(island[Symbol.for("astro:renderer")], path.basename(file)).toBe("@astrojs/react");
    }
  });
});

describe("the islands rule", () => {
  const dir = "/s/src/islands";
  const page = (source: string): AstroFile => ({ file: "/s/src/pages/p.astro", source });

  it("reports an island file no page hydrates, including one only rendered at build time", () => {
    const astro = page(
      `---\nimport Card from "../islands/Card.tsx";\nimport Form from "../islands/Form.tsx";\n---\n<Card clinic={c} />\n<Form client:visible config={cfg} />\n`,
    );
    expect(islandProblems(dir, [`${dir}/Card.tsx`, `${dir}/Form.tsx`], [astro])).toEqual([
      "islands/Card.tsx is hydrated by no client:* directive: move it to components/ or hooks/",
    ]);
  });

  it("reports a hydrated component outside islands/ and a hydrated named export", () => {
    const astro = page(
      `---\nimport Chips from "../components/Chips.tsx";\nimport { Badge } from "../islands/Badge.tsx";\n---\n<Chips client:idle={IDLE} items={[1, 2].filter((n) => n > 1)} />\n<Badge\n  client:load\n  clinic={c}\n/>\n`,
    );
    expect(islandProblems(dir, [`${dir}/Badge.tsx`], [astro])).toEqual([
      "p.astro hydrates Chips from /s/src/components/Chips.tsx, outside islands/",
      "p.astro hydrates Badge, a named export: an island is its file's default export",
    ]);
  });

  it("reads every directive, directives on multi-line tags and tags with `>` inside braces", () => {
    const astro = page(
      `---\nimport A, { type P } from "../islands/A.tsx";\nimport B from "../islands/B.tsx";\nimport C from "../islands/C.tsx";\n---\n<A client:only="react" p={{ a: 1 > 0 }} />\n<B\n  x={1}\n  client:media="(max-width: 50em)"\n/>\n<C client:idle />\n`,
    );
    expect(islandProblems(dir, [`${dir}/A.tsx`, `${dir}/B.tsx`, `${dir}/C.tsx`], [astro])).toEqual([]);
  });
});
