/**
 * The outbox's sender, one per API process (deps.ts starts it, stop() ends it). Instances share
 * the work without a coordinator: a worker claims due messages with `FOR UPDATE SKIP LOCKED`
 * and leases them (locked_until) in one short statement, sends them outside any transaction,
 * then records each outcome. A worker that dies mid-batch leaves its lease to expire and
 * another (or itself restarted) sends those messages again, with the same Message-ID
 * (docs/decisions/246). Temporary failures (4xx, connection refused, timeouts) wait
 * retryBaseMs·2^(tries-1) and are marked failed after maxAttempts tries; a permanent refusal
 * of the recipient (5xx) fails the message at once and suppresses the address. Nothing is sent
 * to a suppressed address, nor marketing to a subscription no longer confirmed.
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "@botox/core/logger";
import type { Sql } from "@botox/db";
import { addressOf, composeRaw } from "./compose.ts";
import type { MailConfig } from "./config.ts";

interface ClaimedRow {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  kind: string;
  message_id: string;
  attempts: number;
  subscription_id: number | null;
  created_at: Date | string;
}

type Outcome = { id: number; result: "sent" | "captured" | "suppressed" } | { id: number; result: "retry" | "failed"; error: string; suppress?: string };

interface SmtpError {
  code?: string;
  responseCode?: number;
  permanent?: boolean;
  command?: string;
  message?: string;
}

/** A nodemailer transport (SMTP) or none (capture). */
interface Sender {
  send(envelope: { from: string; to: string }, raw: Buffer): Promise<void>;
  close(): void;
}

function smtpSender(config: MailConfig): Sender {
  if (!config.smtpUrl) throw new Error("SMTP mode without SMTP_URL");
  const transport = nodemailer.createTransport({ url: config.smtpUrl, pool: true, maxConnections: config.connections, maxMessages: Infinity });
  return {
    async send(envelope, raw) {
      await transport.sendMail({ envelope, raw });
    },
    close: () => transport.close(),
  };
}

export interface MailWorkerOptions {
  sql: Sql;
  config: MailConfig;
  logger: Logger;
}

export class MailWorker {
  private readonly sql: Sql;
  private readonly config: MailConfig;
  private readonly logger: Logger;
  private sender: Sender | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private nudged = false;

