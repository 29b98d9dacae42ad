import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FALLBACK_LOCATION, type UserLocation } from "@botox/core";
import type { Logger } from "@botox/core/logger";
import { recordingLogger } from "@botox/core/testing";
import { createApp } from "../../app.ts";
import { readApiEnv } from "../../env.ts";
import { createPublicTestContext, socketEnv, type PublicTestContext } from "../../test/public-app.ts";
import { buildCityMmdb } from "../../test/mmdb.ts";
import { GEO_HEADER_NAMES, locationFromHeaders } from "./visitor-location.ts";

const LONDON_NET = "81.2.69.0/24";
const LONDON_IP = "81.2.69.160";

let t: PublicTestContext;
let dir: string;
let geoipFile: string;
beforeAll(async () => {
  t = await createPublicTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "geoip-"));
  geoipFile = path.join(dir, "GeoLite2-City-test.mmdb");
  fs.writeFileSync(
    geoipFile,
    buildCityMmdb([
      { cidr: LONDON_NET, city: "London", region: "ENG", countryCode: "GB", countryName: "United Kingdom", latitude: 51.5142, longitude: -0.0931 },
      { cidr: "203.0.113.0/24", city: "Boston", region: "MA", countryCode: "US", countryName: "United States", latitude: 42.3601, longitude: -71.0589 },
    ]),
  );
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The same database behind an app configured with `env`. */
const appWith = (env: Record<string, string>, logger: Logger = t.deps.logger) =>
  createApp({ ...t.deps, env: readApiEnv({ NODE_ENV: "test", ...env }), logger });
async function locate(app: ReturnType<typeof appWith>, ip: string, headers: Record<string, string> = {}): Promise<UserLocation> {
  const res = await app.request("/api/v1/location", { headers }, socketEnv(ip));
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  return (await res.json()) as UserLocation;
}
const fallback = { lat: FALLBACK_LOCATION.lat, lon: FALLBACK_LOCATION.lon, source: "fallback" };
const cloudflare = { "cf-iplatitude": "47.6062", "cf-iplongitude": "-122.3321", "cf-ipcity": "Seattle", "cf-region-code": "WA", "cf-ipcountry": "US" };

