#!/usr/bin/env tsx
/**
 * Imports a maps-scraper export.
 * Usage: import <file> [--format csv|json]   (format defaults from the file extension)
 * Prints the summary and every bad row; exits 1 only when the file cannot be read or parsed.
 * Optional price columns (price_per_unit, price_area_price, price_observed_on…): see import-prices.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { callerCwd, readDbEnv } from "../connection/env.ts";
import { importClinics, parseExport, type ExportFormat, type ExportRow } from "../import/import.ts";
import { cliArgs, describeDatabase, runCli } from "./run.ts";

const { values, positionals } = parseArgs({
  args: cliArgs(),
  allowPositionals: true,
  options: { format: { type: "string" }, help: { type: "boolean", short: "h", default: false } },
});
const given = positionals[0];
if (values.help || !given) {
  console.log("Usage: import <file> [--format csv|json]");
  process.exit(values.help ? 0 : 1);
}
const format = (values.format ?? (path.extname(given).toLowerCase() === ".json" ? "json" : "csv")) as ExportFormat;
if (format !== "csv" && format !== "json") {
  console.error(`--format must be csv or json, got ${String(values.format)}`);
  process.exit(1);
}

// `npm run db:import -- x.csv` runs this in packages/db: resolve x.csv where the user typed it.
const file = path.resolve(callerCwd(readDbEnv()), given);

let rows: ExportRow[];
try {
  rows = parseExport(fs.readFileSync(file, "utf8"), format);
} catch (err) {
  console.error(`Cannot read ${file} as ${format}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

await runCli(async (db) => {
  console.log(`Importing ${rows.length} rows from ${file} into ${describeDatabase(db)}…`);
  const result = await importClinics(db.db, rows);
  console.log(`inserted ${result.inserted}, updated ${result.updated}, unchanged ${result.unchanged}, bad rows ${result.errors.length}`);
  if (result.prices > 0) console.log(`prices added ${result.prices}, held for review ${result.pricesPending}`);
  if (result.staff > 0) console.log(`staff added ${result.staff}`);
  for (const e of result.errors) console.log(`  row ${e.row}: ${e.reason}`);
});
