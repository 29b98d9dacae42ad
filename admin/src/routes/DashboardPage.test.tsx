import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG } from "@botox/core";
import { createFakeApi, failWith, STATS } from "../test/fake-api.ts";
import { renderApp } from "../test/render.tsx";
import type { PublishBuild, PublishStatus } from "@botox/core";
import { PUBLISH_POLL_MS, recentChanges } from "./DashboardPage.tsx";

const build = (id: number, over: Partial<PublishBuild> = {}): PublishBuild => ({
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
const idle: PublishStatus = {
  mode: "local",
  state: "idle",
  dirty: false,
  queue: [],
  live: { id: 3, finishedAt: "2026-03-01T10:00:04Z" },
  nextNightlyRun: null,
  builds: [build(3, { live: true }), build(2, { status: "failed", logTail: "astro: page /x failed", pageCount: null }), build(1)],
};
const noRecent = {
  "GET /clinics": { clinics: [], pagination: { totalItems: 0, itemsPerPage: 5, currentPage: 1, totalPages: 0 } },
  "GET /blog/posts": { posts: [], pagination: { total: 0, limit: 100, page: 1, totalPages: 0 } },
};

describe("dashboard", () => {
  it("shows the counts of the stats call", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /publish/status": idle, ...noRecent });
    renderApp(api, "/");
    expect(await screen.findByRole("link", { name: "Total Clinics 3" })).toHaveAttribute("href", "/clinics");
    expect(screen.getByRole("link", { name: "Blog Posts 2" })).toHaveAttribute("href", "/blog");
    expect(screen.getByText("Subscribers").nextSibling).toHaveTextContent("5");
    expect(screen.getByRole("link", { name: "Unread Messages 1" })).toHaveAttribute("href", "/messages");
  });

  it("shows 'Error loading stats' when the stats call fails after the session check", async () => {
    let calls = 0;
    const { api } = createFakeApi({
      "GET /stats": () => {
        calls += 1;
        if (calls > 1) throw failWith(500)();
        return STATS;
      },
      "GET /publish/status": idle,
      ...noRecent,
    });
    renderApp(api, "/");
    expect(await screen.findByText(MSG.admin.stats)).toBeInTheDocument();
  });

  it("lists recent changes: new clinics and edited posts, newest first", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /publish/status": failWith(503),
      "GET /clinics": {
        clinics: [{ id: 5, name: "Glow Spa", createdAt: "2026-03-02T00:00:00Z" }],
        pagination: { totalItems: 1, itemsPerPage: 5, currentPage: 1, totalPages: 1 },
      },
      "GET /blog/posts": {
        posts: [
          { id: 8, title: "Old news", createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-03-03T00:00:00Z" },
          { id: 9, title: "Fresh post", createdAt: "2026-02-01T00:00:00Z", updatedAt: "2026-02-01T00:00:00Z" },
        ],
        pagination: { total: 2, limit: 100, page: 1, totalPages: 1 },
      },
    });
    renderApp(api, "/");
    const card = await screen.findByRole("region", { name: "Recent changes" });
    await waitFor(() => expect(within(card).getAllByRole("listitem")).toHaveLength(3));
    const items = within(card).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Post updated: Old news03/03/2026");
    expect(items[1]).toHaveTextContent("Clinic added: Glow Spa03/02/2026");
    expect(items[2]).toHaveTextContent("Post added: Fresh post02/01/2026");
    expect(within(items[1]!).getByRole("link", { name: "Glow Spa" })).toHaveAttribute("href", "/clinics/5");
    expect(callsTo("GET", "/clinics")[0]?.params).toMatchObject({ sort: "newest", limit: 5 });
    // Publishing not running in this API (503): no panel.
    expect(screen.queryByRole("region", { name: "Publishing" })).not.toBeInTheDocument();
  });

  it("caps recent changes at 8", () => {
    const clinics = Array.from({ length: 5 }, (_, i) => ({ id: i, name: `c${i}`, createdAt: `2026-01-0${i + 1}T00:00:00Z` }));
    const posts = Array.from({ length: 6 }, (_, i) => ({ id: i, title: `p${i}`, createdAt: "2026-01-01T00:00:00Z", updatedAt: `2026-02-0${i + 1}T00:00:00Z` }));
    const list = recentChanges(clinics, posts);
    expect(list).toHaveLength(8);
    expect(list[0]?.title).toBe("p5");
  });

  it("shows the publishing status and build history; 'Rebuild now' queues a build", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /publish/status": idle,
      "POST /publish/rebuild": { queued: true },
      ...noRecent,
    });
    renderApp(api, "/");
    const panel = await screen.findByRole("region", { name: "Publishing" });
    expect(within(panel).getByText("idle")).toBeInTheDocument();
    const table = within(panel).getByRole("table", { name: "Build history" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("#3");
    expect(within(rows[0]!).getByText("live")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("120 pages · 4.2 s");
    expect(within(rows[1]!).getByText("failed")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("astro: page /x failed")).toBeInTheDocument();
    // Only a kept successful build that is not live can be rolled back to.
    expect(within(rows[2]!).getByRole("button", { name: "Roll back" })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole("button", { name: "Roll back" })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(panel).getByRole("button", { name: "Rebuild now" }));
    expect(await screen.findByText("Rebuild started")).toBeInTheDocument();
    expect(callsTo("POST", "/publish/rebuild")).toHaveLength(1);
    await waitFor(() => expect(callsTo("GET", "/publish/status").length).toBeGreaterThanOrEqual(2));
  });

  it("refreshes the status by itself while a build is under way, and stops when it ends", async () => {
    let n = 0;
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /publish/status": () => {
        n += 1;
        return n === 1 ? { ...idle, state: "running", builds: [build(4, { status: "running", finishedAt: null }), ...idle.builds] } : idle;
      },
      ...noRecent,
    });
    renderApp(api, "/");
    const panel = await screen.findByRole("region", { name: "Publishing" });
    expect(await within(panel).findAllByText("running")).toHaveLength(2);
    await waitFor(() => expect(within(panel).getByText("idle")).toBeInTheDocument(), { timeout: PUBLISH_POLL_MS + 1500 });
    await new Promise((r) => setTimeout(r, PUBLISH_POLL_MS + 200));
    expect(callsTo("GET", "/publish/status")).toHaveLength(2);
  }, 10_000);

  it("says so when the publishing status cannot be loaded", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /publish/status": failWith(500), ...noRecent });
    renderApp(api, "/");
    const panel = await screen.findByRole("region", { name: "Publishing" });
    expect(within(panel).getByText("Failed to load the publishing status.")).toBeInTheDocument();
  });
});
