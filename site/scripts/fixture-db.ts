/**
 * Creates a throwaway database filled with the e2e fixtures and prints its URL, for local
 * builds: DATABASE_URL=$(pnpm exec tsx scripts/fixture-db.ts) pnpm build.
 * Needs TEST_DATABASE_URL (a real PostgreSQL); the database is left for the caller to drop.
 */
import { createTestDatabase } from "@botox/db/testing";
import { insertFixtures } from "@botox/e2e/fixtures";

const handle = await createTestDatabase();
if (handle.kind !== "server") {
  console.error("Set TEST_DATABASE_URL to a PostgreSQL server: an in-memory database would vanish on exit.");
  process.exit(1);
}
await insertFixtures(handle.db);
await handle.sql.end();
process.stdout.write(`${handle.url}\n`);
