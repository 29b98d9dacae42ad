import type { Context } from "hono";
import { clinicFacts, insertContentChange, setAuditActor, type AuditActor, type ClinicFacts, type ContentChange, type DbExecutor } from "@botox/db";
import type { AppEnv, Deps } from "../context.ts";
import { errorSummary } from "./logger.ts";

/**
 * The clinics a write touches, asked twice in its transaction: before the work (`result`
 * undefined) and after it. Their facts then (slug, city, place) say which cached answers the
 * write can change; a clinic that moved is looked for where it was and where it is.
 */
export type TouchedClinics<T> = (tx: DbExecutor, result?: T) => readonly number[] | Promise<readonly number[]>;

/** Who a request's writes are recorded as (decision 278): its signed-in team member or owner, else nobody. */
export function actorOf(c: Context<AppEnv>): AuditActor | null {
  const user = c.get("user");
  return user ? { role: user.role, id: user.id, email: user.username } : null;
}

/**
 * Runs a content write as `actor` (the clinic audit log records its clinic changes as theirs;
 * null records none) and records its content_changes row in the same transaction, then
 * tells the publisher (deps.publisher) and any listener (deps.onContentChange) once committed. `change` maps the write's
 * result to the row; returning null records nothing (e.g. the target did not exist).
 * The read cache then forgets the answers the write can change: those of the clinics
 * `touched` names (and every answer of no particular scope), or everything without `touched`.
 */
export async function writeContent<T>(
  deps: Deps,
  actor: AuditActor | null,
  work: (tx: DbExecutor) => Promise<T>,
  change: (result: T) => ContentChange | null,
  touched?: TouchedClinics<T>,
): Promise<T> {
  let recorded: ContentChange | null = null;
  const facts: ClinicFacts[] = [];
  const result = await deps.db.transaction(async (tx) => {
    if (actor) await setAuditActor(tx, actor);
    if (touched && deps.readCache) facts.push(...(await clinicFacts(tx, await touched(tx))));
    const value = await work(tx);
    recorded = change(value);
    if (recorded) await insertContentChange(tx, recorded);
    if (touched && deps.readCache) facts.push(...(await clinicFacts(tx, await touched(tx, value))));
    return value;
  });
  if (recorded) {
    if (touched) deps.readCache?.clearFor(facts);
    else deps.readCache?.clear();
    notifyContentChange(deps, recorded);
  }
  return result;
}

export function notifyContentChange(deps: Deps, change: ContentChange): void {
  deps.publisher?.markDirty("content");
  try {
    deps.onContentChange?.(change);
  } catch (err) {
    // The write is committed and recorded; the publisher also polls content_changes.
    deps.logger.warn({ error: errorSummary(err) }, "onContentChange listener failed");
  }
}
