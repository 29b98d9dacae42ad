import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { MSG } from "@botox/core";
import { apiError, createFakeApi, failWith, STATS } from "../test/fake-api.ts";
import { renderApp } from "../test/render.tsx";
import { recentChanges } from "./dashboard/RecentChanges.tsx";
import { idle, noRecent } from "../test/publish-builds.ts";

describe("dashboard", () => {
  it("shows the counts of the stats call", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /publish/status": idle, ...noRecent });
    renderApp(api, "/");
    expect(await screen.findByRole("link", { name: "Total Clinics 3" })).toHaveAttribute("href", "/clinics");
    expect(screen.getByRole("link", { name: "Blog Posts 2" })).toHaveAttribute("href", "/blog");
    expect(screen.getByText("Subscribers").nextSibling).toHaveTextContent("5");
    expect(screen.getByRole("link", { name: "Unread Messages 1" })).toHaveAttribute("href", "/messages");
  });

  it("shows the newsletter's confirmed and pending subscribers, mail sent this week and failures", async () => {
    const stats = { ...STATS, confirmedSubscribers: 40, pendingSubscribers: 3, mailSentThisWeek: 120, mailFailures: 2 };
    const { api } = createFakeApi({ "GET /stats": stats, "GET /publish/status": idle, ...noRecent });
    renderApp(api, "/");
    expect(await screen.findByText("Confirmed Subscribers")).toBeInTheDocument();
    expect(screen.getByText("Confirmed Subscribers").nextSibling).toHaveTextContent("40");
    expect(screen.getByText("Pending Subscribers").nextSibling).toHaveTextContent("3");
    expect(screen.getByRole("link", { name: "Mail Sent This Week 120" })).toHaveAttribute("href", "/mail");
    expect(screen.getByRole("link", { name: "Mail Failures 2" })).toHaveAttribute("href", "/mail?status=failed");
  });

  it("shows 'Error loading stats' when the stats call fails after the session check", async () => {
    let calls = 0;
    const { api } = createFakeApi({
      "GET /stats": () => {
        calls += 1;
        if (calls > 1) throw apiError(500);
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
});
