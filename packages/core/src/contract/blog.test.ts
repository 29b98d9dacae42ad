import { describe, expect, expectTypeOf, it } from "vitest";
import { errorsOf } from "../testing.ts";
import { buildQuery, type QueryParams } from "../http.ts";
import {
  blogPostInputSchema,
  categoryInputSchema,
  type BlogListResponse,
  type BlogPost,
  type BlogPostInput,
  type BlogPostsQuery,
  type CategoryInput,
  type RecentPostsQuery,
} from "./blog.ts";

// The contract of product.md §7, checked by the type checker (this file is typechecked).
describe("blog answers and requests (product.md §7)", () => {
  it("shape the list and the post as the spec's clients read them", () => {
    expectTypeOf<BlogListResponse>().toHaveProperty("posts").toEqualTypeOf<BlogPost[]>();
    expectTypeOf<BlogListResponse["pagination"]>().toEqualTypeOf<{ total: number; limit: number; page: number; totalPages: number }>();
    expectTypeOf<BlogPost>().toHaveProperty("categoryId").toEqualTypeOf<number | null>();
    expectTypeOf<BlogPost>().toHaveProperty("estimatedReadTime").toEqualTypeOf<number | null>();
  });

  it("type the bodies with the validation schemas", () => {
    expectTypeOf<CategoryInput>().toEqualTypeOf<{ name: string; slug: string }>();
    expectTypeOf<BlogPostInput>().toHaveProperty("categoryId").toEqualTypeOf<number | null>();
  });

  it("let the list queries travel through the shared request helper", () => {
    expectTypeOf<BlogPostsQuery>().toExtend<QueryParams>();
    expectTypeOf<RecentPostsQuery>().toExtend<QueryParams>();
    const site: BlogPostsQuery = { page: 2, limit: 6, publishedOnly: true, categoryId: null };
    expect(buildQuery(site)).toBe("?page=2&limit=6&publishedOnly=true");
  });
});

describe("category (product.md §5)", () => {
  it("requires a name and slug of at least 2 characters", () => {
    expect(errorsOf(categoryInputSchema, { name: "B", slug: "b" })).toEqual({
      name: "Category name must be at least 2 characters.",
      slug: "Slug must be at least 2 characters.",
    });
  });
  it("requires the slug pattern", () => {
    for (const slug of ["Botox", "-botox", "botox-", "bo--tox", "bo tox"]) {
      expect(errorsOf(categoryInputSchema, { name: "Botox", slug }).slug).toBe("Slug must contain only lowercase letters, numbers, and hyphens.");
    }
    expect(categoryInputSchema.parse({ name: " Botox Treatments ", slug: "botox-treatments" })).toEqual({
      name: "Botox Treatments",
      slug: "botox-treatments",
    });
  });
});

describe("blog post (product.md §5)", () => {
  const valid = {
    title: "Botox basics",
    slug: "botox-basics",
    content: "c".repeat(50),
    author: "Botox Near Me Team",
  };
  it("accepts a minimal post with defaults and nulls", () => {
    expect(blogPostInputSchema.parse(valid)).toMatchObject({
      excerpt: null,
      metaTitle: null,
      metaDescription: null,
      keywords: null,
      featuredImage: null,
      categoryId: null,
      estimatedReadTime: null,
      published: false,
      noIndex: false,
    });
  });
  it("has the spec's messages", () => {
    expect(
      errorsOf(blogPostInputSchema, {
        title: "Tiny",
        slug: "ab",
        content: "c".repeat(49),
        author: "A",
        metaDescription: "m".repeat(161),
      }),
    ).toEqual({
      title: "Title must be at least 5 characters.",
      slug: "Slug must be at least 3 characters.",
      content: "Content must be at least 50 characters.",
      author: "Author name must be at least 2 characters.",
      metaDescription: "Meta description should be at most 160 characters for SEO best practices.",
    });
    expect(errorsOf(blogPostInputSchema, { ...valid, slug: "Bad Slug" }).slug).toBe("Slug must contain only lowercase letters, numbers, and hyphens.");
  });
  it("converts categoryId and estimatedReadTime from text, empty or 'uncategorized' to null", () => {
    const p = blogPostInputSchema.parse({ ...valid, categoryId: "3", estimatedReadTime: "7" });
    expect(p.categoryId).toBe(3);
    expect(p.estimatedReadTime).toBe(7);
    expect(blogPostInputSchema.parse({ ...valid, categoryId: "uncategorized", estimatedReadTime: "" })).toMatchObject({
      categoryId: null,
      estimatedReadTime: null,
    });
  });
  it("allows a meta description of exactly 160 and checks the image URL", () => {
    expect(blogPostInputSchema.safeParse({ ...valid, metaDescription: "m".repeat(160) }).success).toBe(true);
    expect(blogPostInputSchema.safeParse({ ...valid, featuredImage: "/uploads/a.webp" }).success).toBe(true);
    expect(errorsOf(blogPostInputSchema, { ...valid, featuredImage: "javascript:alert(1)" }).featuredImage).toBe("Please enter a valid URL");
  });
});
