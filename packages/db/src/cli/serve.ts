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
  // The password stays in DATA_DIR/pglite-password (0600); it is not printed.
  console.log(`Embedded PostgreSQL ready: ${describeDatabase(db)}\nPress Ctrl-C to stop.`);
  // Runs until SIGINT/SIGTERM, whose handler closes the server and PGlite, then exits.
  await new Promise<never>(() => {});
});
