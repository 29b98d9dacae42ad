import { describe, expect, it } from "vitest";
import { slugConflictOf } from "./slug-conflict.ts";

// The shapes postgres.js gives (constraint_name) and drizzle wraps (cause), as the API sees them.
const violation = (constraint: string) => Object.assign(new Error("duplicate key"), { code: "23505", constraint_name: constraint });
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query"), { cause });

describe("slugConflictOf", () => {
  it("names whose slug a write conflicted on, through drizzle's wrapping", () => {
    expect(slugConflictOf(wrapped(violation("clinics_city_slug_slug_key")))).toBe("clinic");
    expect(slugConflictOf(violation("blog_posts_slug_key"))).toBe("post");
    expect(slugConflictOf(wrapped(violation("blog_categories_slug_key")))).toBe("category");
  });

  it("is null for other unique violations and other errors", () => {
    expect(slugConflictOf(violation("clinics_source_key_key"))).toBeNull();
    expect(slugConflictOf(new Error("boom"))).toBeNull();
    expect(slugConflictOf(null)).toBeNull();
    expect(slugConflictOf(wrapped(Object.assign(new Error("fk"), { code: "23503", constraint_name: "blog_posts_slug_key" })))).toBeNull();
  });
});
