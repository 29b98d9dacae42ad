import { beforeEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ClinicListResponse } from "@botox/core/contract";
import CityListing, { activeFilterCount } from "./CityListing.tsx";
import { DEFAULT_CITY_FILTERS } from "../lib/listing.ts";
import { makeClinic } from "../test/factories.ts";
import { API_URL, json, mockApi, type Recorded } from "../test/fetch.ts";

/** The listing's own requests (the cards' rating summary is asked for beside them). */
const listing = (requests: Recorded[]) => requests.filter((r) => !r.url.pathname.endsWith("/rating-summary"));

// The listing state lives in the address: every test starts from a clean one.
beforeEach(() => window.history.replaceState(null, "", "/"));

const config = { apiUrl: API_URL, geoServices: [] };
const PATH = "GET /proxy/clinics-by-city/new-york";

function pageOf(n: number, total: number, prefix = "Spa"): ClinicListResponse {
  const count = Math.max(0, Math.min(10, total - (n - 1) * 10));
  return {
    clinics: Array.from({ length: count }, (_, i) => makeClinic({ name: `${prefix} ${(n - 1) * 10 + i + 1}` })),
    pagination: { totalItems: total, itemsPerPage: 10, currentPage: n, totalPages: Math.ceil(total / 10) },
  };
}
const cardNames = () => screen.queryAllByRole("article").map((a) => a.querySelector("h3")!.textContent);

