/**
 * Visitors' suggested edits of a listing. A suggestion is stored as sent (already
 * validated by the admin form's rules) and changes nothing public until an admin applies it;
 * applying writes the clinic through the one clinic write path (toClinicRow) and stamps it
 * as checked that day.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  SUGGESTION_FIELDS,
  SUGGESTION_MSG,
  adminClinicInputSchema,
  type ClinicInput,
  type Suggestion,
  type SuggestionChanges,
  type SuggestionStatus,
  type SuggestionValues,
  type WorkingHours,
} from "@botox/core";
import { toClinicRow } from "../schema/clinic-row.ts";
import { clinicSuggestions, clinics } from "../schema/schema.ts";
import type { Database } from "../connection/client.ts";
import { updateClinic } from "./admin-clinics.ts";
import { setAuditVia } from "./clinic-audit.ts";
import type { DbExecutor } from "./content-changes.ts";

type ClinicSelect = typeof clinics.$inferSelect;
type SuggestionRow = typeof clinicSuggestions.$inferSelect;

export interface NewSuggestion {
  clinicId: number;
  changes: SuggestionChanges;
  note: string | null;
  visitorId: string;
  addressHash: string;
  /** The clinic owner who sends it (decision 279); absent for a visitor's or the team's. */
  ownerId?: number | null;
}

/**
 * Stores a pending suggestion; null when this visitor (cookie) or address already has one
 * pending for the clinic (the partial unique indexes decide, so concurrent sends are safe).
 */
export async function insertSuggestion(db: DbExecutor, s: NewSuggestion): Promise<{ id: number } | null> {
  // Only the fields given: an absent field is "no change", a null one is "remove it".
  const changes = Object.fromEntries(Object.entries(s.changes).filter(([, v]) => v !== undefined));
  const [row] = await db
    .insert(clinicSuggestions)
    .values({ clinicId: s.clinicId, changes, note: s.note, visitorId: s.visitorId, addressHash: s.addressHash, ownerId: s.ownerId ?? null })
    .onConflictDoNothing()
    .returning({ id: clinicSuggestions.id });
  return row ?? null;
}

