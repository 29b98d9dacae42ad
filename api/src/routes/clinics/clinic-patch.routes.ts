/**
 * PATCH /clinics/{id} (decisions 269, 282): some fields of a clinic, for the team and the
 * clinic's owners. An owner's hours, description and booking link go live at once; the fields
 * that say who and where the clinic is (name, phone, website, address, category, business status)
 * are held as a suggested edit marked as the owner's, for the team to apply or refuse (202
 * `{ held }`). The team's changes all go live. A field no one may change here is refused (400).
 * Hours and the held fields go through the suggested edits' apply path, so the clinic rules are
 * the same as for every other write; the description and booking link (no suggestion carries
 * them) are written in the same transaction, after the link was asked (lib/booking-link-check.ts).
 */
import {
  MSG,
  OWNER_HELD_FIELDS,
  SUGGESTION_MSG,
  clinicPatchHeldSchema,
  clinicPatchSchema,
  clinicSchema,
  isoDay,
  type ClinicPatch,
  type SuggestionChanges,
} from "@botox/core";
import { decideSuggestion, findAdminClinicById, insertSuggestion, updateClinicOwnText } from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { actorOf, writeContent } from "../../lib/content-changes.ts";
import { HttpError } from "../../lib/errors.ts";
import { clinicNotFound, clinicParams } from "../../lib/clinic-id.ts";
import { createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { clinicIdParam } from "../../owners/access.ts";
import { siteRegistrableDomain } from "../../owners/claim-domain.ts";
import { checkBookingLink } from "../../lib/booking-link-check.ts";

const patchRoute = adminRoute({
  method: "patch",
  path: "/clinics/:id{[0-9]+}",
  summary:
    "Change some fields of a clinic (team, or its owner): an owner's hours, description and booking link go live, their name, phone, website, address, category and business status are held for the team (202 { held }); any other field is refused (400). A booking link must be https on the clinic website's domain or a known booking platform, and answer when asked",
  tags: ["clinics", "owners"],
  owner: clinicIdParam,
  middleware: [jsonBody] as const,
  request: { params: clinicParams, body: jsonRequest(clinicPatchSchema) },
  responses: {
    200: json("Saved", clinicSchema),
    202: json("Held for the team (the other fields are saved)", clinicPatchHeldSchema),
    404: clinicNotFound,
    409: errorResponse(SUGGESTION_MSG.alreadyPending),
    ...writeErrors,
  },
});

type Held = (typeof OWNER_HELD_FIELDS)[number];
const isHeld = (key: string): key is Held => (OWNER_HELD_FIELDS as readonly string[]).includes(key);

/** The fields written on the clinic row itself, not through a suggested edit. */
const DIRECT_FIELDS = ["description", "bookingUrl"] as const;
type Direct = Partial<Pick<ClinicPatch, (typeof DIRECT_FIELDS)[number]>>;

/** The given fields, split into what goes live (through a suggestion, or directly) and what waits for the team. */
function split(changes: ClinicPatch, owner: boolean): { live: SuggestionChanges; held: SuggestionChanges; direct: Direct } {
  const live: Record<string, unknown> = {};
  const held: Record<string, unknown> = {};
  const direct: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if ((DIRECT_FIELDS as readonly string[]).includes(key)) direct[key] = value;
    else (owner && isHeld(key) ? held : live)[key] = value;
  }
  return { live, held, direct };
}

export const clinicPatchRoutes = createRouter().openapi(patchRoute, async (c) => {
  const id = c.req.valid("param").id;
  const user = c.get("user");
  const owner = user?.role === "owner";
  const { live, held, direct } = split(c.req.valid("json"), owner);
  if (direct.bookingUrl) {
    const stored = await findAdminClinicById(c.get("deps").db, id);
    if (!stored) throw new HttpError(404, MSG.admin.clinicNotFound);
    // The team may change the website in the same request; an owner's new website waits for the team.
    const site = "site" in live ? (live.site ?? null) : stored.site;
    await checkBookingLink(direct.bookingUrl, siteRegistrableDomain(site), c.get("deps").bookingLinkCheck);
  }
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
      if (Object.keys(direct).length > 0) {
        if (!(await updateClinicOwnText(tx, id, direct))) throw new HttpError(404, MSG.admin.clinicNotFound);
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
      return Object.keys(live).length > 0 || Object.keys(direct).length > 0;
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
