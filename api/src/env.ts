import { z } from "zod";

// The one place the API reads process.env.
const list = (fallback = "") =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean));

const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Public origins allowed by CORS and the Origin check (site and admin). */
  ALLOWED_ORIGINS: list("http://localhost:4321,http://localhost:5173,http://127.0.0.1:4321,http://127.0.0.1:5173"),
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
  // ---- publishing (api/src/publish) ----
  /** local: build here and serve the live folder on SITE_PORT; hook: POST PUBLISH_HOOK_URL instead. */
  PUBLISH_MODE: z.enum(["local", "hook"]).default("local"),
  /** Quiet time after the last content write before a rebuild starts. */
  PUBLISH_DEBOUNCE_MS: z.coerce.number().int().min(0).default(5_000),
  /** Longest a rebuild waits while writes keep coming. */
  PUBLISH_MAX_WAIT_MS: z.coerce.number().int().min(0).default(60_000),
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
  PUBLISH_BUILD_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30 * 60_000),
  /** Folder holding builds/<id> and the `live` symlink; default .data/site. */
  SITE_DIR: z.string().optional(),
  /** Port of the static server for the live site (local mode). */
  SITE_PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** Site build command; {outDir} is replaced by the (quoted) output folder, also passed as OUT_DIR. */
  SITE_BUILD_COMMAND: z.string().optional(),
  /** Port of the admin dev server that `npm start` runs. */
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(5173),
});

export type ApiEnv = z.infer<typeof schema>;

export function readApiEnv(source: NodeJS.ProcessEnv = process.env): ApiEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid API environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
