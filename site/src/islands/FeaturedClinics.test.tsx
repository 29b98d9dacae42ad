import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import FeaturedClinics from "./FeaturedClinics.tsx";
import { siteQueryClient } from "../lib/query.ts";
import { makeClinic } from "../test/factories.ts";
import { API_URL, json, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };
const answer = (n: number) => ({ clinics: Array.from({ length: n }, () => makeClinic()), totalCount: n, itemsPerPage: 3, currentPage: 1, origin: null });

describe("FeaturedClinics", () => {
  it("asks for 3 open clinics within 25 miles of the fixed ZIP and shows them", async () => {
    const { requests } = mockApi({ "GET /zip-search": answer(3) });
    render(<FeaturedClinics config={config} />);
    expect(await screen.findByRole("heading", { name: "Top-Rated Botox Providers" })).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(requests[0]!.url.search).toBe("?postalCode=10001&limit=3&distance=25&businessStatus=OPERATIONAL");
  });

  it("is hidden when empty and when the request fails", async () => {
    const empty = mockApi({ "GET /zip-search": answer(0) });
    const { container, unmount } = render(<FeaturedClinics config={config} />);
    await waitFor(() => expect(empty.requests).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
    unmount();

    siteQueryClient().clear();
    const failing = mockApi({ "GET /zip-search": () => json({ error: "down" }, 503) });
    const second = render(<FeaturedClinics config={config} title="Top-Rated Clinics" />);
    await waitFor(() => expect(failing.requests).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(second.container).toBeEmptyDOMElement();
  });
});
