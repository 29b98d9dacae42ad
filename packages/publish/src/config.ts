import path from "node:path";
import { repoRoot } from "@botox/db";
import type { PublishEnv } from "./env.ts";

export type PublishMode = "local" | "hook";

export interface PublishConfig {
  mode: PublishMode;
  debounceMs: number;
  maxWaitMs: number;
  pollMs: number;
  /** Cron expression of the nightly regeneration; null disables it. */
  cron: string | null;
  timezone?: string;
  hookUrl?: string;
  keepBuilds: number;
  buildTimeoutMs: number;
  /** Holds builds/<id>, the `live` symlink and the incremental build cache. */
  siteDir: string;
  /** Shell command; `{outDir}` is replaced by the quoted output folder (also passed as OUT_DIR). */
  buildCommand: string;
  /** Working directory of the build command. */
  cwd: string;
  /** Content edits of a few clinics go live by a targeted publish (decision 039); default on. */
  targeted?: boolean;
  /** More clinics changed than this since the live build: the full build runs instead. */
  targetedMaxClinics?: number;
}

export const DEFAULT_TARGETED_MAX_CLINICS = 1_000;

/** The site reads its output folder from OUT_DIR (site/astro.config.mjs), which every build gets. */
export const DEFAULT_BUILD_COMMAND = "pnpm --filter @botox/site run build";

/**
 * The publisher's configuration from its settings (publishEnv, or the API's env, which
 * composes the same schema) and the database's data folder, which the caller reads (DbEnv's
 * DATA_DIR): nothing here reads the process environment.
 */
export function publishConfigFromEnv(env: PublishEnv, db: { DATA_DIR: string }): PublishConfig {
  const cron = env.PUBLISH_CRON.trim();
  return {
    mode: env.PUBLISH_MODE,
    debounceMs: env.PUBLISH_DEBOUNCE_MS,
    maxWaitMs: env.PUBLISH_MAX_WAIT_MS,
    pollMs: env.PUBLISH_POLL_MS,
    cron: cron === "" || cron === "off" ? null : cron,
    ...(env.PUBLISH_TZ ? { timezone: env.PUBLISH_TZ } : {}),
    ...(env.PUBLISH_HOOK_URL ? { hookUrl: env.PUBLISH_HOOK_URL } : {}),
    keepBuilds: env.PUBLISH_KEEP_BUILDS,
    buildTimeoutMs: env.PUBLISH_BUILD_TIMEOUT_MS,
    // Beside the embedded database's data (DATA_DIR, default .data/), so one folder holds the state.
    siteDir: path.resolve(env.SITE_DIR ?? path.join(db.DATA_DIR, "site")),
    buildCommand: env.SITE_BUILD_COMMAND ?? DEFAULT_BUILD_COMMAND,
    cwd: repoRoot,
    targeted: env.PUBLISH_TARGETED,
  };
}
