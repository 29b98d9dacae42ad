import { randomBytes } from "node:crypto";
import { embeddedAppSecret, type OpenedDatabase } from "@botox/db";
import type { ApiEnv } from "../env.ts";

/**
 * The keyed-hash secret (one rating per visitor): APP_SECRET when set; on the embedded
 * database a generated one kept in the data folder (0600), so the hash survives restarts and
 * agrees between processes sharing the folder; otherwise a per-process random value.
 */
export function resolveAppSecret(env: Pick<ApiEnv, "APP_SECRET">, database: Pick<OpenedDatabase, "dataDir">): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  if (database.dataDir) return embeddedAppSecret(database.dataDir);
  return randomBytes(32).toString("hex");
}
