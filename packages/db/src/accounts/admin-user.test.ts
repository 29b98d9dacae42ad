import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin, generatePassword } from "./admin-user.ts";
import { readDbEnv } from "../connection/env.ts";
import { verifyPassword } from "./password.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const storedHash = async (username: string) =>
  (await t.sql<{ password_hash: string }[]>`select password_hash from admin_users where username = ${username}`)[0]?.password_hash;

describe("ensureAdmin without ADMIN_PASSWORD", () => {
  it("creates the admin with a generated password returned once, stored only as an argon2id hash", async () => {
    const result = await ensureAdmin(t.db, { username: "gen-admin" });
    expect(result).toMatchObject({ username: "gen-admin", created: true, passwordUpdated: false });
    const password = result.generatedPassword!;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const hash = await storedHash("gen-admin");
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain(password);
    expect(await verifyPassword(hash!, password)).toBe(true);

    // A second start finds the admin: nothing generated, nothing printed, hash untouched.
    const again = await ensureAdmin(t.db, { username: "gen-admin" });
    expect(again).toEqual({ username: "gen-admin", created: false, passwordUpdated: false });
    expect(await storedHash("gen-admin")).toBe(hash);
  });

  it("never uses a fixed default: every admin gets a different password", async () => {
    const a = await ensureAdmin(t.db, { username: "gen-a" });
    const b = await ensureAdmin(t.db, { username: "gen-b" });
    expect(a.generatedPassword).toBeDefined();
    expect(a.generatedPassword).not.toBe(b.generatedPassword);
    const samples = new Set(Array.from({ length: 50 }, generatePassword));
    expect(samples.size).toBe(50);
    for (const weak of ["admin", "password", "changeme", "admin123"]) {
      expect(await verifyPassword((await storedHash("gen-a"))!, weak)).toBe(false);
    }
  });

  it("trims the username and refuses an empty one", async () => {
    expect((await ensureAdmin(t.db, { username: "  spaced  " })).username).toBe("spaced");
    await expect(ensureAdmin(t.db, { username: "   " })).rejects.toThrow("must not be empty");
  });
});

describe("ensureAdmin with ADMIN_PASSWORD", () => {
  it("creates the admin with the given password and generates none", async () => {
    const result = await ensureAdmin(t.db, { username: "set-admin", password: "given-password-1" });
    expect(result).toEqual({ username: "set-admin", created: true, passwordUpdated: false });
    expect(await verifyPassword((await storedHash("set-admin"))!, "given-password-1")).toBe(true);
  });

  it("replaces a generated password and ends the admin's sessions", async () => {
    const created = await ensureAdmin(t.db, { username: "reset-admin" });
    const [user] = await t.sql<{ id: number }[]>`select id from admin_users where username = 'reset-admin'`;
    await t.sql`insert into sessions (id, user_id, expires_at) values ('reset-session', ${user!.id}, now() + interval '1 day')`;

    const replaced = await ensureAdmin(t.db, { username: "reset-admin", password: "new-password-22" });
    expect(replaced).toEqual({ username: "reset-admin", created: false, passwordUpdated: true });
    const hash = (await storedHash("reset-admin"))!;
    expect(await verifyPassword(hash, "new-password-22")).toBe(true);
    expect(await verifyPassword(hash, created.generatedPassword!)).toBe(false);
    const [sessions] = await t.sql<{ n: number }[]>`select count(*)::int as n from sessions where user_id = ${user!.id}`;
    expect(sessions?.n).toBe(0);

    // The same password again changes nothing.
    expect(await ensureAdmin(t.db, { username: "reset-admin", password: "new-password-22" })).toEqual({
      username: "reset-admin",
      created: false,
      passwordUpdated: false,
    });
    expect(await storedHash("reset-admin")).toBe(hash);
  });
});

describe("admin environment", () => {
  it("defaults the username to admin and has no default password", () => {
    const env = readDbEnv({});
    expect(env.ADMIN_USERNAME).toBe("admin");
    expect(env.ADMIN_PASSWORD).toBeUndefined();
  });
  it("rejects an ADMIN_PASSWORD shorter than 8 characters", () => {
    expect(() => readDbEnv({ ADMIN_PASSWORD: "short" })).toThrow("ADMIN_PASSWORD must be at least 8 characters");
    expect(readDbEnv({ ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "long-enough" })).toMatchObject({
      ADMIN_USERNAME: "boss",
      ADMIN_PASSWORD: "long-enough",
    });
  });
});
