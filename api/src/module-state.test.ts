/**
 * Nothing the API keeps between requests lives at module level (decision 291): caches and
 * connection maps are created with the deps (lib/app-state.ts) and reached through them, so
 * every composed app, and every test context, has its own and closes it. This scans the
 * product code (not tests) for top-level declarations that would hold state: a `let`, or an
 * empty `Map`, `Set`, `WeakMap` or `WeakSet` to be filled later. A table built from a literal
 * list is a constant and passes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.dirname(new URL(import.meta.url).pathname);

/** What may stay, and why it is not the app's state. */
const ALLOWED: Record<string, string> = {
  // Bookkeeping of one answer, keyed by the Response itself: gone with the request, shared by nothing.
  "lib/logger.ts: const answeredIds": "per-request",
  // A hash of a fixed dummy password, computed once: a constant, whichever app asks.
  "auth/password-check.ts: let dummyHash": "lazy constant",
  // The newest migration the deployed code carries, read once from its own files: a constant too.
  "lib/readiness.ts: let newestCommitted": "lazy constant",
  // The process's upload slots guard its memory and cores, which every app in the process shares
  // (two apps in one process must not double the limit): deliberately per process.
  "lib/uploads.ts: let activeUploads": "per-process resource guard",
  // The packages the API reads through are held to the same rule (their state would be the API's).
  // A memo of a pure function of its key (the hours' text): never stale, bounded.
  "db/queries/serialize.ts: const openHoursKept": "memo of a pure function",
  // One Intl formatter per time zone, made once: a memo of a constant.
  "core/open-now.ts: const formatters": "memo of a constant",
  // The ZIP centroid file, read once on demand: a lazy constant.
  "db/seed/zip-codes.ts: let cached": "lazy constant",
  // A command of its own (db:import), not something the API runs: its top level is its main.
  "db/cli/import.ts: let rows": "a command's own variable",
};

/** The packages' source folders scanned beside api/src, by the prefix their entries carry. */
const PACKAGES = { db: path.resolve(SRC, "../../packages/db/src"), core: path.resolve(SRC, "../../packages/core/src") };

const STATEFUL = /^(?:export\s+)?(?:let\s+(\w+)|(?:const|var)\s+(\w+)(?:\s*:[^=]+)?\s*=\s*new\s+(?:WeakMap|WeakSet|(?:Map|Set)(?:<.*>)?\(\s*\)))/;

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : productFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** "lib/logger.ts: const answeredIds" for each top-level stateful declaration of `text`. */
function moduleState(file: string, text: string): string[] {
  return text.split("\n").flatMap((line) => {
    const m = STATEFUL.exec(line);
    return m ? [`${file}: ${m[1] ? `let ${m[1]}` : `const ${m[2]}`}`] : [];
  });
}

describe("module-level state", () => {
  it("finds the kinds of declaration it guards against, and passes constants", () => {
    expect(moduleState("x.ts", "const cache = new Map<string, number>();")).toEqual(["x.ts: const cache"]);
    expect(moduleState("x.ts", "export const held = new WeakMap<object, string>();")).toEqual(["x.ts: const held"]);
    expect(moduleState("x.ts", "const seen: Set<string> = new Set();")).toEqual(["x.ts: const seen"]);
    expect(moduleState("x.ts", "const kept = new Map<string, ReturnType<typeof f>>();")).toEqual(["x.ts: const kept"]);
    expect(moduleState("x.ts", "let count = 0;")).toEqual(["x.ts: let count"]);
    expect(moduleState("x.ts", 'const UNSAFE = new Set(["POST", "PUT"]);')).toEqual([]);
    expect(moduleState("x.ts", "  const local = new Map();")).toEqual([]);
  });

  it("keeps caches and connections out of module scope in api/src and the packages it reads through (except the allowed)", () => {
    const scan = (root: string, prefix: string) =>
      productFiles(root).flatMap((file) => moduleState(`${prefix}${path.relative(root, file).split(path.sep).join("/")}`, readFileSync(file, "utf8")));
    const found = [...scan(SRC, ""), ...Object.entries(PACKAGES).flatMap(([name, root]) => scan(root, `${name}/`))];
    expect(found.filter((entry) => !(entry in ALLOWED))).toEqual([]);
    // An allowance that matches nothing any more is removed with what it allowed.
    expect(Object.keys(ALLOWED).filter((entry) => !found.includes(entry))).toEqual([]);
  });
});