describe("visitor location", () => {
  it("falls back to New York (product.md §4) when nothing is configured, ignoring CDN headers nobody vouches for", async () => {
    const loc = await locate(appWith({}), LONDON_IP, cloudflare);
    expect(loc).toMatchObject(fallback);
    expect(loc.lat).toBe(40.7128);
    expect(loc.lon).toBe(-74.006);
  });

  it("uses the CDN's geo headers when GEO_HEADERS names that CDN", async () => {
    expect(await locate(appWith({ GEO_HEADERS: "cloudflare" }), LONDON_IP, cloudflare)).toEqual({
      lat: 47.6062,
      lon: -122.3321,
      city: "Seattle",
      region: "WA",
      country: "United States",
      source: "cdn",
    });
    const vercel = {
      "x-vercel-ip-latitude": "25.77",
      "x-vercel-ip-longitude": "-80.19",
      "x-vercel-ip-city": "Miami%20Beach",
      "x-vercel-ip-country-region": "FL",
      "x-vercel-ip-country": "US",
    };
    expect(await locate(appWith({ GEO_HEADERS: "vercel" }), LONDON_IP, vercel)).toMatchObject({ lat: 25.77, lon: -80.19, city: "Miami Beach", source: "cdn" });
    // Another CDN's headers are not ours to trust.
    expect(await locate(appWith({ GEO_HEADERS: "vercel" }), LONDON_IP, cloudflare)).toMatchObject(fallback);
  });

  it("looks the client address up in a local MaxMind-format file (GEOIP_DB)", async () => {
    const app = appWith({ GEOIP_DB: geoipFile });
    expect(await locate(app, LONDON_IP)).toEqual({ lat: 51.5142, lon: -0.0931, city: "London", region: "ENG", country: "United Kingdom", source: "geoip" });
    expect(await locate(app, "203.0.113.9")).toMatchObject({ city: "Boston", region: "MA", country: "United States", source: "geoip" });
    // Unknown, private and IPv6 addresses fall back.
    for (const ip of ["8.8.8.8", "10.1.2.3", "2001:db8::1"]) expect(await locate(app, ip)).toMatchObject(fallback);
  });

  it("prefers CDN headers to the file, and uses the file when the headers are missing or not coordinates", async () => {
    const app = appWith({ GEO_HEADERS: "cloudflare", GEOIP_DB: geoipFile });
    expect(await locate(app, LONDON_IP, cloudflare)).toMatchObject({ city: "Seattle", source: "cdn" });
    expect(await locate(app, LONDON_IP, { ...cloudflare, "cf-iplatitude": "91" })).toMatchObject({ city: "London", source: "geoip" });
    expect(await locate(app, LONDON_IP)).toMatchObject({ city: "London", source: "geoip" });
  });

  it("looks up the forwarded client address only behind a trusted proxy", async () => {
    const proxy = "10.0.0.5";
    const behindProxy = appWith({ GEOIP_DB: geoipFile, TRUSTED_PROXIES: "10.0.0.0/8" });
    expect(await locate(behindProxy, proxy, { "X-Forwarded-For": LONDON_IP })).toMatchObject({ city: "London" });
    const direct = appWith({ GEOIP_DB: geoipFile });
    expect(await locate(direct, "8.8.8.8", { "X-Forwarded-For": LONDON_IP })).toMatchObject(fallback);
  });

  it("falls back, with one warning, when the file is missing or not a MaxMind database", async () => {
    const logger = recordingLogger();
    const junk = path.join(dir, "junk.mmdb");
    fs.writeFileSync(junk, "not a database");
    const files = [path.join(dir, "missing.mmdb"), junk];
    for (const file of files) {
      const app = appWith({ GEOIP_DB: file }, logger);
      expect(await locate(app, LONDON_IP)).toMatchObject(fallback);
      expect(await locate(app, LONDON_IP)).toMatchObject(fallback);
    }
    expect(logger.lines.map((l) => [l.level, l.message, l.fields.path])).toEqual(
      files.map((file) => ["warn", "GEOIP_DB could not be opened; using the fallback location", file]),
    );
  });
});

describe("locationFromHeaders", () => {
  const read = (h: Record<string, string>) => (name: string) => h[name];
  it("needs both coordinates, in range", () => {
    const names = GEO_HEADER_NAMES.cloudflare;
    expect(locationFromHeaders(names, read({}))).toBeUndefined();
    expect(locationFromHeaders(names, read({ "cf-iplatitude": "40" }))).toBeUndefined();
    for (const [lat, lon] of [
      ["abc", "1"],
      ["1", "181"],
      ["-91", "0"],
      ["NaN", "0"],
      ["Infinity", "0"],
    ]) {
      expect(locationFromHeaders(names, read({ "cf-iplatitude": lat!, "cf-iplongitude": lon! })), `${lat},${lon}`).toBeUndefined();
    }
    expect(
      locationFromHeaders(names, read({ "cf-iplatitude": " 40.5 ", "cf-iplongitude": "-73.2", "cf-ipcity": "S%C3%A3o%20Paulo", "cf-ipcountry": "BR" })),
    ).toEqual({
      lat: 40.5,
      lon: -73.2,
      city: "São Paulo",
      region: "",
      country: "Brazil",
      source: "cdn",
    });
    // Malformed escapes are kept as sent, and text is capped.
    expect(locationFromHeaders(names, read({ "cf-iplatitude": "1", "cf-iplongitude": "1", "cf-ipcity": "%E0%A4%A" }))!.city).toBe("%E0%A4%A");
    expect(locationFromHeaders(names, read({ "cf-iplatitude": "1", "cf-iplongitude": "1", "cf-ipcity": "x".repeat(500) }))!.city).toHaveLength(100);
  });
});