describe("CityListing", () => {
  it("shows the build-time first page without a request, with an ad after every third card", () => {
    const { requests } = mockApi({});
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    expect(screen.getByText("25 clinics found in New York")).toBeInTheDocument();
    expect(cardNames()).toHaveLength(10);
    expect(screen.getAllByText("Advertisement")).toHaveLength(3);
    const list = document.querySelector("[data-clinic-list]")!;
    const kinds = [...list.children].map((el) => (el.tagName === "ARTICLE" ? "c" : "ad")).join(",");
    expect(kinds).toBe("c,c,c,ad,c,c,c,ad,c,c,c,ad,c");
    expect(listing(requests)).toHaveLength(0);
  });

  it("tags the card of a clinic with a current deal, linked to the page's deals, and no other card", () => {
    mockApi({});
    const initial = pageOf(1, 3);
    const withDeal = initial.clinics[1]!;
    render(<CityListing citySlug="new-york" cityName="New York" initial={initial} config={config} dealTags={{ [withDeal.id]: "Deal: Botox $9.50/unit" }} />);
    const tags = document.querySelectorAll("[data-deal-tag]");
    expect([...tags].map((t) => t.textContent)).toEqual(["Deal: Botox $9.50/unit"]);
    expect(tags[0]!.closest("article")!.querySelector("h3")!.textContent).toBe(withDeal.name);
    expect(screen.getByRole("link", { name: "Deal: Botox $9.50/unit" })).toHaveAttribute("href", "#deals-h");
  });

  it("pages with the filters in the request, and a filter change goes back to page 1", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      [PATH]: ({ url }: { url: URL }) => pageOf(Number(url.searchParams.get("page")), url.searchParams.get("distance") === "10" ? 12 : 25, "Fetched"),
    });
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    await user.click(screen.getByRole("button", { name: "Page 3" }));
    await waitFor(() => expect(cardNames()).toEqual(["Fetched 21", "Fetched 22", "Fetched 23", "Fetched 24", "Fetched 25"]));
    expect(screen.getByRole("button", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
    // A page change scrolls smoothly back to the top of the list (product.md §2.5).
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the spy is inspected, never called
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    expect(listing(requests).at(-1)!.url.search).toBe("?page=3&limit=10&businessStatus=OPERATIONAL&distance=5&sortBy=reviews&sortOrder=desc");

    await user.selectOptions(screen.getByLabelText("Distance"), "10");
    await waitFor(() => expect(screen.getByText("12 clinics found in New York")).toBeInTheDocument());
    expect(listing(requests).at(-1)!.url.searchParams.get("page")).toBe("1");
    expect(listing(requests).at(-1)!.url.searchParams.get("distance")).toBe("10");
    expect(screen.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

    await user.selectOptions(screen.getByLabelText("Business status"), "all");
    await user.selectOptions(screen.getByLabelText("Sort by"), "name-asc");
    await user.type(screen.getByLabelText("Search clinics"), " glow ");
    await user.click(screen.getByRole("button", { name: "Go" }));
    await waitFor(() => expect(listing(requests).at(-1)!.url.searchParams.get("query")).toBe("glow"));
    const last = listing(requests).at(-1)!.url.searchParams;
    expect([last.get("page"), last.get("businessStatus"), last.get("sortBy"), last.get("sortOrder")]).toEqual(["1", null, "name", "asc"]);
  });

  it("shows skeletons while a page loads", async () => {
    const user = userEvent.setup();
    mockApi({ [PATH]: () => new Promise(() => {}) });
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByLabelText("Loading clinics")).toBeInTheDocument();
    expect(document.querySelectorAll("[data-skeleton]").length).toBeGreaterThan(0);
  });

  it("shows the error with Retry, and the empty texts", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({ [PATH]: () => (fail ? json({ error: "down" }, 503) : pageOf(1, 0)) });
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    await user.selectOptions(screen.getByLabelText("Distance"), "any");
    expect(await screen.findByRole("alert")).toHaveTextContent("Error loading clinics. Please try again.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No clinics found in New York matching your criteria.")).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your filters or search query.")).toBeInTheDocument();
  });

  it("keeps filters, sort and page in the address, and opens on the state a shared link carries", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ [PATH]: ({ url }: { url: URL }) => pageOf(Number(url.searchParams.get("page")), 25, "Fetched") });
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    await user.selectOptions(screen.getByLabelText("Distance"), "25");
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(window.location.search).toBe("?distance=25&page=2"));
    cleanup();

    window.history.replaceState(null, "", "/?sort=name-asc&status=all&page=3");
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    await waitFor(() => expect(cardNames()).toEqual(["Fetched 21", "Fetched 22", "Fetched 23", "Fetched 24", "Fetched 25"]));
    const last = listing(requests).at(-1)!.url.searchParams;
    expect([last.get("page"), last.get("sortBy"), last.get("sortOrder"), last.get("businessStatus")]).toEqual(["3", "name", "asc", null]);
    expect(screen.getByLabelText("Sort by")).toHaveValue("name-asc");
  });

  it("keeps Open now in the address beside the other filters and asks the API with openNow=true", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ [PATH]: ({ url }: { url: URL }) => pageOf(1, url.searchParams.get("openNow") === "true" ? 2 : 25, "Fetched") });
    window.history.replaceState(null, "", "/?page=2");
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    await user.click(screen.getByLabelText("Open now"));
    await waitFor(() => expect(window.location.search).toBe("?openNow=1"));
    await waitFor(() => expect(screen.getByText("2 clinics found in New York")).toBeInTheDocument());
    const sent = listing(requests).at(-1)?.url.searchParams;
    expect([sent?.get("openNow"), sent?.get("page")]).toEqual(["true", "1"]);
    cleanup();

    window.history.replaceState(null, "", "/?openNow=1&maxUnitPrice=12");
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    expect(screen.getByLabelText("Open now")).toBeChecked();
    await waitFor(() => expect(listing(requests).at(-1)?.url.searchParams.get("maxUnitPrice")).toBe("12"));
    expect(listing(requests).at(-1)?.url.searchParams.get("openNow")).toBe("true");
  });

  it("shows our own emoji ratings next to the maps rating once a clinic has some", async () => {
    const initial = pageOf(1, 2);
    const [rated, unrated] = initial.clinics;
    mockApi({
      "GET /clinics/rating-summary": {
        [rated!.id]: [
          { emoji: "love-eyes", count: 2 },
          { emoji: "smile", count: 1 },
        ],
      },
    });
    render(<CityListing citySlug="new-york" cityName="New York" initial={initial} config={config} />);
    const cards = screen.getAllByRole("article");
    await waitFor(() => expect(cards[0]).toHaveTextContent("😍 2 😊 1"));
    expect(cards[0]).toHaveTextContent("from 3 visitor ratings");
    expect(cards[0]!.querySelector("[data-maps-rating]")).toHaveTextContent(/^★ \d\.\d from \d+ maps reviews?$/);
    expect(cards[1]!.querySelector("[data-visitor-ratings]")).toBeNull();
    expect(unrated).toBeDefined();
  });
});

