/**
 * Double opt-in (docs/decisions/244): subscribing (or asking for a price alert) makes a new,
 * pending or unsubscribed address pending and queues a confirmation in the same transaction;
 * an address already confirmed gets nothing, and the caller's answer is the same either way.
 * Stored details of an existing subscriber are never changed by an anonymous request.
 */
import type { AlertBrand, NewsletterInput, NewsletterPreferences } from "@botox/core";
import type { Sql } from "@botox/db";
import type { MailConfig } from "./config.ts";
import { enqueueMail, type Tx } from "./outbox.ts";
import { confirmationMail } from "./templates.ts";
import { hashToken } from "../lib/token-hash.ts";
import { CONFIRM_TOKEN_DAYS, manageToken, manageTokenId, manageTokenValid, newConfirmToken } from "./tokens.ts";

/** Version of the subscribe form's consent text, kept with each consent. Change it with the text. */
const CONSENT_TEXT_VERSION = "2026-11-28";
/** Confirmation mails one address may be sent in 24 hours (subscribing again re-sends one). */
const CONFIRMATIONS_PER_DAY = 3;

export interface MailContext {
  sql: Sql;
  config: MailConfig;
  secret: string;
}

interface SubscriptionRow {
  id: number;
  email: string;
  first_name: string | null;
  status: "pending" | "confirmed" | "unsubscribed";
  manage_nonce: string;
}

/**
 * Makes `email` pending (unless confirmed) and queues its confirmation; runs `then` in the
 * same transaction with the subscription's id. Answers whether a message was queued.
 */
export async function requestSubscription(
  ctx: MailContext,
  input: { email: string; zipCode: string | null; firstName: string | null; network: string },
  then?: (tx: Tx, subscriptionId: number) => Promise<void>,
): Promise<boolean> {
  return ctx.sql.begin(async (tx) => {
    const inserted = await tx<SubscriptionRow[]>`
      insert into newsletter_subscriptions (email, zip_code, first_name, status, consent_at, consent_network, consent_text_version)
      values (${input.email}, ${input.zipCode}, ${input.firstName}, 'pending', now(), ${input.network}, ${CONSENT_TEXT_VERSION})
      on conflict (lower(email)) do nothing
      returning id, email, first_name, status, manage_nonce`;
    let row = inserted[0];
    if (!row) {
      [row] = await tx<SubscriptionRow[]>`
        select id, email, first_name, status, manage_nonce from newsletter_subscriptions where lower(email) = lower(${input.email}) for update`;
      if (!row) throw new Error("subscription vanished while subscribing");
    }
    await then?.(tx, row.id);
    if (row.status === "confirmed") return false;
    if (!inserted[0]) {
      const [recent] = await tx<{ n: number }[]>`
        select count(*)::int as n from mail_messages where subscription_id = ${row.id} and kind = 'confirm' and created_at > now() - interval '1 day'`;
      if ((recent?.n ?? 0) >= CONFIRMATIONS_PER_DAY) return false;
      // A new consent for an address that was pending or had unsubscribed.
      await tx`update newsletter_subscriptions set status = 'pending', unsubscribed_at = null, consent_at = now(), consent_network = ${input.network},
        consent_text_version = ${CONSENT_TEXT_VERSION}, updated_at = now() where id = ${row.id}`;
    }
    const { token, hash } = newConfirmToken();
    await tx`insert into newsletter_tokens (token_hash, subscription_id, expires_at) values (${hash}, ${row.id}, now() + ${CONFIRM_TOKEN_DAYS} * interval '1 day')`;
    const mail = confirmationMail(ctx.config, { email: row.email, firstName: row.first_name }, token, manageToken(ctx.secret, row.id, row.manage_nonce));
    await enqueueMail(tx, ctx.config.from, { ...mail, kind: "confirm", subscriptionId: row.id });
    return true;
  });
}

export function subscribe(ctx: MailContext, input: NewsletterInput, network: string): Promise<boolean> {
  return requestSubscription(ctx, { email: input.email, zipCode: input.zipCode, firstName: input.firstName ?? null, network });
}

export type TokenProblem = "invalid" | "expired" | "used";
export type TokenResult<T> = { ok: true; value: T } | { ok: false; problem: TokenProblem };

