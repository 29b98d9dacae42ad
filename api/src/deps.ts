/**
 * The composition root: the one place an API's dependencies are put together, used by
 * `api/src/index.ts` (`npm run serve:api`), the product launcher (`npm start`, `npm run
 * serve`), the browser-test harness (packages/e2e) and the benchmarks. So every one of them
 * runs with the same read cache (READ_CACHE_*), the same rate-limit and login-throttle store
 * (Redis when REDIS_URL is set, lib/rate-limit.ts), the same publisher and the same visitor
 * location source (GEO_HEADERS / GEOIP_DB, routes/location/visitor-location.ts): what differs is
 * only the environment each passes.
 */
import type { Logger } from "@botox/core/logger";
import { LocatedPlaces, openDatabase, readDbEnv, type DashboardCounts, type DbHandle, type OpenedDatabase } from "@botox/db";
import type { Deps } from "./context.ts";
import { readApiEnv, type ApiEnv } from "./env.ts";
import { resolveAppSecret } from "./lib/app-secret.ts";
import { createLogger } from "./lib/logger.ts";
import { startReadCache } from "./lib/read-cache.ts";
import { createCountsMemo } from "./lib/counts-memo.ts";
import { ListingEventBatches } from "./lib/listing-event-batches.ts";
import { closeRedisConnections } from "./lib/redis.ts";
import { createAppState } from "./lib/app-state.ts";
import { Publisher, publishConfigFromEnv, type PublishConfig } from "@botox/publish";
import { mailConfigFromEnv } from "./mail/config.ts";
import { startMailScheduler, type MailScheduler } from "./mail/schedule.ts";
import type { MailService } from "./mail/mail-service.ts";
import { MailWorker } from "./mail/worker.ts";
import { startBookingLinkRechecks } from "./owners/booking-link-recheck.ts";

export interface CreateDepsOptions {
  env?: ApiEnv;
  /** An open database (tests, the e2e harness); by default DATABASE_URL or the embedded one, migrated. */
  database?: DbHandle;
  /** Publishing: the env's configuration (default), that configuration with overrides, or none. */
  publish?: false | { config?: Partial<PublishConfig> };
  /** Fixed secret (tests); by default APP_SECRET, else lib/app-secret.ts's (persisted for the embedded database). */
  secret?: string;
  /** The app's logger (deps.logger); by default the API's JSON log on stdout at LOG_LEVEL (lib/logger.ts). */
  logger?: Logger;
  /** The publisher's logger; by default the app's. */
  publishLogger?: Logger;
  /** Whether to start the outbox worker and the digest schedule (default: MAIL_WORKER, and MAIL_SCHEDULE unless "off"). */
  mail?: boolean;
  /** Whether to re-check stored booking links (default: BOOKING_LINK_RECHECK_SCHEDULE unless "off"). */
  linkRechecks?: boolean;
}

export interface AppDeps {
  deps: Deps;
  database: DbHandle | OpenedDatabase;
  /** Also `deps.publisher` (content writes mark the site dirty, the publish routes use it); not started here. */
  publisher: Publisher | null;
  /** Stops the mail worker (its batch in hand finishes), the publisher (a running build is aborted and recorded as interrupted), the cache, Redis and the pool. */
  close(): Promise<void>;
}

export async function createDeps(options: CreateDepsOptions = {}): Promise<AppDeps> {
  const env = options.env ?? readApiEnv();
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, max: env.DATABASE_POOL_MAX }));
  // Only a database opened here can be the embedded one whose folder keeps the secret.
  const embeddedDataDir = "dataDir" in database && typeof database.dataDir === "string" ? database.dataDir : undefined;
  const logger = options.logger ?? createLogger({ level: env.LOG_LEVEL });
  const readCache = await startReadCache(env, database.db, logger);
  let publisher: Publisher | null = null;
  if (options.publish !== false) {
    const config = { ...publishConfigFromEnv(env, readDbEnv()), ...options.publish?.config };
    publisher = new Publisher({ sql: database.sql, config, databaseUrl: database.url, logger: options.publishLogger ?? logger });
  }
  const deps: Deps = {
    db: database.db,
    sql: database.sql,
    env,
    secret: options.secret ?? resolveAppSecret(env, { dataDir: embeddedDataDir }),
    logger,
    state: createAppState(),
    ...(readCache ? { readCache } : {}),
    locatedPlaces: new LocatedPlaces(),
    ...(env.STATS_COUNTS_TTL_MS > 0 ? { countsMemo: createCountsMemo<DashboardCounts>({ ttlMs: env.STATS_COUNTS_TTL_MS }) } : {}),
    ...(publisher ? { publisher } : {}),
    ...(env.EVENTS_FLUSH_MS > 0 ? { listingEvents: new ListingEventBatches({ sql: database.sql, logger, flushMs: env.EVENTS_FLUSH_MS }) } : {}),
  };
  // Mail: the outbox worker sends in this process (every instance may run one, decision 246);
  // the digest and alert run follows MAIL_SCHEDULE.
  const mailConfig = mailConfigFromEnv(env, readDbEnv().DATA_DIR);
  const runMail = options.mail ?? true;
  const worker = runMail && env.MAIL_WORKER ? new MailWorker({ sql: database.sql, config: mailConfig, logger }) : null;
  let scheduler: MailScheduler | null = null;
  if (runMail && mailConfig.schedule) {
    const runContext = { sql: database.sql, db: database.db, config: mailConfig, secret: deps.secret, logger };
    scheduler = startMailScheduler(runContext, mailConfig.schedule, () => worker?.nudge());
  }
  const mail: MailService = { config: mailConfig, worker, scheduler };
  deps.mail = mail;
  worker?.start();
  // Booking links are asked again about daily, a small batch per tick (decision 299).
  const recheckCron = env.BOOKING_LINK_RECHECK_SCHEDULE === "off" ? "" : env.BOOKING_LINK_RECHECK_SCHEDULE;
  const linkRechecks =
    (options.linkRechecks ?? true) && recheckCron !== ""
      ? startBookingLinkRechecks({ deps, mail: mailConfig, batch: env.BOOKING_LINK_RECHECK_BATCH }, recheckCron)
      : null;
  let closed: Promise<void> | undefined;
  return {
    deps,
    database,
    publisher,
    close: () =>
      (closed ??= (async () => {
        scheduler?.stop();
        linkRechecks?.stop();
        await worker?.stop();
        await publisher?.stop();
        readCache?.stop();
        await deps.listingEvents?.close();
        await closeRedisConnections(deps.state.redis);
        if (ownsDatabase) await database.close();
      })()),
  };
}
