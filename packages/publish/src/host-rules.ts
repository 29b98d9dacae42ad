/**
 * The host rule files the site build writes (Netlify's formats), read by the local static
 * server so it behaves like the production host:
 * - `_redirects`: `from to [status][!]`, `*` → `:splat`, `:name` placeholders, status 200 for
 *   a rewrite, 404 for a custom not-found; `!` applies the rule even when a file exists.
 * - `_headers`: a path pattern line, then indented `Name: value` lines.
 */

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
  pattern: RegExp;
  names: string[];
}

export interface HeaderRule {
  path: string;
  pattern: RegExp;
  names: string[];
  headers: [string, string][];
}

export type RedirectMatch = { rule: RedirectRule; to: string };

/** Paths compare without a trailing slash ("/a/" and "/a" are the same rule target). */
function normalizeRulePath(p: string): string {
  return p.length > 1 && p.endsWith("/") ? p.slice(0, -1) : p;
}

function compile(pathPattern: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  let source = "";
  const p = normalizeRulePath(pathPattern);
  for (let i = 0; i < p.length; i++) {
    const ch = p.charAt(i);
    if (ch === "*") {
      names.push("splat");
      source += "(.*)";
    } else if (ch === ":" && (i === 0 || p[i - 1] === "/")) {
      const m = /^:([A-Za-z_]\w*)/.exec(p.slice(i));
      if (m) {
        names.push(m[1] ?? "");
        source += "([^/]+)";
        i += m[0].length - 1;
      } else source += ":";
    } else source += ch.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  // "/a/*" also matches "/a" itself, as on the host.
  source = source.replace(/\/\(\.\*\)$/, "(?:/(.*))?");
  return { pattern: new RegExp(`^${source}$`), names };
}

export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const parts = line.split(/\s+/);
    if (parts.length < 2) continue;
    const [from, ...rest] = parts as [string, string, ...string[]];
    // Query-parameter conditions ("from key=:value to") are not supported locally.
    if (rest[0].includes("=") && !rest[0].startsWith("/") && !/^https?:/.test(rest[0])) continue;
    const to = rest[0];
    const statusToken = rest[1] ?? "301";
    const force = statusToken.endsWith("!");
    const status = Number(statusToken.replace(/!$/, ""));
    if (!Number.isInteger(status)) continue;
    if (!from.startsWith("/")) continue;
    rules.push({ from, to, status, force, ...compile(from) });
  }
  return rules;
}

/** Each "/"-separated segment percent-encoded (a splat keeps its slashes). */
function encodePathValue(value: string): string {
  return value
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}

export function matchRedirect(rules: RedirectRule[], pathname: string, fileExists: boolean): RedirectMatch | null {
  const target = normalizeRulePath(pathname);
  for (const rule of rules) {
    if (fileExists && !rule.force) continue;
    const m = rule.pattern.exec(target);
    if (!m) continue;
    const values = new Map<string, string>();
    rule.names.forEach((name, i) => values.set(name, m[i + 1] ?? ""));
    // Values come from the decoded request path: percent-encoded again, so a target is always
    // a valid ASCII URL (a raw "é", "東京" or newline in Location made Node throw: 500).
    const to = rule.to.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => {
      const value = values.get(name);
      return value === undefined ? whole : encodePathValue(value);
    });
    return { rule, to };
  }
  return null;
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith("#")) continue;
    if (!/^\s/.test(raw)) {
      const p = raw.trim();
      current = { path: p, headers: [], ...compile(p) };
      rules.push(current);
      continue;
    }
    const i = raw.indexOf(":");
    if (!current || i < 0) continue;
    const name = raw.slice(0, i).trim();
    const value = raw.slice(i + 1).trim();
    if (name) current.headers.push([name, value]);
  }
  return rules;
}

/** Headers of every matching block, in file order; a repeated name joins its values. */
export function headersFor(rules: HeaderRule[], pathname: string): Map<string, string> {
  const out = new Map<string, string>();
  const target = normalizeRulePath(pathname);
  for (const rule of rules) {
    if (!rule.pattern.test(target) && !rule.pattern.test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      out.set(key, out.has(key) ? `${out.get(key)}, ${value}` : value);
    }
  }
  return out;
}
