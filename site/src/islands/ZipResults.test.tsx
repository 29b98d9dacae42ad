import { beforeEach, describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ZipSearchResponse } from "@botox/core/contract";
import ZipResults, { zipFromLocation } from "./ZipResults.tsx";
import { makeClinic } from "../test/factories.ts";
import { API_URL, mockApi, type Recorded } from "../test/fetch.ts";

/** The listing's own requests (the cards' rating summary is asked for beside them). */
const listing = (requests: Recorded[]) => requests.filter((r) => !r.url.pathname.endsWith("/rating-summary"));

// The listing state lives in the address: every test starts from a clean one.
beforeEach(() => window.history.replaceState(null, "", "/"));

const config = { apiUrl: API_URL, geoServices: [] };
const origin = { latitude: 45.52, longitude: -109.44, city: "Absarokee", state: "MT" };
const empty: ZipSearchResponse = { clinics: [], totalCount: 0, itemsPerPage: 10, currentPage: 1, origin };

describe("zipFromLocation", () => {
  it("reads the ZIP of either route or of ?q=, and nothing else", () => {
    expect(zipFromLocation({ pathname: "/zip/10001", search: "" })).toBe("10001");
    expect(zipFromLocation({ pathname: "/botox-near-me/zipcode/90012/", search: "" })).toBe("90012");
    expect(zipFromLocation({ pathname: "/zip/", search: "?q=+33131+" })).toBe("33131");
    expect(zipFromLocation({ pathname: "/zip/1234", search: "" })).toBeNull();
    expect(zipFromLocation({ pathname: "/zip/", search: "?q=Miami" })).toBeNull();
  });
});

describe("ZipResults", () => {
  it("defaults to 25 miles and offers the empty state's two ways out", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      "GET /zip-search": ({ url }: { url: URL }) =>
        url.searchParams.get("distance") === "50" ? { ...empty, clinics: [makeClinic({ name: "Far Spa", _distance: 42.3 })], totalCount: 1 } : empty,
    });
    render(<ZipResults zip="59001" initial={empty} config={config} />);
    expect(screen.getByLabelText("Distance")).toHaveValue("25");
    expect(screen.getByRole("heading", { name: "No Clinics Found in 59001" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Search Different Location" })).toHaveAttribute("href", "/");
    await user.click(screen.getByRole("button", { name: "Expand Search to 50 Miles" }));
    await waitFor(() => expect(screen.getByText("Far Spa")).toBeInTheDocument());
    expect(screen.getByText("42.3 mi")).toBeInTheDocument();
    expect(screen.getByLabelText("Distance")).toHaveValue("50");
    expect(listing(requests).at(-1)!.url.search).toBe("?postalCode=59001&page=1&limit=10&distance=50");
  });

  it("changing the distance goes back to page 1", async () => {
    const user = userEvent.setup();
    const full = (page: number): ZipSearchResponse => ({
      clinics: Array.from({ length: 10 }, (_, i) => makeClinic({ name: `Spa ${page}-${i}`, _distance: i })),
      totalCount: 30,
      itemsPerPage: 10,
      currentPage: page,
      origin,
    });
    const { requests } = mockApi({ "GET /zip-search": ({ url }: { url: URL }) => full(Number(url.searchParams.get("page"))) });
    render(<ZipResults zip="10001" initial={full(1)} config={config} />);
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(screen.getByText("Spa 2-0")).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText("Distance"), "any");
    await waitFor(() => expect(listing(requests).at(-1)!.url.search).toBe("?postalCode=10001&page=1&limit=10"));
  });

  it("keeps Open now in the address with the price filter and asks the API with openNow=true", async () => {
    const user = userEvent.setup();
    const one: ZipSearchResponse = { ...empty, clinics: [makeClinic({ name: "Open Spa", _distance: 1 })], totalCount: 1 };
    const { requests } = mockApi({ "GET /zip-search": ({ url }: { url: URL }) => (url.searchParams.get("openNow") === "true" ? one : empty) });
    window.history.replaceState(null, "", "/?maxUnitPrice=14");
    render(<ZipResults zip="10001" initial={empty} config={config} />);
    await user.click(screen.getByLabelText("Open now"));
    await waitFor(() => expect(screen.getByText("Open Spa")).toBeInTheDocument());
    expect(window.location.search).toBe("?maxUnitPrice=14&openNow=1");
    expect(listing(requests).at(-1)?.url.search).toBe("?postalCode=10001&page=1&limit=10&distance=25&maxUnitPrice=14&openNow=true");
  });
});
