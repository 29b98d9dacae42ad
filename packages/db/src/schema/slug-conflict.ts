/**
 * Slug conflicts (one place that knows them). Each kind of record with a public
 * slug has one unique constraint on it (clinics: per city); a write that breaks one fails
 * with PostgreSQL's unique violation (23505) naming that constraint, which callers turn into
 * their "already exists" answer.
 */
import { codeOf, findCause } from "@botox/core/error-cause";

/** The unique constraint on each kind of record's slug (schema.ts names them with these). */
export const SLUG_CONSTRAINTS = {
  clinic: "clinics_city_slug_slug_key",
  post: "blog_posts_slug_key",
  category: "blog_categories_slug_key",
} as const;
export type SlugOwner = keyof typeof SLUG_CONSTRAINTS;

/**
 * Whose slug a failed write conflicted on: the unique violation (23505) in the error's cause
 * chain (postgres.js names the constraint `constraint_name`; drizzle wraps the driver's error),
 * or null when the error is anything else.
 */
export function slugConflictOf(err: unknown): SlugOwner | null {
  const violation = findCause(err, (e) => codeOf(e) === "23505") as { constraint_name?: unknown; constraint?: unknown } | undefined;
  if (!violation) return null;
  for (const [owner, constraint] of Object.entries(SLUG_CONSTRAINTS) as [SlugOwner, string][]) {
    if (violation.constraint_name === constraint || violation.constraint === constraint) return owner;
  }
  return null;
}
