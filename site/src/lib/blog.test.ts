import { describe, expect, it } from "vitest";
import { makePost } from "../test/factories.ts";
import { blogListPath, blogPages } from "./blog.ts";

describe("blog paging", () => {
  it("puts 6 posts on a page", () => {
    const pages = blogPages(Array.from({ length: 13 }, () => makePost()));
    expect(pages.map((p) => p.posts.length)).toEqual([6, 6, 1]);
    expect(pages.map((p) => [p.page, p.totalPages])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("has one empty page when there are no posts (the 'No blog posts found' screen)", () => {
    expect(blogPages([])).toEqual([{ posts: [], page: 1, totalPages: 1 }]);
  });

  it("names page 1 without a number, per category too", () => {
    expect(blogListPath(1)).toBe("/blog");
    expect(blogListPath(2)).toBe("/blog/page/2");
    expect(blogListPath(1, "costs")).toBe("/blog/category/costs");
    expect(blogListPath(3, "costs")).toBe("/blog/category/costs/page/3");
  });
});
