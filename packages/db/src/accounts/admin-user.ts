import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { dbOf, type DbOrSql } from "../connection/handle.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { adminUsers, sessions } from "../schema/schema.ts";

export interface EnsureAdminOptions {
  username: string;
  /** When omitted a random password is generated for a new admin (never a fixed default). */
  password?: string;
}

export interface EnsureAdminResult {
  username: string;
  created: boolean;
  /** True when an existing admin's password was replaced by the explicitly given one. */
  passwordUpdated: boolean;
  /** Set only when this call generated the password: print it once, it is stored hashed. */
  generatedPassword?: string;
}

/** 18 random bytes → 24 URL-safe characters (144 bits). */
export const generatePassword = (): string => randomBytes(18).toString("base64url");

/**
 * Creates the admin when missing. An existing admin is left alone unless a password is given
 * explicitly (ADMIN_PASSWORD), which then replaces the stored hash and ends their sessions, so
 * setting the variable is also how a forgotten password is reset.
 */
export async function ensureAdmin(target: DbOrSql, options: EnsureAdminOptions): Promise<EnsureAdminResult> {
  const db = dbOf(target);
  const username = options.username.trim();
  if (!username) throw new Error("The admin username must not be empty");
  const generated = options.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(options.password ?? generated ?? "");

  const created = await db
    .insert(adminUsers)
    .values({ username, passwordHash })
    .onConflictDoNothing({ target: adminUsers.username })
    .returning({ id: adminUsers.id });
  if (created.length > 0) {
    return { username, created: true, passwordUpdated: false, ...(generated ? { generatedPassword: generated } : {}) };
  }
  if (!options.password) return { username, created: false, passwordUpdated: false };

  const [existing] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
  if (existing && (await verifyPassword(existing.passwordHash, options.password))) {
    return { username, created: false, passwordUpdated: false };
  }
  await db.transaction(async (tx) => {
    const [user] = await tx.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.username, username)).returning({ id: adminUsers.id });
    if (user) await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
  return { username, created: false, passwordUpdated: true };
}
