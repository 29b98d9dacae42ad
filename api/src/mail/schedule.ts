/**
 * The scheduled run (MAIL_SCHEDULE, UTC cron; docs/decisions/247): purge unconfirmed
 * subscriptions older than 30 days, then the local digests, then the price alerts. Each
 * person's mail is written in one transaction with the record of what it told them
 * (digest_items_sent, price_alert_hits, last_alert_on), inserted with ON CONFLICT DO NOTHING:
 * only what was newly recorded goes into the mail, and nothing newly recorded means no mail.
 * So a rerun after a crash, or two instances running at once, tells nobody anything twice.
 * What a digest tells is chosen for a thousand subscribers at a time (digest-selection.ts).
 */
import { compareDeal, isoDay, type PriceBrand, type PriceIndex } from "@botox/core";
import type { Logger } from "@botox/core/logger";
import { priceIndexInCity, type Database, type Sql } from "@botox/db";
import { scheduleNightly, systemClock } from "@botox/publish";
import type { MailConfig } from "./config.ts";
import { alertCandidates, dueAlertSubscribers, type AlertCandidate } from "./alert-selection.ts";
import { digestPairs, dueSubscribers, type DigestPair, type DigestSubscriber } from "./digest-selection.ts";
import { enqueueMails, type OutgoingMail } from "./outbox.ts";
import { purgeUnconfirmed } from "./subscriptions.ts";
import { alertMail, digestMail, type AlertHit, type DigestClinic, type DigestDeal, type DigestPriceDrop } from "./templates.ts";
import { manageToken } from "./tokens.ts";

/** Subscribers per selection statement and per write transaction. */
const BATCH = 2000;

export interface MailRunContext {
  sql: Sql;
  db: Database;
  config: MailConfig;
  secret: string;
  logger: Logger;
  now?: () => Date;
}

interface MailRunSummary {
  purged: number;
  digests: number;
  alerts: number;
}

async function runMailSchedule(ctx: MailRunContext): Promise<MailRunSummary> {
  const purged = await purgeUnconfirmed(ctx.sql);
  const digests = await runDigests(ctx);
  const alerts = await runPriceAlerts(ctx);
  ctx.logger.info({ purged, digests, alerts }, "mail: scheduled run done");
  return { purged, digests, alerts };
}

/** Local digests: one per confirmed subscriber with a ZIP and something new; none when nothing. */
export async function runDigests(ctx: MailRunContext): Promise<number> {
  const today = isoDay(ctx.now?.() ?? new Date());
  // "Below typical" is judged as the deal's city page judges it: against its city's index.
  const cityIndexes = new Map<string, Promise<PriceIndex>>();
  const cityIndex = (citySlug: string, brand: PriceBrand) => {
    const key = `${citySlug}:${brand}`;
    let index = cityIndexes.get(key);
    if (!index) cityIndexes.set(key, (index = priceIndexInCity(ctx.db, citySlug, brand, today)));
    return index;
  };
  let after = 0;
  let queued = 0;
  for (;;) {
    const subs = await dueSubscribers(ctx.sql, after, BATCH);
    const last = subs.at(-1);
    if (!last) break;
    after = last.id;
    const pairs = await digestPairs(
      ctx.sql,
      subs.map((s) => s.id),
      today,
    );
    if (pairs.length === 0) continue;
    const deals = new Map<number, DigestDeal>();
    for (const p of pairs) {
      if (p.kind !== "deal" || deals.has(p.itemId) || !p.brand || p.perUnitCents == null) continue;
      const below =
        p.brand === "other" ? false : compareDeal({ brand: p.brand, perUnitCents: p.perUnitCents }, await cityIndex(p.citySlug, p.brand)).belowTypical;
      deals.set(p.itemId, {
        dealId: p.itemId,
        title: p.title ?? "",
        brand: p.brand,
        perUnitCents: p.perUnitCents,
        endsOn: p.endsOn ?? "",
        conditions: p.conditions,
        clinicName: p.clinicName,
        citySlug: p.citySlug,
        slug: p.slug,
        belowTypical: below,
      });
    }
    queued += await writeDigests(ctx, subs, pairs, deals);
  }
  return queued;
}

const itemKey = (p: DigestPair) => `${p.kind}:${p.itemId}`;

/**
 * One transaction per batch: records what each digest tells (ON CONFLICT DO NOTHING), and
 * writes a mail only with what was newly recorded, so a rerun or a second instance tells
 * nobody anything twice.
 */
