/**
 * PATCH /clinics/{id} (decision 269): some fields of a clinic, for the team and the clinic's
 * owners. An owner's hours go live at once; the fields that say who and where the clinic is
 * (phone, website, address, business status) are held as a suggested edit marked as the
 * owner's, for the team to apply or refuse (202 `{ held }`). The team's changes all go live.
 * Both go through the suggested edits' apply path, so the clinic rules are the same as for
 * every other write.
 */
import {
  MSG,
  OWNER_HELD_FIELDS,
  SUGGESTION_MSG,
  clinicPatchHeldSchema,
  clinicSchema,
  isoDay,
  suggestionChangesSchema,
  type SuggestionChanges,
} from "@botox/core";
import { decideSuggestion, findAdminClinicById, insertSuggestion } from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { actorOf, writeContent } from "../../lib/content-changes.ts";
import { HttpError } from "../../lib/errors.ts";
import { idParam } from "../../lib/ids.ts";
import { createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { clinicIdParam } from "../../owners/access.ts";

const patchRoute = adminRoute({
  method: "patch",
  path: "/clinics/:id{[0-9]+}",
  summary:
    "Change some fields of a clinic (team, or its owner): an owner's hours go live, their phone, website, address and business status are held for the team (202 { held })",
  tags: ["clinics", "owners"],
  owner: clinicIdParam,
  middleware: [jsonBody] as const,
  request: { body: jsonRequest(suggestionChangesSchema) },
  responses: {
    200: json("Saved", clinicSchema),
    202: json("Held for the team (the other fields are saved)", clinicPatchHeldSchema),
    404: errorResponse(MSG.admin.clinicNotFound),
    409: errorResponse(SUGGESTION_MSG.alreadyPending),
    ...writeErrors,
  },
});

type Held = (typeof OWNER_HELD_FIELDS)[number];
const isHeld = (key: string): key is Held => (OWNER_HELD_FIELDS as readonly string[]).includes(key);

/** The given fields, split into what goes live and what waits for the team. */
function split(changes: SuggestionChanges, owner: boolean): { live: SuggestionChanges; held: SuggestionChanges } {
  const live: Record<string, unknown> = {};
  const held: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    (owner && isHeld(key) ? held : live)[key] = value;
  }
  return { live, held };
}

export const clinicPatchRoutes = createRouter().openapi(patchRoute, async (c) => {
  const id = idParam(c.req.param("id"), MSG.admin.clinicNotFound);
  const user = c.get("user");
  const owner = user?.role === "owner";
  const { live, held } = split(c.req.valid("json"), owner);
  const who = `${user?.role ?? "admin"}:${user?.id ?? 0}`;
  // Marks the queue's row as the owner's own (decision 279), whether it waits or went live.
  const ownerId = owner && user ? user.id : null;
  await writeContent(
    c.get("deps"),
    actorOf(c),
    async (tx) => {
      if (Object.keys(live).length > 0) {
        // Stored and applied at once: the suggested edits' path checks and writes the clinic.
        const stored = await insertSuggestion(tx, { clinicId: id, changes: live, note: null, visitorId: `${who}:live`, addressHash: `${who}:live`, ownerId });
        if (!stored) throw new HttpError(409, SUGGESTION_MSG.alreadyPending);
        const applied = await decideSuggestion(
          tx,
          stored.id,
          { status: "applied", reason: owner ? "Saved by the owner" : "Saved by the team" },
          isoDay(new Date()),
          // The writer's own change: the audit log records it as theirs, not as a suggestion applied.
          { direct: true },
        );
        if (applied.outcome === "invalid") throw new HttpError(400, applied.message, [{ path: applied.path, message: applied.message }]);
        if (applied.outcome !== "done") throw new HttpError(404, MSG.admin.clinicNotFound);
      }
      if (Object.keys(held).length > 0) {
        const stored = await insertSuggestion(tx, {
          clinicId: id,
          changes: held,
          note: MSG.owner.heldNote(user?.username ?? ""),
          visitorId: who,
          addressHash: who,
          ownerId,
        });
        if (!stored) throw new HttpError(409, SUGGESTION_MSG.alreadyPending);
      }
      return Object.keys(live).length > 0;
    },
    (changed) => (changed ? { entity: "clinic", entityId: id, action: "update" } : null),
    () => [id],
  );
  const heldFields = Object.keys(held).filter(isHeld);
  if (heldFields.length > 0) return c.json({ held: heldFields }, 202);
  const clinic = await findAdminClinicById(c.get("deps").db, id);
  if (!clinic) throw new HttpError(404, MSG.admin.clinicNotFound);
  return c.json(clinic, 200);
});
