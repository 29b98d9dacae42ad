/**
 * GET /clinics/{id}/audit (decision 278): a clinic's audit log, newest first, a page at a time,
 * for the team and for the clinic's own owners (`owner: clinicIdParam`, decision 267).
 */
import { MSG, clinicAuditListSchema, clinicAuditQuerySchema } from "@botox/core";
import { clinicExists, listClinicAudit } from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { HttpError } from "../../lib/errors.ts";
import { clinicNotFound, clinicParams } from "../../lib/clinic-id.ts";
import { commonErrors, createRouter, json } from "../../lib/openapi.ts";
import { clinicIdParam } from "../../owners/access.ts";

const auditRoute = adminRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}/audit",
  summary:
    "A clinic's audit log (team, or its owner), newest first: who (a team member or an owner) changed which fields of the clinic, its prices, deals, staff or claims, when, with the values before and after; an applied suggested edit names it",
  tags: ["clinics", "owners"],
  owner: clinicIdParam,
  request: { params: clinicParams, query: clinicAuditQuerySchema },
  responses: {
    200: json("A page of the log", clinicAuditListSchema),
    404: clinicNotFound,
    ...commonErrors,
  },
});

export const clinicAuditRoutes = createRouter().openapi(auditRoute, async (c) => {
  const id = c.req.valid("param").id;
  const { page, limit } = c.req.valid("query");
  const { db } = c.get("deps");
  if (!(await clinicExists(db, id))) throw new HttpError(404, MSG.admin.clinicNotFound);
  const log = await listClinicAudit(db, id, { page, limit });
  c.header("Cache-Control", "private, no-store");
  return c.json({ ...log, page, limit }, 200);
});
