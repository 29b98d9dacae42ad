/**
 * What every resource of the API contract shares (architecture.md §5): the prefix and base
 * URL, the error and "ok" answers, the admin list's pagination, the messages of a failed
 * parse, and the field and query-parameter readers several resources build on.
 */
import { z } from "zod";
import { MSG } from "../messages.ts";
import { TEXT_MSG, hasUnsafeText, hasUrlUserInfo } from "../text.ts";

export const API_PREFIX = "/api/v1";

/**
 * The API's base URL on a host and port ("http://localhost:8787/api/v1"): the one place the
 * URL is derived from a port (decision 187); a public URL set explicitly
 * (PUBLIC_API_URL, VITE_API_URL) is used as given.
 */
export function apiBaseUrl({ host, port }: { host: string; port: number | string }): string {
  return `http://${host}:${port}${API_PREFIX}`;
}

// ---- Answers every resource gives ----

export const errorSchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
/** Answer of logout and of every DELETE (the spec shows no body). */
export type OkResponse = z.infer<typeof okResponseSchema>;

export const paginationSchema = z.object({
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
});

/** Zod issues as the API's `issues` array and the forms' field errors. */
export function issuesOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

/** First message per field, for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const key = i.path.join(".");
    if (!(key in out)) out[key] = i.message;
  }
  return out;
}

// ---- Form fields (product.md §5) ----

/** Trimmed text; "" / whitespace / null / undefined become null. No control or bidi-override characters (text.ts). */
export const optionalText = (max = 10_000, label = "This field") =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
    z
      .string({ error: `${label} must be text.` })
      .max(max, TEXT_MSG.tooLong(label, max))
      .refine((t) => !hasUnsafeText(t), { message: TEXT_MSG.unsafe })
      .nullable(),
  );

/** An http(s) URL or nothing. Relative upload paths ("/uploads/...") are accepted too. */
export const optionalUrl = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
  z
    .string()
    .max(2048)
    .refine((s) => isSitePath(s) || isHttpUrl(s), { message: MSG.validation.invalidUrl })
    .nullable(),
);

/**
 * A path on this site: one leading "/", then no "/" or "\\" right after it and no backslash,
 * whitespace or control character anywhere. Browsers read "//host", "/\\host" and "/<tab>/host"
 * as another host (protocol-relative), so none of those is a path.
 */
export function isSitePath(s: string): boolean {
  if (!/^\/(?![/\\])/.test(s) || /[\s\\]/.test(s)) return false;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && !hasUrlUserInfo(s);
  } catch {
    return false;
  }
}

// ---- Query parameters (product.md §7.1) ----
// Query strings arrive as text: numbers are parsed here, and every failure carries a message a
// person can act on.

export const QUERY_MSG = {
  page: "Page must be a whole number of at least 1.",
  limit: (max: number) => `Limit must be a whole number between 1 and ${max}.`,
  distance: 'Distance must be a positive number of miles, or "any".',
  radius: "Radius must be a positive number of miles, at most 500.",
  sortBy: 'sortBy must be "reviews", "name" or "price".',
  zipSortBy: 'sortBy must be "distance" or "price".',
  sortOrder: 'sortOrder must be "desc" or "asc".',
  query: "Search text must be at most 200 characters.",
  city: "City must be a city slug such as new-york or new-york-ny.",
  slug: "Clinic must be a slug or a numeric id.",
  coordinates: "Latitude and longitude are required numbers.",
  openNow: 'openNow must be "true" or "false".',
} as const;

export const MAX_PAGE = 10_000;

/** Absent, null or blank text: the parameter was not given. */
export const blankToUndefined = (v: unknown) => (v == null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** A whole number from query text ("10"); anything else fails with `message`. */
export const intParam = (min: number, max: number, fallback: number, message: string) =>
  z.preprocess(
    (v) => {
      const x = blankToUndefined(v);
      return typeof x === "string" && /^\s*\d{1,9}\s*$/.test(x) ? Number(x) : x;
    },
    z.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );

export const pageParam = intParam(1, MAX_PAGE, 1, QUERY_MSG.page);
export const limitParam = (fallback: number, max: number) => intParam(1, max, fallback, QUERY_MSG.limit(max));
