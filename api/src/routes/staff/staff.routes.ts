/**
 * Who injects here: a clinic's staff (public) and the admin's staff edits (the
 * NPI Registry lookup is npi.routes.ts). Staff writes go through writeContent (a content_changes row:
 * the site is rebuilt, the read cache cleared).
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  MSG,
  STAFF_MSG,
  isoDay,
  okResponseSchema,
  staffCreatedSchema,
  staffInputSchema,
  staffListSchema,
  staffPatchSchema,
  staffVerification,
  type ClinicStaffMember,
  type ListedStaffMember,
} from "@botox/core";
import { clinicExists, deleteStaff, findStaff, insertStaff, listClinicStaff, updateStaff, type StaffValues } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { adminRoute } from "../../auth/admin-route.ts";
import { writeContent } from "../../lib/content-changes.ts";
import { HttpError, clinicGone } from "../../lib/errors.ts";
import { definedFields } from "../../lib/patch.ts";
import { idParam } from "../../lib/ids.ts";
import { commonErrors, createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { cachedJson } from "../../lib/cached-json.ts";

/** The day the 365-day rule and the "not in the future" check apply on: the injected clock's (UTC). */
const today = (c: Context<AppEnv>) => isoDay(c.get("deps").now?.() ?? new Date());

const listed = (s: ClinicStaffMember, day: string): ListedStaffMember => ({ ...s, verification: staffVerification(s, day) });

/**
 * The checks that need today or the whole row: a check dated in the future is refused, and a
 * licence marked checked needs the page it was checked on.
 */
function checkVerification(v: StaffValues, day: string): void {
  if (v.verifiedOn != null && v.verifiedOn > day) {
    throw new HttpError(400, STAFF_MSG.verifiedOnFuture, [{ path: "verifiedOn", message: STAFF_MSG.verifiedOnFuture }]);
  }
  if (v.verifiedOn != null && v.sourceUrl == null) {
    throw new HttpError(400, STAFF_MSG.verifiedNeedsSource, [{ path: "sourceUrl", message: STAFF_MSG.verifiedNeedsSource }]);
  }
}

// ---- Public read ----

const listRoute = createRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}/staff",
  summary:
    "Who injects here: a clinic's medical directors and injectors, each with credential, licence, the page it was checked against and when. verification: current (checked within 365 days, active), stale (may be out of date) or none",
  tags: ["staff"],
  responses: { 200: json("Staff", staffListSchema), 404: errorResponse(MSG.clinic.notFoundTitle), ...commonErrors },
});

export const staffRoutes = createRouter();

staffRoutes.openapi(listRoute, (c) => {
  const clinicId = idParam(c.req.param("id"), MSG.clinic.notFoundTitle);
  return cachedJson(c, async () => {
    const { db } = c.get("deps");
    if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.clinic.notFoundTitle);
    const day = today(c);
    // The public list never names the admin who checked (a user name is half a login).
    return { staff: (await listClinicStaff(db, clinicId)).map((s) => listed({ ...s, verifiedBy: null }, day)) };
  });
});

// ---- Admin edits ----

const createStaffRoute = adminRoute({
  method: "post",
  path: "/clinics/:id{[0-9]+}/staff",
  summary: "Add a staff member to a clinic (admin). verifiedOn (not in the future) needs sourceUrl, the https page the licence was checked on",
  tags: ["staff", "admin"],
  middleware: [jsonBody],
  request: { body: jsonRequest(staffInputSchema) },
  responses: { 201: json("Created staff member", staffCreatedSchema), 404: errorResponse(MSG.admin.clinicNotFound), ...writeErrors },
});

staffRoutes.openapi(createStaffRoute, async (c) => {
  const clinicId = idParam(c.req.param("id"), MSG.admin.clinicNotFound);
  const input = c.req.valid("json");
  const deps = c.get("deps");
  const day = today(c);
  const values: StaffValues = { ...input, verifiedBy: input.verifiedOn != null ? (c.get("user")?.username ?? null) : null, source: "admin" };
  checkVerification(values, day);
  if (!(await clinicExists(deps.db, clinicId))) throw new HttpError(404, MSG.admin.clinicNotFound);
  const created = await writeContent(
    deps,
    (tx) => insertStaff(tx, clinicId, values),
    (s) => ({ entity: "staff", entityId: s.id, action: "create" }),
  ).catch(clinicGone(MSG.admin.clinicNotFound));
  return c.json({ staff: listed(created, day) }, 201);
});

const updateStaffRoute = adminRoute({
  method: "patch",
  path: "/staff/:id{[0-9]+}",
  summary: "Change some fields of a staff member (admin); e.g. { verifiedOn: today, sourceUrl } after checking the licence again",
  tags: ["staff", "admin"],
  middleware: [jsonBody],
  request: { body: jsonRequest(staffPatchSchema) },
  responses: { 200: json("Updated staff member", staffCreatedSchema), 404: errorResponse(STAFF_MSG.notFound), ...writeErrors },
});

staffRoutes.openapi(updateStaffRoute, async (c) => {
  const id = idParam(c.req.param("id"), STAFF_MSG.notFound);
  const patch = c.req.valid("json");
  const deps = c.get("deps");
  const day = today(c);
  const existing = await findStaff(deps.db, id);
  if (!existing) throw new HttpError(404, STAFF_MSG.notFound);
  const rechecked = patch.verifiedOn !== undefined && patch.verifiedOn !== existing.verifiedOn;
  const merged: StaffValues = {
    ...existing,
    ...definedFields(patch),
    // Whoever dates a check is who checked; an admin's edit makes a demo or imported row theirs.
    verifiedBy: rechecked ? (patch.verifiedOn == null ? null : (c.get("user")?.username ?? null)) : existing.verifiedBy,
    source: "admin",
  };
  checkVerification(merged, day);
  const updated = await writeContent(
    deps,
    (tx) => updateStaff(tx, id, merged),
    (s) => (s ? { entity: "staff", entityId: id, action: "update" } : null),
  );
  if (!updated) throw new HttpError(404, STAFF_MSG.notFound);
  return c.json({ staff: listed(updated, day) }, 200);
});

const deleteStaffRoute = adminRoute({
  method: "delete",
  path: "/staff/:id{[0-9]+}",
  summary: "Delete a staff member (admin)",
  tags: ["staff", "admin"],
  responses: { 200: json("Deleted", okResponseSchema), 404: errorResponse(STAFF_MSG.notFound) },
});

staffRoutes.openapi(deleteStaffRoute, async (c) => {
  const id = idParam(c.req.param("id"), STAFF_MSG.notFound);
  const deleted = await writeContent(
    c.get("deps"),
    (tx) => deleteStaff(tx, id),
    (ok) => (ok ? { entity: "staff", entityId: id, action: "delete" } : null),
  );
  if (!deleted) throw new HttpError(404, STAFF_MSG.notFound);
  return c.json({ ok: true as const }, 200);
});
