import type { PriceStatus } from "./price-format.ts";

/** One canonical business status (architecture.md §4, §9). */
export const BUSINESS_STATUSES = ["OPERATIONAL", "CLOSED_TEMPORARILY", "PERMANENTLY_CLOSED"] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

/** Accepts either case ("operational", "OPERATIONAL"); undefined for anything else. */
export function normalizeBusinessStatus(value: unknown): BusinessStatus | undefined {
  if (typeof value !== "string") return undefined;
  const upper = value.trim().toUpperCase();
  return (BUSINESS_STATUSES as readonly string[]).includes(upper) ? (upper as BusinessStatus) : undefined;
}

/** Public cards (product.md §4): 'operational' or 'open' shows Open; anything else Closed. */
export function publicStatusLabel(status: string | null | undefined): "Open" | "Closed" {
  const s = (status ?? "").trim().toLowerCase();
  return s === "operational" || s === "open" ? "Open" : "Closed";
}

/**
 * The business-status badge of public cards and clinic pages: worded so it cannot be
 * read as today's hours ("Operating", not "Open", beside "Closed · opens 9 AM"). `null` when the
 * clinic operates and its hours are known: the open-now line then says more than a badge would.
 */
export function businessStatusBadge(
  status: string | null | undefined,
  hoursKnown: boolean,
): { label: "Operating" | "Temporarily closed" | "Permanently closed"; tone: "ok" | "warn" | "bad" } | null {
  const s = (status ?? "").trim().toLowerCase();
  if (s === "operational" || s === "open") return hoursKnown ? null : { label: "Operating", tone: "ok" };
  if (s === "closed_temporarily") return { label: "Temporarily closed", tone: "warn" };
  return { label: "Permanently closed", tone: "bad" };
}

/** Admin list (product.md §4): operational Open, closed_temporarily 'Temp. Closed', else Closed. */
export function adminStatusLabel(status: string | null | undefined): "Open" | "Temp. Closed" | "Closed" {
  const s = (status ?? "").trim().toLowerCase();
  if (s === "operational") return "Open";
  if (s === "closed_temporarily") return "Temp. Closed";
  return "Closed";
}

/** A business status spelled out, as the admin form lists it next to the value. */
export const BUSINESS_STATUS_LABELS: Record<BusinessStatus, string> = {
  OPERATIONAL: "Operational",
  CLOSED_TEMPORARILY: "Closed temporarily",
  PERMANENTLY_CLOSED: "Permanently closed",
};

/** A blog post's state (product.md §4): published, or Draft. */
export function postStatusLabel(published: boolean): "Published" | "Draft" {
  return published ? "Published" : "Draft";
}

/** A price's (or price report's) review state, as the admin's review tabs name it. */
export const PRICE_STATUS_LABELS: Record<PriceStatus, string> = {
  pending: "Pending",
  published: "Published",
  rejected: "Rejected",
};
