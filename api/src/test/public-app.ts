/**
 * Test scaffolding for the public routes: a fresh database per test file, the app, requests
 * from a chosen client address (as if from a socket), and clinic rows built from a few fields.
 */
import { toClinicSlug, toLinkSlug } from "@botox/core";
import { testLogger } from "@botox/core/testing";
import { clinics, deriveClinicColumns, zipCodes } from "@botox/db";
import { createTestDatabase, type TestDatabase } from "@botox/db/testing";
import { createApp } from "../app.ts";
import type { Deps } from "../context.ts";
import { readApiEnv } from "../env.ts";
import { createAppState } from "../lib/app-state.ts";
import { sendRequest, type RequestOptions as BaseRequestOptions } from "./request.ts";

/** An allowed origin (the site) for unsafe methods. */
export const TEST_ORIGIN = "http://localhost:4321";

/** The bindings @hono/node-server passes, reduced to what getConnInfo reads. */
export function socketEnv(ip: string) {
  return { incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: ip.includes(":") ? "IPv6" : "IPv4" } } };
}

interface RequestOptions extends BaseRequestOptions {
  /** Client (socket) address; default 203.0.113.1. */
  ip?: string;
}

type ClinicInsert = typeof clinics.$inferInsert;
export type ClinicFixture = Partial<ClinicInsert> & { name: string; city: string; state: string };

function clinicRow(f: ClinicFixture): ClinicInsert {
  // Zone and weekly minutes derived as every write path does (explicit values win).
  return { slug: toClinicSlug(f.name, f.city), citySlug: toLinkSlug(f.city), ...deriveClinicColumns(f), ...f };
}

export interface PublicTestContext {
  db: TestDatabase;
  deps: Deps;
  app: ReturnType<typeof createApp>;
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<{ status: number; body: T; res: Response }>;
  insertClinics(rows: ClinicFixture[]): Promise<(typeof clinics.$inferSelect)[]>;
  insertZip(zip: string, latitude: number, longitude: number, city?: string, state?: string): Promise<void>;
  close(): Promise<void>;
}

export async function createPublicTestContext(env: Record<string, string> = {}): Promise<PublicTestContext> {
  const db = await createTestDatabase();
  const deps: Deps = {
    db: db.db,
    sql: db.sql,
    env: readApiEnv({ NODE_ENV: "test", ...env }),
    secret: "test-secret-for-address-hashes",
    logger: testLogger(),
    state: createAppState(),
  };
  const app = createApp(deps);

  const request = (method: string, path: string, options: RequestOptions = {}) =>
    sendRequest(app, TEST_ORIGIN, method, path, options, socketEnv(options.ip ?? "203.0.113.1"));

  return {
    db,
    deps,
    app,
    request,
    async get<T>(path: string, options?: RequestOptions) {
      const res = await request("GET", path, options);
      return { status: res.status, body: (await res.json()) as T, res };
    },
    async insertClinics(rows) {
      return db.db.insert(clinics).values(rows.map(clinicRow)).returning();
    },
    async insertZip(zip, latitude, longitude, city = "Testville", state = "NY") {
      await db.db
        .insert(zipCodes)
        .values({ zip, latitude, longitude, city, state })
        .onConflictDoUpdate({ target: zipCodes.zip, set: { latitude, longitude, city, state } });
    },
    close: () => db.close(),
  };
}

/** A point `miles` north (positive) or south of `lat, lon` on the 3959-mile sphere. */
export function milesNorth(lat: number, lon: number, miles: number): { latitude: number; longitude: number } {
  return { latitude: lat + (miles / 3959) * (180 / Math.PI), longitude: lon };
}

/**
 * The distance rule of product.md §3/§9 computed by hand (haversine, earth radius 3959 miles),
 * independent of packages/core and of the database's earthdistance, so a change to either
 * is caught.
 */
export function haversineMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3959 * Math.asin(Math.sqrt(h));
}

/** Miles shown with one decimal (product.md §3). */
export const oneDecimal = (miles: number) => Math.round(miles * 10) / 10;
