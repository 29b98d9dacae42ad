/**
 * The visitor's location for the calls that take none (cities/nearby, providers/near-user,
 * GET /location): trusted CDN geo headers when GEO_HEADERS names the CDN in front of us,
 * else a local MaxMind-format database (GEOIP_DB) looked up by the client address, else the
 * spec's fallback (New York). The server never calls the internet.
 */
import type { Context } from "hono";
import maxmind, { type CityResponse, type Reader } from "maxmind";
import { FALLBACK_LOCATION, type UserLocation } from "@botox/core";
import type { Logger } from "@botox/core/logger";
import type { AppEnv, Deps } from "../../context.ts";
import type { ApiEnv } from "../../env.ts";
import { errorSummary } from "../../lib/logger.ts";

type GeoHeaderNames = { lat: string; lon: string; city: string; region: string; country: string };

/**
 * Header names per CDN. Fastly has no defaults: its VCL is expected to copy client.geo.* into these.
 * @internal Exported for its tests.
 */
export const GEO_HEADER_NAMES: Record<Exclude<ApiEnv["GEO_HEADERS"], "none">, GeoHeaderNames> = {
  cloudflare: { lat: "cf-iplatitude", lon: "cf-iplongitude", city: "cf-ipcity", region: "cf-region-code", country: "cf-ipcountry" },
  vercel: {
    lat: "x-vercel-ip-latitude",
    lon: "x-vercel-ip-longitude",
    city: "x-vercel-ip-city",
    region: "x-vercel-ip-country-region",
    country: "x-vercel-ip-country",
  },
  fastly: { lat: "x-geo-latitude", lon: "x-geo-longitude", city: "x-geo-city", region: "x-geo-region", country: "x-geo-country" },
};

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** "US" → "United States"; anything else is kept as given. */
function countryName(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const validLat = (n: number) => Number.isFinite(n) && n >= -90 && n <= 90;
const validLon = (n: number) => Number.isFinite(n) && n >= -180 && n <= 180;

/**
 * Location from CDN headers; undefined when they are missing or not coordinates.
 * @internal Exported for its tests.
 */
export function locationFromHeaders(names: GeoHeaderNames, header: (name: string) => string | undefined): UserLocation | undefined {
  const latText = header(names.lat)?.trim();
  const lonText = header(names.lon)?.trim();
  if (!latText || !lonText) return undefined;
  const lat = Number(latText);
  const lon = Number(lonText);
  if (!validLat(lat) || !validLon(lon)) return undefined;
  const text = (name: string) => decode(header(name)?.trim() ?? "").slice(0, 100);
  return { lat, lon, city: text(names.city), region: text(names.region), country: countryName(text(names.country)), source: "cdn" };
}

type GeoipReaders = Deps["state"]["geoipReaders"];

/** Opens each database file once per app (deps.state); a missing or unreadable file is reported once (to the logger of the app that first asked) and skipped. */
function geoipReader(readers: GeoipReaders, path: string, logger: Logger): Promise<Reader<CityResponse> | null> {
  let reader = readers.get(path);
  if (!reader) {
    reader = maxmind.open<CityResponse>(path).catch((err: unknown) => {
      logger.warn({ path, error: errorSummary(err) }, "GEOIP_DB could not be opened; using the fallback location");
      return null;
    });
    readers.set(path, reader);
  }
  return reader;
}

async function locationFromGeoip(readers: GeoipReaders, path: string, ip: string, logger: Logger): Promise<UserLocation | undefined> {
  const reader = await geoipReader(readers, path, logger);
  if (!reader || !maxmind.validate(ip)) return undefined;
  let hit: CityResponse | null = null;
  try {
    hit = reader.get(ip);
  } catch {
    return undefined;
  }
  const loc = hit?.location;
  if (!hit || !loc || !validLat(loc.latitude) || !validLon(loc.longitude)) return undefined;
  return {
    lat: loc.latitude,
    lon: loc.longitude,
    city: hit.city?.names.en ?? "",
    region: hit.subdivisions?.[0]?.iso_code ?? "",
    country: hit.country?.names.en ?? (hit.country?.iso_code ? countryName(hit.country.iso_code) : ""),
    source: "geoip",
  };
}

const fallbackLocation = (): UserLocation => ({ ...FALLBACK_LOCATION, source: "fallback" });

export async function resolveVisitorLocation(c: Context<AppEnv>): Promise<UserLocation> {
  const { env, logger, state } = c.get("deps");
  if (env.GEO_HEADERS !== "none") {
    const fromHeaders = locationFromHeaders(GEO_HEADER_NAMES[env.GEO_HEADERS], (name) => c.req.header(name));
    if (fromHeaders) return fromHeaders;
  }
  if (env.GEOIP_DB) {
    const fromDb = await locationFromGeoip(state.geoipReaders, env.GEOIP_DB, c.get("clientIp"), logger);
    if (fromDb) return fromDb;
  }
  return fallbackLocation();
}
