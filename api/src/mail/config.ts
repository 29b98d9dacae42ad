/** The mail settings of one API process, read once from its env (env.ts) and the data folder. */
import path from "node:path";
import type { ApiEnv } from "../env.ts";
import { publicApiUrl } from "../env.ts";

export interface MailConfig {
  /** smtp: through SMTP_URL; capture: kept in the outbox and written as DATA_DIR/mail/{id}.eml. */
  mode: "smtp" | "capture";
  smtpUrl: string | null;
  from: string;
  postalAddress: string;
  /** Where capture mode writes {id}.eml. */
  captureDir: string;
  siteUrl: string;
  apiUrl: string;
  /** The admin app, where owners' sign-in links open. */
  adminUrl: string;
  pollMs: number;
  batchSize: number;
  maxAttempts: number;
  retryBaseMs: number;
  leaseMs: number;
  connections: number;
  /** Cron of the digest and alert run; null when off. */
  schedule: string | null;
}

export function mailConfigFromEnv(env: ApiEnv, dataDir: string): MailConfig {
  const mode = env.MAIL_MODE ?? (env.SMTP_URL ? "smtp" : "capture");
  if (mode === "smtp" && !env.SMTP_URL) throw new Error("MAIL_MODE=smtp needs SMTP_URL.");
  return {
    mode,
    smtpUrl: env.SMTP_URL ?? null,
    from: env.MAIL_FROM,
    postalAddress: env.MAIL_POSTAL_ADDRESS,
    captureDir: path.resolve(dataDir, "mail"),
    siteUrl: env.SITE_URL.replace(/\/+$/, ""),
    apiUrl: publicApiUrl(env),
    adminUrl: `${env.ADMIN_URL.replace(/\/+$/, "")}/admin`,
    pollMs: env.MAIL_POLL_MS,
    batchSize: env.MAIL_BATCH_SIZE,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    retryBaseMs: env.MAIL_RETRY_BASE_MS,
    leaseMs: env.MAIL_LEASE_MS,
    connections: env.MAIL_CONNECTIONS,
    schedule: env.MAIL_SCHEDULE === "off" || env.MAIL_SCHEDULE === "" ? null : env.MAIL_SCHEDULE,
  };
}
