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
  registryMismatches,
  staffCreatedSchema,
  staffInputSchema,
  staffListSchema,
  staffPatchSchema,
  staffVerification,
  type ClinicStaffMember,
  type ListedStaffMember,
  type NpiLookup,
  type RegistryCheck,
} from "@botox/core";
import { clinicExists, deleteStaff, findStaff, insertStaff, listClinicStaff, updateStaff, type StaffValues } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { adminRoute } from "../../auth/admin-route.ts";
import { actorOf, writeContent } from "../../lib/content-changes.ts";
import { HttpError, clinicGone } from "../../lib/errors.ts";
import { definedFields } from "../../lib/patch.ts";
import { clinicNotFound, clinicParams } from "../../lib/clinic-id.ts";
import { idParams } from "../../lib/ids.ts";
import { commonErrors, createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { cachedJson } from "../../lib/cached-json.ts";
import { clinicIdParam, clinicOfRow } from "../../owners/access.ts";
import { lookupNpi } from "./npi-registry.ts";

/** The day the 365-day rule and the "not in the future" check apply on: the injected clock's (UTC). */
const today = (c: Context<AppEnv>) => isoDay(c.get("deps").now?.() ?? new Date());

const listed = (s: ClinicStaffMember, day: string): ListedStaffMember => ({ ...s, verification: staffVerification(s, day) });

/**
 * The checks that need today or the whole row: a check dated in the future is refused, and a
 * licence marked checked needs the page it was checked on.
 */
function checkVerification(v: Pick<StaffValues, "verifiedOn" | "sourceUrl">, day: string): void {
  if (v.verifiedOn != null && v.verifiedOn > day) {
    throw new HttpError(400, STAFF_MSG.verifiedOnFuture, [{ path: "verifiedOn", message: STAFF_MSG.verifiedOnFuture }]);
  }
  if (v.verifiedOn != null && v.sourceUrl == null) {
    throw new HttpError(400, STAFF_MSG.verifiedNeedsSource, [{ path: "sourceUrl", message: STAFF_MSG.verifiedNeedsSource }]);
  }
}

const CHECK_MSG = {
  noNpi: "No NPI given: the server can only check a licence against the NPI Registry by its NPI.",
  unreachable: (detail: string) => `The NPI Registry could not be asked (${detail}); saved as entered, not checked. Save again later to check it.`,
} as const;

/**
 * The server's own check of a row about to be saved (decision 236): it looks the NPI up in the
 * NPI Registry (the admin's lookup client and its day cache) and the row counts as checked
 * only when the name, credential, licence number and state match the registry's answer. A row
 * that does not is saved as entered by the clinic/team, not checked: no check date, and the
 * source URL the admin gave kept as the clinic's own pointer. `kept`: the stored row's check,
 * kept when the registry cannot be asked and nothing it compared has changed.
 */
async function checkAgainstRegistry(
  c: Context<AppEnv>,
  v: StaffValues,
  day: string,
  kept?: ClinicStaffMember,
): Promise<{ values: StaffValues; check: RegistryCheck }> {
  const unchecked = (reasons: string[]) => ({ values: { ...v, verifiedVia: null, verifiedOn: null, verifiedBy: null }, check: { checked: false, reasons } });
  if (v.npi == null) return unchecked([CHECK_MSG.noNpi]);
  let record: NpiLookup;
  try {
    record = await lookupNpi(c.get("deps"), v.npi);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    if (err.status === 404) return unchecked([STAFF_MSG.npiNotFound]);
    const same =
      kept?.verifiedVia != null &&
      kept.npi === v.npi &&
      kept.name === v.name &&
      kept.credential === v.credential &&
      kept.licenseState === (v.licenseState ?? null) &&
      kept.licenseNumber === (v.licenseNumber ?? null);
    if (same)
      return {
        values: { ...v, verifiedVia: kept.verifiedVia, verifiedOn: kept.verifiedOn, verifiedBy: kept.verifiedBy },
        check: { checked: true, reasons: [] },
      };
    return unchecked([CHECK_MSG.unreachable(err.message)]);
  }
  const reasons = registryMismatches(
    { name: v.name, credential: v.credential, licenseState: v.licenseState ?? null, licenseNumber: v.licenseNumber ?? null },
    record,
  );
  if (reasons.length > 0) return unchecked(reasons);
  return {
    values: {
      ...v,
      verifiedVia: "npi_registry",
      verifiedOn: day,
      verifiedBy: c.get("user")?.username ?? null,
      sourceUrl: record.sourceUrl,
      // The registry's status, unless the admin knows the licence to be inactive.
      licenseStatus: v.licenseStatus === "inactive" ? "inactive" : record.status,
    },
    check: { checked: true, reasons: [] },
  };
}

// ---- Public read ----

const listRoute = createRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}/staff",
  summary:
    "Who injects here: a clinic's medical directors and injectors, each with credential, licence, the page it was checked against and when. verification: current (checked within 365 days, active), stale (may be out of date) or none",
  tags: ["staff"],
  request: { params: idParams(MSG.clinic.notFoundTitle) },
  responses: { 200: json("Staff", staffListSchema), 404: errorResponse(MSG.clinic.notFoundTitle), ...commonErrors },
});