describe("CityListing: pages past the last, and a brand asked for", () => {
  it("goes to the last page in place of ?page=999, never saying 'found' and 'No clinics found' at once", async () => {
    window.history.replaceState(null, "", "/?page=999");
    const { requests } = mockApi({
      [PATH]: ({ url }: { url: URL }) => {
        const n = Number(url.searchParams.get("page"));
        return n > 3 ? { clinics: [], pagination: { totalItems: 25, itemsPerPage: 10, currentPage: n, totalPages: 3 } } : pageOf(n, 25, "Fetched");
      },
    });
    const before = window.history.length;
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    await waitFor(() => expect(cardNames()).toEqual(["Fetched 21", "Fetched 22", "Fetched 23", "Fetched 24", "Fetched 25"]));
    expect(window.location.search).toBe("?page=3");
    expect(window.history.length).toBe(before);
    expect(screen.queryByText(/No clinics found/)).toBeNull();
    expect(screen.getByText("25 clinics found in New York")).toBeInTheDocument();
    expect(listing(requests).map((r) => r.url.searchParams.get("page"))).toEqual(["999", "3"]);
  });

  it("lists only the clinics posting a price of the brand in the address, and offers every clinic again", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/?brand=dysport&sort=price-asc");
    const { requests } = mockApi({ [PATH]: ({ url }: { url: URL }) => pageOf(1, url.searchParams.get("brand") ? 4 : 25, "Fetched") });
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    await waitFor(() => expect(screen.getByText("4 clinics found in New York")).toBeInTheDocument());
    expect(screen.getByText("Showing clinics that post a Dysport price.")).toBeInTheDocument();
    expect(listing(requests)[0]!.url.searchParams.get("brand")).toBe("dysport");
    expect(listing(requests)[0]!.url.searchParams.get("maxUnitPrice")).toBe("1000");
    await user.click(screen.getByRole("button", { name: "Show all clinics" }));
    await waitFor(() => expect(screen.getByText("25 clinics found in New York")).toBeInTheDocument());
    expect(window.location.search).toBe("");
  });
});

describe("CityListing: the phone filter panel and history", () => {
  it("counts the filters that differ from the defaults, never the sort", () => {
    expect(activeFilterCount(DEFAULT_CITY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_CITY_FILTERS, sort: "name-asc" })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_CITY_FILTERS, distance: "25", openNow: true, credential: "MD", brand: "dysport", query: "spa" })).toBe(5);
  });

  it("shows the active filters on the toggle and the answer's count on 'Show N results', which closes the panel", async () => {
    const user = userEvent.setup();
    mockApi({ [PATH]: ({ url }: { url: URL }) => pageOf(1, url.searchParams.get("distance") === "25" ? 1 : 12, "Fetched") });
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    const toggle = document.querySelector<HTMLButtonElement>("[data-filters-toggle]")!;
    expect(toggle.textContent).toBe("Filters");
    expect(screen.getByRole("button", { name: "Show 25 results" })).toBeInTheDocument();
    await user.click(toggle);
    await user.selectOptions(screen.getByLabelText("Distance"), "25");
    await waitFor(() => expect(screen.getByRole("button", { name: "Show 1 result" })).toBeInTheDocument());
    expect(toggle).toHaveAccessibleName("Filters, 1 active");
    await user.click(screen.getByLabelText("Open now"));
    await waitFor(() => expect(toggle).toHaveAccessibleName("Filters, 2 active"));
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("button", { name: /^Show \d+ results?$/ }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("adds a history entry for each filter change, and Back restores the state from the address", async () => {
    const user = userEvent.setup();
    mockApi({ [PATH]: ({ url }: { url: URL }) => pageOf(1, url.searchParams.get("distance") === "25" ? 3 : 12, "Fetched") });
    render(<CityListing citySlug="new-york" cityName="New York" initial={pageOf(1, 25)} config={config} />);
    const before = window.history.length;
    await user.selectOptions(screen.getByLabelText("Distance"), "25");
    await user.selectOptions(screen.getByLabelText("Business status"), "all");
    expect(window.location.search).toBe("?distance=25&status=all");
    expect(window.history.length).toBe(before + 2);
    window.history.back();
    await waitFor(() => expect(window.location.search).toBe("?distance=25"));
    await waitFor(() => expect(screen.getByLabelText("Business status")).toHaveValue("OPERATIONAL"));
    expect(screen.getByLabelText("Distance")).toHaveValue("25");
  });
});
