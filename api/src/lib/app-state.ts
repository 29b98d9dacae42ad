/**
 * What the API keeps in memory between requests, all created here and reached as `deps.state`
 * (decision 291): createDeps makes one per composed app, the test scaffolding one per test
 * context, and nothing of it lives at module level (module-state.test.ts keeps it so).
 * Each map keeps the key it had as module state (the app's deps, its env or its database), so an
 * app composed from another's deps with a new env or database (tests do) still gets entries of
 * its own. What each keeps, for how long and how it is invalidated is said, and tested, in the
 * module that reads it.
 */
import type { CityResponse, Reader } from "maxmind";
import type { LatLon, NpiLookup } from "@botox/core";
import type { ClinicFragments, Database, KnownTotal } from "@botox/db";
import type { LoginThrottle } from "../auth/login-throttle.ts";
import type { ApiEnv } from "../env.ts";
import type { MailConfig } from "../mail/config.ts";
import type { ClinicNameIndex } from "./clinic-name-index.ts";
import type { RedisConnections } from "./redis.ts";
import type { UploadStorage } from "./upload-storage.ts";

/**
 * Maps keyed by an app's `Deps` take any object: Deps (context.ts) holds this state, so naming it
 * here would make the two modules import each other.
 */
type PerApp<V> = WeakMap<object, V>;

export interface AppState {
  /** auth/password-check.ts: each app's login throttle (its store: Redis with REDIS_URL, else memory). */
  loginThrottles: PerApp<LoginThrottle>;
  /** mail/service.ts: the env's mail settings of an app composed without deps.mail (tests). */
  mailConfigs: PerApp<MailConfig>;
  /** lib/redis.ts: one connection per REDIS_URL, shared by the rate limits and the login throttle; closed with the app. */
  redis: RedisConnections;
  /** lib/uploads.ts: the upload storage (S3 or UPLOADS_DIR) of each env. */
  uploadStorages: WeakMap<ApiEnv, UploadStorage>;
  /** lib/clinic-name-index.ts: each database's name index and the content change it was built at. */
  clinicNameIndexes: WeakMap<Database, { changeId: number; index: Promise<ClinicNameIndex> }>;
  /** lib/city-centres.ts: each app's city centres, a minute each. */
  cityCentres: PerApp<Map<string, { centre: LatLon | null; until: number }>>;
  /** routes/location/visitor-location.ts: each GEOIP_DB file, opened once (null: unreadable, reported once). */
  geoipReaders: Map<string, Promise<Reader<CityResponse> | null>>;
  /** routes/clinics/zip-search.routes.ts: each database's zip-search totals at any distance, per filter set. */
  zipSearchTotals: WeakMap<Database, Map<string, KnownTotal>>;
  /** lib/clinic-texts.ts: each database's clinic answer texts by row version (@botox/db ClinicFragments, decision 221). */
  clinicTexts: WeakMap<Database, ClinicFragments>;
  /** routes/staff/npi-registry.ts: each app's NPI Registry answers, a day each. */
  npiLookups: PerApp<Map<string, { at: number; answer: NpiLookup | null }>>;
}

export function createAppState(): AppState {
  return {
    loginThrottles: new WeakMap(),
    mailConfigs: new WeakMap(),
    redis: new Map(),
    uploadStorages: new WeakMap(),
    clinicNameIndexes: new WeakMap(),
    cityCentres: new WeakMap(),
    geoipReaders: new Map(),
    zipSearchTotals: new WeakMap(),
    clinicTexts: new WeakMap(),
    npiLookups: new WeakMap(),
  };
}
