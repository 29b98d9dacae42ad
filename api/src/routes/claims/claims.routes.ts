import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  MSG,
  claimCreatedSchema,
  claimDecisionSchema,
  claimInputSchema,
  claimListSchema,
  claimObjectedSchema,
  claimObjectionSchema,
  claimRegistrySchema,
  STAFF_MSG,
  type ClaimRegistry,
  claimVerifiedSchema,
  claimVerifySchema,
  claimsQuerySchema,
  type ClaimVerified,
} from "@botox/core";
import { adminRoute, ownerRoute } from "../../auth/admin-route.ts";
import { createSession, invalidateSessionToken, readSessionCookie, setSessionCookie } from "../../auth/session.ts";
import { needsSecondFactor } from "../../owners/second-factor.ts";
import type { AppEnv } from "../../context.ts";
import { actorOf, notifyContentChange } from "../../lib/content-changes.ts";
import { HttpError } from "../../lib/errors.ts";
import { idParams } from "../../lib/ids.ts";
import { commonErrors, createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { networkHash } from "../../lib/visitor.ts";
import { mailContext, nudgeMail } from "../../mail/service.ts";
import { clinicOfRow } from "../../owners/access.ts";
import { ClaimProblem, claimEvidence, claimNpi, createClaim, decideClaim, listClaims, objectToClaim, verifyClaim } from "../../owners/claims.ts";
import { lookupNpi } from "../staff/npi-registry.ts";

const claimRoute = createRoute({
  method: "post",
  path: "/clinics/:id{[0-9]+}/claims",
  summary:
    "Claim a clinic's listing: an address on the clinic's own domain is mailed a 6-digit code (method email-domain), any other claim waits for the team (method review)",
  tags: ["claims"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 5, keyPrefix: "claims" }), jsonBody] as const,
  request: { params: idParams(MSG.claim.clinicNotFound), body: jsonRequest(claimInputSchema) },
  responses: {
    201: json("Claim taken", claimCreatedSchema),
    404: errorResponse(MSG.claim.clinicNotFound),
    409: errorResponse(MSG.claim.alreadyOpen),
    ...writeErrors,
    429: errorResponse(MSG.claim.tooMany),
  },
});

const claimParams = idParams(MSG.claim.notFound);

const verifyRoute = createRoute({
  method: "post",
  path: "/claims/:id{[0-9]+}/verify",
  summary:
    "Enter a claim's mailed code: 200 and the claimant is signed in as the clinic's owner; 202 when the clinic already has owners (contested: they may object until contestEndsAt)",
  tags: ["claims"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 20, keyPrefix: "claim-verify" }), jsonBody] as const,
  request: { params: claimParams, body: jsonRequest(claimVerifySchema) },
  responses: {
    200: json("Verified; the owner's session cookie is set (unless the owner has the second factor on: they sign in with it)", claimVerifiedSchema),
    202: json("Code right; the clinic has owners, who may object within the contest window", claimVerifiedSchema),
    404: errorResponse(MSG.claim.notFound),
    409: errorResponse(MSG.claim.notWaitingForCode),
    410: errorResponse(MSG.claim.codeExpired),
    ...writeErrors,
    429: errorResponse(MSG.claim.codeTooManyTries),
  },
});

const listRoute = adminRoute({
  method: "get",
  path: "/claims",
  summary: "The Claims queue, oldest first, with each clinic's current data (?status=)",
  tags: ["claims"],
  request: { query: claimsQuerySchema },
  responses: { 200: json("Claims", claimListSchema), ...commonErrors },
});

const decideRoute = adminRoute({
  method: "patch",
  path: "/claims/:id{[0-9]+}",
  summary:
    "Decide a claim (verified or rejected, with a reason); the claimant is mailed the decision. Verifying a claim on a clinic with owners opens the contest window (status contested) unless it is already contested or objected to",
  tags: ["claims"],
  middleware: [jsonBody] as const,
  request: { params: claimParams, body: jsonRequest(claimDecisionSchema) },
  responses: {
    200: json("Decided", claimCreatedSchema),
    404: errorResponse(MSG.claim.notFound),
    409: errorResponse(MSG.claim.alreadyDecided),
    ...writeErrors,
  },
});

const objectRoute = ownerRoute({
  method: "post",
  path: "/claims/:id{[0-9]+}/objections",
  summary: "An owner of the claimed clinic objects to a contested claim within its window; the claim then waits for the team (owners only)",
  tags: ["claims"],
  clinic: clinicOfRow("clinic_claims"),
  middleware: [jsonBody] as const,
  request: { params: claimParams, body: jsonRequest(claimObjectionSchema) },
  responses: {
    200: json("Objected; the claim waits for the team", claimObjectedSchema),
    404: errorResponse(MSG.api.notFound),
    409: errorResponse(MSG.claim.objectionNotOpen),
    ...writeErrors,
  },
});

