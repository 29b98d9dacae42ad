import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  MSG,
  clinicOwnersResponseSchema,
  ownerClinicsResponseSchema,
  ownerInviteCreatedSchema,
  ownerInviteInputSchema,
  ownerRemovedSchema,
  ownerSignInLinkResponseSchema,
  ownerSecondFactorNeededSchema,
  ownerSignInLinkSchema,
  ownerSignInResponseSchema,
  ownerSignInSchema,
  type OwnerClinic,
} from "@botox/core";
import type { Context } from "hono";
import { adminRoute, ownerRoute } from "../../auth/admin-route.ts";
import type { AppEnv } from "../../context.ts";
import type { AuditActor } from "@botox/db";
import { actorOf, notifyContentChange } from "../../lib/content-changes.ts";
import { HttpError } from "../../lib/errors.ts";
import { idParams, pathId } from "../../lib/ids.ts";
import { commonErrors, createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { mailContext, nudgeMail } from "../../mail/service.ts";
import { clinicIdParam } from "../../owners/access.ts";
import { ClaimProblem } from "../../owners/claims.ts";
import { INVITE_ERRORS, acceptInvite, inviteOwner, listClinicOwners, removeOwner } from "../../owners/co-owners.ts";
import { SIGN_IN_LINK_ERRORS, consumeSignInLink, requestSignInLink } from "../../owners/sign-in.ts";
import { finishOwnerSignIn } from "./owner-security.routes.ts";

/** The signed-in person a write is recorded as (the routes below are signed-in only). */
function signedInActor(c: Context<AppEnv>): AuditActor {
  const actor = actorOf(c);
  if (!actor) throw new HttpError(401, MSG.api.unauthorized);
  return actor;
}

const signInLinkRoute = createRoute({
  method: "post",
  path: "/owner/sign-in-link",
  summary: "Mail a clinic owner a one-time sign-in link (15 minutes, single use); the answer is 202 whether or not the address is an owner's",
  tags: ["owners"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 5, keyPrefix: "owner-link" }), jsonBody] as const,
  request: { body: jsonRequest(ownerSignInLinkSchema) },
  responses: { 202: json("Accepted", ownerSignInLinkResponseSchema), ...writeErrors },
});

const signInRoute = createRoute({
  method: "post",
  path: "/owner/sign-in",
  summary: "Sign in with the token of a mailed link; sets the `session` cookie with the role owner (202 when a second factor follows)",
  tags: ["owners"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 30, keyPrefix: "owner-sign-in" }), jsonBody] as const,
  request: { body: jsonRequest(ownerSignInSchema) },
  responses: {
    200: json("Signed in", ownerSignInResponseSchema),
    202: json("The link was right; the second factor is awaited (POST /owner/sign-in/second-factor)", ownerSecondFactorNeededSchema),
    404: errorResponse(SIGN_IN_LINK_ERRORS.invalid.error),
    409: errorResponse(SIGN_IN_LINK_ERRORS.used.error),
    410: errorResponse(SIGN_IN_LINK_ERRORS.expired.error),
    ...writeErrors,
  },
});

const clinicsRoute = ownerRoute({
  method: "get",
  path: "/owner/clinics",
  summary: "The signed-in owner's clinics (owners only)",
  tags: ["owners"],
  responses: { 200: json("The owner's clinics", ownerClinicsResponseSchema), ...commonErrors },
});

const ownersRoute = ownerRoute({
  method: "get",
  path: "/owner/clinics/:id{[0-9]+}/owners",
  summary: "The clinic's owners, its open invitations, and the claims its owners may object to (owners of the clinic only)",
  tags: ["owners"],
  clinic: clinicIdParam,
  request: { params: idParams(MSG.api.notFound) },
  responses: { 200: json("Owners", clinicOwnersResponseSchema), 404: errorResponse(MSG.api.notFound), ...commonErrors },
});

const inviteRoute = ownerRoute({
  method: "post",
  path: "/owner/clinics/:id{[0-9]+}/invites",
  summary: "Invite a co-owner: mails a single-use link valid 7 days (10 invitations per owner a day)",
  tags: ["owners"],
  clinic: clinicIdParam,
  middleware: [jsonBody] as const,
  request: { params: idParams(MSG.api.notFound), body: jsonRequest(ownerInviteInputSchema) },
  responses: {
    201: json("Invitation sent", ownerInviteCreatedSchema),
    404: errorResponse(MSG.api.notFound),
    409: errorResponse(MSG.coOwners.alreadyOwner),
    ...writeErrors,
    429: errorResponse(MSG.coOwners.tooManyInvites),
  },
});

/** A co-owner in the path: the clinic first (not found), then the owner (not one of its owners). */
const ownerParams = z.object({ id: pathId(MSG.api.notFound), ownerId: pathId(MSG.coOwners.notAnOwner) });

