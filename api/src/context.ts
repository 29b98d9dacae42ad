import type { Logger } from "@botox/core/logger";
import type { DashboardCounts, Database, LocatedPlaces, Sql } from "@botox/db";
import type { Publisher } from "@botox/publish";
import type { ApiEnv } from "./env.ts";
import type { Agent } from "node:https";
import type { AppState } from "./lib/app-state.ts";
import type { ReadCache } from "./lib/read-cache.ts";
import type { CountsMemo } from "./lib/counts-memo.ts";
import type { ListingEventBatches } from "./lib/listing-event-batches.ts";
import type { MailService } from "./mail/mail-service.ts";

/** What every handler can reach: injected by createApp so tests pass their own database. */
export interface Deps {
  db: Database;
  sql: Sql;
  env: ApiEnv;
  /** Secret for keyed hashes (ratings) and HMACs. */
  secret: string;
  /** Where the app's components report what went wrong (pino when served, lib/logger.ts; a recorder in tests). */
  logger: Logger;
  /** What the app keeps in memory between requests (lib/app-state.ts): created with the deps, never at module level. */
  state: AppState;
  /** Publishing (api/src/deps.ts): content writes mark the site dirty, the publish routes use it; none in most tests. */
  publisher?: Publisher;
  /** Called after every content write (clinics, posts, categories, prices), e.g. by tests that record them. */
  onContentChange?: (change: { entity: string; entityId: number | null; action: string }) => void;
  /** The clock openNow=true is answered at; tests pass a fixed one. Default: the real time. */
  now?: () => Date;
  /** Public clinic reads kept in memory (lib/read-cache.ts); none in most tests. */
  readCache?: ReadCache;
  /** zip-search's radius totals counted in the process (@botox/db LocatedPlaces, decision 222); none in most tests: PostgreSQL counts. */
  locatedPlaces?: LocatedPlaces;
  /** The dashboard's counts kept for a second (lib/counts-memo.ts); none in most tests: read every time. */
  countsMemo?: CountsMemo<DashboardCounts>;
  /**
   * True once a graceful stop has begun (serve/api-server.ts): readiness answers 503 so a load
   * balancer stops routing here, also over keep-alive connections opened before the stop.
   */
  draining?: () => boolean;
  /** Mail (api/src/mail): the outbox worker and the digest schedule composed by deps.ts; none in most tests. */
  mail?: MailService;
  /** The beacon's counts written in batches (lib/listing-event-batches.ts); none in most tests: each event is written as it comes. */
  listingEvents?: ListingEventBatches;
  /** How a booking link is asked before it is saved (lib/booking-link-check.ts); tests inject a loopback server's. */
  bookingLinkCheck?: BookingLinkCheckDeps;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    /** Set by the session middleware on admin routes: an admin, or (where allowed) a clinic owner. */
    user?: { id: number; username: string; role: "admin" | "owner" };
    /** Client address (socket, or forwarded header behind a trusted proxy). */
    clientIp: string;
  };
}

/** How lib/booking-link-check.ts asks a booking link (defaults: the system resolver, port 443). */
export interface BookingLinkCheckDeps {
  /** The host's addresses (default: the system resolver, every address). */
  resolve?: (host: string) => Promise<string[]>;
  /** The TLS agent (tests: one that trusts the test certificate). */
  agent?: Agent;
  /** The port to connect to instead of 443 (tests: the loopback server's). */
  port?: number;
  /** Tests only: let a private (loopback) address through. */
  allowPrivateAddresses?: boolean;
  timeoutMs?: number;
}
