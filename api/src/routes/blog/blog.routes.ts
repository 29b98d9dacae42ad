import { Hono } from "hono";
import { z } from "zod";
import {
  BLOG,
  MAX_ID,
  MSG,
  blogPostInputSchema,
  categoryInputSchema,
  fillPostGaps,
  totalPages,
  type BlogListResponse,
  type BlogPostInput,
} from "@botox/core";
import {
  deleteCategory,
  deletePost,
  findCategoryById,
  findPostById,
  findPostRowById,
  findPublishedPostBySlug,
  insertCategory,
  insertPost,
  listCategories,
  listPosts,
  listRecentPosts,
  updateCategory,
  updatePost,
  type DbExecutor,
  type PostRow,
  type PostValues,
} from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { loadSessionUser, requireSession } from "../../auth/session.ts";
import { writeContent } from "../../lib/content-changes.ts";
import { HttpError, parseOrThrow, readJson, slugConflict } from "../../lib/errors.ts";
import { idParam } from "../../lib/ids.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { sanitizeBlogHtml } from "@botox/core/sanitize";

const postId = (raw: string) => idParam(raw, MSG.blog.postNotFound);
const categoryId = (raw: string) => idParam(raw, MSG.blog.categoryNotFound);

const boolText = z.preprocess((v) => (v === "false" || v === "0" ? false : v === "true" || v === "1" ? true : v), z.boolean());

const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(BLOG.adminListLimit).default(BLOG.pageSize),
  /** Only honoured with an admin session: drafts are never public. */
  publishedOnly: boolText.default(true),
  categoryId: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(MAX_ID).optional()),
});

const recentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(BLOG.recentPosts),
  /** A post id to leave out (the one being read). */
  exclude: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(MAX_ID).optional()),
});

/** A stored post as the form's input, so a PATCH can be validated as a whole. */
function rowToInput(row: PostRow): Record<string, unknown> {
  return {
    title: row.title,
    slug: row.slug,
    content: row.content,
    author: row.author,
    excerpt: row.excerpt,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    keywords: row.keywords,
    featuredImage: row.featuredImage,
    categoryId: row.categoryId,
    estimatedReadTime: row.estimatedReadTime,
    published: row.published,
    noIndex: row.noIndex,
  };
}

/** Sanitized HTML, spec §4 gap-filling on the server, publishedAt set when first published. */
async function toPostValues(db: DbExecutor, input: BlogPostInput, existing?: PostRow): Promise<PostValues> {
  if (input.categoryId != null && !(await findCategoryById(db, input.categoryId))) {
    throw new HttpError(400, MSG.blog.categoryNotFound, [{ path: "categoryId", message: MSG.blog.categoryNotFound }]);
  }
  const filled = fillPostGaps({ ...input, content: sanitizeBlogHtml(input.content) });
  return {
    ...filled,
    estimatedReadTime: Number(filled.estimatedReadTime),
    publishedAt: existing?.publishedAt ?? (input.published ? new Date() : null),
  };
}

export const blogRoutes = new Hono<AppEnv>();

// ---- Posts: public reads ----

blogRoutes.get("/blog/posts", async (c) => {
  const q = parseOrThrow(listQuerySchema, c.req.query());
  const publishedOnly = q.publishedOnly || !(await loadSessionUser(c));
  const { posts, total } = await listPosts(c.get("deps").db, { ...q, publishedOnly });
  const body: BlogListResponse = { posts, pagination: { total, limit: q.limit, page: q.page, totalPages: totalPages(total, q.limit) } };
  return c.json(body);
});

blogRoutes.get("/blog/posts/slug/:slug", async (c) => {
  const slug = c.req.param("slug");
  const post = slug.length <= 200 ? await findPublishedPostBySlug(c.get("deps").db, slug) : undefined;
  if (!post) throw new HttpError(404, MSG.blog.postNotFound);
  return c.json(post);
});

blogRoutes.get("/blog/posts/recent", async (c) => {
  const q = parseOrThrow(recentQuerySchema, c.req.query());
  return c.json(await listRecentPosts(c.get("deps").db, q.limit, q.exclude));
});

