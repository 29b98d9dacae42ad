import { ApiRequestError, errorMessageOf } from "@botox/core";

/** The `issues` of a failed write as field → first message (architecture.md §5 error body). */
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

export interface WriteRefusal {
  /** Field → the API's message, shown at that field. */
  fields: Record<string, string>;
  /** The API's own reason for a refused write (a 4xx with an `error`), else the screen's fallback. */
  message: string;
}

/**
 * Why the API refused a write, for the screen to show where it belongs. Field issues go to
 * their fields; a 409 (the only conflict the write calls have is a taken slug) goes to
 * `conflictField`; any other 4xx with an `error` replaces the generic fallback, since the
 * API's reason tells the admin what to change. A 5xx or a network failure keeps the fallback:
 * its text is not meant for users.
 */
export function writeRefusalOf(err: unknown, fallback: string, conflictField = "slug"): WriteRefusal {
  const fields = fieldIssuesOf(err);
  const status = statusOf(err);
  if (status == null || status < 400 || status >= 500) return { fields, message: fallback };
  const reason = errorMessageOf(err);
  if (reason == null) return { fields, message: fallback };
  if (status === 409 && !(conflictField in fields)) fields[conflictField] = reason;
  return { fields, message: reason };
}
