/**
 * Import, step 1 of 3 (parse → map → upsert): a maps-scraper export's text → plain records,
 * one per clinic, with the export's own column names.
 */
import { parse as parseCsv } from "csv-parse/sync";

export type ExportFormat = "csv" | "json";
export type ExportRow = Record<string, unknown>;

/** Marks a record that could not be read as a whole (kept off its enumerable columns). */
const ROW_PROBLEM = Symbol("row problem");

/** Why a parsed record cannot be used as is (a misaligned CSV line), if so. */
export function rowProblemOf(row: object): string | undefined {
  return (row as { [ROW_PROBLEM]?: string })[ROW_PROBLEM];
}

/**
 * Parses a maps-scraper export. CSV: a header line with the export's column names. JSON: an
 * array of objects (or `{ "clinics": [...] }`). Throws when the text is not that format.
 */
export function parseExport(text: string, format: ExportFormat): ExportRow[] {
  if (format === "json") {
    const data: unknown = JSON.parse(text);
    const list = Array.isArray(data) ? data : (data as { clinics?: unknown })?.clinics;
    if (!Array.isArray(list)) throw new Error("JSON export must be an array of clinics");
    return list as ExportRow[];
  }
  const records = parseCsv(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
  });
  const [header, ...body] = records;
  if (!header) return [];
  const columns = header.map((h) => h.trim().toLowerCase());
  return body.map((fields) => {
    const row: ExportRow = Object.fromEntries(columns.map((c, i) => [c, fields[i] ?? ""]));
    // A misaligned line (an unquoted comma, say) is reported rather than imported shifted.
    if (fields.length !== columns.length) {
      Object.defineProperty(row, ROW_PROBLEM, { value: `expected ${columns.length} fields, found ${fields.length}` });
    }
    return row;
  });
}