// ---- Posts: admin ----

blogRoutes.get("/blog/posts/:id", requireSession, async (c) => {
  const post = await findPostById(c.get("deps").db, postId(c.req.param("id")));
  if (!post) throw new HttpError(404, MSG.blog.postNotFound);
  return c.json(post);
});

blogRoutes.post("/blog/posts", requireSession, async (c) => {
  const input = parseOrThrow(blogPostInputSchema, await readJson(c));
  const deps = c.get("deps");
  const id = await writeContent(
    deps,
    async (tx) => insertPost(tx, await toPostValues(tx, input)),
    (created) => ({ entity: "post", entityId: created, action: "create" }),
  ).catch(slugConflict);
  return c.json(await findPostById(deps.db, id), 201);
});

blogRoutes.patch("/blog/posts/:id", requireSession, async (c) => {
  const id = postId(c.req.param("id"));
  const patch = await readJson(c);
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) throw new HttpError(400, MSG.api.invalidInput);
  const deps = c.get("deps");
  const existing = await findPostRowById(deps.db, id);
  if (!existing) throw new HttpError(404, MSG.blog.postNotFound);
  const input = parseOrThrow(blogPostInputSchema, { ...rowToInput(existing), ...patch });
  await writeContent(
    deps,
    async (tx) => updatePost(tx, id, await toPostValues(tx, input, existing)),
    (updated) => (updated ? { entity: "post", entityId: id, action: "update" } : null),
  ).catch(slugConflict);
  const post = await findPostById(deps.db, id);
  if (!post) throw new HttpError(404, MSG.blog.postNotFound);
  return c.json(post);
});

blogRoutes.delete("/blog/posts/:id", requireSession, async (c) => {
  const id = postId(c.req.param("id"));
  const deleted = await writeContent(
    c.get("deps"),
    (tx) => deletePost(tx, id),
    (ok) => (ok ? { entity: "post", entityId: id, action: "delete" } : null),
  );
  if (!deleted) throw new HttpError(404, MSG.blog.postNotFound);
  return c.json({ ok: true as const });
});

// ---- Categories ----

blogRoutes.get("/blog/categories", async (c) => c.json(await listCategories(c.get("deps").db)));

blogRoutes.get("/blog/categories/:id", async (c) => {
  const category = await findCategoryById(c.get("deps").db, categoryId(c.req.param("id")));
  if (!category) throw new HttpError(404, MSG.blog.categoryNotFound);
  return c.json(category);
});

blogRoutes.post("/blog/categories", requireSession, async (c) => {
  const input = parseOrThrow(categoryInputSchema, await readJson(c));
  const category = await writeContent(
    c.get("deps"),
    (tx) => insertCategory(tx, input),
    (created) => ({ entity: "category", entityId: created.id, action: "create" }),
  ).catch(slugConflict);
  return c.json(category, 201);
});

blogRoutes.patch("/blog/categories/:id", requireSession, async (c) => {
  const id = categoryId(c.req.param("id"));
  const patch = await readJson(c);
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) throw new HttpError(400, MSG.api.invalidInput);
  const deps = c.get("deps");
  const existing = await findCategoryById(deps.db, id);
  if (!existing) throw new HttpError(404, MSG.blog.categoryNotFound);
  const input = parseOrThrow(categoryInputSchema, { name: existing.name, slug: existing.slug, ...patch });
  const category = await writeContent(
    deps,
    (tx) => updateCategory(tx, id, input),
    (updated) => (updated ? { entity: "category", entityId: id, action: "update" } : null),
  ).catch(slugConflict);
  if (!category) throw new HttpError(404, MSG.blog.categoryNotFound);
  return c.json(category);
});

/** Its posts stay, uncategorized (categoryId null). */
blogRoutes.delete("/blog/categories/:id", requireSession, async (c) => {
  const id = categoryId(c.req.param("id"));
  const deleted = await writeContent(
    c.get("deps"),
    (tx) => deleteCategory(tx, id),
    (ok) => (ok ? { entity: "category", entityId: id, action: "delete" } : null),
  );
  if (!deleted) throw new HttpError(404, MSG.blog.categoryNotFound);
  return c.json({ ok: true as const });
});

