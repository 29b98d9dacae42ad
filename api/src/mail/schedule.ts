/**
 * The scheduled run (MAIL_SCHEDULE, UTC cron; docs/decisions/247): purge unconfirmed
 * subscriptions older than 30 days, then the local digests, then the price alerts. Each
 * person's mail is written in one transaction with the record of what it told them: a digest
 * moves last_digest_at from the value read to the time its news was chosen up to (a
 * compare-and-set); an alert records price_alert_hits (ON CONFLICT DO NOTHING) and the day's
 * last_alert_on. So a rerun after a crash, or two instances running at once, tells nobody
 * anything twice.
 * What a digest tells is chosen in this process from the run's news (digest-selection.ts).
 * First, contested claims whose window ended with no objection are granted (decision 284),
 * each under its row lock with its status re-checked, so a late or repeated run grants once.
 */
import { compareDeal, isoDay, type PriceBrand, type PriceIndex } from "@botox/core";
import type { Logger } from "@botox/core/logger";
import { priceIndexInCity, type Database, type Sql } from "@botox/db";
import { scheduleNightly, systemClock } from "@botox/publish";
import type { MailConfig } from "./config.ts";
import { alertCandidates, dueAlertSubscribers, type AlertCandidate } from "./alert-selection.ts";
import { digestNews, digestPicker, dueSubscribers, type DigestNews, type DigestSubscriber } from "./digest-selection.ts";
import { enqueueMails, type OutgoingMail } from "./outbox.ts";
import { grantUncontestedClaims } from "../owners/claims.ts";
import { purgeUnconfirmed } from "./subscriptions.ts";
import { alertMail, digestMail, type AlertHit, type DigestClinic, type DigestDeal, type DigestPriceDrop } from "./templates.ts";
import { manageToken } from "./tokens.ts";

/**
 * Subscribers read and written per transaction: small enough that a batch's mails (about 8 KB
 * each, held twice while they are sent to the database) stay a few tens of megabytes.
 */
const BATCH = 500;

export interface MailRunContext {
  sql: Sql;
  db: Database;
  config: MailConfig;
  secret: string;
  logger: Logger;
  now?: () => Date;
}

interface MailRunSummary {
  claimsGranted: number;
  purged: number;
  digests: number;
  alerts: number;
}

async function runMailSchedule(ctx: MailRunContext): Promise<MailRunSummary> {
  const claimsGranted = (await grantUncontestedClaims(ctx, ctx.now?.())).length;
  const purged = await purgeUnconfirmed(ctx.sql);
  const digests = await runDigests(ctx);
  const alerts = await runPriceAlerts(ctx);
  ctx.logger.info({ claimsGranted, purged, digests, alerts }, "mail: scheduled run done");
  return { claimsGranted, purged, digests, alerts };
}

/**
 * Local digests: one per confirmed subscriber with a ZIP and something new; none when nothing.
 * The news is read once, up to a cutoff every digest of the run records; subscribers are read,
 * picked for and written BATCH at a time.
 * @internal Exported for its tests.
 */
export async function runDigests(ctx: MailRunContext): Promise<number> {
  const today = isoDay(ctx.now?.() ?? new Date());
  const [clock] = await ctx.sql<{ cutoff: string }[]>`select clock_timestamp()::text as cutoff`;
  const cutoff = clock?.cutoff ?? new Date().toISOString();
  const news = await digestNews(ctx.sql, today, cutoff);
  if (news.length === 0) return 0;
  const items = await digestItems(ctx, news, today);
  const pick = digestPicker(news);
  let after = 0;
  let queued = 0;
  for (;;) {
    const subs = await dueSubscribers(ctx.sql, after, BATCH);
    const last = subs.at(-1);
    if (!last) break;
    after = last.id;
    const picked = subs.flatMap((s) => {
      const mine = pick(s);
      return mine.length === 0 ? [] : [{ subscriber: s, items: itemsOf(mine, items) }];
    });
    if (picked.length > 0) queued += await writeDigests(ctx, picked, cutoff);
  }
  return queued;
}

