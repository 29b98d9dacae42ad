import { z } from "zod";
import { apiBaseUrl } from "@botox/core/contract";
import { publishEnvSchema } from "@botox/publish";

// The one place the API reads process.env.
const list = (fallback = "") =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    );

const schema = z.object({
  // Publishing's settings are defined by @botox/publish (its env.ts); the API starts the
  // publisher, so it validates them here with that one definition (decision 187).
  ...publishEnvSchema.shape,
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Public origins allowed by CORS and the Origin check (site and admin). */
  ALLOWED_ORIGINS: list("http://localhost:4321,http://localhost:5173,http://127.0.0.1:4321,http://127.0.0.1:5173"),
  /**
   * Public base URL of this API as browsers reach it (e.g. https://api.example.com/api/v1):
   * absolute links in answers (uploaded images) and the session cookie's Secure flag (https)
   * come from here, never from the request's Host header. Unset: http://localhost:PORT/api/v1.
   */
  PUBLIC_API_URL: z.string().url().optional(),
  /** Public URL of the site (canonical links, sitemap). */
  SITE_URL: z.string().url().default("http://localhost:4321"),
  /** Public origin of the admin app (served under /admin): owners' mailed sign-in links open there. */
  ADMIN_URL: z.string().url().default("http://localhost:5173"),
  /** Secret for keyed hashes (ratings) and other HMACs; generated per process when unset. */
  APP_SECRET: z.string().min(16).optional(),
  /** Proxies whose X-Forwarded-For is trusted (addresses); empty means use the socket address. */
  TRUSTED_PROXIES: list(),
  /** CDN geo headers to trust for the visitor location, e.g. "cloudflare" or "vercel". */
  GEO_HEADERS: z.enum(["none", "cloudflare", "vercel", "fastly"]).default("none"),
  /** Path of a MaxMind-format (GeoLite2 City) database file. */
  GEOIP_DB: z.string().optional(),
  UPLOADS_DIR: z.string().optional(),
  /** S3-compatible upload storage (AWS S3, R2, MinIO): used when endpoint and bucket are set. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("auto"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Public base URL of the bucket (or its CDN); unset → images are served through the API. */
  S3_PUBLIC_URL: z.string().url().optional(),
  PUBLISH_WEBHOOK_SECRET: z.string().optional(),
  /**
   * The CMS NPPES NPI Registry API (version 2.1) the admin's NPI lookup asks; tests and the
   * browser-test stack point it at a loopback server.
   */
  NPI_REGISTRY_URL: z
    .string()
    .url()
    .refine(
      (u) => {
        const url = new URL(u);
        return url.protocol === "https:" || (url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname));
      },
      { message: "NPI_REGISTRY_URL must be an https URL (plain http only on a loopback address)." },
    )
    .default("https://npiregistry.cms.hhs.gov/api/"),
  /** Longest an NPI Registry lookup may take before it is answered 504. */
  NPI_REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  /**
   * Connections this process keeps to PostgreSQL (decision 223). Reads are short and the driver
   * pipelines them on each connection, so a few connections keep the database's cores busy with
   * fewer backends switching between them: on the bench's 2 cores 4 connections (or 2) served
   * zip-search and clinics/nearby with a quarter to a half less PostgreSQL CPU per request than 10.
   * A publish holds one for its lock, so at least 2. About twice the database's cores, shared
   * among the API processes.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(100).default(4),
  /** Longest a public clinic read is served from memory (lib/read-cache.ts); 0 turns the cache off. */
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Most memory the read cache's answers may take, in MB (nearby answers are the largest kept). */
  READ_CACHE_MAX_MB: z.coerce.number().int().min(1).default(256),
  /** How often the read cache checks content_changes for writes made elsewhere. */
  READ_CACHE_POLL_MS: z.coerce.number().int().min(100).default(1_000),
  /** How long the beacon's first waiting event waits for others before they are written together (lib/listing-event-batches.ts); 0 writes each event as it comes. */
  EVENTS_FLUSH_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  /** Longest the dashboard's counts (/stats) are shared between requests (lib/counts-memo.ts); 0 reads them every time. */
  STATS_COUNTS_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  // ---- mail (api/src/mail, docs/deploy.md "Mail") ----
  /** smtp://user:pass@host:port or smtps://…; unset → capture mode (nothing leaves the machine). */
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => ["smtp:", "smtps:"].includes(new URL(u).protocol), { message: "SMTP_URL must be an smtp:// or smtps:// URL." })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** "capture" keeps every message (admin Mail screen, DATA_DIR/mail/{id}.eml) instead of sending; the default without SMTP_URL. */
  MAIL_MODE: z.enum(["smtp", "capture"]).optional(),
  /** The From of every message, e.g. "Botox Near Me <deals@example.com>". */
  MAIL_FROM: z.string().trim().min(3).default("Botox Near Me <no-reply@localhost>"),
  /** The sender's postal address, shown in every marketing mail (CAN-SPAM). */
  MAIL_POSTAL_ADDRESS: z.string().trim().min(3).default("Botox Near Me (postal address not configured: set MAIL_POSTAL_ADDRESS)"),
  /** Whether this process runs the outbox worker (every instance may: they share the work). */
  MAIL_WORKER: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** How often an idle worker looks for due messages (writes in this process wake it at once). */
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(2_000),
  /** Messages one worker claims at a time. */
  MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).default(50),
  /** Tries before a message is marked failed (temporary failures only; a permanent refusal fails at once). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** First retry delay; each further try waits twice as long. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).default(60_000),
  /** How long a claimed message is reserved for its worker; after that another may send it (same Message-ID). */
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(120_000),
  /** Parallel SMTP connections per worker. */
  MAIL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(4),
  /** Cron (UTC) of the digest and price-alert run and the purge of unconfirmed subscriptions; "off" disables it. */
  MAIL_SCHEDULE: z.string().trim().default("0 14 * * *"),
  // ---- booking links (decision 299) ----
  /** Cron (UTC) of the re-check of stored booking links: each run asks a batch of links not asked for a day; "off" disables it. */
  BOOKING_LINK_RECHECK_SCHEDULE: z.string().trim().default("*/15 * * * *"),
  /** Links one re-check run asks (one after another). */
  BOOKING_LINK_RECHECK_BATCH: z.coerce.number().int().min(1).max(500).default(20),
  // ---- running as deployed (api/src/serve, docs/deploy.md) ----
  /** Whether this API process also serves the live site on SITE_PORT in local mode (off when a separate site server does). */
  SERVE_SITE: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** pino level of the JSON-line logs: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** On SIGTERM, how long requests in flight may take to finish before their connections are closed. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
});

