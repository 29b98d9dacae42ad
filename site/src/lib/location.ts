/**
 * Visitor location (product.md §4): the API's GET /location first, then the configured IP
 * geolocation services in order, skipping any that fail; when all fail, New York with the
 * spec's notice. Results are cached in sessionStorage for 30 minutes.
 */
import type { UserLocation } from "@botox/core/contract";
import { FETCH } from "@botox/core/constants";
import { FALLBACK_LOCATION } from "@botox/core/geo";

export interface DetectedLocation {
  lat: number;
  lon: number;
  city: string;
  region: string;
  country: string;
  /** True when every source failed and New York is used. */
  fallback: boolean;
  /** True when the coordinates are the browser's own (precise location). */
  precise?: boolean;
}

const CACHE_KEY = "bnm:location";

function num(v: unknown): number | null {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}
function str(...values: unknown[]): string {
  for (const v of values) if (typeof v === "string" && v.trim()) return v.trim();
  return "";
}

/**
 * The three kinds of services name their fields differently (lat/lon, latitude/longitude,
 * region/region_code/regionName/state). Null when no usable coordinates are present.
 * @internal Exported for its tests.
 */
export function normalizeLocation(data: unknown): Omit<DetectedLocation, "fallback"> | null {
  if (!data || typeof data !== "object") return null;
  const d = data as Record<string, unknown>;
  if (d.success === false || d.error === true || d.status === "fail") return null;
  const lat = num(d.lat ?? d.latitude);
  const lon = num(d.lon ?? d.lng ?? d.longitude);
  if (lat == null || lon == null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  // The API answers with the fallback itself when it knows nothing: let the services try.
  if ((d as Partial<UserLocation>).source === "fallback") return null;
  return {
    lat,
    lon,
    city: str(d.city, d.cityName),
    region: str(d.region_code, d.regionCode, d.region, d.regionName, d.state),
    country: str(d.country_name, d.countryName, d.country),
  };
}

/** @internal Exported for its tests. */
export const FALLBACK: DetectedLocation = { ...FALLBACK_LOCATION, fallback: true };

export async function detectLocation(apiUrl: string, services: readonly string[], fetchImpl: typeof fetch = fetch): Promise<DetectedLocation> {
  const sources = [`${apiUrl}/location`, ...services];
  for (const url of sources) {
    try {
      const res = await fetchImpl(url, {
        headers: { Accept: "application/json" },
        credentials: url.startsWith(apiUrl) ? "include" : "omit",
      });
      if (!res.ok) continue;
      const found = normalizeLocation(await res.json());
      if (found) return { ...found, fallback: false };
    } catch {
      // A failing service is skipped (product.md §4).
    }
  }
  return FALLBACK;
}

export function readCachedLocation(now = Date.now()): DetectedLocation | null {
  try {
    const raw = sessionStorage.getItem(CACHE_KEY);
    if (!raw) return null;
    const { at, value } = JSON.parse(raw) as { at: number; value: DetectedLocation };
    return now - at < FETCH.location.staleTime ? value : null;
  } catch {
    return null;
  }
}

export function writeCachedLocation(value: DetectedLocation, now = Date.now()): void {
  try {
    sessionStorage.setItem(CACHE_KEY, JSON.stringify({ at: now, value }));
  } catch {
    // Private mode: no cache.
  }
}

/** Browser geolocation ("Use my precise location"): the coordinates, with the place names already known. */
export function preciseLocation(previous: DetectedLocation): Promise<DetectedLocation> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) return reject(new Error("Geolocation unavailable"));
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        resolve({
          ...previous,
          lat: pos.coords.latitude,
          lon: pos.coords.longitude,
          // The fallback's "New York" would be wrong here; an unknown place stays unnamed.
          city: previous.fallback ? "" : previous.city,
          region: previous.fallback ? "" : previous.region,
          fallback: false,
          precise: true,
        }),
      (err) => reject(new Error(err.message)),
      { timeout: 10_000, maximumAge: FETCH.location.staleTime },
    );
  });
}

/**
 * Whether the visitor has already let this site use precise location (the Permissions API
 * says "granted"): then it is used without a tap, since asking again would only repeat a
 * choice already made. "prompt", "denied", or a browser without the API: false.
 */
export async function geolocationGranted(): Promise<boolean> {
  try {
    if (typeof navigator === "undefined" || !("geolocation" in navigator) || !navigator.permissions?.query) return false;
    const status = await navigator.permissions.query({ name: "geolocation" });
    return status.state === "granted";
  } catch {
    return false;
  }
}