/** The suggested fields' values of a clinic row. */
function currentValues(clinic: ClinicSelect, changes: SuggestionValues): SuggestionValues {
  const out: SuggestionValues = {};
  for (const field of SUGGESTION_FIELDS) {
    if (!(field in changes)) continue;
    if (field === "workingHours") out.workingHours = (clinic.workingHours as WorkingHours | null) ?? null;
    else if (field === "businessStatus") out.businessStatus = clinic.businessStatus;
    else if (field === "name") out.name = clinic.name;
    else if (field === "category") out.category = clinic.category;
    else out[field] = clinic[field];
  }
  return out;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

function toSuggestion(row: SuggestionRow, clinic: ClinicSelect): Suggestion {
  const changes = row.changes as SuggestionValues;
  return {
    id: row.id,
    clinicId: row.clinicId,
    clinicName: clinic.name,
    clinicSlug: clinic.slug,
    citySlug: clinic.citySlug,
    changes,
    current: currentValues(clinic, changes),
    note: row.note,
    fromOwner: row.ownerId != null,
    status: row.status,
    reason: row.reason,
    createdAt: iso(row.createdAt) ?? "",
    decidedAt: iso(row.decidedAt),
  };
}

/** Which page of the admin's queue: a status (or all), one clinic (or all), page from 1. */
export interface SuggestionListOptions {
  status?: SuggestionStatus | undefined;
  clinicId?: number | undefined;
  page?: number;
  limit?: number;
}

/**
 * A page of suggestions, oldest first: the admin's queue. `total` counts every suggestion the
 * status and clinic select, so a flood of one clinic's never hides the others past a page.
 */
export async function listSuggestions(db: Database, o: SuggestionListOptions = {}): Promise<{ suggestions: Suggestion[]; total: number }> {
  const limit = o.limit ?? 50;
  const page = o.page ?? 1;
  const where = and(o.status ? eq(clinicSuggestions.status, o.status) : undefined, o.clinicId != null ? eq(clinicSuggestions.clinicId, o.clinicId) : undefined);
  const rows = await db
    .select({ s: clinicSuggestions, c: clinics })
    .from(clinicSuggestions)
    .innerJoin(clinics, eq(clinics.id, clinicSuggestions.clinicId))
    .where(where)
    .orderBy(asc(clinicSuggestions.createdAt), asc(clinicSuggestions.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(clinicSuggestions).where(where);
  return { suggestions: rows.map((r) => toSuggestion(r.s, r.c)), total: total?.n ?? 0 };
}

/**
 * A stored clinic as the admin form's input, so a change is written as the admin's save would
 * be. Every input field is given back (a new one fails the type check here, else applying a
 * suggestion would clear it) but the reviews, kept as stored by the caller, and the checked day,
 * which applying sets.
 */
function clinicInputOf(c: ClinicSelect): Record<Exclude<keyof ClinicInput, "reviews" | "lastVerifiedOn">, unknown> {
  return {
    name: c.name,
    city: c.city,
    state: c.state,
    slug: c.slug,
    site: c.site,
    phone: c.phone,
    fullAddress: c.fullAddress,
    street: c.street,
    postalCode: c.postalCode,
    country: c.country,
    latitude: c.latitude,
    longitude: c.longitude,
    photo: c.photo,
    streetView: c.streetView,
    workingHours: c.workingHours,
    businessStatus: c.businessStatus,
    category: c.category,
    locationLink: c.locationLink,
  };
}

export type DecideResult =
  | { outcome: "not-found" }
  | { outcome: "decided"; suggestion: Suggestion }
  | { outcome: "invalid"; message: string; path: string }
  | { outcome: "done"; suggestion: Suggestion; clinicChanged: boolean };

/**
 * Applies or rejects a pending suggestion (once: a decided one is "decided"). Applying merges
 * the changes into the clinic's current values, checks the whole with exactly the admin's own
 * clinic rules (adminClinicInputSchema: hours the open-now parser cannot read are refused
 * unless the suggestion leaves the stored hours as they are), writes it through toClinicRow and
 * sets last_verified_on to `today`. A suggestion that fails stays pending, its reason kept on
 * it for the queue to show. The audit log records the clinic's change as this suggested edit
 * applied (a visitor's, or an owner's held edit), unless `direct`: the writer's own change,
 * stored and applied at once (PATCH /clinics/{id}).
 */
export async function decideSuggestion(
  db: DbExecutor,
  id: number,
  decision: { status: "applied" | "rejected"; reason?: string | undefined },
  today: string,
  options: { direct?: boolean } = {},
): Promise<DecideResult> {
  const [found] = await db
    .select({ s: clinicSuggestions, c: clinics })
    .from(clinicSuggestions)
    .innerJoin(clinics, eq(clinics.id, clinicSuggestions.clinicId))
    .where(eq(clinicSuggestions.id, id))
    .for("update", { of: [clinicSuggestions, clinics] });
  if (!found) return { outcome: "not-found" };
  if (found.s.status !== "pending") return { outcome: "decided", suggestion: toSuggestion(found.s, found.c) };
  if (decision.status === "applied") {
    const changes = found.s.changes as SuggestionValues;
    // The stored hours were accepted when saved (perhaps as free text on purpose); only hours
    // the suggestion brings must be readable, as the admin's own save of them would need.
    const parsed = adminClinicInputSchema.safeParse({
      ...clinicInputOf(found.c),
      ...changes,
      lastVerifiedOn: today,
      ...("workingHours" in changes ? {} : { workingHoursAsText: true }),
    });
    const failed = async (message: string, path: string): Promise<DecideResult> => {
      await db
        .update(clinicSuggestions)
        .set({ reason: SUGGESTION_MSG.cannotApply(message) })
        .where(and(eq(clinicSuggestions.id, id), eq(clinicSuggestions.status, "pending")));
      return { outcome: "invalid", message, path };
    };
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return failed(issue?.message ?? "Invalid clinic", issue?.path.join(".") ?? "");
    }
    const { workingHoursAsText: _flag, ...input } = parsed.data;
    const mapped = toClinicRow(input);
    if (!mapped.ok) return failed(mapped.issue.message, mapped.issue.path);
    if (!options.direct) await setAuditVia(db, { kind: found.s.ownerId != null ? "owner-edit" : "suggestion", suggestionId: id });
    // Reviews are the maps figures, kept as stored (the form's text is not round-tripped).
    await updateClinic(db, found.c.id, { ...mapped.row, rating: found.c.rating, reviewCount: found.c.reviewCount });
    if (!options.direct) await setAuditVia(db, null);
  }
  const [row] = await db
    .update(clinicSuggestions)
    .set({ status: decision.status, reason: decision.reason ?? null, decidedAt: sql`now()` })
    .where(and(eq(clinicSuggestions.id, id), eq(clinicSuggestions.status, "pending")))
    .returning();
  if (!row) return { outcome: "decided", suggestion: toSuggestion(found.s, found.c) };
  // "current" stays the values the clinic had when the suggestion was decided.
  return { outcome: "done", suggestion: toSuggestion(row, found.c), clinicChanged: decision.status === "applied" };
}
