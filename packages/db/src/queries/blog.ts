import { and, asc, count, desc, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import type { BlogCategory, BlogPost } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { blogCategories, blogPosts } from "../schema/schema.ts";
import type { DbExecutor } from "./content-changes.ts";
import { insertedRow } from "./returning.ts";
import { toBlogPost, toCategory } from "./serialize.ts";

export type PostValues = Omit<typeof blogPosts.$inferInsert, "id" | "createdAt" | "updatedAt">;
export type PostRow = typeof blogPosts.$inferSelect;

/** Posts with their category joined (one query; the category is null when uncategorized). */
function selectPosts(db: DbExecutor) {
  return db
    .select({ post: getTableColumns(blogPosts), category: getTableColumns(blogCategories) })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId));
}

// Published posts by publish date; drafts (no publishedAt) by creation, newest first.
const newestFirst = [desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), desc(blogPosts.id)];

export interface PostFilter {
  page: number;
  limit: number;
  /** false only for an authenticated admin; drafts are never public. */
  publishedOnly: boolean;
  categoryId?: number;
}

export async function listPosts(db: Database, f: PostFilter): Promise<{ posts: BlogPost[]; total: number }> {
  const conditions: SQL[] = [];
  if (f.publishedOnly) conditions.push(eq(blogPosts.published, true));
  if (f.categoryId !== undefined) conditions.push(eq(blogPosts.categoryId, f.categoryId));
  const where = conditions.length ? and(...conditions) : undefined;
  // Sequential on purpose: the embedded server mixes up concurrent extended-protocol queries.
  const rows = await selectPosts(db)
    .where(where)
    .orderBy(...newestFirst)
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const [total] = await db.select({ n: count() }).from(blogPosts).where(where);
  return { posts: rows.map((r) => toBlogPost(r.post, r.category)), total: total?.n ?? 0 };
}

export async function findPublishedPostBySlug(db: Database, slug: string): Promise<BlogPost | undefined> {
  const [row] = await selectPosts(db)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return row ? toBlogPost(row.post, row.category) : undefined;
}

export async function listRecentPosts(db: Database, limit: number, excludeId?: number): Promise<BlogPost[]> {
  const rows = await selectPosts(db)
    .where(and(eq(blogPosts.published, true), excludeId !== undefined ? ne(blogPosts.id, excludeId) : undefined))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map((r) => toBlogPost(r.post, r.category));
}

/** Any post, drafts included (admin edit). */
export async function findPostById(db: DbExecutor, id: number): Promise<BlogPost | undefined> {
  const [row] = await selectPosts(db).where(eq(blogPosts.id, id)).limit(1);
  return row ? toBlogPost(row.post, row.category) : undefined;
}

export async function findPostRowById(db: DbExecutor, id: number): Promise<PostRow | undefined> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row;
}

export async function insertPost(db: DbExecutor, values: PostValues): Promise<number> {
  const rows = await db.insert(blogPosts).values(values).returning({ id: blogPosts.id });
  return insertedRow(rows, "blog_posts").id;
}

export async function updatePost(db: DbExecutor, id: number, values: PostValues): Promise<boolean> {
  const rows = await db
    .update(blogPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

export async function deletePost(db: DbExecutor, id: number): Promise<boolean> {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}

// ---- Categories ----

export async function listCategories(db: Database): Promise<BlogCategory[]> {
  const rows = await db.select().from(blogCategories).orderBy(asc(blogCategories.name), asc(blogCategories.id));
  return rows.map(toCategory);
}

export async function findCategoryById(db: DbExecutor, id: number): Promise<BlogCategory | undefined> {
  const [row] = await db.select().from(blogCategories).where(eq(blogCategories.id, id)).limit(1);
  return row ? toCategory(row) : undefined;
}

export async function insertCategory(db: DbExecutor, values: { name: string; slug: string }): Promise<BlogCategory> {
  const rows = await db.insert(blogCategories).values(values).returning();
  return toCategory(insertedRow(rows, "blog_categories"));
}

export async function updateCategory(db: DbExecutor, id: number, values: { name: string; slug: string }): Promise<BlogCategory | undefined> {
  const [row] = await db
    .update(blogCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogCategories.id, id))
    .returning();
  return row ? toCategory(row) : undefined;
}

/** Posts of the category become uncategorized (ON DELETE SET NULL). */
export async function deleteCategory(db: DbExecutor, id: number): Promise<boolean> {
  const rows = await db.delete(blogCategories).where(eq(blogCategories.id, id)).returning({ id: blogCategories.id });
  return rows.length > 0;
}
