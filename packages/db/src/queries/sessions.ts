import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../client.ts";
import { adminUsers, sessions } from "../schema.ts";
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

/** The session whose id (SHA-256 of the token) matches, with its user. */
export async function findSessionWithUser(db: Database, id: string): Promise<{ session: SessionRow; user: { id: number; username: string } } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: { id: adminUsers.id, username: adminUsers.username } })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  return row;
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
