import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type BlogCategory, type BlogListResponse, type BlogPost } from "@botox/core";
import { createAdminTestContext, type AdminTestContext } from "../../test/admin-app.ts";

let t: AdminTestContext;
let cookie: string;
beforeAll(async () => {
  t = await createAdminTestContext();
  cookie = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const CONTENT = "<h2>Why Botox</h2><p>Botox softens lines for three to four months and takes minutes.</p>";
let seq = 0;
const post = (over: Record<string, unknown> = {}) => ({
  title: "A helpful post title",
  slug: `helpful-post-${++seq}`,
  content: CONTENT,
  author: "Botox Near Me Team",
  ...over,
});
async function createPost(over: Record<string, unknown> = {}): Promise<BlogPost> {
  const res = await t.request("POST", "/blog/posts", { cookie, body: post(over) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as BlogPost;
}
async function createCategory(name: string, slug: string): Promise<BlogCategory> {
  const res = await t.request("POST", "/blog/categories", { cookie, body: { name, slug } });
  expect(res.status).toBe(201);
  return (await res.json()) as BlogCategory;
}

describe("blog admin routes require a session", () => {
  it.each([
    ["GET", "/blog/posts/1"],
    ["POST", "/blog/posts"],
    ["PATCH", "/blog/posts/1"],
    ["DELETE", "/blog/posts/1"],
    ["POST", "/blog/categories"],
    ["PATCH", "/blog/categories/1"],
    ["DELETE", "/blog/categories/1"],
  ])("%s %s answers 401 without a cookie, tampered, expired or logged out", async (method, path) => {
    const loggedOut = await t.login();
    await t.request("POST", "/logout", { cookie: loggedOut });
    const expired = await t.login();
    await t.db.sql`update sessions set expires_at = now() - interval '1 second' where id = encode(sha256(${expired.slice(8)}::bytea), 'hex')`;
    for (const c of [undefined, "session=zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", loggedOut, expired]) {
      const body = method === "GET" || method === "DELETE" ? undefined : post();
      const res = await t.request(method, path, { cookie: c, body });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: MSG.api.unauthorized });
    }
  });
});

describe("posts", () => {
  it("creates a post with gap-filling, sanitized HTML and a change record", async () => {
    const words = Array.from({ length: 460 }, (_, i) => `word${i}`).join(" ");
    const created = await createPost({
      content: `<p>Intro text that is long enough.</p><script>alert(1)</script><img src="/x.png" onerror="alert(1)" alt="x"><a href="javascript:alert(1)">bad</a><p style="color:red" onclick="x()">${words}</p>`,
      published: true,
    });
    expect(created.content).not.toMatch(/script|onerror|onclick|javascript:|style=/);
    expect(created.content).toContain('<img src="/x.png" alt="x" loading="lazy" />');
    expect(created.excerpt).toMatch(/^Intro text that is long enough\. bad word0 word1/);
    expect(created.excerpt!.endsWith("...")).toBe(true);
    expect(created.excerpt!.length).toBe(153);
    expect(created.metaTitle).toBe("A helpful post title");
    expect(created.metaDescription).toBe(created.excerpt!.slice(0, 160));
    expect(created.estimatedReadTime).toBe(Math.ceil(467 / 225));
    expect(created.published).toBe(true);
    expect(created.publishedAt).not.toBeNull();
    expect(created.category).toBeNull();
    expect(t.changes).toContainEqual({ entity: "post", entityId: created.id, action: "create" });
  });

  it("keeps given excerpt, meta fields and read time", async () => {
    const created = await createPost({ excerpt: "Mine", metaTitle: "Meta", metaDescription: "Desc", estimatedReadTime: "7", categoryId: "uncategorized" });
    expect(created).toMatchObject({
      excerpt: "Mine",
      metaTitle: "Meta",
      metaDescription: "Desc",
      estimatedReadTime: 7,
      categoryId: null,
      published: false,
      publishedAt: null,
    });
  });

  it.each([
    [{ title: "Shrt" }, MSG.validation.postTitle],
    [{ slug: "ab" }, MSG.validation.postSlugMin],
    [{ slug: "Bad--slug" }, MSG.validation.slugPattern],
    [{ slug: "-bad" }, MSG.validation.slugPattern],
    [{ content: "too short" }, MSG.validation.postContent],
    [{ metaDescription: "x".repeat(161) }, MSG.validation.metaDescription],
    [{ author: "A" }, MSG.validation.author],
    [{ categoryId: 999999 }, MSG.blog.categoryNotFound],
  ])("answers 400 with the spec's message for %j", async (over, message) => {
    const res = await t.request("POST", "/blog/posts", { cookie, body: post(over) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(message);
  });

  it("rejects a taken slug with 409", async () => {
    const first = await createPost();
    const res = await t.request("POST", "/blog/posts", { cookie, body: post({ slug: first.slug }) });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: MSG.api.postSlugTaken });
  });

  it("patches part of a post, validating the merged result, and sets publishedAt once", async () => {
    const draft = await createPost();
    const bad = await t.request("PATCH", `/blog/posts/${draft.id}`, { cookie, body: { title: "no" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(MSG.validation.postTitle);

    const res = await t.request("PATCH", `/blog/posts/${draft.id}`, { cookie, body: { published: true, content: `${CONTENT}<script>x</script>` } });
    expect(res.status).toBe(200);
    const published = (await res.json()) as BlogPost;
    expect(published).toMatchObject({ title: draft.title, slug: draft.slug, published: true });
    expect(published.content).not.toContain("script");
    expect(published.publishedAt).not.toBeNull();
    expect(t.changes).toContainEqual({ entity: "post", entityId: draft.id, action: "update" });

    const again = (await (await t.request("PATCH", `/blog/posts/${draft.id}`, { cookie, body: { title: "A retitled post" } })).json()) as BlogPost;
    expect(again.publishedAt).toBe(published.publishedAt);

    expect((await t.request("PATCH", "/blog/posts/99999999", { cookie, body: { title: "Whatever title" } })).status).toBe(404);
    expect((await t.request("PATCH", "/blog/posts/abc", { cookie, body: {} })).status).toBe(404);
  });

  it("never shows drafts publicly; an admin sees them with publishedOnly=false", async () => {
    const cat = await createCategory("Draft Zone", "draft-zone");
    const draft = await createPost({ categoryId: cat.id });
    const live = await createPost({ categoryId: String(cat.id), published: true });

    const pub = (await (await t.request("GET", `/blog/posts?categoryId=${cat.id}&publishedOnly=false`)).json()) as BlogListResponse;
    expect(pub.posts.map((p) => p.id)).toEqual([live.id]);
    expect(pub.pagination).toEqual({ total: 1, limit: 6, page: 1, totalPages: 1 });
    expect(pub.posts[0]?.category).toEqual({ id: cat.id, name: "Draft Zone", slug: "draft-zone" });

    const admin = (await (await t.request("GET", `/blog/posts?categoryId=${cat.id}&publishedOnly=false&limit=100`, { cookie })).json()) as BlogListResponse;
    expect(admin.posts.map((p) => p.id).sort()).toEqual([draft.id, live.id].sort());
    const adminDefault = (await (await t.request("GET", `/blog/posts?categoryId=${cat.id}`, { cookie })).json()) as BlogListResponse;
    expect(adminDefault.posts.map((p) => p.id)).toEqual([live.id]);

    expect((await t.request("GET", `/blog/posts/slug/${draft.slug}`)).status).toBe(404);
    const bySlug = await t.request("GET", `/blog/posts/slug/${live.slug}`);
    expect(bySlug.status).toBe(200);
    expect(((await bySlug.json()) as BlogPost).id).toBe(live.id);

    const recent = (await (await t.request("GET", "/blog/posts/recent?limit=20")).json()) as BlogPost[];
    expect(recent.every((p) => p.published)).toBe(true);
    expect(recent.some((p) => p.id === draft.id)).toBe(false);
    const excluded = (await (await t.request("GET", `/blog/posts/recent?exclude=${live.id}&limit=20`)).json()) as BlogPost[];
    expect(excluded.some((p) => p.id === live.id)).toBe(false);

    expect((await t.request("GET", `/blog/posts/${draft.id}`)).status).toBe(401);
    expect((await t.request("GET", `/blog/posts/${draft.id}`, { cookie })).status).toBe(200);
  });

  it("paginates and rejects bad parameters with 400", async () => {
    const res = (await (await t.request("GET", "/blog/posts?limit=2&page=1")).json()) as BlogListResponse;
    expect(res.posts.length).toBeLessThanOrEqual(2);
    expect(res.pagination.totalPages).toBe(Math.ceil(res.pagination.total / 2));
    expect((await t.request("GET", "/blog/posts?limit=101")).status).toBe(400);
    expect((await t.request("GET", "/blog/posts?page=abc")).status).toBe(400);
    expect((await t.request("GET", "/blog/posts?categoryId=x")).status).toBe(400);
  });

  it("deletes a post; unknown ids are 404 with the spec's message", async () => {
    const p = await createPost();
    expect(await (await t.request("DELETE", `/blog/posts/${p.id}`, { cookie })).json()).toEqual({ ok: true });
    const again = await t.request("GET", `/blog/posts/${p.id}`, { cookie });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: MSG.blog.postNotFound });
    expect((await t.request("GET", "/blog/posts/slug/nope-nope")).status).toBe(404);
  });
});

describe("categories", () => {
  it("creates, reads, updates and lists; 409 on a taken slug; spec messages", async () => {
    const cat = await createCategory("Botox Treatments", "botox-treatments");
    expect(t.changes).toContainEqual({ entity: "category", entityId: cat.id, action: "create" });
    const dup = await t.request("POST", "/blog/categories", { cookie, body: { name: "Other", slug: "botox-treatments" } });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ error: MSG.api.categorySlugTaken });

    for (const [body, message] of [
      [{ name: "A", slug: "ab" }, MSG.validation.categoryName],
      [{ name: "Abc", slug: "a" }, MSG.validation.categorySlugMin],
      [{ name: "Abc", slug: "Not OK" }, MSG.validation.slugPattern],
    ] as const) {
      const res = await t.request("POST", "/blog/categories", { cookie, body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(message);
    }

    const patched = await t.request("PATCH", `/blog/categories/${cat.id}`, { cookie, body: { name: "Botox Basics" } });
    expect(await patched.json()).toEqual({ id: cat.id, name: "Botox Basics", slug: "botox-treatments" });
    expect(await (await t.request("GET", `/blog/categories/${cat.id}`)).json()).toEqual({ id: cat.id, name: "Botox Basics", slug: "botox-treatments" });
    const list = (await (await t.request("GET", "/blog/categories")).json()) as BlogCategory[];
    expect(list.some((c) => c.id === cat.id)).toBe(true);

    const missing = await t.request("GET", "/blog/categories/99999999");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: MSG.blog.categoryNotFound });
    expect((await t.request("GET", "/blog/categories/abc")).status).toBe(404);
  });

  it("deleting a category leaves its posts uncategorized", async () => {
    const cat = await createCategory("Going Away", "going-away");
    const p = await createPost({ categoryId: cat.id, published: true });
    expect(await (await t.request("DELETE", `/blog/categories/${cat.id}`, { cookie })).json()).toEqual({ ok: true });
    expect(t.changes).toContainEqual({ entity: "category", entityId: cat.id, action: "delete" });
    const after = (await (await t.request("GET", `/blog/posts/${p.id}`, { cookie })).json()) as BlogPost;
    expect(after.categoryId).toBeNull();
    expect(after.category).toBeNull();
    expect((await t.request("DELETE", `/blog/categories/${cat.id}`, { cookie })).status).toBe(404);
  });
});