async function writeDigests(
  ctx: MailRunContext,
  subs: readonly DigestSubscriber[],
  pairs: readonly DigestPair[],
  deals: ReadonlyMap<number, DigestDeal>,
): Promise<number> {
  const ids = pairs.map((p) => p.subscriptionId);
  const keys = pairs.map(itemKey);
  return ctx.sql.begin(async (tx) => {
    const fresh = new Set(
      (
        await tx<{ subscription_id: number; item: string }[]>`
          insert into digest_items_sent (subscription_id, item)
          select * from unnest(${ids}::int[], ${keys}::text[]) order by 1, 2
          on conflict do nothing returning subscription_id, item`
      ).map((r) => `${r.subscription_id}|${r.item}`),
    );
    await tx`update newsletter_subscriptions set last_digest_at = now() where id = any(${[...new Set(ids)]}::int[]) and status = 'confirmed'`;
    if (fresh.size === 0) return 0;
    const bySubscriber = new Map<number, DigestPair[]>();
    for (const p of pairs) {
      if (!fresh.has(`${p.subscriptionId}|${itemKey(p)}`)) continue;
      const list = bySubscriber.get(p.subscriptionId);
      if (list) list.push(p);
      else bySubscriber.set(p.subscriptionId, [p]);
    }
    const mails: OutgoingMail[] = [];
    for (const s of subs) {
      const mine = bySubscriber.get(s.id);
      if (!mine) continue;
      const items = {
        deals: mine.flatMap((p) => (p.kind === "deal" ? (deals.get(p.itemId) ?? []) : [])),
        drops: mine.flatMap((p): DigestPriceDrop[] =>
          p.kind === "price" && p.brand && p.perUnitCents != null && p.previousCents != null
            ? [
                {
                  priceId: p.itemId,
                  brand: p.brand,
                  perUnitCents: p.perUnitCents,
                  previousCents: p.previousCents,
                  clinicName: p.clinicName,
                  citySlug: p.citySlug,
                  slug: p.slug,
                },
              ]
            : [],
        ),
        clinics: mine.flatMap((p): DigestClinic[] =>
          p.kind === "clinic" ? [{ clinicId: p.itemId, name: p.clinicName, citySlug: p.citySlug, slug: p.slug, city: p.city }] : [],
        ),
      };
      const mail = digestMail(
        ctx.config,
        { email: s.email, zipCode: s.zipCode, radiusMiles: s.radiusMiles },
        manageToken(ctx.secret, s.id, s.manageNonce),
        items,
      );
      mails.push({ ...mail, kind: "digest", subscriptionId: s.id });
    }
    await enqueueMails(tx, ctx.config.from, mails);
    return mails.length;
  });
}

/** Price alerts: at most one mail a day per person, once per clinic price under the line. */
export async function runPriceAlerts(ctx: MailRunContext): Promise<number> {
  const today = isoDay(ctx.now?.() ?? new Date());
  let after = 0;
  let queued = 0;
  for (;;) {
    const ids = await dueAlertSubscribers(ctx.sql, after, BATCH, today);
    const last = ids.at(-1);
    if (last === undefined) break;
    after = last;
    const candidates = await alertCandidates(ctx.sql, ids, today);
    if (candidates.length > 0) queued += await writeAlerts(ctx, candidates, today);
  }
  return queued;
}

/**
 * One transaction per batch: the day's one alert mail of each person is claimed by setting
 * last_alert_on (whoever sets it first sends it); the hits are recorded with ON CONFLICT DO
 * NOTHING and only newly recorded ones are mailed; a person left with none gets the day back.
 */
async function writeAlerts(ctx: MailRunContext, candidates: readonly AlertCandidate[], today: string): Promise<number> {
  const people = [...new Set(candidates.map((c) => c.subscriptionId))];
  return ctx.sql.begin(async (tx) => {
    const claimed = new Set(
      (
        await tx<{ id: number }[]>`
          update newsletter_subscriptions set last_alert_on = ${today}::date
          where id = any(${people}::int[]) and status = 'confirmed' and (last_alert_on is null or last_alert_on < ${today}::date)
          returning id`
      ).map((r) => r.id),
    );
    const mine = candidates.filter((c) => claimed.has(c.subscriptionId));
    const fresh = new Set(
      (
        await tx<{ alert_id: number; price_id: number }[]>`
          insert into price_alert_hits (alert_id, price_id)
          select * from unnest(${mine.map((c) => c.alertId)}::int[], ${mine.map((c) => c.priceId)}::int[]) order by 1, 2
          on conflict do nothing returning alert_id, price_id`
      ).map((r) => `${r.alert_id}|${r.price_id}`),
    );
    const hitsOf = new Map<number, AlertCandidate[]>();
    for (const c of mine) {
      if (!fresh.has(`${c.alertId}|${c.priceId}`)) continue;
      const list = hitsOf.get(c.subscriptionId);
      if (list) list.push(c);
      else hitsOf.set(c.subscriptionId, [c]);
    }
    const nothingNew = [...claimed].filter((id) => !hitsOf.has(id));
    if (nothingNew.length > 0)
      await tx`update newsletter_subscriptions set last_alert_on = null where id = any(${nothingNew}::int[]) and last_alert_on = ${today}::date`;
    const mails: OutgoingMail[] = [];
    for (const [subscriptionId, rows] of hitsOf) {
      const [first, ...others] = rows.map((r): AlertHit => ({
        priceId: r.priceId,
        brand: r.brand,
        perUnitCents: r.perUnitCents,
        maxUnitCents: r.maxUnitCents,
        zipCode: r.zipCode,
        radiusMiles: r.radiusMiles,
        clinicName: r.clinicName,
        citySlug: r.citySlug,
        slug: r.slug,
      }));
      const [person] = rows;
      if (!first || !person) continue;
      const mail = alertMail(ctx.config, person.email, manageToken(ctx.secret, subscriptionId, person.manageNonce), [first, ...others]);
      mails.push({ ...mail, kind: "alert", subscriptionId });
    }
    await enqueueMails(tx, ctx.config.from, mails);
    return mails.length;
  });
}

export interface MailScheduler {
  stop(): void;
  nextRun(): Date | null;
}

/** Runs runMailSchedule at each time MAIL_SCHEDULE matches (UTC); a run still going skips the next tick. */
export function startMailScheduler(ctx: MailRunContext, cron: string, onDone: () => void): MailScheduler {
  let running = false;
  return scheduleNightly({
    cron,
    timezone: "UTC",
    clock: systemClock,
    onTick: () => {
      if (running) return;
      running = true;
      runMailSchedule(ctx)
        .then(onDone, (err: unknown) => ctx.logger.error({ error: err instanceof Error ? err.message : String(err) }, "mail: scheduled run failed"))
        .finally(() => {
          running = false;
        });
    },
  });
}
