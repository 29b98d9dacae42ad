#!/usr/bin/env tsx
/**
 * Serves the embedded PostgreSQL (migrated) on loopback until Ctrl-C, so the API, the CLIs
 * and the site build can share it. Usage: serve   (port from PGLITE_PORT, data under DATA_DIR)
 */
import { describeDatabase, runCli } from "./run.ts";

await runCli(async (db) => {
  if (!db.embedded) {
    console.log(`Nothing to serve: using ${describeDatabase(db)}.`);
    return 0;
  }
  console.log(`Embedded PostgreSQL ready at ${db.url}\nPress Ctrl-C to stop.`);
  // Runs until SIGINT/SIGTERM, whose handler closes the server and PGlite, then exits.
  await new Promise<never>(() => {});
});