export type ApiEnv = z.infer<typeof schema>;

/** PUBLIC_API_URL without a trailing slash, or the local default. */
export function publicApiUrl(env: Pick<ApiEnv, "PUBLIC_API_URL" | "PORT">): string {
  return (env.PUBLIC_API_URL ?? apiBaseUrl({ host: "localhost", port: env.PORT })).replace(/\/+$/, "");
}

/**
 * Whether cookies carry Secure: from configuration (PUBLIC_API_URL's scheme, else production),
 * so a proxy that forwards `Host: 127.0.0.1` cannot strip it.
 */
export function cookiesSecure(env: Pick<ApiEnv, "PUBLIC_API_URL" | "NODE_ENV">): boolean {
  if (env.PUBLIC_API_URL) return new URL(env.PUBLIC_API_URL).protocol === "https:";
  return env.NODE_ENV === "production";
}

export function readApiEnv(source: NodeJS.ProcessEnv = process.env): ApiEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid API environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** What production needs set explicitly, in the order reported. */
export const PRODUCTION_REQUIRED = ["APP_SECRET", "DATABASE_URL", "SITE_URL"] as const;

/**
 * The names of PRODUCTION_REQUIRED missing from `source` (empty outside production): without
 * APP_SECRET the one-rating-per-visitor hash would change at every restart and differ between
 * instances; without DATABASE_URL production would run on an embedded database in a folder;
 * SITE_URL has a localhost default that must never reach a canonical link.
 */
export function missingForProduction(source: NodeJS.ProcessEnv = process.env): string[] {
  if (source.NODE_ENV !== "production") return [];
  return [...PRODUCTION_REQUIRED.filter((name) => !source[name]?.trim()), ...mailMissingForProduction(source)];
}

/**
 * Mail in production: a real relay (SMTP_URL) unless capture is asked for explicitly
 * (MAIL_MODE=capture), and the From and the postal address every marketing mail must carry,
 * whose defaults are placeholders.
 */
function mailMissingForProduction(source: NodeJS.ProcessEnv): string[] {
  const missing: string[] = [];
  if (!source.SMTP_URL?.trim() && source.MAIL_MODE?.trim() !== "capture") missing.push("SMTP_URL (or MAIL_MODE=capture)");
  for (const name of ["MAIL_FROM", "MAIL_POSTAL_ADDRESS"] as const) if (!source[name]?.trim()) missing.push(name);
  return missing;
}
