import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { runMigrations } from "./migrate.ts";
import { openDatabase } from "./open.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

describe("migrations", () => {
  it("create every table and the geo extensions", async () => {
    const tables = await t.sql<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public' order by 1`;
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        "admin_users",
        "blog_categories",
        "blog_posts",
        "clinics",
        "contact_messages",
        "content_changes",
        "newsletter_subscriptions",
        "publish_builds",
        "ratings",
        "sessions",
        "zip_codes",
      ]),
    );
    const [row] = await t.sql<{ miles: number }[]>`
      select round((earth_distance(ll_to_earth(40.7128, -74.006), ll_to_earth(34.0522, -118.2437)) / 1609.344)::numeric) as miles`;
    expect(Number(row?.miles)).toBeGreaterThan(2440);
    expect(Number(row?.miles)).toBeLessThan(2460);
  });

  it("run on PostgreSQL 15 or newer (PGlite carries a newer one)", async () => {
    const [row] = await t.sql<{ server_version_num: string }[]>`show server_version_num`;
    expect(Number(row?.server_version_num)).toBeGreaterThanOrEqual(150_000);
  });

  it("give each clinic's current price an index carrying every column the searches read (0014)", async () => {
    // A price search probes it once per clinic in range: index-only, never the table.
    const [row] = await t.sql<{ indexdef: string }[]>`
      select indexdef from pg_indexes where tablename = 'clinic_current_prices' and indexname = 'clinic_current_prices_covering_idx'`;
    expect(row?.indexdef).toMatch(/\(clinic_id, brand\) INCLUDE \(per_unit_cents, checked_on, price_id\)$/);
  });

  it("give located clinics a point index carrying what radius counts read (0017)", async () => {
    // A radius count asks it for the circle's latitude/longitude box: index-only (decision 214).
    const [row] = await t.sql<{ indexdef: string }[]>`
      select indexdef from pg_indexes where tablename = 'clinics' and indexname = 'clinics_point_idx'`;
    expect(row?.indexdef).toMatch(/USING gist \(point\(longitude, latitude\)\) INCLUDE \(id, latitude, longitude, business_status\) WHERE/);
  });

  it("are idempotent when run twice", async () => {
    await expect(runMigrations(t.url)).resolves.toBeUndefined();
  });

  it("are applied by openDatabase, which uses the server DATABASE_URL names", async () => {
    const opened = await openDatabase({ databaseUrl: t.url, max: 1 });
    try {
      expect(opened.kind).toBe("server");
      expect(opened.embedded).toBeUndefined();
      const journal = JSON.parse(fs.readFileSync(fileURLToPath(new URL("../../migrations/meta/_journal.json", import.meta.url)), "utf8")) as {
        entries: unknown[];
      };
      expect(await opened.sql`select count(*)::int as n from drizzle.__drizzle_migrations`).toEqual([{ n: journal.entries.length }]);
    } finally {
      await opened.close();
    }
    // Closing that handle leaves the server (and this file's connection) running.
    expect(await t.sql`select 1 as one`).toEqual([{ one: 1 }]);
  });

  it("leave posts uncategorized when their category is deleted", async () => {
    const [cat] = await t.sql<{ id: number }[]>`insert into blog_categories (name, slug) values ('Tips', 'tips-mig') returning id`;
    const [post] = await t.sql<{ id: number }[]>`
      insert into blog_posts (title, slug, content, category_id) values ('A title', 'a-title-mig', 'x', ${cat!.id}) returning id`;
    await t.sql`delete from blog_categories where id = ${cat!.id}`;
    const [after] = await t.sql<{ category_id: number | null }[]>`select category_id from blog_posts where id = ${post!.id}`;
    expect(after?.category_id).toBeNull();
  });
});

// No database involved: checked once, in the embedded pass.
describe.runIf(!process.env.TEST_DATABASE_URL)("committed migrations", () => {
  it("match schema.ts: drizzle-kit generate finds nothing to do", async () => {
    const packageDir = fileURLToPath(new URL("../..", import.meta.url));
    // Its package exports do not list the CLI; pnpm links the package into node_modules.
    const drizzleKit = path.join(packageDir, "node_modules/drizzle-kit/bin.cjs");
    // drizzle-kit wants a relative --out: a scratch copy inside the package, removed afterwards.
    const scratch = fs.mkdtempSync(path.join(packageDir, ".migrations-check-"));
    try {
      fs.cpSync(path.join(packageDir, "migrations"), scratch, { recursive: true });
      const out = `./${path.basename(scratch)}`;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [drizzleKit, "generate", "--dialect", "postgresql", "--schema", "./src/schema/schema.ts", "--out", out],
        { cwd: packageDir },
      );
      expect(stdout).toContain("No schema changes");
      expect(fs.readdirSync(scratch).sort()).toEqual(fs.readdirSync(path.join(packageDir, "migrations")).sort());
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