export const staffRoutes = createRouter();

staffRoutes.openapi(listRoute, (c) => {
  const clinicId = c.req.valid("param").id;
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
  summary:
    "Add a staff member to a clinic (admin, or the clinic's owner). The server looks the NPI up in the NPI Registry: the row is saved as checked (verifiedVia npi_registry, verifiedOn today) only when the name, credential, licence number and state match its answer, else as entered, not checked (registryCheck.reasons says why)",
  tags: ["staff", "admin"],
  owner: clinicIdParam,
  middleware: [jsonBody],
  request: { params: clinicParams, body: jsonRequest(staffInputSchema) },
  responses: { 201: json("Created staff member", staffCreatedSchema), 404: clinicNotFound, ...writeErrors },
});

staffRoutes.openapi(createStaffRoute, async (c) => {
  const clinicId = c.req.valid("param").id;
  const input = c.req.valid("json");
  const deps = c.get("deps");
  const day = today(c);
  checkVerification(input, day);
  if (!(await clinicExists(deps.db, clinicId))) throw new HttpError(404, MSG.admin.clinicNotFound);
  const { values, check } = await checkAgainstRegistry(c, { ...input, source: "admin" }, day);
  const created = await writeContent(
    deps,
    actorOf(c),
    (tx) => insertStaff(tx, clinicId, values),
    (s) => ({ entity: "staff", entityId: s.id, action: "create" }),
  ).catch(clinicGone(MSG.admin.clinicNotFound));
  return c.json({ staff: listed(created, day), registryCheck: check }, 201);
});

const staffParams = idParams(STAFF_MSG.notFound);

const updateStaffRoute = adminRoute({
  method: "patch",
  path: "/staff/:id{[0-9]+}",
  summary: "Change some fields of a staff member (admin, or the clinic's owner); the saved row is checked against the NPI Registry again, as on POST",
  tags: ["staff", "admin"],
  owner: clinicOfRow("clinic_staff"),
  middleware: [jsonBody],
  request: { params: staffParams, body: jsonRequest(staffPatchSchema) },
  responses: { 200: json("Updated staff member", staffCreatedSchema), 404: errorResponse(STAFF_MSG.notFound), ...writeErrors },
});

staffRoutes.openapi(updateStaffRoute, async (c) => {
  const id = c.req.valid("param").id;
  const patch = c.req.valid("json");
  const deps = c.get("deps");
  const day = today(c);
  const existing = await findStaff(deps.db, id);
  if (!existing) throw new HttpError(404, STAFF_MSG.notFound);
  // An admin's edit makes a demo or imported row theirs; every save is checked again.
  const merged: StaffValues = { ...existing, ...definedFields(patch), source: "admin" };
  checkVerification(merged, day);
  const { values, check } = await checkAgainstRegistry(c, merged, day, existing);
  const updated = await writeContent(
    deps,
    actorOf(c),
    (tx) => updateStaff(tx, id, values),
    (s) => (s ? { entity: "staff", entityId: id, action: "update" } : null),
  );
  if (!updated) throw new HttpError(404, STAFF_MSG.notFound);
  return c.json({ staff: listed(updated, day), registryCheck: check }, 200);
});

const deleteStaffRoute = adminRoute({
  method: "delete",
  path: "/staff/:id{[0-9]+}",
  summary: "Delete a staff member (admin, or the clinic's owner)",
  tags: ["staff", "admin"],
  owner: clinicOfRow("clinic_staff"),
  request: { params: staffParams },
  responses: { 200: json("Deleted", okResponseSchema), 404: errorResponse(STAFF_MSG.notFound) },
});

staffRoutes.openapi(deleteStaffRoute, async (c) => {
  const id = c.req.valid("param").id;
  const deleted = await writeContent(
    c.get("deps"),
    actorOf(c),
    (tx) => deleteStaff(tx, id),
    (ok) => (ok ? { entity: "staff", entityId: id, action: "delete" } : null),
  );
  if (!deleted) throw new HttpError(404, STAFF_MSG.notFound);
  return c.json({ ok: true as const }, 200);
});
