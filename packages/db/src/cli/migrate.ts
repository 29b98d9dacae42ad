#!/usr/bin/env tsx
/** Applies the committed migrations (openDatabase migrates on open). Usage: migrate */
import { describeDatabase, runCli } from "./run.ts";

await runCli(async (db) => {
  console.log(`Migrations applied to ${describeDatabase(db)}.`);
});