/** Follows a confirmation link: the subscription becomes confirmed and the token used. */
export async function confirmSubscription(ctx: MailContext, token: string): Promise<TokenResult<{ email: string; manage: string }>> {
  return ctx.sql.begin(async (tx) => {
    const [t] = await tx<{ subscription_id: number; expired: boolean; used_at: Date | null; email: string; manage_nonce: string; status: string }[]>`
      select t.subscription_id, t.expires_at < now() as expired, t.used_at, s.email, s.manage_nonce, s.status
      from newsletter_tokens t join newsletter_subscriptions s on s.id = t.subscription_id
      where t.token_hash = ${hashToken(token)} for update of t, s`;
    if (!t) return { ok: false, problem: "invalid" };
    if (t.used_at) return { ok: false, problem: "used" };
    if (t.expired) return { ok: false, problem: "expired" };
    await tx`update newsletter_tokens set used_at = now() where token_hash = ${hashToken(token)}`;
    await tx`update newsletter_subscriptions set status = 'confirmed', confirmed_at = now(), unsubscribed_at = null, updated_at = now() where id = ${t.subscription_id}`;
    return { ok: true, value: { email: t.email, manage: manageToken(ctx.secret, t.subscription_id, t.manage_nonce) } };
  });
}

interface ManagedRow {
  id: number;
  email: string;
  status: "pending" | "confirmed" | "unsubscribed";
  zip_code: string | null;
  radius_miles: number;
  brands: AlertBrand[];
  frequency: "new" | "weekly";
  manage_nonce: string;
}

async function managed(ctx: MailContext, tx: Tx, token: string): Promise<ManagedRow | null> {
  const id = manageTokenId(token);
  if (id === null) return null;
  const [row] = await tx<ManagedRow[]>`
    select id, email, status, zip_code, radius_miles, brands, frequency, manage_nonce from newsletter_subscriptions where id = ${id}`;
  return row && manageTokenValid(ctx.secret, token, row.id, row.manage_nonce) ? row : null;
}

const preferencesOf = (r: ManagedRow): NewsletterPreferences => ({
  email: r.email,
  status: r.status,
  zipCode: r.zip_code,
  radiusMiles: r.radius_miles,
  brands: r.brands,
  frequency: r.frequency,
});

export async function readPreferences(ctx: MailContext, token: string): Promise<NewsletterPreferences | null> {
  const row = await managed(ctx, ctx.sql, token);
  return row ? preferencesOf(row) : null;
}

export async function writePreferences(
  ctx: MailContext,
  token: string,
  p: { zipCode: string | null; radiusMiles: number; brands: AlertBrand[]; frequency: "new" | "weekly" },
): Promise<NewsletterPreferences | null> {
  const row = await managed(ctx, ctx.sql, token);
  if (!row) return null;
  const [updated] = await ctx.sql<ManagedRow[]>`
    update newsletter_subscriptions set zip_code = ${p.zipCode}, radius_miles = ${p.radiusMiles}, brands = ${p.brands}::text[], frequency = ${p.frequency}, updated_at = now()
    where id = ${row.id} returning id, email, status, zip_code, radius_miles, brands, frequency, manage_nonce`;
  return updated ? preferencesOf(updated) : null;
}

/** One-click unsubscribe: nothing more is sent, queued marketing included (the worker checks the status). */
export async function unsubscribe(ctx: MailContext, token: string): Promise<boolean> {
  const row = await managed(ctx, ctx.sql, token);
  if (!row) return false;
  await ctx.sql`update newsletter_subscriptions set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()), updated_at = now() where id = ${row.id}`;
  return true;
}

/** Erases the address: its subscription, preferences, alerts, tokens and every message to it. */
export async function eraseSubscription(ctx: MailContext, token: string): Promise<boolean> {
  return ctx.sql.begin(async (tx) => {
    const row = await managed(ctx, tx, token);
    if (!row) return false;
    await tx`delete from mail_messages where lower(to_address) = lower(${row.email})`;
    await tx`delete from newsletter_subscriptions where id = ${row.id}`;
    return true;
  });
}

/** Unconfirmed subscriptions older than 30 days are deleted (with their tokens and alerts). */
export async function purgeUnconfirmed(sql: Sql): Promise<number> {
  const rows =
    await sql`delete from newsletter_subscriptions where status = 'pending' and coalesce(consent_at, created_at) < now() - interval '30 days' returning id`;
  return rows.length;
}
