import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  BLOG,
  MSG,
  blogListResponseSchema,
  blogPostInputSchema,
  blogPostSchema,
  fillPostGaps,
  okResponseSchema,
  type BlogListResponse,
  type BlogPostInput,
  MAX_ID,
  totalPages,
} from "@botox/core";
import {
  deletePost,
  findCategoryById,
  findPostById,
  findPostRowById,
  findPublishedPostBySlug,
  insertPost,
  listPosts,
  listRecentPosts,
  updatePost,
  type DbExecutor,
  type PostRow,
  type PostValues,
} from "@botox/db";
import { sanitizeBlogHtml } from "@botox/core/sanitize";
import { adminRoute } from "../../auth/admin-route.ts";
import { loadSessionUser } from "../../auth/session.ts";
import { actorOf, writeContent } from "../../lib/content-changes.ts";
import { HttpError, parseOrThrow, readJson } from "../../lib/errors.ts";
import { pathText } from "../../lib/ids.ts";
import { createRouter, documentedJsonRequest, errorResponse, json, jsonBody, jsonRequest } from "../../lib/openapi.ts";
import { patchObject, postParams, slugConflict, tags } from "./blog-shared.ts";

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

/** Sanitized HTML, product.md §4 gap-filling on the server, publishedAt set when first published. */
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

const postNotFound = errorResponse(MSG.blog.postNotFound);
/** A slug longer than any post's names none: not found without a query. */
const POST_SLUG_IN_PATH = /^[\s\S]{1,200}$/;
const slugTaken = errorResponse(MSG.api.postSlugTaken);

const listRoute = createRoute({
  method: "get",
  path: "/blog/posts",
  summary: "Posts, newest first; drafts only for an admin session with publishedOnly=false",
  tags,
  request: { query: listQuerySchema },
  responses: { 200: json("Posts and pagination", blogListResponseSchema), 400: errorResponse("Invalid parameters") },
});
const bySlugRoute = createRoute({
  method: "get",
  path: "/blog/posts/slug/{slug}",
  summary: "A published post by slug",
  tags,
  request: { params: z.object({ slug: pathText(POST_SLUG_IN_PATH, MSG.blog.postNotFound) }) },
  responses: { 200: json("The post", blogPostSchema), 404: postNotFound },
});
const recentRoute = createRoute({
  method: "get",
  path: "/blog/posts/recent",
  summary: "Newest published posts (an array)",
  tags,
  request: { query: recentQuerySchema },
  responses: { 200: json("Posts", z.array(blogPostSchema)) },
});
const getRoute = adminRoute({
  method: "get",
  path: "/blog/posts/{id}",
  summary: "Any post by id, drafts included (admin edit)",
  tags,
  request: { params: postParams },
  responses: { 200: json("The post", blogPostSchema), 404: postNotFound },
});
const createPostRoute = adminRoute({
  method: "post",
  path: "/blog/posts",
  summary: "Create a post: HTML sanitized, product.md §4 gaps filled, publishedAt set when published",
  tags,
  middleware: [jsonBody],
  request: { body: jsonRequest(blogPostInputSchema) },
  responses: { 201: json("Created post", blogPostSchema), 400: errorResponse("Validation error (product.md §5 messages)"), 409: slugTaken },
});
const updateRoute = adminRoute({
  method: "patch",
  path: "/blog/posts/{id}",
  summary: "Update some or all fields; the merged post is validated",
  tags,
  request: { params: postParams, body: documentedJsonRequest(blogPostInputSchema.partial()) },
  responses: { 200: json("Updated post", blogPostSchema), 400: errorResponse("Validation error"), 404: postNotFound, 409: slugTaken },
});
const deleteRoute = adminRoute({
  method: "delete",
  path: "/blog/posts/{id}",
  summary: "Delete a post",
  tags,
  request: { params: postParams },
  responses: { 200: json("Deleted", okResponseSchema), 404: postNotFound },
});

/** Blog posts: public reads, then the admin's. "recent" and "slug/..." are registered before "{id}". */
export const postsRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    // Drafts are the team's: an owner's session reads what the public reads.
    const publishedOnly = q.publishedOnly || (await loadSessionUser(c))?.role !== "admin";
    const { posts, total } = await listPosts(c.get("deps").db, { ...q, publishedOnly });
    const body: BlogListResponse = { posts, pagination: { total, limit: q.limit, page: q.page, totalPages: totalPages(total, q.limit) } };
    return c.json(body, 200);
  })
  .openapi(bySlugRoute, async (c) => {
    const post = await findPublishedPostBySlug(c.get("deps").db, c.req.valid("param").slug);
    if (!post) throw new HttpError(404, MSG.blog.postNotFound);
    return c.json(post, 200);
  })
  .openapi(recentRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await listRecentPosts(c.get("deps").db, q.limit, q.exclude), 200);
  })
  .openapi(getRoute, async (c) => {
    const post = await findPostById(c.get("deps").db, c.req.valid("param").id);
    if (!post) throw new HttpError(404, MSG.blog.postNotFound);
    return c.json(post, 200);
  })
  .openapi(createPostRoute, async (c) => {
    const input = c.req.valid("json");
    const deps = c.get("deps");
    const id = await writeContent(
      deps,
      actorOf(c),
      async (tx) => insertPost(tx, await toPostValues(tx, input)),
      (created) => ({ entity: "post", entityId: created, action: "create" }),
    ).catch(slugConflict);
    const post = await findPostById(deps.db, id);
    if (!post) throw new HttpError(404, MSG.blog.postNotFound);
    return c.json(post, 201);
  })
  .openapi(updateRoute, async (c) => {
    const id = c.req.valid("param").id;
    const patch = patchObject(await readJson(c));
    const deps = c.get("deps");
    const existing = await findPostRowById(deps.db, id);
    if (!existing) throw new HttpError(404, MSG.blog.postNotFound);
    const input = parseOrThrow(blogPostInputSchema, { ...rowToInput(existing), ...patch });
    await writeContent(
      deps,
      actorOf(c),
      async (tx) => updatePost(tx, id, await toPostValues(tx, input, existing)),
      (updated) => (updated ? { entity: "post", entityId: id, action: "update" } : null),
    ).catch(slugConflict);
    const post = await findPostById(deps.db, id);
    if (!post) throw new HttpError(404, MSG.blog.postNotFound);
    return c.json(post, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const id = c.req.valid("param").id;
    const deleted = await writeContent(
      c.get("deps"),
      actorOf(c),
      (tx) => deletePost(tx, id),
      (ok) => (ok ? { entity: "post", entityId: id, action: "delete" } : null),
    );
    if (!deleted) throw new HttpError(404, MSG.blog.postNotFound);
    return c.json({ ok: true as const }, 200);
  });