// ---- OpenAPI ----

const categoryDoc = z.object({ id: z.number(), name: z.string(), slug: z.string() });
const postDoc = z.looseObject({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  categoryId: z.number().nullable(),
  category: categoryDoc.nullable(),
});
const listDoc = z.object({ posts: z.array(postDoc), pagination: z.object({ total: z.number(), limit: z.number(), page: z.number(), totalPages: z.number() }) });
const okDoc = z.object({ ok: z.literal(true) });
const unauthorized = { description: "No valid session" };
const postNotFound = { description: MSG.blog.postNotFound };
const categoryNotFound = { description: MSG.blog.categoryNotFound };
const tags = ["blog"];

documentRoute({ method: "get", path: "/blog/posts", summary: "Posts, newest first; drafts only for an admin session with publishedOnly=false", tags, query: listQuerySchema, responses: { 200: { description: "Posts and pagination", schema: listDoc }, 400: { description: "Invalid parameters" } } });
documentRoute({ method: "get", path: "/blog/posts/slug/{slug}", summary: "A published post by slug", tags, responses: { 200: { description: "The post", schema: postDoc }, 404: postNotFound } });
documentRoute({ method: "get", path: "/blog/posts/recent", summary: "Newest published posts (an array)", tags, query: recentQuerySchema, responses: { 200: { description: "Posts", schema: z.array(postDoc) } } });
documentRoute({ method: "get", path: "/blog/posts/{id}", summary: "Any post by id, drafts included (admin edit)", tags, auth: true, responses: { 200: { description: "The post", schema: postDoc }, 401: unauthorized, 404: postNotFound } });
documentRoute({ method: "post", path: "/blog/posts", summary: "Create a post: HTML sanitized, spec §4 gaps filled, publishedAt set when published", tags, auth: true, body: blogPostInputSchema, responses: { 201: { description: "Created post", schema: postDoc }, 400: { description: "Validation error (spec §5 messages)" }, 401: unauthorized, 409: { description: MSG.api.postSlugTaken } } });
documentRoute({ method: "patch", path: "/blog/posts/{id}", summary: "Update some or all fields; the merged post is validated", tags, auth: true, body: blogPostInputSchema.partial(), responses: { 200: { description: "Updated post", schema: postDoc }, 400: { description: "Validation error" }, 401: unauthorized, 404: postNotFound, 409: { description: MSG.api.postSlugTaken } } });
documentRoute({ method: "delete", path: "/blog/posts/{id}", summary: "Delete a post", tags, auth: true, responses: { 200: { description: "Deleted", schema: okDoc }, 401: unauthorized, 404: postNotFound } });
documentRoute({ method: "get", path: "/blog/categories", summary: "All categories by name (an array)", tags, responses: { 200: { description: "Categories", schema: z.array(categoryDoc) } } });
documentRoute({ method: "get", path: "/blog/categories/{id}", summary: "One category", tags, responses: { 200: { description: "The category", schema: categoryDoc }, 404: categoryNotFound } });
documentRoute({ method: "post", path: "/blog/categories", summary: "Create a category", tags, auth: true, body: categoryInputSchema, responses: { 201: { description: "Created", schema: categoryDoc }, 400: { description: "Validation error (spec §5 messages)" }, 401: unauthorized, 409: { description: MSG.api.categorySlugTaken } } });
documentRoute({ method: "patch", path: "/blog/categories/{id}", summary: "Update a category", tags, auth: true, body: categoryInputSchema.partial(), responses: { 200: { description: "Updated", schema: categoryDoc }, 400: { description: "Validation error" }, 401: unauthorized, 404: categoryNotFound, 409: { description: MSG.api.categorySlugTaken } } });
documentRoute({ method: "delete", path: "/blog/categories/{id}", summary: "Delete a category; its posts become uncategorized", tags, auth: true, responses: { 200: { description: "Deleted", schema: okDoc }, 401: unauthorized, 404: categoryNotFound } });
