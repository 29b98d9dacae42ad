import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import NearbyClinics from "./NearbyClinics.tsx";
import NearbyCities from "./NearbyCities.tsx";
import { writeCachedLocation } from "../lib/location.ts";
import { makeClinic } from "../test/factories.ts";
import { API_URL, deferred, json, mockApi } from "../test/fetch.ts";

const GEO = ["https://geo-one.test/json", "https://geo-two.test/json"];
const config = { apiUrl: API_URL, geoServices: GEO };
const apiFallback = { lat: 40.7128, lon: -74.006, city: "New York", region: "NY", country: "United States", source: "fallback" };

/** n clinics strung north of a point, 0.7 miles apart, in random order. */
function clinicsNear(lat: number, lon: number, n: number) {
  return Array.from({ length: n }, (_, i) => makeClinic({ name: `Near ${i + 1}`, latitude: lat + (i + 1) * 0.01, longitude: lon })).sort(
    () => Math.random() - 0.5,
  );
}

const cities = [
  { city: "Los Angeles", count: 3, latitude: 34.06, longitude: -118.24 },
  { city: "Los Angeles", count: 1, latitude: 36, longitude: -120 },
  { city: "Chicago", count: 3, latitude: 41.88, longitude: -87.62 },
  ...Array.from({ length: 12 }, (_, i) => ({ city: `Town ${i + 1}`, count: 1, latitude: 34 + i, longitude: -118 + i })),
].map((c) => ({ ...c, citySlug: c.city.toLowerCase().replace(/ /g, "-"), state: "CA" }));

