/** Paging of the clinic and blog lists (product.md §2.5, §9). */
import { SEARCH } from "./constants.ts";

export type PageItem = number | "ellipsis";

/**
 * Page buttons (product.md §2.5): the first page, the last, the current page with its
 * neighbours, and an ellipsis wherever numbers are skipped: 1 … 4 5 6 … 10.
 */
export function paginationWindow(current: number, totalPages: number): PageItem[] {
  if (!Number.isFinite(totalPages) || totalPages < 1) return [];
  const last = Math.floor(totalPages);
  const cur = Math.min(Math.max(1, Math.floor(current) || 1), last);
  const pages = [...new Set([1, cur - 1, cur, cur + 1, last])].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const out: PageItem[] = [];
  let prev = 0;
  for (const p of pages) {
    if (prev && p - prev > 1) out.push("ellipsis");
    out.push(p);
    prev = p;
  }
  return out;
}

/** Number of pages for a count; 0 items → 0 pages (no pagination shown). */
export function totalPages(totalItems: number, pageSize: number): number {
  if (!(pageSize > 0) || !(totalItems > 0)) return 0;
  return Math.ceil(totalItems / pageSize);
}

/** Pages of the nearby list: 10 per page, at most 5 pages, so at most 50 clinics (product.md §9). */
export function clampNearbyPages(totalItems: number): number {
  return Math.min(totalPages(totalItems, SEARCH.pageSize), SEARCH.maxPages);
}

/** The items of one page (pages count from 1; below 1 means 1, past the end gives []). */
export function paginate<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const size = Math.max(1, Math.floor(pageSize));
  const p = Math.max(1, Math.floor(page) || 1);
  return items.slice((p - 1) * size, p * size);
}

/** An ad placeholder follows every third card, cards numbered from 1 (product.md §2.5). */
export function adSlotAfter(indexFromZero: number): boolean {
  return (indexFromZero + 1) % SEARCH.adEvery === 0;
}
