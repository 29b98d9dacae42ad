import { z } from "zod";

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
  // ---- publishing (packages/publish, publishConfigFromEnv) ----
  /** local: build here and serve the live folder on SITE_PORT; hook: POST PUBLISH_HOOK_URL instead. */
  PUBLISH_MODE: z.enum(["local", "hook"]).default("local"),
  /** Quiet time after the last content write before a rebuild starts (1 s: an edit's targeted publish takes seconds, decision 039). */
  PUBLISH_DEBOUNCE_MS: z.coerce.number().int().min(0).default(1_000),
  /** Longest a rebuild waits while writes keep coming (a burst still publishes every 10 s). */
  PUBLISH_MAX_WAIT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Content edits of a few clinics render only their pages (decision 039); "false": every build is a full one. */
  PUBLISH_TARGETED: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** How often content_changes is polled for writes made through other API instances. */
  PUBLISH_POLL_MS: z.coerce.number().int().min(100).default(3_000),
  /** Longest a public clinic read is served from memory (lib/read-cache.ts); 0 turns the cache off. */
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Most memory the read cache's answers may take, in MB (2,000 nearby answers are ~150 MB). */
  READ_CACHE_MAX_MB: z.coerce.number().int().min(1).default(256),
  /** How often the read cache checks content_changes for writes made elsewhere. */
  READ_CACHE_POLL_MS: z.coerce.number().int().min(100).default(1_000),
  /** Nightly regeneration (cron expression); "off" disables it. */
  PUBLISH_CRON: z.string().default("0 3 * * *"),
  /** IANA time zone of PUBLISH_CRON; unset means the host's. */
  PUBLISH_TZ: z.string().optional(),
  PUBLISH_HOOK_URL: z.string().url().optional(),
  PUBLISH_KEEP_BUILDS: z.coerce.number().int().min(1).default(5),
  PUBLISH_BUILD_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(30 * 60_000),
  /** Folder holding builds/<id> and the `live` symlink; default .data/site. */
  SITE_DIR: z.string().optional(),
  /** Port of the static server for the live site (local mode). */
  SITE_PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** Site build command; {outDir} is replaced by the (quoted) output folder, also passed as OUT_DIR. */
  SITE_BUILD_COMMAND: z.string().optional(),
  /** Port of the admin dev server that `npm start` runs. */
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(5173),
  // ---- running as deployed (api/src/serve, docs/deploy.md) ----
  /** The API URL the admin is built with (Vite reads it at build time); default http://localhost:PORT/api/v1. */
  VITE_API_URL: z.string().optional(),
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
  return (env.PUBLIC_API_URL ?? `http://localhost:${env.PORT}/api/v1`).replace(/\/+$/, "");
}

/** The URLs one machine's product (npm start) uses, as settings. */
export interface LocalProductUrls {
  /** The API as browsers reach it: the site build, its islands and CSP, absolute links. */
  PUBLIC_API_URL: string;
  SITE_URL: string;
  /** The API URL the admin is built with. */
  VITE_API_URL: string;
  /** The site's and the admin's origins (CORS and the Origin check). */
  ALLOWED_ORIGINS: string;
}

/**
 * npm start on any ports: the API, site and admin URLs derived from PORT, SITE_PORT and
 * ADMIN_PORT as they are set, each unless set explicitly. Without this, moved ports left the
 * admin refused (its origin not allowed: 403 at login) and the site built against port 8787.
 */
export function localProductUrls(source: NodeJS.ProcessEnv = process.env): LocalProductUrls {
  const { PORT, SITE_PORT, ADMIN_PORT } = readApiEnv(source);
  const set = (name: string) => (source[name]?.trim() ? source[name].trim() : undefined);
  const apiUrl = set("PUBLIC_API_URL") ?? `http://localhost:${PORT}/api/v1`;
  const origins = ["localhost", "127.0.0.1"].flatMap((host) => [`http://${host}:${SITE_PORT}`, `http://${host}:${ADMIN_PORT}`]);
  return {
    PUBLIC_API_URL: apiUrl,
    SITE_URL: set("SITE_URL") ?? `http://localhost:${SITE_PORT}`,
    VITE_API_URL: set("VITE_API_URL") ?? apiUrl,
    ALLOWED_ORIGINS: set("ALLOWED_ORIGINS") ?? origins.join(","),
  };
}

/**
 * Puts localProductUrls into this process's environment, where every reader (the packages'
 * env.ts) and every child (the site build, the admin build) finds them; returns them.
 */
export function useLocalProductUrls(): LocalProductUrls {
  const urls = localProductUrls(process.env);
  Object.assign(process.env, urls);
  return urls;
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
  return PRODUCTION_REQUIRED.filter((name) => !source[name]?.trim());
}
