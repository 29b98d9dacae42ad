/**
 * Visitors' suggested edits: anyone may suggest a change to a listing's phone,
 * website, address, hours or status; nothing of it is public until an admin applies it, which
 * writes the clinic through the one clinic write path, stamps it as checked today and
 * publishes.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  MSG,
  SUGGESTION_MSG,
  isoDay,
  suggestionCreatedSchema,
  suggestionDecisionSchema,
  suggestionInputSchema,
  suggestionListQuerySchema,
  suggestionListSchema,
  suggestionSchema,
  type SuggestionCreated,
} from "@botox/core";
import { clinicExists, decideSuggestion, driverOf, insertSuggestion, listSuggestions } from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { actorOf, writeContent } from "../../lib/content-changes.ts";
import { HttpError } from "../../lib/errors.ts";
import { idParams } from "../../lib/ids.ts";
import { commonErrors, createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { addressHash, ensureVisitorId } from "../../lib/visitor.ts";
import { mailContext, nudgeMail } from "../../mail/service.ts";
import { mailOwnersOfDecision } from "../../owners/held-edits.ts";

const tags = ["suggestions"];

// Hono paths with a pattern: only digits reach these routes (the document shows `{id}`).
const createSuggestionRoute = createRoute({
  method: "post",
  path: "/clinics/:id{[0-9]+}/suggestions",
  summary:
    "Suggest an edit of a listing (phone, site, fullAddress, category, workingHours, businessStatus; an optional note), checked with the admin form's rules; pending until an admin applies it. One pending suggestion per visitor (cookie and address) per clinic; rate limited",
  tags,
  middleware: [rateLimit({ windowMs: 60_000, limit: 10, keyPrefix: "suggestions" }), jsonBody] as const,
  request: { params: idParams(MSG.clinic.notFoundTitle), body: jsonRequest(suggestionInputSchema) },
  responses: {
    201: json(SUGGESTION_MSG.pending, suggestionCreatedSchema),
    404: errorResponse(MSG.clinic.notFoundTitle),
    409: errorResponse(SUGGESTION_MSG.alreadyPending),
    ...writeErrors,
  },
});

const listRoute = adminRoute({
  method: "get",
  path: "/suggestions",
  summary:
    "Visitors' suggested edits (admin), oldest first, a page at a time, with the clinic's current values; status pending (default), applied, rejected or all; clinicId for one clinic's. A pending one whose apply failed carries the reason",
  tags: [...tags, "admin"],
  request: { query: suggestionListQuerySchema },
  responses: { 200: json("Suggestions", suggestionListSchema), ...commonErrors },
});

const decideRoute = adminRoute({
  method: "patch",
  path: "/suggestions/:id{[0-9]+}",
  summary:
    "Apply (checked with the admin's own clinic rules, writes the clinic, stamps it checked today, publishes) or reject a pending suggestion (admin); a decided one is 409; one that fails the rules is a 400 and stays pending with the reason. A clinic owner's held edit (fromOwner) is mailed to every owner of the clinic, applied or not",
  tags: [...tags, "admin"],
  middleware: [jsonBody],
  request: { params: idParams(SUGGESTION_MSG.notFound), body: jsonRequest(suggestionDecisionSchema) },
  responses: {
    200: json("The decided suggestion", suggestionSchema),
    404: errorResponse(SUGGESTION_MSG.notFound),
    409: errorResponse(SUGGESTION_MSG.alreadyDecided),
    ...writeErrors,
  },
});

export const suggestionsRoutes = createRouter()
  .openapi(createSuggestionRoute, async (c) => {
    const clinicId = c.req.valid("param").id;
    const input = c.req.valid("json");
    const { db } = c.get("deps");
    if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.clinic.notFoundTitle);
    const created = await insertSuggestion(db, {
      clinicId,
      changes: input.changes,
      note: input.note ?? null,
      visitorId: ensureVisitorId(c),
      addressHash: addressHash(c),
    });
    if (!created) throw new HttpError(409, SUGGESTION_MSG.alreadyPending);
    const body: SuggestionCreated = { id: created.id, status: "pending", message: SUGGESTION_MSG.pending };
    return c.json(body, 201);
  })
  .openapi(listRoute, async (c) => {
    const { status, clinicId, page, limit } = c.req.valid("query");
    const list = await listSuggestions(c.get("deps").db, { status: status === "all" ? undefined : status, clinicId: clinicId || undefined, page, limit });
    c.header("Cache-Control", "private, no-store");
    return c.json({ ...list, page, limit }, 200);
  })
  .openapi(decideRoute, async (c) => {
    const id = c.req.valid("param").id;
    const decision = c.req.valid("json");
    const deps = c.get("deps");
    let mailed = 0;
    const result = await writeContent(
      deps,
      actorOf(c),
      async (tx) => {
        const r = await decideSuggestion(tx, id, decision, isoDay(new Date()));
        // The owners hear of the decision in its own transaction (the outbox).
        if (r.outcome === "done") mailed = await mailOwnersOfDecision(driverOf(tx), mailContext(deps).config, r.suggestion);
        return r;
      },
      (r) => (r.outcome === "done" && r.clinicChanged ? { entity: "clinic", entityId: r.suggestion.clinicId, action: "update" } : null),
    );
    if (result.outcome === "not-found") throw new HttpError(404, SUGGESTION_MSG.notFound);
    if (result.outcome === "decided") throw new HttpError(409, SUGGESTION_MSG.alreadyDecided);
    if (result.outcome === "invalid") throw new HttpError(400, result.message, [{ path: result.path, message: result.message }]);
    if (mailed > 0) nudgeMail(deps);
    return c.json(result.suggestion, 200);
  });
