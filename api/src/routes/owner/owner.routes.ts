import { createRoute } from "@hono/zod-openapi";
import {
  MSG,
  ownerClinicsResponseSchema,
  ownerSignInLinkResponseSchema,
  ownerSecondFactorNeededSchema,
  ownerSignInLinkSchema,
  ownerSignInResponseSchema,
  ownerSignInSchema,
  type OwnerClinic,
} from "@botox/core";
import { ownerRoute } from "../../auth/admin-route.ts";
import { HttpError } from "../../lib/errors.ts";
import { commonErrors, createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { mailContext, nudgeMail } from "../../mail/service.ts";
import { SIGN_IN_LINK_ERRORS, consumeSignInLink, requestSignInLink } from "../../owners/sign-in.ts";
import { finishOwnerSignIn } from "./owner-security.routes.ts";

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
  .openapi(clinicsRoute, async (c) => {
    const { sql } = c.get("deps");
    const ownerId = c.get("user")?.id ?? 0;
    const clinics = await sql<OwnerClinic[]>`
      select c.id, c.name, c.slug, c.city, c.city_slug as "citySlug", c.state
      from clinic_owners o join clinics c on c.id = o.clinic_id where o.owner_id = ${ownerId} order by c.name, c.id`;
    return c.json({ clinics: clinics.map((r) => ({ ...r, id: Number(r.id) })) }, 200);
  });
