import { z } from "zod";

// The one place publishing's settings are defined and validated (decision 187). The API
// composes this schema into its own (api/src/env.ts), so it validates them at start with
// this one definition; the site server (scripts/serve-site.ts) reads them through publishEnv.
export const publishEnvSchema = z.object({
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
  /** Folder holding builds/<id> and the `live` symlink; default DATA_DIR/site (.data/site). */
  SITE_DIR: z.string().optional(),
  /** Port of the static server for the live site (local mode). */
  SITE_PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** Site build command; {outDir} is replaced by the (quoted) output folder, also passed as OUT_DIR. */
  SITE_BUILD_COMMAND: z.string().optional(),
});

/** Publishing's settings, parsed and defaulted. */
export type PublishEnv = z.infer<typeof publishEnvSchema>;

export function publishEnv(source: NodeJS.ProcessEnv = process.env): PublishEnv {
  const parsed = publishEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid publishing environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
