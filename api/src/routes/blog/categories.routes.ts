import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { MSG, blogCategorySchema, categoryInputSchema, okResponseSchema } from "@botox/core";
import { deleteCategory, findCategoryById, insertCategory, listCategories, updateCategory } from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { actorOf, writeContent } from "../../lib/content-changes.ts";
import { HttpError, parseOrThrow, readJson } from "../../lib/errors.ts";
import { createRouter, documentedJsonRequest, errorResponse, json, jsonBody, jsonRequest } from "../../lib/openapi.ts";
import { categoryParams, patchObject, slugConflict, tags } from "./blog-shared.ts";

const categoryNotFound = errorResponse(MSG.blog.categoryNotFound);
const slugTaken = errorResponse(MSG.api.categorySlugTaken);

const listRoute = createRoute({
  method: "get",
  path: "/blog/categories",
  summary: "All categories by name (an array)",
  tags,
  responses: { 200: json("Categories", z.array(blogCategorySchema)) },
});
const getRoute = createRoute({
  method: "get",
  path: "/blog/categories/{id}",
  summary: "One category",
  tags,
  request: { params: categoryParams },
  responses: { 200: json("The category", blogCategorySchema), 404: categoryNotFound },
});
const createCategoryRoute = adminRoute({
  method: "post",
  path: "/blog/categories",
  summary: "Create a category",
  tags,
  middleware: [jsonBody],
  request: { body: jsonRequest(categoryInputSchema) },
  responses: { 201: json("Created", blogCategorySchema), 400: errorResponse("Validation error (product.md §5 messages)"), 409: slugTaken },
});
const updateRoute = adminRoute({
  method: "patch",
  path: "/blog/categories/{id}",
  summary: "Update a category",
  tags,
  request: { params: categoryParams, body: documentedJsonRequest(categoryInputSchema.partial()) },
  responses: { 200: json("Updated", blogCategorySchema), 400: errorResponse("Validation error"), 404: categoryNotFound, 409: slugTaken },
});
const deleteRoute = adminRoute({
  method: "delete",
  path: "/blog/categories/{id}",
  summary: "Delete a category; its posts become uncategorized",
  tags,
  request: { params: categoryParams },
  responses: { 200: json("Deleted", okResponseSchema), 404: categoryNotFound },
});

/** Blog categories: public reads, admin writes. */
export const categoriesRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await listCategories(c.get("deps").db), 200))
  .openapi(getRoute, async (c) => {
    const category = await findCategoryById(c.get("deps").db, c.req.valid("param").id);
    if (!category) throw new HttpError(404, MSG.blog.categoryNotFound);
    return c.json(category, 200);
  })
  .openapi(createCategoryRoute, async (c) => {
    const input = c.req.valid("json");
    const category = await writeContent(
      c.get("deps"),
      actorOf(c),
      (tx) => insertCategory(tx, input),
      (created) => ({ entity: "category", entityId: created.id, action: "create" }),
    ).catch(slugConflict);
    return c.json(category, 201);
  })
  .openapi(updateRoute, async (c) => {
    const id = c.req.valid("param").id;
    const patch = patchObject(await readJson(c));
    const deps = c.get("deps");
    const existing = await findCategoryById(deps.db, id);
    if (!existing) throw new HttpError(404, MSG.blog.categoryNotFound);
    const input = parseOrThrow(categoryInputSchema, { name: existing.name, slug: existing.slug, ...patch });
    const category = await writeContent(
      deps,
      actorOf(c),
      (tx) => updateCategory(tx, id, input),
      (updated) => (updated ? { entity: "category", entityId: id, action: "update" } : null),
    ).catch(slugConflict);
    if (!category) throw new HttpError(404, MSG.blog.categoryNotFound);
    return c.json(category, 200);
  })
  /** Its posts stay, uncategorized (categoryId null). */
  .openapi(deleteRoute, async (c) => {
    const id = c.req.valid("param").id;
    const deleted = await writeContent(
      c.get("deps"),
      actorOf(c),
      (tx) => deleteCategory(tx, id),
      (ok) => (ok ? { entity: "category", entityId: id, action: "delete" } : null),
    );
    if (!deleted) throw new HttpError(404, MSG.blog.categoryNotFound);
    return c.json({ ok: true as const }, 200);
  });
