import { describe, expect, it } from "vitest";
import { SEARCH } from "./constants.ts";
import { adSlotAfter, clampNearbyPages, paginate, paginationWindow, totalPages } from "./pagination.ts";

describe("paginationWindow (product.md §2.5)", () => {
  it("shows first, last, neighbours and ellipses for gaps", () => {
    expect(paginationWindow(5, 10)).toEqual([1, "ellipsis", 4, 5, 6, "ellipsis", 10]);
  });
  it("handles edges without duplicate pages", () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2, "ellipsis", 10]);
    expect(paginationWindow(10, 10)).toEqual([1, "ellipsis", 9, 10]);
    expect(paginationWindow(3, 10)).toEqual([1, 2, 3, 4, "ellipsis", 10]);
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 5)).toEqual([1, 2, "ellipsis", 5]);
  });
  it("clamps the current page and returns nothing without pages", () => {
    expect(paginationWindow(99, 4)).toEqual([1, "ellipsis", 3, 4]);
    expect(paginationWindow(0, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });
});

describe("totalPages and clampNearbyPages (product.md §9)", () => {
  it("rounds up", () => {
    expect(totalPages(0, 10)).toBe(0);
    expect(totalPages(1, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(totalPages(13, 6)).toBe(3);
  });
  it("pins page size 10 and at most 5 pages (50 clinics)", () => {
    expect(SEARCH.pageSize).toBe(10);
    expect(SEARCH.maxPages).toBe(5);
    expect(SEARCH.maxNearbyResults).toBe(50);
    expect(clampNearbyPages(25)).toBe(3);
    expect(clampNearbyPages(50)).toBe(5);
    expect(clampNearbyPages(480)).toBe(5);
  });
});

describe("paginate", () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);
  it("slices pages from 1", () => {
    expect(paginate(items, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(paginate(items, 3, 10)).toEqual([21, 22, 23]);
    expect(paginate(items, 4, 10)).toEqual([]);
    expect(paginate(items, 0, 10)).toEqual(paginate(items, 1, 10));
  });
});

describe("adSlotAfter (product.md §2.5: after every third card, numbered from 1)", () => {
  it("is true after cards 3, 6, 9", () => {
    const after = Array.from({ length: 10 }, (_, i) => i).filter(adSlotAfter);
    expect(after).toEqual([2, 5, 8]);
  });
});
