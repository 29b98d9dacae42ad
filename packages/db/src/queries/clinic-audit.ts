/**
 * The clinic audit log (decision 278). The rows are written by triggers on the clinic tables
 * (migration 0027) in the writing transaction; a writer only says who it is, once per
 * transaction, and an applied suggested edit says which one. A transaction that says nothing
 * (an import, the seed, a script) is not recorded.
 */
import { count, desc, eq, sql } from "drizzle-orm";
import type postgres from "postgres";
import type { AuditAction, ClinicAuditEntry } from "@botox/core";
import type { Database, Sql } from "../connection/client.ts";
import { clinicAudit } from "../schema/schema.ts";
import type { DbExecutor } from "./content-changes.ts";

/** Who makes a write: a team member (admin_users.id, username) or a clinic owner (owners.id, address). */
export interface AuditActor {
  role: "admin" | "owner";
  id: number;
  email: string;
}

/**
 * Names the writer for the rest of the open transaction `tx` (drizzle's, or the driver's own):
 * its clinic changes are recorded as theirs.
 */
export async function setAuditActor(tx: DbExecutor | Sql | postgres.TransactionSql, actor: AuditActor): Promise<void> {
  const value = JSON.stringify({ role: actor.role, id: actor.id, email: actor.email });
  // The driver's client is a tagged-template function; drizzle's is an object.
  if (typeof tx === "function") await tx`select set_config('botox.audit_actor', ${value}, true)`;
  else await tx.execute(sql`select set_config('botox.audit_actor', ${value}, true)`);
}

/** A suggested edit being applied: a visitor's (`suggestion`) or an owner's held edit (`owner-edit`). */
export interface AuditVia {
  kind: "suggestion" | "owner-edit";
  suggestionId: number;
}

/** Marks the clinic writes that follow in `tx` as the applying of a suggested edit; null ends it. */
export async function setAuditVia(tx: DbExecutor, via: AuditVia | null): Promise<void> {
  const value = via ? JSON.stringify(via) : "";
  await tx.execute(sql`select set_config('botox.audit_via', ${value}, true)`);
}

/** Stored column names as the API names them: full_address → fullAddress. */
const apiName = (column: string) => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

const renamed = (values: unknown): Record<string, unknown> =>
  Object.fromEntries(Object.entries((values ?? {}) as Record<string, unknown>).map(([k, v]) => [apiName(k), v]));

type AuditRow = typeof clinicAudit.$inferSelect;

function toEntry(r: AuditRow): ClinicAuditEntry {
  return {
    id: r.id,
    at: new Date(r.at).toISOString(),
    actor: { id: r.actorId, email: r.actorEmail, role: r.actorRole },
    action: r.action as AuditAction,
    entity: r.entity,
    entityId: r.entityId,
    suggestionId: r.suggestionId,
    fields: r.fields.map(apiName),
    before: renamed(r.before),
    after: renamed(r.after),
    subject: renamed(r.subject),
  };
}

/** A page of one clinic's log, newest first, and how many entries it has in all. */
export async function listClinicAudit(
  db: Database,
  clinicId: number,
  o: { page: number; limit: number },
): Promise<{ entries: ClinicAuditEntry[]; totalCount: number }> {
  const rows = await db
    .select()
    .from(clinicAudit)
    .where(eq(clinicAudit.clinicId, clinicId))
    .orderBy(desc(clinicAudit.id))
    .limit(o.limit)
    .offset((o.page - 1) * o.limit);
  const [total] = await db.select({ n: count() }).from(clinicAudit).where(eq(clinicAudit.clinicId, clinicId));
  return { entries: rows.map(toEntry), totalCount: total?.n ?? 0 };
}