type DigestItems = Parameters<typeof digestMail>[3];
type NewsItem = { kind: "deal"; item: DigestDeal } | { kind: "price"; item: DigestPriceDrop } | { kind: "clinic"; item: DigestClinic };

/** Each piece of news as the mail shows it, made once per run (a deal's "below typical" as its city page judges it). */
async function digestItems(ctx: MailRunContext, news: readonly DigestNews[], today: string): Promise<Map<DigestNews, NewsItem>> {
  const cityIndexes = new Map<string, Promise<PriceIndex>>();
  const cityIndex = (citySlug: string, brand: PriceBrand) => {
    const key = `${citySlug}:${brand}`;
    let index = cityIndexes.get(key);
    if (!index) cityIndexes.set(key, (index = priceIndexInCity(ctx.db, citySlug, brand, today)));
    return index;
  };
  const items = new Map<DigestNews, NewsItem>();
  for (const n of news) {
    const place = { clinicName: n.clinicName, citySlug: n.citySlug, slug: n.slug };
    if (n.kind === "clinic") {
      items.set(n, { kind: "clinic", item: { clinicId: n.itemId, name: n.clinicName, citySlug: n.citySlug, slug: n.slug, city: n.city } });
    } else if (n.brand && n.perUnitCents != null && n.kind === "price" && n.previousCents != null) {
      items.set(n, { kind: "price", item: { priceId: n.itemId, brand: n.brand, perUnitCents: n.perUnitCents, previousCents: n.previousCents, ...place } });
    } else if (n.brand && n.perUnitCents != null && n.kind === "deal") {
      const belowTypical =
        n.brand !== "other" && compareDeal({ brand: n.brand, perUnitCents: n.perUnitCents }, await cityIndex(n.citySlug, n.brand)).belowTypical;
      const deal = { dealId: n.itemId, title: n.title ?? "", brand: n.brand, perUnitCents: n.perUnitCents, endsOn: n.endsOn ?? "", conditions: n.conditions };
      items.set(n, { kind: "deal", item: { ...deal, ...place, belowTypical } });
    }
  }
  return items;
}

function itemsOf(picked: readonly DigestNews[], items: ReadonlyMap<DigestNews, NewsItem>): DigestItems {
  const out: DigestItems = { deals: [], drops: [], clinics: [] };
  for (const n of picked) {
    const it = items.get(n);
    if (it?.kind === "deal") out.deals.push(it.item);
    else if (it?.kind === "price") out.drops.push(it.item);
    else if (it?.kind === "clinic") out.clinics.push(it.item);
  }
  return out;
}

/**
 * One transaction per batch. Each subscriber with news is claimed by moving last_digest_at from
 * the value read to the cutoff (a compare-and-set): a rerun after a crash or a second instance
 * finds it moved and sends nothing twice, and the next digest starts where this one ended, so
 * no deal, lower price or new clinic is told twice.
 */
async function writeDigests(ctx: MailRunContext, picked: readonly { subscriber: DigestSubscriber; items: DigestItems }[], cutoff: string): Promise<number> {
  return ctx.sql.begin(async (tx) => {
    const claimed = new Set(
      (
        await tx<{ id: number }[]>`
          update newsletter_subscriptions s set last_digest_at = ${cutoff}::timestamptz
          from unnest(${picked.map((p) => p.subscriber.id)}::int[], ${picked.map((p) => p.subscriber.seen)}::text[]) as v(id, seen)
          where s.id = v.id and s.status = 'confirmed'
            and (extract(epoch from s.last_digest_at) * 1000000)::bigint::text is not distinct from v.seen
          returning s.id`
      ).map((r) => r.id),
    );
    if (claimed.size === 0) return 0;
    const mails: OutgoingMail[] = [];
    for (const { subscriber: s, items } of picked) {
      if (!claimed.has(s.id)) continue;
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

/**
 * Price alerts: at most one mail a day per person, once per clinic price under the line.
 * @internal Exported for its tests.
 */
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
