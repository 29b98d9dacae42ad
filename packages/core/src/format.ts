import { formatPriceDate } from "./price-format.ts";

/** (NNN) NNN-NNNN when the input has exactly 10 digits, otherwise unchanged (product.md §3). */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  const digits = phone.replace(/\D/g, "");
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * "28 Nov 2026": the one date format visitors read (a day, a timestamp or a Date; in UTC, so
 * build machines in any zone print the same date), the same as prices' dates. The admin keeps
 * the spec's MM/DD/YYYY (`formatUsDate`).
 */
export function formatVisitorDate(value: Date | string | number | null | undefined): string {
  if (value == null || value === "") return "";
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  return formatPriceDate(d.toISOString().slice(0, 10));
}

/** "5 Dec 2026, 14:03 UTC": an instant to the minute, such as the end of a claim's contest window (decision 284). */
export function formatUtcMinute(value: Date | string): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  return `${formatVisitorDate(d)}, ${d.toISOString().slice(11, 16)} UTC`;
}

/** MM/DD/YYYY (product.md §3), in UTC so build machines in any zone print the same date. */
export function formatUsDate(value: Date | string | number | null | undefined): string {
  if (value == null || value === "") return "";
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  const mm = String(d.getUTCMonth() + 1).padStart(2, "0");
  const dd = String(d.getUTCDate()).padStart(2, "0");
  return `${mm}/${dd}/${d.getUTCFullYear()}`;
}

/** A field holding a JSON string is parsed, `{}` when missing or invalid (product.md §3). */
export function parseJsonObject(value: unknown): Record<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value !== "string" || value.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export type WorkingHours = Record<string, string> | { text: string };

/**
 * Working hours arrive as an object of day → hours text, a JSON string of one, or plain
 * text (product.md §3). Plain text is kept as `{ text }` so it survives the jsonb column.
 */
export function normalizeWorkingHours(value: unknown): WorkingHours | null {
  if (value == null || value === "") return null;
  const obj = parseJsonObject(value);
  const entries = Object.entries(obj).filter(([, v]) => typeof v === "string" || Array.isArray(v));
  if (entries.length > 0) {
    // Only a list's own strings: Array#join would recurse into nested arrays (a stack overflow
    // at a few thousand levels).
    const text = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string").join(", ") : String(v));
    return Object.fromEntries(entries.map(([k, v]) => [k, text(v)]));
  }
  // Whitespace-only text is no schedule at all.
  return typeof value === "string" && value.trim() !== "" ? { text: value.trim() } : null;
}
