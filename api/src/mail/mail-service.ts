/** Mail as the composition root holds it (deps.mail): its settings, this process's worker and schedule. */
import type { MailConfig } from "./config.ts";
import type { MailWorker } from "./worker.ts";
import type { MailScheduler } from "./schedule.ts";

export interface MailService {
  config: MailConfig;
  /** This process's sender; null when MAIL_WORKER=false (another process sends). */
  worker: MailWorker | null;
  scheduler: MailScheduler | null;
}
