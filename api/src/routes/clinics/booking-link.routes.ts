/**
 * GET /clinics/{id}/booking-link (decision 299): the clinic's stored booking link and what its
 * checks found, for the team and the clinic's owners. The clinic's public answer has no link
 * once it stopped answering; its owners see here which link it was and since when.
 */
import { MSG, bookingLinkStateSchema } from "@botox/core";
import { bookingLinkStateOf } from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { HttpError } from "../../lib/errors.ts";
import { clinicNotFound, clinicParams } from "../../lib/clinic-id.ts";
import { createRouter, json } from "../../lib/openapi.ts";
import { clinicIdParam } from "../../owners/access.ts";

const stateRoute = adminRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}/booking-link",
  summary: "A clinic's stored booking link, whether visitors see it, when it was last checked and since when it has not answered (team, or the clinic's owner)",
  tags: ["clinics", "owners"],
  owner: clinicIdParam,
  request: { params: clinicParams },
  responses: { 200: json("The link and its checks", bookingLinkStateSchema), 404: clinicNotFound },
});

export const bookingLinkRoutes = createRouter().openapi(stateRoute, async (c) => {
  const state = await bookingLinkStateOf(c.get("deps").db, c.req.valid("param").id);
  if (!state) throw new HttpError(404, MSG.admin.clinicNotFound);
  c.header("Cache-Control", "private, no-store");
  return c.json(state, 200);
});
