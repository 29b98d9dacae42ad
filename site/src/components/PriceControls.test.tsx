import { describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ClinicListResponse, ZipSearchResponse } from "@botox/core/contract";
import CityListing from "../islands/CityListing.tsx";
import ZipResults from "../islands/ZipResults.tsx";
import { ClinicCard } from "./ClinicCard.tsx";
import { makeClinic } from "../test/factories.ts";
import { API_URL, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };
const botox = (perUnitCents: number) => ({
  brand: "botox" as const,
  perUnitCents,
  observedOn: "2026-11-02",
  checkedOn: "2026-11-02",
  source: "phone" as const,
});
const cityPage = (clinics: ReturnType<typeof makeClinic>[]): ClinicListResponse => ({
  clinics,
  pagination: { totalItems: clinics.length, itemsPerPage: 10, currentPage: 1, totalPages: 1 },
});
const origin = { latitude: 40.75, longitude: -74, city: "New York", state: "NY" };
const zipPage = (clinics: ReturnType<typeof makeClinic>[]): ZipSearchResponse => ({
  clinics,
  totalCount: clinics.length,
  itemsPerPage: 10,
  currentPage: 1,
  origin,
});
const names = () => screen.queryAllByRole("article").map((a) => a.querySelector("h2, h3")?.textContent);
// The listing's own requests: the cards' visitor-rating summaries are asked for separately.
const lastTo = (requests: { url: URL }[], path: string) => requests.filter((r) => r.url.pathname.endsWith(path)).at(-1);

describe("a clinic card's price", () => {
  it("shows the current unit price, dated and sourced, and nothing when the clinic has none", () => {
    render(<ClinicCard clinic={makeClinic({ name: "Priced", currentPrice: botox(1300) })} />);
    expect(screen.getByRole("article")).toHaveTextContent("Botox $13/unit, checked by phone 2 Nov 2026");
    document.body.replaceChildren();
    render(<ClinicCard clinic={makeClinic({ name: "Unpriced", currentPrice: null })} />);
    expect(screen.getByRole("article").querySelector("[data-unit-price]")).toBeNull();
  });
});

describe("price filter and sort in the city listing", () => {
  it("sends maxUnitPrice in dollars and sortBy=price, back on page 1", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      "GET /proxy/clinics-by-city/new-york": ({ url }: { url: URL }) =>
        url.searchParams.get("maxUnitPrice") === "12" ? cityPage([makeClinic({ name: "Cheap", currentPrice: botox(1100) })]) : cityPage([]),
    });
    const initial = cityPage([makeClinic({ name: "Cheap", currentPrice: botox(1100) }), makeClinic({ name: "Dear", currentPrice: botox(1600) })]);
    render(<CityListing citySlug="new-york" cityName="New York" initial={initial} config={config} />);
    expect(names()).toEqual(["Cheap", "Dear"]);
    await user.selectOptions(screen.getByLabelText("Botox price per unit"), "12");
    await waitFor(() => expect(names()).toEqual(["Cheap"]));
    expect(lastTo(requests, "/clinics-by-city/new-york")?.url.searchParams.get("maxUnitPrice")).toBe("12");
    expect(lastTo(requests, "/clinics-by-city/new-york")?.url.searchParams.get("page")).toBe("1");

    await user.selectOptions(screen.getByLabelText("Sort by"), "price-asc");
    await waitFor(() => expect(lastTo(requests, "/clinics-by-city/new-york")?.url.searchParams.get("sortBy")).toBe("price"));
    expect(lastTo(requests, "/clinics-by-city/new-york")?.url.searchParams.get("sortOrder")).toBe("asc");

    await user.selectOptions(screen.getByLabelText("Botox price per unit"), "");
    await waitFor(() => expect(lastTo(requests, "/clinics-by-city/new-york")?.url.searchParams.has("maxUnitPrice")).toBe(false));
  });
});

describe("price filter and sort on the ZIP page", () => {
  it("narrows with maxUnitPrice and orders with sortBy=price; the defaults send neither", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      "GET /zip-search": ({ url }: { url: URL }) =>
        url.searchParams.get("maxUnitPrice") === "14"
          ? zipPage([makeClinic({ name: "Cheap", currentPrice: botox(1100), _distance: 2 })])
          : zipPage([makeClinic({ name: "Near", currentPrice: null, _distance: 1 }), makeClinic({ name: "Cheap", currentPrice: botox(1100), _distance: 2 })]),
    });
    const initial = zipPage([
      makeClinic({ name: "Near", currentPrice: null, _distance: 1 }),
      makeClinic({ name: "Cheap", currentPrice: botox(1100), _distance: 2 }),
    ]);
    render(<ZipResults zip="10001" initial={initial} config={config} />);
    expect(screen.getByLabelText("Sort by")).toHaveValue("distance");
    await user.selectOptions(screen.getByLabelText("Botox price per unit"), "14");
    await waitFor(() => expect(names()).toEqual(["Cheap"]));
    expect(lastTo(requests, "/zip-search")?.url.search).toBe("?postalCode=10001&page=1&limit=10&distance=25&maxUnitPrice=14");
    await user.selectOptions(screen.getByLabelText("Sort by"), "price");
    await waitFor(() => expect(lastTo(requests, "/zip-search")?.url.searchParams.get("sortBy")).toBe("price"));
    expect(within(screen.getAllByRole("article")[0] as HTMLElement).getByText(/\$11\/unit/)).toBeInTheDocument();
  });
});
