import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import { weekStartsEndingAt, zeroListingEventCounts, type ListingEventWeek } from "@botox/core";
import { AppProviders, createQueryClient } from "../App.tsx";
import { apiError, createFakeApi, STATS } from "../test/fake-api.ts";
import { renderApp } from "../test/render.tsx";
import { idle, noRecent } from "../test/publish-builds.ts";
import { ListingCounts, weekLabel } from "./ListingCounts.tsx";

const MONDAYS = weekStartsEndingAt("2026-11-25", 12);
const zeroWeeks = (): ListingEventWeek[] => MONDAYS.map((weekStart) => ({ weekStart, ...zeroListingEventCounts() }));

function show(routes: Record<string, unknown>) {
  const fake = createFakeApi(routes);
  render(
    <MemoryRouter>
      <AppProviders api={fake.api} queryClient={createQueryClient()}>
        <ListingCounts clinicId={7} />
      </AppProviders>
    </MemoryRouter>,
  );
  return fake;
}

describe("the listing counts chart", () => {
  it("says it is loading until the counts arrive, asking for 12 weeks", async () => {
    let answer!: (weeks: { weeks: ListingEventWeek[] }) => void;
    const { calls } = show({ "GET /clinics/7/events": () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByRole("status")).toHaveTextContent("Loading listing counts...");
    expect(calls[0]?.params).toEqual({ weeks: 12 });
    answer({ weeks: zeroWeeks() });
    expect(await screen.findByText(/No visits counted in the last 12 weeks yet/)).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says when nothing was counted, with no chart", async () => {
    show({ "GET /clinics/7/events": { weeks: zeroWeeks() } });
    expect(await screen.findByText(/No visits counted in the last 12 weeks yet/)).toBeInTheDocument();
    expect(document.querySelector("svg")).toBeNull();
  });

  it("draws the weeks for the eye and gives the figures as text and in a table", async () => {
    const weeks = zeroWeeks();
    weeks[0] = { ...weeks[0]!, view: 40, booking: 2 };
    weeks[11] = { ...weeks[11]!, view: 12, call: 3, website: 1, "deal-view": 5 };
    show({ "GET /clinics/7/events": () => ({ weeks }) });
    expect(await screen.findByTestId("listing-totals")).toHaveTextContent(
      "Last 12 weeks: 52 page views, 3 calls, 1 website visits, 0 directions, 2 booking clicks, 5 deal views.",
    );
    const svg = document.querySelector("svg");
    expect(svg).toHaveAttribute("aria-hidden", "true");
    // Two bars a week: page views and taps (calls, website, directions, booking).
    expect(svg?.querySelectorAll("rect")).toHaveLength(24);
    expect(within(svg as unknown as HTMLElement).getByText(`${weekLabel(MONDAYS[11]!)}: 4 taps`)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByText("Counts by week"));
    const table = screen.getByRole("table", { name: "Listing counts by week" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(13);
    expect(
      within(rows[0]!)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Week of", "Page views", "Calls", "Website visits", "Directions", "Booking clicks", "Deal views"]);
    expect(within(rows[1]!).getByRole("rowheader")).toHaveTextContent("Sep 7");
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["40", "0", "0", "0", "2", "0"]);
    expect(within(rows[12]!).getByRole("rowheader")).toHaveTextContent("Nov 23");
  });

  it("says when the counts could not be loaded", async () => {
    show({
      "GET /clinics/7/events": () => {
        throw apiError(500, { error: "The database is unavailable. Please try again shortly." });
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("The database is unavailable. Please try again shortly.");
  });
});

describe("where the counts are shown", () => {
  it("on the owner's workspace, one chart per clinic of theirs", async () => {
    const fake = createFakeApi({
      "GET /owner/clinics": { clinics: [{ id: 7, name: "Glow Spa", slug: "glow-spa", city: "Austin", citySlug: "austin", state: "TX" }] },
      "GET /clinics/7/events": { weeks: zeroWeeks() },
    });
    renderApp(fake.api, "/owner");
    expect(await screen.findByRole("region", { name: "What the listing brings: Glow Spa" })).toBeInTheDocument();
    expect(await screen.findByText(/No visits counted/)).toBeInTheDocument();
    expect(fake.callsTo("GET", "/clinics/7/events")).toHaveLength(1);
  });

  it("on the dashboard, every clinic's counts of this week and last", async () => {
    const counts = (view: number) => ({ ...zeroListingEventCounts(), view, call: 2 });
    const { api } = createFakeApi({
      "GET /stats": { ...STATS, eventsThisWeek: counts(30), eventsLastWeek: counts(120) },
      "GET /publish/status": idle,
      ...noRecent,
    });
    renderApp(api, "/");
    const card = await screen.findByRole("region", { name: "What the listings bring" });
    const views = within(card).getByRole("row", { name: /Page views/ });
    expect(
      within(views)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["30", "120"]);
  });
});
