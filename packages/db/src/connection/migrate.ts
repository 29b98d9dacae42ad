import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { migrationsFolder } from "./paths.ts";

/**
 * Applies the committed migrations over one dedicated connection, holding an advisory lock
 * so API instances starting together do not race.
 */
export async function runMigrations(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(7216031)`;
    await migrate(drizzle(sql), { migrationsFolder });
    await sql`select pg_advisory_unlock(7216031)`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
