/**
 * Clinic import from a maps-scraper export, in three steps: parse (text → records,
 * import-parse.ts), map (record → clinic row through the shared write path, import-map.ts)
 * and upsert (rows → database by stable key, import-upsert.ts). This module is the entry the
 * CLI and tests use.
 */
export { parseExport, type ExportFormat, type ExportRow } from "./import-parse.ts";
export { importClinics } from "./import-upsert.ts";
