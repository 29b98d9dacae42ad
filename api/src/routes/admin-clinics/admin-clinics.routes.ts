import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  MSG,
  businessStatusSchema,
  clinicInputSchema,
  normalizeWorkingHours,
  parseReviews,
  toClinicSlug,
  toLinkSlug,
  clinicListResponseSchema,
  clinicSchema,
  okResponseSchema,
  type ClinicInput,
  type ClinicListResponse,
} from "@botox/core";
import { deleteClinic, findAdminClinicById, insertClinic, listAdminClinics, updateClinic, type ClinicValues } from "@botox/db";
import { requireSession } from "../../auth/session.ts";
import { writeContent } from "../../lib/content-changes.ts";
import { HttpError, isUniqueViolation } from "../../lib/errors.ts";
import { createRouter, errorResponse, json, jsonBody, jsonRequest, sessionSecurity } from "../../lib/openapi.ts";

/** Path ids: anything but a positive 32-bit integer is simply not found (never a 500). */
function clinicId(raw: string): number {
  const n = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || n < 1 || n > 2_147_483_647) throw new HttpError(404, MSG.admin.clinicNotFound);
  return n;
}

const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  query: z.string().trim().max(200).optional(),
  /** Either case (spec §4); empty means any. */
  businessStatus: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), businessStatusSchema.optional()),
  /** `name` (default, A→Z) or `newest`. */
  sort: z.enum(["name", "newest"]).default("name"),
});

/**
 * Coordinates are kept to 7 decimals (about 1 cm): more is noise, and subnormal values such
 * as 1e-320 would make distance arithmetic underflow (a PostgreSQL error) in every search
 * that reaches the clinic.
 */
const coordinate = (n: number | null) => (n == null ? null : Math.round(n * 1e7) / 1e7 + 0);

/** Form input → row: slug from name + city when empty, reviews parsed, hours normalized. */
function toClinicValues(input: ClinicInput): ClinicValues {
  const citySlug = toLinkSlug(input.city);
  if (!citySlug) throw new HttpError(400, MSG.validation.cityRequired, [{ path: "city", message: MSG.validation.cityRequired }]);
  const slug = input.slug ?? toClinicSlug(input.name, input.city);
  if (!slug) throw new HttpError(400, MSG.validation.nameRequired, [{ path: "name", message: MSG.validation.nameRequired }]);
  const { rating, reviewCount } = parseReviews(input.reviews);
  return {
    name: input.name,
    slug,
    site: input.site,
    phone: input.phone,
    fullAddress: input.fullAddress,
    street: input.street,
    city: input.city,
    citySlug,
    state: input.state,
    postalCode: input.postalCode,
    country: input.country,
    latitude: coordinate(input.latitude),
    longitude: coordinate(input.longitude),
    rating,
    reviewCount,
    photo: input.photo,
    streetView: input.streetView,
    workingHours: normalizeWorkingHours(input.workingHours),
    businessStatus: input.businessStatus,
    locationLink: input.locationLink,
  };
}

function slugConflict(err: unknown): never {
  if (isUniqueViolation(err, "clinics_city_slug_slug_key")) throw new HttpError(409, MSG.api.clinicSlugTaken);
  throw err;
}

const tags = ["admin clinics"];
const unauthorized = errorResponse("No valid session");
const notFound = errorResponse(MSG.admin.clinicNotFound);
const slugTaken = errorResponse(MSG.api.clinicSlugTaken);

const listRoute = createRoute({
  method: "get",
  path: "/clinics",
  summary: "Admin clinic list, sorted by name (or newest with sort=newest)",
  tags,
  security: sessionSecurity,
  middleware: [requireSession] as const,
  request: { query: listQuerySchema },
  responses: { 200: json("Clinics and pagination", clinicListResponseSchema), 400: errorResponse("Invalid filter"), 401: unauthorized },
});
// Hono paths with a pattern: only digits reach these routes (the document shows `{id}`).
const getRoute = createRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}",
  summary: "One clinic (admin edit)",
  tags,
  security: sessionSecurity,
  middleware: [requireSession] as const,
  responses: { 200: json("The clinic", clinicSchema), 401: unauthorized, 404: notFound },
});
const createClinicRoute = createRoute({
  method: "post",
  path: "/clinics",
  summary: "Create a clinic; slug from name + city when empty, unique per city",
  tags,
  security: sessionSecurity,
  middleware: [requireSession, jsonBody] as const,
  request: { body: jsonRequest(clinicInputSchema) },
  responses: { 201: json("Created clinic", clinicSchema), 400: errorResponse("Validation error (spec §5 messages)"), 401: unauthorized, 409: slugTaken },
});
const replaceRoute = createRoute({
  method: "put",
  path: "/clinics/:id{[0-9]+}",
  summary: "Replace a clinic's fields",
  tags,
  security: sessionSecurity,
  middleware: [requireSession, jsonBody] as const,
  request: { body: jsonRequest(clinicInputSchema) },
  responses: { 200: json("Updated clinic", clinicSchema), 400: errorResponse("Validation error"), 401: unauthorized, 404: notFound, 409: slugTaken },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/clinics/:id{[0-9]+}",
  summary: "Delete a clinic",
  tags,
  security: sessionSecurity,
  middleware: [requireSession] as const,
  responses: { 200: json("Deleted", okResponseSchema), 401: unauthorized, 404: notFound },
});

export const adminClinicsRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { clinics, total } = await listAdminClinics(c.get("deps").db, { ...q, query: q.query || undefined });
    const body: ClinicListResponse = {
      clinics,
      pagination: { totalItems: total, itemsPerPage: q.limit, currentPage: q.page, totalPages: Math.ceil(total / q.limit) },
    };
    return c.json(body, 200);
  })
  .openapi(getRoute, async (c) => {
    const clinic = await findAdminClinicById(c.get("deps").db, clinicId(c.req.param("id")));
    if (!clinic) throw new HttpError(404, MSG.admin.clinicNotFound);
    return c.json(clinic, 200);
  })
  .openapi(createClinicRoute, async (c) => {
    const values = toClinicValues(c.req.valid("json"));
    const clinic = await writeContent(
      c.get("deps"),
      (tx) => insertClinic(tx, values),
      (created) => ({ entity: "clinic", entityId: created.id, action: "create" }),
    ).catch(slugConflict);
    return c.json(clinic, 201);
  })
  .openapi(replaceRoute, async (c) => {
    const id = clinicId(c.req.param("id"));
    const values = toClinicValues(c.req.valid("json"));
    const clinic = await writeContent(
      c.get("deps"),
      (tx) => updateClinic(tx, id, values),
      (updated) => (updated ? { entity: "clinic", entityId: id, action: "update" } : null),
    ).catch(slugConflict);
    if (!clinic) throw new HttpError(404, MSG.admin.clinicNotFound);
    return c.json(clinic, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const id = clinicId(c.req.param("id"));
    const deleted = await writeContent(
      c.get("deps"),
      (tx) => deleteClinic(tx, id),
      (ok) => (ok ? { entity: "clinic", entityId: id, action: "delete" } : null),
    );
    if (!deleted) throw new HttpError(404, MSG.admin.clinicNotFound);
    return c.json({ ok: true as const }, 200);
  });
