import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, migratedTemplateFile, type TestDatabase } from "./testing.ts";

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});
const open = async () => {
  const d = await createTestDatabase();
  opened.push(d);
  return d;
};

const embedded = !process.env.TEST_DATABASE_URL;

// Embedded: a copy kept in a file; on PostgreSQL: a template database on the server.
describe("test databases", () => {
  it("start from one kept copy of the migrated schema, and each is its own", async () => {
    const first = await open();
    if (embedded) {
      // Made by this file, or by another test file holding the lock while it writes it.
      await expect.poll(() => fs.existsSync(migratedTemplateFile()), { timeout: 60_000 }).toBe(true);
    } else {
      const templates = await first.sql<
        { datname: string }[]
      >`select datname from pg_database where datistemplate is false and datname like 'botox_template_%'`;
      expect(templates.map((t) => t.datname)).toContain(`botox_template_${migratedTemplateFile().match(/([0-9a-f]{16})\.tar$/)?.[1]}`);
    }
    await first.sql`insert into blog_categories (name, slug) values ('Only in the first', 'only-first')`;
    const second = await open();
    expect(await second.sql`select count(*)::int as n from blog_categories where slug = 'only-first'`).toEqual([{ n: 0 }]);
    const journal = JSON.parse(fs.readFileSync(fileURLToPath(new URL("../migrations/meta/_journal.json", import.meta.url)), "utf8")) as { entries: unknown[] };
    expect(await second.sql`select count(*)::int as n from drizzle.__drizzle_migrations`).toEqual([{ n: journal.entries.length }]);
    // A write to the copy's source never reaches the copy kept on disk.
    const third = await open();
    expect(await third.sql`select count(*)::int as n from blog_categories where slug = 'only-first'`).toEqual([{ n: 0 }]);
  });
});
