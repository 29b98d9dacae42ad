/**
 * Readiness for load balancers (GET /api/v1/ready): the database answers and every committed
 * migration is applied. Liveness stays GET /api/v1/health. An instance whose database is
 * behind the code (a deploy that skipped `npm run db:migrate`) is taken out of rotation
 * rather than answering 500s.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { repoRoot, type Sql } from "@botox/db";

const JOURNAL = path.join(repoRoot, "packages", "db", "migrations", "meta", "_journal.json");

let newestCommitted: Promise<number> | undefined;

/** The `when` of the newest committed migration (drizzle records it as created_at). */
function newestCommittedMigration(): Promise<number> {
  newestCommitted ??= fs.readFile(JOURNAL, "utf8").then((text) => {
    const journal = JSON.parse(text) as { entries: { when: number }[] };
    return Math.max(0, ...journal.entries.map((e) => e.when));
  });
  return newestCommitted;
}

export type Readiness = { ready: boolean; database: "up" | "down"; migrations: "current" | "pending" | "unknown" };

export async function checkReadiness(sql: Sql, timeoutMs = 2_000): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  const probe = (async () => {
    await sql`select 1`;
    const rows = await sql<{ last: string | null }[]>`select max(created_at)::text as last from drizzle.__drizzle_migrations`.catch(() => [{ last: null }]);
    return Number(rows[0]?.last ?? 0);
  })().catch(() => "down" as const);
  try {
    const applied = await Promise.race([probe, timeout]);
    if (applied === "timeout" || applied === "down") return { ready: false, database: "down", migrations: "unknown" };
    const current = applied >= (await newestCommittedMigration());
    return { ready: current, database: "up", migrations: current ? "current" : "pending" };
  } finally {
    clearTimeout(timer);
  }
}
