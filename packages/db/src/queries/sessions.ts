import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { adminUsers, sessions } from "../schema.ts";
import { preparedRows } from "./listings.ts";
import { insertedRow } from "./returning.ts";

export type SessionRow = typeof sessions.$inferSelect;
export type AdminUserRow = typeof adminUsers.$inferSelect;

export async function findAdminByUsername(db: Database, username: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  return row;
}

export async function insertSession(db: Database, row: { id: string; userId: number; expiresAt: Date; createdAt?: Date }): Promise<SessionRow> {
  return insertedRow(await db.insert(sessions).values(row).returning(), "sessions");
}

/**
 * The session whose id (SHA-256 of the token) matches, with its user. Every admin request's
 * first statement, so it is sent as a named prepared statement of fixed text.
 */
export async function findSessionWithUser(db: Database, id: string): Promise<{ session: SessionRow; user: { id: number; username: string } } | undefined> {
  const [row] = await preparedRows<{ id: string; userId: number; createdAt: string | Date; expiresAt: string | Date; username: string }>(
    db,
    sql`SELECT s.id, s.user_id AS "userId", s.created_at AS "createdAt", s.expires_at AS "expiresAt", u.username
      FROM sessions s JOIN admin_users u ON u.id = s.user_id WHERE s.id = ${id} LIMIT 1`,
  );
  if (!row) return undefined;
  // Timestamps arrive as PostgreSQL's text (or a Date from the embedded driver), read as drizzle does.
  return {
    session: { id: row.id, userId: row.userId, createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) },
    user: { id: row.userId, username: row.username },
  };
}

export async function updateSessionExpiry(db: Database, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Housekeeping at login: a user's expired sessions are removed. */
export async function deleteExpiredSessions(db: Database, userId: number, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
}
