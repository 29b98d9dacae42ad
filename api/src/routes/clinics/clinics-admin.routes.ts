import { z } from "zod";
import {
  MSG,
  businessStatusSchema,
  adminClinicInputSchema,
  totalPages,
  clinicListResponseSchema,
  clinicSchema,
  okResponseSchema,
  type AdminClinicInput,
  type ClinicListResponse,
} from "@botox/core";
import {
  deleteClinic,
  findAdminClinicById,
  findLikelyDuplicateClinics,
  insertClinic,
  listAdminClinics,
  toClinicRow,
  updateClinic,
  type ClinicRow,
} from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { clinicIdParam } from "../../owners/access.ts";
import { actorOf, writeContent } from "../../lib/content-changes.ts";
import { HttpError, slugConflict } from "../../lib/errors.ts";
import { clinicNotFound, clinicParams } from "../../lib/clinic-id.ts";
import { createRouter, errorResponse, json, jsonBody, jsonRequest } from "../../lib/openapi.ts";

const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  query: z.string().trim().max(200).optional(),
  /** Either case (product.md §4); empty means any. */
  businessStatus: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), businessStatusSchema.optional()),
  /** `name` (default, A→Z) or `newest`. */
  sort: z.enum(["name", "newest"]).default("name"),
});

/** Form input → row through the one clinic write path (packages/db toClinicRow). */
function toClinicValues({ workingHoursAsText: _flag, allowDuplicate: _duplicate, ...input }: AdminClinicInput): ClinicRow {
  const mapped = toClinicRow(input);
  if (!mapped.ok) throw new HttpError(400, mapped.issue.message, [mapped.issue]);
  return mapped.row;
}

const tags = ["admin clinics"];
const slugTaken = errorResponse(MSG.api.clinicSlugTaken);

const listRoute = adminRoute({
  method: "get",
  path: "/clinics",
  summary: "Admin clinic list, sorted by name (or newest with sort=newest)",
  tags,
  request: { query: listQuerySchema },
  responses: { 200: json("Clinics and pagination", clinicListResponseSchema), 400: errorResponse("Invalid filter") },
});
// Hono paths with a pattern: only digits reach these routes (the document shows `{id}`).
const getRoute = adminRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}",
  summary: "One clinic (admin edit; also its owners)",
  tags,
  owner: clinicIdParam,
  request: { params: clinicParams },
  responses: { 200: json("The clinic", clinicSchema), 404: clinicNotFound },
});
const createClinicRoute = adminRoute({
  method: "post",
  path: "/clinics",
  summary: "Create a clinic; slug from name + city when empty, unique per city",
  tags,
  middleware: [jsonBody],
  request: { body: jsonRequest(adminClinicInputSchema) },
  responses: {
    201: json("Created clinic", clinicSchema),
    400: errorResponse("Validation error (product.md §5 messages); unreadable working hours without workingHoursAsText"),
    409: errorResponse(`${MSG.api.clinicSlugTaken} Or, without allowDuplicate: ${MSG.api.likelyDuplicateClinic("{name} ({city})")}`),
  },
});
const replaceRoute = adminRoute({
  method: "put",
  path: "/clinics/:id{[0-9]+}",
  summary: "Replace a clinic's fields",
  tags,
  middleware: [jsonBody],
  request: { params: clinicParams, body: jsonRequest(adminClinicInputSchema) },
  responses: {
    200: json("Updated clinic", clinicSchema),
    400: errorResponse("Validation error; unreadable working hours without workingHoursAsText"),
    404: clinicNotFound,
    409: slugTaken,
  },
});
const deleteRoute = adminRoute({
  method: "delete",
  path: "/clinics/:id{[0-9]+}",
  summary: "Delete a clinic",
  tags,
  request: { params: clinicParams },
  responses: { 200: json("Deleted", okResponseSchema), 404: clinicNotFound },
});

export const clinicsAdminRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { clinics, total } = await listAdminClinics(c.get("deps").db, { ...q, query: q.query || undefined });
    const body: ClinicListResponse = {
      clinics,
      pagination: { totalItems: total, itemsPerPage: q.limit, currentPage: q.page, totalPages: totalPages(total, q.limit) },
    };
    return c.json(body, 200);
  })
  .openapi(getRoute, async (c) => {
    const clinic = await findAdminClinicById(c.get("deps").db, c.req.valid("param").id);
    if (!clinic) throw new HttpError(404, MSG.admin.clinicNotFound);
    return c.json(clinic, 200);
  })
  .openapi(createClinicRoute, async (c) => {
    const input = c.req.valid("json");
    const values = toClinicValues(input);
    if (input.allowDuplicate !== true) {
      const likely = await findLikelyDuplicateClinics(c.get("deps").db, values);
      if (likely.length) {
        const named = likely.map((d) => `${d.name} (${d.city})`).join(", ");
        throw new HttpError(409, MSG.api.likelyDuplicateClinic(named), [{ path: "duplicate", message: named }]);
      }
    }
    const clinic = await writeContent(
      c.get("deps"),
      actorOf(c),
      (tx) => insertClinic(tx, values),
      (created) => ({ entity: "clinic", entityId: created.id, action: "create" }),
      (_tx, created) => (created ? [created.id] : []),
    ).catch(slugConflict);
    return c.json(clinic, 201);
  })
  .openapi(replaceRoute, async (c) => {
    const id = c.req.valid("param").id;
    const values = toClinicValues(c.req.valid("json"));
    const clinic = await writeContent(
      c.get("deps"),
      actorOf(c),
      (tx) => updateClinic(tx, id, values),
      (updated) => (updated ? { entity: "clinic", entityId: id, action: "update" } : null),
      () => [id],
    ).catch(slugConflict);
    if (!clinic) throw new HttpError(404, MSG.admin.clinicNotFound);
    return c.json(clinic, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const id = c.req.valid("param").id;
    const deleted = await writeContent(
      c.get("deps"),
      actorOf(c),
      (tx) => deleteClinic(tx, id),
      (ok) => (ok ? { entity: "clinic", entityId: id, action: "delete" } : null),
      () => [id],
    );
    if (!deleted) throw new HttpError(404, MSG.admin.clinicNotFound);
    return c.json({ ok: true as const }, 200);
  });
