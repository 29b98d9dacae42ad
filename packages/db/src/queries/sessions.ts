import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../connection/client.ts";
import { adminUsers, sessions } from "../schema/schema.ts";
import { preparedRows } from "./listings.ts";
import { insertedRow } from "./returning.ts";

export type SessionRow = typeof sessions.$inferSelect;
export type AdminUserRow = typeof adminUsers.$inferSelect;

export async function findAdminByUsername(db: Database, username: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  return row;
}

/** A session is the team's (an admin user) or a clinic owner's. */
export type SessionPrincipal = { role: "admin"; userId: number } | { role: "owner"; ownerId: number };

export async function insertSession(db: Database, row: { id: string; principal: SessionPrincipal; expiresAt: Date; createdAt?: Date }): Promise<SessionRow> {
  const { principal, ...rest } = row;
  const who = principal.role === "admin" ? { role: "admin" as const, userId: principal.userId } : { role: "owner" as const, ownerId: principal.ownerId };
  return insertedRow(
    await db
      .insert(sessions)
      .values({ ...rest, ...who })
      .returning(),
    "sessions",
  );
}

/** Who a session belongs to: an admin (id, username) or an owner (id, email as username). */
export interface SessionHolder {
  id: number;
  username: string;
  role: "admin" | "owner";
}

/**
 * The session whose id (SHA-256 of the token) matches, with its holder. Every admin request's
 * first statement, so it is sent as a named prepared statement of fixed text.
 */
export async function findSessionWithUser(
  db: Database,
  id: string,
): Promise<{ session: { id: string; createdAt: Date; expiresAt: Date }; user: SessionHolder } | undefined> {
  const [row] = await preparedRows<{
    id: string;
    role: "admin" | "owner";
    holderId: number;
    createdAt: string | Date;
    expiresAt: string | Date;
    username: string | null;
  }>(
    db,
    sql`SELECT s.id, s.role, coalesce(s.user_id, s.owner_id) AS "holderId", s.created_at AS "createdAt", s.expires_at AS "expiresAt",
        coalesce(u.username, o.email) AS username
      FROM sessions s LEFT JOIN admin_users u ON u.id = s.user_id LEFT JOIN owners o ON o.id = s.owner_id WHERE s.id = ${id} LIMIT 1`,
  );
  if (!row || row.username === null) return undefined;
  // Timestamps arrive as PostgreSQL's text (or a Date from the embedded driver), read as drizzle does.
  return {
    session: { id: row.id, createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) },
    user: { id: Number(row.holderId), username: row.username, role: row.role },
  };
}

export async function updateSessionExpiry(db: Database, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Housekeeping at sign-in: the expired sessions of the same admin or owner are removed. */
export async function deleteExpiredSessions(db: Database, principal: SessionPrincipal, now: Date): Promise<void> {
  const holder = principal.role === "admin" ? eq(sessions.userId, principal.userId) : eq(sessions.ownerId, principal.ownerId);
  await db.delete(sessions).where(and(holder, lt(sessions.expiresAt, now)));
}
