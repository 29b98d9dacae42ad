import { beforeEach, describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import FeaturedClinics from "./FeaturedClinics.tsx";
import { siteQueryClient } from "../lib/query.ts";
import { makeClinic } from "../test/factories.ts";
import { API_URL, json, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };
/** The state of the fixed-ZIP query the block falls back to. */
const featuredStatus = () => siteQueryClient().build(["featured"]).state.status;
const answer = (n: number) => ({ clinics: Array.from({ length: n }, () => makeClinic()), totalCount: n, itemsPerPage: 3, currentPage: 1, origin: null });

beforeEach(() => {
  sessionStorage.clear();
  siteQueryClient().clear();
});

describe("FeaturedClinics", () => {
  it("asks for 3 open clinics within 25 miles of the fixed ZIP and shows them", async () => {
    const { requests } = mockApi({ "GET /zip-search": answer(3) });
    render(<FeaturedClinics config={config} />);
    expect(await screen.findAllByRole("article")).toHaveLength(3);
    expect(screen.getByRole("heading", { name: "Top-Rated Botox Providers" })).toBeInTheDocument();
    const zip = requests.find((r) => r.url.pathname.endsWith("/zip-search"));
    expect(zip!.url.search).toBe("?postalCode=10001&limit=3&distance=25&businessStatus=OPERATIONAL");
    expect(screen.getByText(/of ZIP 10001, shown because your area is not known\.$/)).toBeInTheDocument();
  });

  it("is hidden when empty and when the request fails", async () => {
    const empty = mockApi({ "GET /zip-search": answer(0) });
    const { container, unmount } = render(<FeaturedClinics config={config} />);
    await waitFor(() => expect(empty.requests.filter((r) => r.url.pathname.endsWith("/zip-search"))).toHaveLength(1));
    // Checked once the answer has landed, not merely while it is on its way.
    await waitFor(() => expect(featuredStatus()).toBe("success"));
    expect(container).toBeEmptyDOMElement();
    unmount();

    siteQueryClient().clear();
    const failing = mockApi({ "GET /zip-search": () => json({ error: "down" }, 503) });
    const second = render(<FeaturedClinics config={config} title="Top-Rated Clinics" />);
    await waitFor(() => expect(failing.requests.filter((r) => r.url.pathname.endsWith("/zip-search"))).toHaveLength(1));
    // The failure has landed (no sleep: the query's own state says so), and nothing shows.
    await waitFor(() => expect(featuredStatus()).toBe("error"));
    expect(second.container).toBeEmptyDOMElement();
  });

  it("shows the top-rated open clinics of the visitor's detected area and names it", async () => {
    const clinics = [
      makeClinic({ name: "Good", rating: 4.2, reviewCount: 968 }),
      makeClinic({ name: "Best", rating: 4.9, reviewCount: 20 }),
      makeClinic({ name: "Shut", rating: 5, reviewCount: 50, businessStatus: "PERMANENTLY_CLOSED" }),
    ];
    const { requests } = mockApi({
      "GET /location": { latitude: 41.88, longitude: -87.62, city: "Chicago", region: "IL", country: "US", source: "ip" },
      "POST /clinics/nearby": clinics,
    });
    render(<FeaturedClinics config={config} />);
    await screen.findByText("Open clinics within 25 miles of Chicago, IL, best maps rating first.");
    expect(screen.getAllByRole("article").map((a) => a.querySelector("h3")!.textContent)).toEqual(["Best", "Good"]);
    expect(requests.find((r) => r.method === "POST")!.body).toEqual({ latitude: 41.88, longitude: -87.62, radius: 25 });
    expect(requests.some((r) => r.url.pathname.endsWith("/zip-search"))).toBe(false);
  });

  it("has its shape in the server's HTML (the heading, the area's lines, a place per clinic) and says when it has settled", async () => {
    const html = renderToString(<FeaturedClinics config={config} />);
    expect(html).toContain("Top-Rated Botox Providers");
    expect(html.match(/data-skeleton/g)).toHaveLength(3);
    expect(html).not.toContain("data-settled");

    mockApi({ "GET /zip-search": answer(3) });
    const { container } = render(<FeaturedClinics config={config} />);
    const island = container.querySelector("[data-location-island]")!;
    expect(island).not.toHaveAttribute("data-settled");
    await waitFor(() => expect(island).toHaveAttribute("data-settled"));
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(container.querySelectorAll("[data-skeleton]")).toHaveLength(0);
  });
});
