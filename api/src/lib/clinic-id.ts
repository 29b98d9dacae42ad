/**
 * The clinic's `{id}` of the team's routes under /clinics/{id} (which its owners may use too,
 * `owner: clinicIdParam`): declared once with the 404 that an id naming no clinic answers, so
 * every such route validates and documents it alike.
 */
import { MSG } from "@botox/core";
import { idParams } from "./ids.ts";
import { errorResponse } from "./openapi.ts";

export const clinicParams = idParams(MSG.admin.clinicNotFound);

/** The documented answer for an id that names no clinic (or one that went away meanwhile). */
export const clinicNotFound = errorResponse(MSG.admin.clinicNotFound);
