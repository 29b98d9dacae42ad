/** The blog (product.md §5, §7): posts and their categories, the admin's forms and the list queries. */
import { z } from "zod";
import { CATEGORY_FORM, POST_FORM } from "../constants.ts";
import { MSG } from "../messages.ts";
import { SLUG_MAX_BYTES, SLUG_PATTERN } from "../slug.ts";
import { TEXT_MSG, hasUnsafeText, safeText } from "../text.ts";
import { optionalText, optionalUrl } from "./shared.ts";

const V = MSG.validation;

// ---- Answers ----

export const blogCategorySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type BlogCategory = z.infer<typeof blogCategorySchema>;

export const blogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string().nullable(),
  author: z.string(),
  featuredImage: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
  published: z.boolean(),
  categoryId: z.number().int().nullable(),
  category: blogCategorySchema.nullable().optional(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  keywords: z.string().nullable(),
  noIndex: z.boolean(),
  estimatedReadTime: z.number().int().nullable(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListResponseSchema = z.object({
  posts: z.array(blogPostSchema),
  pagination: z.object({ total: z.number().int(), limit: z.number().int(), page: z.number().int(), totalPages: z.number().int() }),
});
export type BlogListResponse = z.infer<typeof blogListResponseSchema>;

// ---- Queries ----

/** GET /blog/posts (product.md §7): limit=6 on the site, 100 in the admin; drafts only with a session. */
export type BlogPostsQuery = {
  page?: number;
  limit?: number;
  publishedOnly?: boolean;
  categoryId?: number | null;
};

/** GET /blog/posts/recent (product.md §7): limit=3, leaving out the post being read. */
export type RecentPostsQuery = {
  limit?: number;
  exclude?: number | null;
};

// ---- Category form (product.md §5) ----
export const categoryInputSchema = z.object({
  name: safeText({ label: "Name", max: 100 }).pipe(z.string().min(CATEGORY_FORM.minName, V.categoryName)),
  slug: z.string().trim().min(CATEGORY_FORM.minSlug, V.categorySlugMin).max(100).regex(SLUG_PATTERN, V.slugPattern),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

// ---- Post form (product.md §5) ----

/** Text converted to an integer, or null if empty (product.md §5); 'uncategorized' means null. */
export const optionalIntFromText = z.preprocess((v) => {
  if (v == null) return null;
  if (typeof v === "number") return v;
  if (typeof v === "string") {
    const s = v.trim();
    if (s === "" || s === "uncategorized" || s === "no-categories") return null;
    return /^-?\d+$/.test(s) ? Number(s) : s;
  }
  return v;
}, z.number().int().nullable());

export const blogPostInputSchema = z.object({
  title: safeText({ label: "Title", max: 200 }).pipe(z.string().min(POST_FORM.minTitle, V.postTitle)),
  slug: z.string().trim().min(POST_FORM.minSlug, V.postSlugMin).max(SLUG_MAX_BYTES, V.slugTooLong).regex(SLUG_PATTERN, V.slugPattern),
  content: z
    .string()
    .min(POST_FORM.minContent, V.postContent)
    .max(500_000, TEXT_MSG.tooLong("Content", 500_000))
    .refine((t) => !hasUnsafeText(t), { message: TEXT_MSG.unsafe }),
  author: safeText({ label: "Author", max: 100 }).pipe(z.string().min(POST_FORM.minAuthor, V.author)),
  excerpt: optionalText(1000, "Excerpt"),
  metaTitle: optionalText(200, "Meta title"),
  metaDescription: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
    z
      .string()
      .max(POST_FORM.metaDescriptionMax, V.metaDescription)
      .refine((t) => !hasUnsafeText(t), { message: TEXT_MSG.unsafe })
      .nullable(),
  ),
  keywords: optionalText(1000, "Keywords"),
  featuredImage: optionalUrl,
  categoryId: optionalIntFromText,
  estimatedReadTime: optionalIntFromText.refine((n) => n == null || (n > 0 && n < 1000), {
    message: "Estimated read time must be a positive number of minutes.",
  }),
  published: z.boolean().default(false),
  noIndex: z.boolean().default(false),
});
export type BlogPostInput = z.infer<typeof blogPostInputSchema>;
/** What the admin form holds before parsing (categoryId and read time as text). */
export type BlogPostFormValues = z.input<typeof blogPostInputSchema>;