const evidenceRoute = adminRoute({
  method: "get",
  path: "/claims/:id{[0-9]+}/evidence",
  summary: "A claim's uploaded document (image/webp), for the team only: it is never among the public uploads",
  tags: ["claims"],
  request: { params: claimParams },
  responses: {
    200: { description: "The document", content: { "image/webp": { schema: { type: "string", format: "binary" } } } },
    404: errorResponse(MSG.claim.evidenceMissing),
    ...commonErrors,
  },
});

const registryRoute = adminRoute({
  method: "get",
  path: "/claims/:id{[0-9]+}/authorized-official",
  summary:
    "The NPI Registry's record of the organisation NPI a claim gave: its name and authorized official (name, title, phone). 404 without an NPI or a record; 502/504 when the registry fails",
  tags: ["claims"],
  request: { params: claimParams },
  responses: {
    200: json("The registry's record", claimRegistrySchema),
    404: errorResponse(MSG.claim.noNpi),
    502: errorResponse(STAFF_MSG.registryUnreachable),
    504: errorResponse(STAFF_MSG.registryTimeout),
    ...commonErrors,
  },
});

const refuse = (err: unknown): never => {
  if (err instanceof ClaimProblem) throw new HttpError(err.status, err.message);
  throw err;
};

/** A clinic became claimed: the publisher rebuilds its page and cached answers about it go. */
function claimed(c: Context<AppEnv>, clinicId: number): void {
  const deps = c.get("deps");
  deps.readCache?.clear();
  notifyContentChange(deps, { entity: "clinic", entityId: clinicId, action: "update" });
}

export const claimsRoutes = createRouter()
  .openapi(claimRoute, async (c) => {
    const clinicId = c.req.valid("param").id;
    const deps = c.get("deps");
    const created = await createClaim(mailContext(deps), clinicId, c.req.valid("json"), networkHash(c)).catch(refuse);
    if (created.claim.method === "email-domain") nudgeMail(deps);
    return c.json(created, 201);
  })
  .openapi(verifyRoute, async (c) => {
    const id = c.req.valid("param").id;
    const deps = c.get("deps");
    const result = await verifyClaim(mailContext(deps), id, c.req.valid("json").code);
    if (!result.ok) throw new HttpError(result.problem.status, result.problem.message);
    const body: ClaimVerified = { claim: result.claim, owner: result.owner, contestEndsAt: result.contestEndsAt };
    if (!result.owner) return c.json(body, 202);
    claimed(c, result.clinicId);
    // A code proves the mailbox only: an owner who turned the second factor on signs in with it.
    if (await needsSecondFactor(deps.sql, result.owner.id)) return c.json(body, 200);
    const previous = readSessionCookie(c);
    if (previous) await invalidateSessionToken(deps.db, previous);
    const session = await createSession(deps.db, { role: "owner", ownerId: result.owner.id });
    setSessionCookie(c, session.token, session.expiresAt);
    return c.json(body, 200);
  })
  .openapi(listRoute, async (c) => c.json({ claims: await listClaims(c.get("deps").sql, c.req.valid("query").status) }, 200))
  .openapi(decideRoute, async (c) => {
    const id = c.req.valid("param").id;
    const deps = c.get("deps");
    const decision = c.req.valid("json");
    // An admin route: its session check has set the holder.
    const admin = actorOf(c);
    if (!admin) throw new HttpError(401, MSG.api.unauthorized);
    const result = await decideClaim(mailContext(deps), id, decision, admin).catch(refuse);
    nudgeMail(deps);
    if (result.granted) claimed(c, result.clinicId);
    return c.json({ claim: result.claim }, 200);
  })
  .openapi(objectRoute, async (c) => {
    const id = c.req.valid("param").id;
    // An owner route: its session check has set the holder.
    const owner = actorOf(c);
    if (!owner) throw new HttpError(401, MSG.api.unauthorized);
    const claim = await objectToClaim(c.get("deps").sql, id, owner, c.req.valid("json").reason).catch(refuse);
    return c.json({ claim: { id: claim.id, status: claim.status } }, 200);
  })
  .openapi(evidenceRoute, async (c) => {
    const id = c.req.valid("param").id;
    const bytes = await claimEvidence(c.get("deps").sql, id);
    if (!bytes) throw new HttpError(404, MSG.claim.evidenceMissing);
    // Someone's private document: never cached, sniffed or run as a page.
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
      "Cache-Control": "private, no-store",
    });
  })
  .openapi(registryRoute, async (c) => {
    const id = c.req.valid("param").id;
    const deps = c.get("deps");
    const npi = await claimNpi(deps.sql, id);
    if (npi === undefined) throw new HttpError(404, MSG.claim.notFound);
    if (npi === null) throw new HttpError(404, MSG.claim.noNpi);
    const record = await lookupNpi(deps, npi);
    const body: ClaimRegistry = { npi, organizationName: record.name, authorizedOfficial: record.authorizedOfficial ?? null, sourceUrl: record.sourceUrl };
    c.header("Cache-Control", "private, no-store");
    return c.json(body, 200);
  });
