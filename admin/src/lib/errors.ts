import { ApiRequestError } from "@botox/core";

/** The `issues` of a failed write as field → first message (design.md §5 error body). */
export function fieldIssuesOf(err: unknown): Record<string, string> {
  if (!(err instanceof ApiRequestError) || !err.body) return {};
  try {
    const parsed = JSON.parse(err.body) as { issues?: { path?: unknown; message?: unknown }[] };
    const out: Record<string, string> = {};
    for (const issue of parsed.issues ?? []) {
      const path = typeof issue.path === "string" ? issue.path : Array.isArray(issue.path) ? issue.path.join(".") : "";
      if (typeof issue.message === "string" && !(path in out)) out[path] = issue.message;
    }
    return out;
  } catch {
    return {};
  }
}

export const statusOf = (err: unknown): number | null => (err instanceof ApiRequestError ? err.status : null);

/**
 * A 401: the session ended mid-work. The API provider already sends the admin to the login
 * page (keeping open forms), so screens show no failure text of their own for it.
 */
export const sessionExpired = (err: unknown): boolean => statusOf(err) === 401;
