import { workingHoursRows, type WorkingHoursRow } from "@botox/core/display";
import { parseDayKey } from "@botox/core/hours";

export interface HoursTableRow extends WorkingHoursRow {
  /** The days of the week (0 = Sunday) the row's day key covers; empty for plain text. */
  days: number[];
}

/**
 * The clinic page's hours table, worked out at build time: the source's rows and the days
 * each covers, so the browser island only highlights today and never loads the hours parser.
 */
export function hoursTableRows(workingHours: unknown): HoursTableRow[] {
  return workingHoursRows(workingHours).map((row) => ({ ...row, days: row.day ? (parseDayKey(row.day) ?? []) : [] }));
}
