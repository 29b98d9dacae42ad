import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createFakeApi, failWith, STATS } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";
import { PUBLISH_POLL_MS } from "./publish-status.ts";
import { build, idle, noRecent } from "../../test/publish-builds.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("dashboard: publishing panel", () => {
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
    // Fake timers (real time still moves them, so the app's own waits run): the poll interval
    // is stepped over instead of slept through.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp(api, "/");
    const panel = await screen.findByRole("region", { name: "Publishing" });
    expect(await within(panel).findAllByText("running")).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PUBLISH_POLL_MS);
    await waitFor(() => expect(within(panel).getByText("idle")).toBeInTheDocument());
    // Idle now: two more intervals pass without another request.
    await vi.advanceTimersByTimeAsync(PUBLISH_POLL_MS * 2);
    expect(callsTo("GET", "/publish/status")).toHaveLength(2);
  });

  it("says so when the publishing status cannot be loaded", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /publish/status": failWith(500), ...noRecent });
    renderApp(api, "/");
    const panel = await screen.findByRole("region", { name: "Publishing" });
    expect(within(panel).getByText("Failed to load the publishing status.")).toBeInTheDocument();
  });
});