describe("location-based home sections", () => {
  it("fall back to New York with the spec's notice and badge when every location source fails", async () => {
    const { requests } = mockApi({
      "GET /location": apiFallback,
      [`GET ${GEO[0]}`]: () => new Response("down", { status: 503 }),
      [`GET ${GEO[1]}`]: { success: false },
      "POST /clinics/nearby": clinicsNear(40.7128, -74.006, 3),
      "GET /cities/popular": cities,
    });
    render(
      <>
        <NearbyClinics config={config} />
        <NearbyCities config={config} />
      </>,
    );
    expect(await screen.findByText("Unable to detect your location. Showing popular clinics instead.")).toBeInTheDocument();
    expect(await screen.findByText("Using popular cities (geolocation unavailable)")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("3 providers near New York, NY")).toBeInTheDocument());
    const nearby = requests.find((r) => r.method === "POST")!;
    expect(nearby.body).toEqual({ latitude: 40.7128, longitude: -74.006, radius: 100 });
    // One detection shared by both sections: the API, then each service once.
    expect(requests.filter((r) => r.url.pathname.endsWith("/location") || r.url.href.startsWith("https://geo")).map((r) => r.url.href)).toEqual([
      `${API_URL}/location`,
      GEO[0],
      GEO[1],
    ]);
    expect(sessionStorage.getItem("bnm:location")).toContain('"fallback":true');
  });

  it("use a service's location: nearest clinics first with one decimal, nine nearest cities de-duplicated, the 'near' badge", async () => {
    mockApi({
      "GET /location": apiFallback,
      [`GET ${GEO[0]}`]: { latitude: 34.0614, longitude: -118.2385, city: "Los Angeles", region_code: "CA", country_name: "United States" },
      "POST /clinics/nearby": clinicsNear(34.0614, -118.2385, 4),
      "GET /cities/popular": cities,
    });
    render(
      <>
        <NearbyClinics config={config} />
        <NearbyCities config={config} />
      </>,
    );
    expect(await screen.findByText("Showing cities near Los Angeles, CA")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("4 providers near Los Angeles, CA")).toBeInTheDocument());
    expect(screen.queryByText(/Unable to detect your location/)).not.toBeInTheDocument();
    const names = screen.getAllByRole("article").map((a) => a.querySelector("h3")!.textContent);
    expect(names).toEqual(["Near 1", "Near 2", "Near 3", "Near 4"]);
    expect(screen.getAllByText(/^\d+\.\d mi$/).map((e) => e.textContent)).toEqual(["0.7 mi", "1.4 mi", "2.1 mi", "2.8 mi"]);
    const grid = screen.getByRole("heading", { name: "Cities With Botox Clinics Near You" }).parentElement!;
    const cards = within(grid).getAllByRole("link");
    expect(cards).toHaveLength(9);
    expect(cards[0]).toHaveTextContent("Los Angeles, CA3 clinics · 0 miles away");
    expect(cards.filter((c) => c.textContent.startsWith("Los Angeles"))).toHaveLength(1);
    expect(cards[0]).toHaveAttribute("href", "/botox-near-me/los-angeles");
  });

  it("reuse a location detected within the last 30 minutes", async () => {
    writeCachedLocation({ lat: 41.8858, lon: -87.6181, city: "Chicago", region: "IL", country: "United States", fallback: false });
    const { requests } = mockApi({ "POST /clinics/nearby": [], "GET /cities/popular": cities });
    render(<NearbyClinics config={config} />);
    expect(await screen.findByText("No providers found in your area. Try searching by ZIP code above.")).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(["POST /api/v1/clinics/nearby"]);
  });

  it("page the closest 50 in pages of 10 with an ad after every third card", async () => {
    const user = userEvent.setup();
    writeCachedLocation({ lat: 40, lon: -74, city: "Somewhere", region: "NJ", country: "United States", fallback: false });
    mockApi({ "POST /clinics/nearby": clinicsNear(40, -74, 64) });
    render(<NearbyClinics config={config} />);
    await waitFor(() => expect(screen.getByText("50 providers near Somewhere, NJ")).toBeInTheDocument());
    expect(screen.getAllByRole("article")).toHaveLength(10);
    expect(screen.getAllByText("Advertisement")).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Page 5" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Page 6" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Page 5" }));
    expect(screen.getAllByRole("article")[0]!.querySelector("h3")).toHaveTextContent("Near 41");
    expect(screen.getByText("Showing the closest 50 providers. Use ZIP search for more.")).toBeInTheDocument();
  });

  it("say how many of the closest they show, the same number as the count, when fewer than 50", async () => {
    writeCachedLocation({ lat: 40, lon: -74, city: "Somewhere", region: "NJ", country: "United States", fallback: false });
    mockApi({ "POST /clinics/nearby": clinicsNear(40, -74, 12) });
    render(<NearbyClinics config={config} variant="near-me" />);
    await waitFor(() => expect(screen.getByText("12 providers near Somewhere, NJ")).toBeInTheDocument());
    expect(screen.getByText("Showing the closest 12 providers. Use ZIP search for more.")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(10);
    expect(screen.getByRole("button", { name: "Page 2" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Page 3" })).not.toBeInTheDocument();
  });

  it("say so when the nearby clinics cannot be fetched", async () => {
    writeCachedLocation({ lat: 40, lon: -74, city: "Somewhere", region: "NJ", country: "United States", fallback: false });
    mockApi({ "POST /clinics/nearby": () => json({ error: "down" }, 503) });
    render(<NearbyClinics config={config} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch nearby clinics");
  });

  it("title the near-me variant 'Providers Near You'", async () => {
    writeCachedLocation({ lat: 40, lon: -74, city: "Somewhere", region: "NJ", country: "United States", fallback: false });
    mockApi({ "POST /clinics/nearby": clinicsNear(40, -74, 2) });
    render(<NearbyClinics config={config} variant="near-me" />);
    expect(screen.getByRole("heading", { name: "Providers Near You" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
  });
});

describe("the home page's pre-built nearby list", () => {
  it("shows before the live answer, stays with Retry when the live call fails, and Retry brings the live list", async () => {
    let fail = true;
    mockApi({
      "GET /location": apiFallback,
      [`GET ${GEO[0]}`]: () => new Response("down", { status: 503 }),
      [`GET ${GEO[1]}`]: { success: false },
      "POST /clinics/nearby": () => (fail ? new Response('{"error":"down"}', { status: 503 }) : json(clinicsNear(40.7128, -74.006, 2))),
    });
    const initial = { where: "New York, NY", clinics: [makeClinic({ name: "Built Spa" })] };
    render(<NearbyClinics config={config} initial={initial} />);
    expect(screen.getByText("Built Spa")).toBeInTheDocument();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Live results are unavailable right now. This list is as of the page's build.");
    expect(screen.getByText("Built Spa")).toBeInTheDocument();
    expect(screen.getByText("Providers near New York, NY")).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    await screen.findByText("2 providers near New York, NY");
    expect(screen.queryByText("Built Spa")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("precise location already granted", () => {
  const permissions = (state: PermissionState) => ({ query: vi.fn(() => Promise.resolve({ state })) });
  const position = (latitude: number, longitude: number) => ({
    getCurrentPosition: vi.fn((ok: PositionCallback) => ok({ coords: { latitude, longitude } } as GeolocationPosition)),
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  function stubNavigator(state: PermissionState, geo: ReturnType<typeof position>) {
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator) as Navigator, { permissions: permissions(state), geolocation: geo }));
  }

  it("is used without a tap: the list is of the browser's point, and no button offers it again", async () => {
    const geo = position(34.0614, -118.2385);
    stubNavigator("granted", geo);
    const { requests } = mockApi({
      "GET /location": { lat: 34.05, lon: -118.25, city: "Los Angeles", region: "CA", country: "United States", source: "cdn" },
      "POST /clinics/nearby": clinicsNear(34.0614, -118.2385, 3),
    });
    render(<NearbyClinics config={config} variant="near-me" />);
    await waitFor(() => expect(screen.getByText("3 providers near Los Angeles, CA")).toBeInTheDocument());
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(requests.find((r) => r.method === "POST")!.body).toEqual({ latitude: 34.0614, longitude: -118.2385, radius: 100 });
    expect(screen.queryByRole("button", { name: "Use my precise location" })).not.toBeInTheDocument();
    expect(sessionStorage.getItem("bnm:location")).toContain('"precise":true');
  });

  it("is asked for by a tap only when not granted yet", async () => {
    const geo = position(34.0614, -118.2385);
    stubNavigator("prompt", geo);
    const { requests } = mockApi({
      "GET /location": { lat: 34.05, lon: -118.25, city: "Los Angeles", region: "CA", country: "United States", source: "cdn" },
      "POST /clinics/nearby": clinicsNear(34.05, -118.25, 2),
    });
    render(<NearbyClinics config={config} variant="near-me" />);
    await waitFor(() => expect(screen.getByText("2 providers near Los Angeles, CA")).toBeInTheDocument());
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
    expect(requests.find((r) => r.method === "POST")!.body).toEqual({ latitude: 34.05, longitude: -118.25, radius: 100 });
    expect(screen.getByRole("button", { name: "Use my precise location" })).toBeInTheDocument();
  });

  it("upgrades a location kept from this session's IP answer once permission is granted", async () => {
    writeCachedLocation({ lat: 41.88, lon: -87.63, city: "Chicago", region: "IL", country: "United States", fallback: false });
    const geo = position(41.95, -87.65);
    stubNavigator("granted", geo);
    const { requests } = mockApi({ "POST /clinics/nearby": clinicsNear(41.95, -87.65, 1) });
    render(<NearbyClinics config={config} variant="near-me" />);
    await waitFor(() => expect(screen.getByText("1 provider near Chicago, IL")).toBeInTheDocument());
    // No second detection: the kept answer names the place, the browser gives the point.
    expect(requests.filter((r) => r.url.pathname.endsWith("/location"))).toEqual([]);
    expect(requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([{ latitude: 41.95, longitude: -87.65, radius: 100 }]);
    expect(screen.getByText("Showing the closest 1 provider. Use ZIP search for more.")).toBeInTheDocument();
  });
});

describe("the location islands' place on the page", () => {
  const failingLocation = {
    "GET /location": apiFallback,
    [`GET ${GEO[0]}`]: () => new Response("down", { status: 503 }),
    [`GET ${GEO[1]}`]: { success: false },
  };

  it("the nearby list: the status row and the built list are in the server's HTML, and the row is the one that says the live call failed", async () => {
    mockApi({ ...failingLocation, "POST /clinics/nearby": () => json({ error: "down" }, 503) });
    const initial = { where: "New York, NY", clinics: [makeClinic({ name: "Built Spa" })] };
    const html = renderToString(<NearbyClinics config={config} initial={initial} />);
    expect(html).toContain("data-status-row");
    expect(html).toContain("Built Spa");
    expect(html).not.toContain("data-settled");

    const { container } = render(<NearbyClinics config={config} initial={initial} />);
    const island = container.querySelector("[data-location-island]")!;
    await waitFor(() => expect(island).toHaveAttribute("data-settled"));
    // One row, which now holds the failure and Retry: nothing was added above the list.
    const rows = container.querySelectorAll("[data-status-row]");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveAttribute("data-live-unavailable");
    expect(within(rows[0] as HTMLElement).getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(screen.getByText("Built Spa")).toBeInTheDocument();
  });

  it("the nearby list settles once the live list has come", async () => {
    mockApi({ ...failingLocation, "POST /clinics/nearby": clinicsNear(40.7128, -74.006, 2) });
    const { container } = render(<NearbyClinics config={config} initial={{ where: "New York, NY", clinics: [makeClinic()] }} />);
    const island = container.querySelector("[data-location-island]")!;
    expect(island).not.toHaveAttribute("data-settled");
    await waitFor(() => expect(island).toHaveAttribute("data-settled"));
    expect(screen.getByText("2 providers near New York, NY")).toBeInTheDocument();
    // The fallback notice and the precise-location offer share the one row.
    const row = container.querySelector("[data-status-row]") as HTMLElement;
    expect(within(row).getByText("Unable to detect your location. Showing popular clinics instead.")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Use my precise location" })).toBeInTheDocument();
  });

  it("the nearby list: the first live list shows with its visitor ratings already on its cards", async () => {
    const near = clinicsNear(40.7128, -74.006, 2);
    const ratings = deferred<unknown>();
    const { requests } = mockApi({
      ...failingLocation,
      "POST /clinics/nearby": near,
      "GET /clinics/rating-summary": () => ratings.promise,
    });
    render(<NearbyClinics config={config} initial={{ where: "New York, NY", clinics: [makeClinic({ name: "Built Spa" })] }} />);
    // The live answer is in (its ratings are asked for), its ratings are not: the built list still stands.
    await waitFor(() => expect(requests.some((r) => r.url.pathname.endsWith("/rating-summary"))).toBe(true));
    expect(screen.getByText("Finding providers near you…")).toBeInTheDocument();
    expect(screen.getByText("Built Spa")).toBeInTheDocument();
    ratings.resolve({ [near.find((c) => c.name === "Near 1")!.id]: [{ emoji: "smile", count: 1 }] });
    await screen.findByText("2 providers near New York, NY");
    expect(screen.getAllByRole("article")[0]).toHaveTextContent("from 1 visitor rating");
  });

  it("the cities grid: the badge's line and nine places before the location is known; fewer cities keep the nine places", async () => {
    const html = renderToString(<NearbyCities config={config} />);
    expect(html).toMatch(/<p class="[^"]*invisible"[^>]*aria-hidden="true"/);
    expect(html.match(/class="card block p-4 animate-pulse/g)).toHaveLength(9);

    mockApi({ ...failingLocation, "GET /cities/popular": cities.slice(0, 4) });
    const { container } = render(<NearbyCities config={config} />);
    const island = container.querySelector("[data-location-island]")!;
    await waitFor(() => expect(island).toHaveAttribute("data-settled"));
    expect(screen.getByText("Using popular cities (geolocation unavailable)")).toBeVisible();
    // Three distinct cities (Los Angeles twice is one): three links, and six places kept empty.
    expect(screen.getAllByRole("link")).toHaveLength(3);
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(container.querySelectorAll("ul > li")).toHaveLength(9);
  });
});
