/** Blog list paging at build time (product.md §2.12): 6 per page, URLs per page and category. */
import type { BlogPost } from "@botox/core/contract";
import { BLOG } from "@botox/core/constants";
import { totalPages as pagesFor } from "@botox/core/pagination";

export function blogListPath(page: number, categorySlug?: string | null): string {
  const base = categorySlug ? `/blog/category/${categorySlug}` : "/blog";
  return page <= 1 ? base : `${base}/page/${page}`;
}

export interface BlogPage {
  posts: BlogPost[];
  page: number;
  totalPages: number;
}

export function blogPages(posts: readonly BlogPost[]): BlogPage[] {
  const totalPages = Math.max(1, pagesFor(posts.length, BLOG.pageSize));
  return Array.from({ length: totalPages }, (_, i) => ({
    posts: posts.slice(i * BLOG.pageSize, (i + 1) * BLOG.pageSize),
    page: i + 1,
    totalPages,
  }));
}