  constructor(options: MailWorkerOptions) {
    this.sql = options.sql;
    this.config = options.config;
    this.logger = options.logger;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Looks for due messages now (called after a write that queued one in this process). */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  /** Lets the batch in hand finish, then closes the SMTP connections. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
    this.sender?.close();
    this.sender = null;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let sent = 0;
      try {
        sent = await this.runOnce();
      } catch (err) {
        this.logger.error({ error: err instanceof Error ? err.message : String(err) }, "mail worker: batch failed");
      }
      if (sent > 0 || !this.running) continue;
      if (this.nudged) {
        this.nudged = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.config.pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = null;
    }
  }

  /** Claims one batch of due messages and sends it; answers how many were claimed. */
  async runOnce(): Promise<number> {
    const rows = await this.claim();
    if (rows.length === 0) return 0;
    const blocked = await this.blockedIds(rows);
    const outcomes = await Promise.all(
      rows.map((row): Promise<Outcome> => (blocked.has(row.id) ? Promise.resolve({ id: Number(row.id), result: "suppressed" }) : this.deliver(row))),
    );
    await this.record(outcomes, rows);
    return rows.length;
  }

  private async claim(): Promise<ClaimedRow[]> {
    const rows = await this.sql<ClaimedRow[]>`
      update mail_messages set locked_until = now() + ${this.config.leaseMs} * interval '1 millisecond', attempts = attempts + 1
      where id in (
        select id from mail_messages
        where status = 'queued' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at, id
        limit ${this.config.batchSize}
        for update skip locked)
      returning id, to_address, subject, text, html, headers, kind, message_id, attempts, subscription_id, created_at`;
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  /** Messages not to send: suppressed addresses, and marketing to a subscription that is not confirmed. */
  private async blockedIds(rows: ClaimedRow[]): Promise<Set<string>> {
    const ids = rows.map((r) => r.id);
    const blocked = await this.sql<{ id: string }[]>`
      select m.id from mail_messages m
      where m.id = any(${ids}::bigint[]) and (
        exists (select 1 from mail_suppressions s where s.email = lower(m.to_address))
        or (m.kind in ('digest', 'alert') and not exists (
          select 1 from newsletter_subscriptions n where n.id = m.subscription_id and n.status = 'confirmed')))`;
    return new Set(blocked.map((r) => r.id));
  }

  private async deliver(row: ClaimedRow): Promise<Outcome> {
    const id = Number(row.id);
    let raw: Buffer;
    try {
      raw = await composeRaw({
        from: this.config.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
        messageId: row.message_id,
        createdAt: new Date(row.created_at),
      });
    } catch (err) {
      return { id, result: "failed", error: `not composed: ${err instanceof Error ? err.message : String(err)}` };
    }
    if (this.config.mode === "capture") {
      await fs.mkdir(this.config.captureDir, { recursive: true });
      // Written whole under a temporary name, then renamed: a reader never sees half a message.
      const file = path.join(this.config.captureDir, `${id}.eml`);
      await fs.writeFile(`${file}.tmp`, raw);
      await fs.rename(`${file}.tmp`, file);
      return { id, result: "captured" };
    }
    this.sender ??= smtpSender(this.config);
    try {
      await this.sender.send({ from: addressOf(this.config.from), to: row.to_address }, raw);
      return { id, result: "sent" };
    } catch (err) {
      const e = err as SmtpError;
      const error = `${e.code ?? "error"}${e.responseCode ? ` ${e.responseCode}` : ""}: ${e.message ?? String(err)}`.slice(0, 1000);
      const permanent = e.permanent === true || (typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode !== 503);
      if (permanent && e.code !== "EAUTH") {
        // The recipient refused (RCPT): that address is suppressed. Another 5xx fails this message only.
        const recipient = e.code === "EENVELOPE" || /RCPT/i.test(e.command ?? "");
        return { id, result: "failed", error, ...(recipient ? { suppress: row.to_address } : {}) };
      }
      return { id, result: row.attempts >= this.config.maxAttempts ? "failed" : "retry", error };
    }
  }

  private async record(outcomes: Outcome[], rows: ClaimedRow[]): Promise<void> {
    const attemptsOf = new Map(rows.map((r) => [Number(r.id), r.attempts]));
    const done = (result: "sent" | "captured" | "suppressed") => outcomes.filter((o) => o.result === result).map((o) => o.id);
    for (const status of ["sent", "captured", "suppressed"] as const) {
      const ids = done(status);
      if (ids.length === 0) continue;
      await this.sql`
        update mail_messages set status = ${status}, sent_at = ${status === "suppressed" ? null : this.sql`now()`}, locked_until = null, last_error = null
        where id = any(${ids}::bigint[])`;
    }
    for (const o of outcomes) {
      if (o.result === "retry") {
        const wait = this.config.retryBaseMs * 2 ** ((attemptsOf.get(o.id) ?? 1) - 1);
        await this.sql`
          update mail_messages set locked_until = null, last_error = ${o.error}, next_attempt_at = now() + ${wait} * interval '1 millisecond' where id = ${o.id}`;
        this.logger.warn({ messageId: o.id, error: o.error }, "mail: temporary failure, will retry");
      } else if (o.result === "failed") {
        await this.sql.begin(async (tx) => {
          await tx`update mail_messages set status = 'failed', locked_until = null, last_error = ${o.error} where id = ${o.id}`;
          if (o.suppress) {
            await tx`insert into mail_suppressions (email, reason) values (${o.suppress.toLowerCase()}, ${`refused: ${o.error}`.slice(0, 500)}) on conflict (email) do nothing`;
          }
        });
        this.logger.warn({ messageId: o.id, error: o.error, suppressed: Boolean(o.suppress) }, "mail: failed");
      }
    }
  }
}
