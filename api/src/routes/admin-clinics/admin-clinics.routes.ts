import { Hono } from "hono";
import { z } from "zod";
import { MSG, businessStatusSchema, clinicInputSchema, totalPages, type ClinicInput, type ClinicListResponse } from "@botox/core";
import { deleteClinic, findAdminClinicById, insertClinic, listAdminClinics, toClinicRow, updateClinic, type ClinicRow } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { requireSession } from "../../auth/session.ts";
import { writeContent } from "../../lib/content-changes.ts";
import { HttpError, parseOrThrow, readJson, slugConflict } from "../../lib/errors.ts";
import { idParam } from "../../lib/ids.ts";
import { documentRoute } from "../../lib/openapi.ts";

const clinicId = (raw: string) => idParam(raw, MSG.admin.clinicNotFound);

const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  query: z.string().trim().max(200).optional(),
  /** Either case (spec §4); empty means any. */
  businessStatus: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), businessStatusSchema.optional()),
  /** `name` (default, A→Z) or `newest`. */
  sort: z.enum(["name", "newest"]).default("name"),
});

/** Form input → row through the one clinic write path (packages/db toClinicRow). */
function toClinicValues(input: ClinicInput): ClinicRow {
  const mapped = toClinicRow(input);
  if (!mapped.ok) throw new HttpError(400, mapped.issue.message, [mapped.issue]);
  return mapped.row;
}

export const adminClinicsRoutes = new Hono<AppEnv>();

adminClinicsRoutes.get("/clinics", requireSession, async (c) => {
  const q = parseOrThrow(listQuerySchema, c.req.query());
  const { clinics, total } = await listAdminClinics(c.get("deps").db, { ...q, query: q.query || undefined });
  const body: ClinicListResponse = {
    clinics,
    pagination: { totalItems: total, itemsPerPage: q.limit, currentPage: q.page, totalPages: totalPages(total, q.limit) },
  };
  return c.json(body);
});

adminClinicsRoutes.get("/clinics/:id{[0-9]+}", requireSession, async (c) => {
  const clinic = await findAdminClinicById(c.get("deps").db, clinicId(c.req.param("id")));
  if (!clinic) throw new HttpError(404, MSG.admin.clinicNotFound);
  return c.json(clinic);
});

adminClinicsRoutes.post("/clinics", requireSession, async (c) => {
  const values = toClinicValues(parseOrThrow(clinicInputSchema, await readJson(c)));
  const clinic = await writeContent(
    c.get("deps"),
    (tx) => insertClinic(tx, values),
    (created) => ({ entity: "clinic", entityId: created.id, action: "create" }),
  ).catch(slugConflict);
  return c.json(clinic, 201);
});

adminClinicsRoutes.put("/clinics/:id{[0-9]+}", requireSession, async (c) => {
  const id = clinicId(c.req.param("id"));
  const values = toClinicValues(parseOrThrow(clinicInputSchema, await readJson(c)));
  const clinic = await writeContent(
    c.get("deps"),
    (tx) => updateClinic(tx, id, values),
    (updated) => (updated ? { entity: "clinic", entityId: id, action: "update" } : null),
  ).catch(slugConflict);
  if (!clinic) throw new HttpError(404, MSG.admin.clinicNotFound);
  return c.json(clinic);
});

adminClinicsRoutes.delete("/clinics/:id{[0-9]+}", requireSession, async (c) => {
  const id = clinicId(c.req.param("id"));
  const deleted = await writeContent(
    c.get("deps"),
    (tx) => deleteClinic(tx, id),
    (ok) => (ok ? { entity: "clinic", entityId: id, action: "delete" } : null),
  );
  if (!deleted) throw new HttpError(404, MSG.admin.clinicNotFound);
  return c.json({ ok: true as const });
});

const clinicDoc = z.looseObject({ id: z.number(), name: z.string(), slug: z.string(), city: z.string(), citySlug: z.string(), state: z.string() });
const unauthorized = { description: "No valid session" };
const notFoundDoc = { description: MSG.admin.clinicNotFound };
documentRoute({
  method: "get",
  path: "/clinics",
  summary: "Admin clinic list, sorted by name (or newest with sort=newest)",
  tags: ["admin clinics"],
  auth: true,
  query: listQuerySchema,
  responses: {
    200: { description: "Clinics and pagination", schema: z.object({ clinics: z.array(clinicDoc), pagination: z.object({ totalItems: z.number(), itemsPerPage: z.number(), currentPage: z.number(), totalPages: z.number() }) }) },
    400: { description: "Invalid filter" },
    401: unauthorized,
  },
});
documentRoute({ method: "get", path: "/clinics/{id}", summary: "One clinic (admin edit)", tags: ["admin clinics"], auth: true, responses: { 200: { description: "The clinic", schema: clinicDoc }, 401: unauthorized, 404: notFoundDoc } });
documentRoute({
  method: "post",
  path: "/clinics",
  summary: "Create a clinic; slug from name + city when empty, unique per city",
  tags: ["admin clinics"],
  auth: true,
  body: clinicInputSchema,
  responses: { 201: { description: "Created clinic", schema: clinicDoc }, 400: { description: "Validation error (spec §5 messages)" }, 401: unauthorized, 409: { description: MSG.api.clinicSlugTaken } },
});
documentRoute({
  method: "put",
  path: "/clinics/{id}",
  summary: "Replace a clinic's fields",
  tags: ["admin clinics"],
  auth: true,
  body: clinicInputSchema,
  responses: { 200: { description: "Updated clinic", schema: clinicDoc }, 400: { description: "Validation error" }, 401: unauthorized, 404: notFoundDoc, 409: { description: MSG.api.clinicSlugTaken } },
});
documentRoute({ method: "delete", path: "/clinics/{id}", summary: "Delete a clinic", tags: ["admin clinics"], auth: true, responses: { 200: { description: "Deleted", schema: z.object({ ok: z.literal(true) }) }, 401: unauthorized, 404: notFoundDoc } });