const removeRoute = ownerRoute({
  method: "delete",
  path: "/owner/clinics/:id{[0-9]+}/owners/:ownerId{[0-9]+}",
  summary: "Remove a co-owner, or leave the listing yourself; the last owner cannot (409: invite a successor or ask the team)",
  tags: ["owners"],
  clinic: clinicIdParam,
  request: { params: ownerParams },
  responses: {
    200: json("Removed", ownerRemovedSchema),
    404: errorResponse(MSG.coOwners.notAnOwner),
    409: errorResponse(MSG.coOwners.lastOwner),
    ...commonErrors,
  },
});

const teamRemoveRoute = adminRoute({
  method: "delete",
  path: "/clinics/:id{[0-9]+}/owners/:ownerId{[0-9]+}",
  summary: "The team removes an owner from a clinic, the last one included",
  tags: ["owners"],
  request: { params: ownerParams },
  responses: { 200: json("Removed", ownerRemovedSchema), 404: errorResponse(MSG.coOwners.notAnOwner), ...commonErrors },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/owner/invites/accept",
  summary: "Accept an emailed invitation to co-own a listing: the address becomes an owner of the clinic and is signed in",
  tags: ["owners"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 30, keyPrefix: "owner-invite" }), jsonBody] as const,
  request: { body: jsonRequest(ownerSignInSchema) },
  responses: {
    200: json("Signed in as an owner of the clinic", ownerSignInResponseSchema),
    202: json("An owner already: the second factor is awaited (POST /owner/sign-in/second-factor)", ownerSecondFactorNeededSchema),
    404: errorResponse(INVITE_ERRORS.invalid.error),
    409: errorResponse(INVITE_ERRORS.used.error),
    410: errorResponse(INVITE_ERRORS.expired.error),
    ...writeErrors,
  },
});

const refuse = (err: unknown): never => {
  if (err instanceof ClaimProblem) throw new HttpError(err.status, err.message);
  throw err;
};

/** An owner left a clinic with none: its page no longer says it is managed by the clinic. */
function ownersChanged(c: Context<AppEnv>, clinicId: number, remaining: number): void {
  if (remaining > 0) return;
  const deps = c.get("deps");
  deps.readCache?.clear();
  notifyContentChange(deps, { entity: "clinic", entityId: clinicId, action: "update" });
}

export const ownerRoutes = createRouter()
  .openapi(signInLinkRoute, async (c) => {
    const { email } = c.req.valid("json");
    const deps = c.get("deps");
    if (await requestSignInLink(mailContext(deps), email)) nudgeMail(deps);
    return c.json({ message: MSG.owner.signInLinkSent }, 202);
  })
  .openapi(signInRoute, async (c) => {
    const deps = c.get("deps");
    const result = await consumeSignInLink(mailContext(deps), c.req.valid("json").token);
    if (!result.ok) {
      const { status, error } = SIGN_IN_LINK_ERRORS[result.problem];
      throw new HttpError(status, error);
    }
    return finishOwnerSignIn(c, result.owner);
  })
  .openapi(acceptRoute, async (c) => {
    const result = await acceptInvite(c.get("deps").sql, c.req.valid("json").token);
    if (!result.ok) {
      const { status, error } = INVITE_ERRORS[result.problem];
      throw new HttpError(status, error);
    }
    return finishOwnerSignIn(c, result.owner);
  })
  .openapi(ownersRoute, async (c) => {
    const clinicId = c.req.valid("param").id;
    return c.json(await listClinicOwners(c.get("deps").sql, clinicId, c.get("user")?.id ?? 0), 200);
  })
  .openapi(inviteRoute, async (c) => {
    const clinicId = c.req.valid("param").id;
    const deps = c.get("deps");
    const user = c.get("user");
    if (!user) throw new HttpError(401, MSG.api.unauthorized);
    const invite = await inviteOwner(mailContext(deps), clinicId, { id: user.id, email: user.username }, c.req.valid("json").email).catch(refuse);
    nudgeMail(deps);
    return c.json({ invite }, 201);
  })
  .openapi(removeRoute, async (c) => {
    const { id: clinicId, ownerId } = c.req.valid("param");
    const { remaining } = await removeOwner(c.get("deps").sql, clinicId, ownerId, signedInActor(c)).catch(refuse);
    ownersChanged(c, clinicId, remaining);
    return c.json({ removed: { ownerId, clinicId }, remaining }, 200);
  })
  .openapi(teamRemoveRoute, async (c) => {
    const { id: clinicId, ownerId } = c.req.valid("param");
    const { remaining } = await removeOwner(c.get("deps").sql, clinicId, ownerId, signedInActor(c)).catch(refuse);
    ownersChanged(c, clinicId, remaining);
    return c.json({ removed: { ownerId, clinicId }, remaining }, 200);
  })
  .openapi(clinicsRoute, async (c) => {
    const { sql } = c.get("deps");
    const ownerId = c.get("user")?.id ?? 0;
    const clinics = await sql<OwnerClinic[]>`
      select c.id, c.name, c.slug, c.city, c.city_slug as "citySlug", c.state
      from clinic_owners o join clinics c on c.id = o.clinic_id where o.owner_id = ${ownerId} order by c.name, c.id`;
    return c.json({ clinics: clinics.map((r) => ({ ...r, id: Number(r.id) })) }, 200);
  });
