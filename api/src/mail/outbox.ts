/**
 * The outbox (docs/decisions/246): a message is a row of mail_messages written in the same
 * transaction as the change that causes it, so a rolled-back change sends nothing and a
 * committed one is never lost; the worker (worker.ts) sends it. The Message-ID is fixed here,
 * once, so a message sent again after a crash is recognisably the same message.
 */
import { randomUUID } from "node:crypto";
import type postgres from "postgres";
import type { MailMessage, MailMessageList, MailMessageStatus, MailSuppression } from "@botox/core";
import type { Sql } from "@botox/db";
import { assertHeaderSafe, messageIdDomain, oneLine } from "./compose.ts";

export type Tx = Sql | postgres.TransactionSql;

/** Transactional mail (a confirmation) or marketing (digest, alert: List-Unsubscribe, postal address). */
type MailKind = "confirm" | "digest" | "alert" | "test" | "owner";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers?: Record<string, string>;
  kind: MailKind;
  subscriptionId?: number | null;
}

/** Writes one message to the outbox (queued) and returns its id. */
export async function enqueueMail(tx: Tx, from: string, mail: OutgoingMail): Promise<number> {
  const [id] = await enqueueMails(tx, from, [mail]);
  if (id === undefined) throw new Error("mail_messages insert returned no row");
  return id;
}

/** Eight parameters a row, under PostgreSQL's 65,535 parameters a statement. */
const ROWS_PER_INSERT = 4000;

/**
 * Writes many messages in one statement (a digest run writes one per subscriber of a batch) and
 * returns their ids in order. Every header is checked before anything is written.
 */
export async function enqueueMails(tx: Tx, from: string, mails: readonly OutgoingMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const domain = messageIdDomain(from);
  const rows = mails.map((mail) => {
    const headers = mail.headers ?? {};
    assertHeaderSafe("To", mail.to);
    for (const [name, value] of Object.entries(headers)) assertHeaderSafe(name, value);
    return {
      to_address: mail.to,
      subject: oneLine(mail.subject),
      text: mail.text,
      html: mail.html,
      headers: JSON.stringify(headers),
      kind: mail.kind,
      message_id: `<${randomUUID()}@${domain}>`,
      subscription_id: mail.subscriptionId ?? null,
    };
  });
  // One row of parameters per message (not arrays to unnest: an array of a batch's bodies is
  // escaped into one literal and parsed back, which cost more than the insert). RETURNING's
  // order is not promised, so ids are matched by the Message-ID made here.
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const inserted = await tx<{ id: string; message_id: string }[]>`
      insert into mail_messages ${tx(rows.slice(i, i + ROWS_PER_INSERT), "to_address", "subject", "text", "html", "headers", "kind", "message_id", "subscription_id")}
      returning id, message_id`;
    for (const r of inserted) ids.set(r.message_id, Number(r.id));
  }
  return rows.map((r) => {
    const id = ids.get(r.message_id);
    if (id === undefined) throw new Error("mail_messages insert returned no row for a message");
    return id;
  });
}

/** Timestamps as the driver gives them (text on this connection) in ISO form. */
const iso = (v: Date | string): string => new Date(v).toISOString();

interface MessageRow {
  id: string;
  to_address: string;
  subject: string;
  status: MailMessageStatus;
  created_at: Date | string;
  sent_at: Date | string | null;
}

const summary = (r: MessageRow) => ({
  id: Number(r.id),
  to: r.to_address,
  subject: r.subject,
  status: r.status,
  createdAt: iso(r.created_at),
  sentAt: r.sent_at == null ? null : iso(r.sent_at),
});

/** The admin's list, newest first; `to` matches part of the recipient, any case. */
export async function listMessages(
  sql: Sql,
  q: { to?: string | undefined; status?: MailMessageStatus | undefined; page: number; limit: number },
): Promise<MailMessageList> {
  const pattern = q.to ? `%${q.to.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`where (${pattern}::text is null or lower(to_address) like ${pattern}) and (${q.status ?? null}::text is null or status = ${q.status ?? null})`;
  const rows = await sql<MessageRow[]>`
    select id, to_address, subject, status, created_at, sent_at from mail_messages ${where}
    order by id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`;
  const [count] = await sql<{ n: number }[]>`select count(*)::int as n from mail_messages ${where}`;
  return { messages: rows.map(summary), totalCount: count?.n ?? 0 };
}

export async function findMessage(sql: Sql, from: string, id: number): Promise<MailMessage | undefined> {
  const [r] = await sql<
    (MessageRow & {
      text: string;
      html: string | null;
      headers: Record<string, string>;
      kind: string;
      attempts: number;
      last_error: string | null;
      message_id: string;
    })[]
  >`
    select id, to_address, subject, status, created_at, sent_at, text, html, headers, kind, attempts, last_error, message_id from mail_messages where id = ${id}`;
  if (!r) return undefined;
  return {
    ...summary(r),
    text: r.text,
    html: r.html,
    // What the message carries besides its body parts, as it is sent (compose.ts).
    headers: { From: from, To: r.to_address, Subject: r.subject, "Message-ID": r.message_id, Date: new Date(r.created_at).toUTCString(), ...r.headers },
    kind: r.kind,
    attempts: r.attempts,
    lastError: r.last_error,
  };
}

export async function listSuppressions(sql: Sql): Promise<MailSuppression[]> {
  const rows = await sql<
    { email: string; reason: string; created_at: Date }[]
  >`select email, reason, created_at from mail_suppressions order by created_at desc, email limit 5000`;
  return rows.map((r) => ({ email: r.email, reason: r.reason, createdAt: iso(r.created_at) }));
}

export async function addSuppression(sql: Tx, email: string, reason: string): Promise<MailSuppression> {
  const [r] = await sql<{ email: string; reason: string; created_at: Date | string }[]>`
    insert into mail_suppressions (email, reason) values (${email.toLowerCase()}, ${reason})
    on conflict (email) do update set email = excluded.email
    returning email, reason, created_at`;
  if (!r) throw new Error("mail_suppressions upsert returned no row");
  return { email: r.email, reason: r.reason, createdAt: iso(r.created_at) };
}

export async function removeSuppression(sql: Sql, email: string): Promise<boolean> {
  const rows = await sql`delete from mail_suppressions where email = ${email.toLowerCase()} returning email`;
  return rows.length > 0;
}

/** The dashboard's mail counts (routes/stats). */
export async function mailCounts(
  sql: Sql,
): Promise<{ confirmedSubscribers: number; pendingSubscribers: number; mailSentThisWeek: number; mailFailures: number }> {
  const [r] = await sql<{ confirmed: number; pending: number; sent: number; failed: number }[]>`
    select
      (select count(*)::int from newsletter_subscriptions where status = 'confirmed') as confirmed,
      (select count(*)::int from newsletter_subscriptions where status = 'pending') as pending,
      (select count(*)::int from mail_messages where status in ('sent', 'captured') and sent_at > now() - interval '7 days') as sent,
      (select count(*)::int from mail_messages where status = 'failed' and created_at > now() - interval '7 days') as failed`;
  return { confirmedSubscribers: r?.confirmed ?? 0, pendingSubscribers: r?.pending ?? 0, mailSentThisWeek: r?.sent ?? 0, mailFailures: r?.failed ?? 0 };
}
