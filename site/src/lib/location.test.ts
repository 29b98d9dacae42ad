import { describe, expect, it, vi } from "vitest";
import { SEARCH_MSG } from "@botox/core/messages";
import { FALLBACK, detectLocation, geolocationGranted, normalizeLocation, preciseLocation, readCachedLocation, writeCachedLocation } from "./location.ts";

const API = "http://api.test/api/v1";
const SERVICES = ["https://one.test/json", "https://two.test/json", "https://three.test/json"];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A fetch double answering per URL, recording the order of the calls. */
function fakeFetch(answers: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = [];
  const impl = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    calls.push(url);
    const answer = answers[url];
    if (!answer) throw new TypeError("Failed to fetch");
    return answer();
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

describe("normalizeLocation", () => {
  it("reads the three services' differing field names", () => {
    // ipapi.co style
    expect(
      normalizeLocation({ latitude: 34.05, longitude: -118.24, city: "Los Angeles", region_code: "CA", region: "California", country_name: "United States" }),
    ).toEqual({
      lat: 34.05,
      lon: -118.24,
      city: "Los Angeles",
      region: "CA",
      country: "United States",
    });
    // ip-api / ipwho.is style
    expect(normalizeLocation({ lat: "41.88", lon: "-87.62", city: "Chicago", regionName: "Illinois", country: "United States" })).toMatchObject({
      lat: 41.88,
      lon: -87.62,
      region: "Illinois",
    });
    // freeipapi style
    expect(normalizeLocation({ latitude: 25.77, longitude: -80.19, cityName: "Miami", regionName: "Florida", countryName: "United States" })).toMatchObject({
      city: "Miami",
      country: "United States",
    });
  });

  it("rejects failure answers, missing or impossible coordinates and the API's own fallback", () => {
    expect(normalizeLocation(null)).toBeNull();
    expect(normalizeLocation("text")).toBeNull();
    expect(normalizeLocation({ success: false, message: "Reserved IP" })).toBeNull();
    expect(normalizeLocation({ error: true, reason: "RateLimited" })).toBeNull();
    expect(normalizeLocation({ status: "fail", lat: 1, lon: 2 })).toBeNull();
    expect(normalizeLocation({ city: "Nowhere" })).toBeNull();
    expect(normalizeLocation({ lat: 95, lon: 0 })).toBeNull();
    expect(normalizeLocation({ lat: 40.7, lon: -74, city: "New York", source: "fallback" })).toBeNull();
  });
});

describe("detectLocation", () => {
  it("asks the API first and stops at the first answer", async () => {
    const { impl, calls } = fakeFetch({
      [`${API}/location`]: () => json({ lat: 42.36, lon: -71.06, city: "Boston", region: "MA", country: "United States", source: "cdn" }),
    });
    await expect(detectLocation(API, SERVICES, impl)).resolves.toEqual({
      lat: 42.36,
      lon: -71.06,
      city: "Boston",
      region: "MA",
      country: "United States",
      fallback: false,
    });
    expect(calls).toEqual([`${API}/location`]);
  });

  it("tries the services in order, skipping any that fail", async () => {
    const { impl, calls } = fakeFetch({
      [`${API}/location`]: () => json({ lat: 40.7128, lon: -74.006, city: "New York", region: "NY", country: "United States", source: "fallback" }),
      [SERVICES[0]!]: () => new Response("busy", { status: 503 }),
      [SERVICES[1]!]: () => json({ latitude: 34.05, longitude: -118.24, city: "Los Angeles", region_code: "CA", country_name: "United States" }),
      [SERVICES[2]!]: () => json({ latitude: 1, longitude: 1 }),
    });
    const found = await detectLocation(API, SERVICES, impl);
    expect(found).toMatchObject({ city: "Los Angeles", region: "CA", fallback: false });
    expect(calls).toEqual([`${API}/location`, SERVICES[0], SERVICES[1]]);
  });

  it("sends cookies to the API only", async () => {
    const { impl } = fakeFetch({});
    await detectLocation(API, SERVICES, impl);
    const credentials = vi.mocked(impl).mock.calls.map(([, init]) => init?.credentials);
    expect(credentials).toEqual(["include", "omit", "omit", "omit"]);
  });

  it("falls back to New York when every source fails (network error, HTTP error, bad JSON, failure body)", async () => {
    const { impl, calls } = fakeFetch({
      [`${API}/location`]: () => new Response("nope", { status: 500 }),
      [SERVICES[1]!]: () => new Response("<html>not json</html>", { status: 200 }),
      [SERVICES[2]!]: () => json({ success: false }),
    });
    const found = await detectLocation(API, SERVICES, impl);
    expect(calls).toHaveLength(4);
    expect(found).toEqual({ lat: 40.7128, lon: -74.006, city: "New York", region: "NY", country: "United States", fallback: true });
    expect(found).toBe(FALLBACK);
    expect(SEARCH_MSG.locationFallback).toBe("Unable to detect your location. Showing popular clinics instead.");
  });
});

describe("location cache", () => {
  const boston = { lat: 42.36, lon: -71.06, city: "Boston", region: "MA", country: "United States", fallback: false };

  it("keeps a location for 30 minutes", () => {
    const t0 = Date.UTC(2026, 0, 1, 12);
    writeCachedLocation(boston, t0);
    expect(readCachedLocation(t0 + 29 * 60_000)).toEqual(boston);
    expect(readCachedLocation(t0 + 30 * 60_000)).toBeNull();
  });

  it("ignores a missing or corrupt entry", () => {
    expect(readCachedLocation()).toBeNull();
    sessionStorage.setItem("bnm:location", "{not json");
    expect(readCachedLocation()).toBeNull();
  });
});

describe("preciseLocation", () => {
  const position = { coords: { latitude: 41.88, longitude: -87.62 } };

  it("uses the browser's coordinates and keeps a known place name", async () => {
    vi.stubGlobal("navigator", { geolocation: { getCurrentPosition: (ok: (p: typeof position) => void) => ok(position) } });
    const boston = { lat: 42.36, lon: -71.06, city: "Boston", region: "MA", country: "United States", fallback: false };
    await expect(preciseLocation(boston)).resolves.toEqual({ ...boston, lat: 41.88, lon: -87.62, precise: true });
  });

  it("drops the fallback's New York name, and rejects when the browser refuses", async () => {
    vi.stubGlobal("navigator", { geolocation: { getCurrentPosition: (ok: (p: typeof position) => void) => ok(position) } });
    await expect(preciseLocation(FALLBACK)).resolves.toEqual({
      lat: 41.88,
      lon: -87.62,
      city: "",
      region: "",
      country: "United States",
      fallback: false,
      precise: true,
    });
    vi.stubGlobal("navigator", {
      geolocation: { getCurrentPosition: (_ok: unknown, fail: (e: { message: string }) => void) => fail({ message: "User denied Geolocation" }) },
    });
    await expect(preciseLocation(FALLBACK)).rejects.toThrow("User denied Geolocation");
    vi.stubGlobal("navigator", {});
    await expect(preciseLocation(FALLBACK)).rejects.toThrow("Geolocation unavailable");
  });
});

describe("geolocationGranted", () => {
  const geolocation = { getCurrentPosition: () => undefined };
  it("is true only when the Permissions API says granted", async () => {
    for (const [state, want] of [
      ["granted", true],
      ["prompt", false],
      ["denied", false],
    ] as const) {
      vi.stubGlobal("navigator", { geolocation, permissions: { query: () => Promise.resolve({ state }) } });
      expect(await geolocationGranted(), state).toBe(want);
    }
  });

  it("is false without the Permissions API or geolocation, or when the query throws", async () => {
    vi.stubGlobal("navigator", { geolocation });
    expect(await geolocationGranted()).toBe(false);
    vi.stubGlobal("navigator", { permissions: { query: () => Promise.resolve({ state: "granted" }) } });
    expect(await geolocationGranted()).toBe(false);
    vi.stubGlobal("navigator", { geolocation, permissions: { query: () => Promise.reject(new TypeError("geolocation is not a valid permission name")) } });
    expect(await geolocationGranted()).toBe(false);
  });
});
