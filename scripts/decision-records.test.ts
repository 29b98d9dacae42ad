import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The format of docs/decisions/README.md: every record, whoever adds it, is checked here.
const decisionsDir = join(import.meta.dirname, "..", "docs", "decisions");
const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const MAX_LINES = 100;
const SECTIONS = ["Context", "Decision", "Consequences"] as const;
const STATUS_LINE = /^(?:- )?Status:[ \t]*(.*)$/m;
const STATUS_FORMS = [/^accepted$/, /^rejected$/, /^superseded by \[?(\d{3})\b/i, /^accepted; partly superseded by \[?(\d{3})\b/];

/** What is wrong with one record, in words a reader can act on; empty when it is well formed. */
function recordProblems(file: string, text: string, index: string, numbers: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const section of SECTIONS) {
    if (!new RegExp(`^## ${section}[ \\t]*$`, "m").test(text)) problems.push(`no "## ${section}" section`);
  }
  const status = STATUS_LINE.exec(text)?.[1]?.trim();
  if (status === undefined) {
    problems.push("no Status line");
  } else {
    const form = STATUS_FORMS.map((pattern) => pattern.exec(status)).find((match) => match !== null);
    if (form === undefined) {
      problems.push(`Status "${status}" is not accepted, rejected, superseded by NNN or accepted; partly superseded by NNN`);
    } else if (form[1] !== undefined && !numbers.has(form[1])) {
      problems.push(`Status names record ${form[1]}, which does not exist`);
    }
  }
  const lines = text.trimEnd().split("\n").length;
  if (lines > MAX_LINES) problems.push(`${lines} lines (at most ${MAX_LINES}: move figures to docs/benchmarks/)`);
  if (!index.includes(`](${file})`)) problems.push("no row in docs/decisions/README.md");
  return problems;
}

function problemsOf(files: Record<string, string>, index: string): Record<string, string[]> {
  const numbers = new Set(Object.keys(files).map((file) => file.slice(0, 3)));
  const found: Record<string, string[]> = {};
  for (const [file, text] of Object.entries(files)) {
    const problems = recordProblems(file, text, index, numbers);
    if (problems.length > 0) found[file] = problems;
  }
  return found;
}

const wellFormed = [
  "# 301. A choice",
  "",
  "- Status: accepted",
  "- Date: 2026-11-28",
  "",
  "## Context",
  "",
  "Why.",
  "",
  "## Decision",
  "",
  "What.",
  "",
  "## Consequences",
  "",
  "What follows.",
  "",
].join("\n");
const indexOf = (...files: string[]) => files.map((file) => `| ${file.slice(0, 3)} | [A](${file}) | accepted |`).join("\n");

describe("decision records", () => {
  it("every record in docs/decisions has its sections, a Status, at most 100 lines and a row in the index", () => {
    const files = Object.fromEntries(
      readdirSync(decisionsDir)
        .filter((name) => RECORD_FILE.test(name))
        .map((name) => [name, readFileSync(join(decisionsDir, name), "utf8")]),
    );
    expect(Object.keys(files).length).toBeGreaterThan(200);
    expect(problemsOf(files, readFileSync(join(decisionsDir, "README.md"), "utf8"))).toEqual({});
  });

  it("accepts the four Status forms, with the superseded part named after them", () => {
    const statuses = [
      "accepted",
      "rejected",
      "superseded by [301](301-a-choice.md)",
      "Superseded by 301",
      "accepted; partly superseded by [301](301-a-choice.md) (its migration number)",
    ];
    for (const status of statuses) {
      const record = wellFormed.replace("Status: accepted", `Status: ${status}`);
      expect(problemsOf({ "301-a-choice.md": wellFormed, "302-b.md": record }, indexOf("301-a-choice.md", "302-b.md"))).toEqual({});
    }
  });

  it("names each missing section, a missing or unknown Status, a long record and a missing row", () => {
    const index = indexOf("301-a-choice.md");
    const cases: [string, string, string][] = [
      ["no Consequences", wellFormed.replace("## Consequences", "## What follows"), 'no "## Consequences" section'],
      ["no Decision", wellFormed.replace("## Decision\n", ""), 'no "## Decision" section'],
      ["no Context", wellFormed.replace("## Context", "Context"), 'no "## Context" section'],
      ["no Status", wellFormed.replace("- Status: accepted\n", ""), "no Status line"],
      ["an unknown Status", wellFormed.replace("Status: accepted", "Status: proposed"), 'Status "proposed" is not'],
      ["a Status naming no record", wellFormed.replace("Status: accepted", "Status: superseded by 999"), "record 999"],
      ["a long record", wellFormed + "more\n".repeat(90), "lines (at most 100"],
    ];
    for (const [, record, problem] of cases) {
      const found = problemsOf({ "301-a-choice.md": record }, index)["301-a-choice.md"] ?? [];
      expect(found.join("; ")).toContain(problem);
    }
    expect(problemsOf({ "301-a-choice.md": wellFormed }, "")["301-a-choice.md"]).toEqual(["no row in docs/decisions/README.md"]);
  });
});
