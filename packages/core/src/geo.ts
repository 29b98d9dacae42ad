/** Earth radius in miles used everywhere distances are computed (product.md §9). */
export const EARTH_RADIUS_MILES = 3959;

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in miles (haversine). */
export function distanceMiles(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as answers carry it (`_distance`, city distances): miles with one decimal (product.md §3). */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/** Shown with one decimal (product.md §3). */
export function formatMiles(miles: number): string {
  return `${miles.toFixed(1)} mi`;
}

/** The fallback location when detection fails (product.md §4). */
export const FALLBACK_LOCATION = {
  lat: 40.7128,
  lon: -74.006,
  city: "New York",
  region: "NY",
  country: "United States",
} as const;
