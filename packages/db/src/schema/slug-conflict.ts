/**
 * Slug conflicts (one place that knows them). Each kind of record with a public
 * slug has one unique constraint on it (clinics: per city); a write that breaks one fails
 * with PostgreSQL's unique violation (23505) naming that constraint, which callers turn into
 * their "already exists" answer.
 */

/** The unique constraint on each kind of record's slug (schema.ts names them with these). */
export const SLUG_CONSTRAINTS = {
  clinic: "clinics_city_slug_slug_key",
  post: "blog_posts_slug_key",
  category: "blog_categories_slug_key",
} as const;
export type SlugOwner = keyof typeof SLUG_CONSTRAINTS;

/** PostgreSQL unique violation (23505), possibly wrapped by drizzle, on `constraint` if given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === "object"; i++) {
    const x = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
    if (x.code === "23505") return constraint ? x.constraint_name === constraint || x.constraint === constraint : true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Whose slug a failed write conflicted on, or null when the error is anything else. */
export function slugConflictOf(err: unknown): SlugOwner | null {
  for (const [owner, constraint] of Object.entries(SLUG_CONSTRAINTS) as [SlugOwner, string][]) {
    if (isUniqueViolation(err, constraint)) return owner;
  }
  return null;
}
