/** Publishing answers for the dashboard's tests. */
import type { PublishBuild, PublishStatus } from "@botox/core";

export const build = (id: number, over: Partial<PublishBuild> = {}): PublishBuild => ({
  id,
  status: "succeeded",
  trigger: "content",
  changeWatermark: id,
  live: false,
  durationMs: 4200,
  pageCount: 120,
  createdAt: "2026-03-01T10:00:00Z",
  startedAt: "2026-03-01T10:00:00Z",
  finishedAt: "2026-03-01T10:00:04Z",
  logTail: "",
  ...over,
});
export const idle: PublishStatus = {
  mode: "local",
  state: "idle",
  dirty: false,
  queue: [],
  live: { id: 3, finishedAt: "2026-03-01T10:00:04Z" },
  nextNightlyRun: null,
  builds: [build(3, { live: true }), build(2, { status: "failed", logTail: "astro: page /x failed", pageCount: null }), build(1)],
};
/** The dashboard's other reads, answered with nothing. */
export const noRecent = {
  "GET /clinics": { clinics: [], pagination: { totalItems: 0, itemsPerPage: 5, currentPage: 1, totalPages: 0 } },
  "GET /blog/posts": { posts: [], pagination: { total: 0, limit: 100, page: 1, totalPages: 0 } },
};
