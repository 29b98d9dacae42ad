/**
 * The scheduled run (MAIL_SCHEDULE, UTC cron; docs/decisions/247): purge unconfirmed
 * subscriptions older than 30 days, then the local digests, then the price alerts. Each
 * person's mail is written in one transaction with the record of what it told them
 * (digest_items_sent, price_alert_hits, last_alert_on), inserted with ON CONFLICT DO NOTHING:
 * only what was newly recorded goes into the mail, and nothing newly recorded means no mail.
 * So a rerun after a crash, or two instances running at once, tells nobody anything twice.
 */
import { compareDeal, isoDay, type PriceBrand, type PriceIndex } from "@botox/core";
import type { Logger } from "@botox/core/logger";
import { priceIndexNear, type Database, type Sql } from "@botox/db";
import { scheduleNightly, systemClock } from "@botox/publish";
import type { MailConfig } from "./config.ts";
import { enqueueMail } from "./outbox.ts";
import { purgeUnconfirmed } from "./subscriptions.ts";
import { alertMail, digestMail, type AlertHit, type DigestClinic, type DigestDeal, type DigestPriceDrop } from "./templates.ts";
import { manageToken } from "./tokens.ts";

const METERS_PER_MILE = 1609.344;
/** Most items of each kind in one digest (the newest first). */
const DIGEST_ITEMS = 10;
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
  purged: number;
  digests: number;
  alerts: number;
}

interface Subscriber {
  id: number;
  email: string;
  zip_code: string;
  radius_miles: number;
  brands: PriceBrand[];
  manage_nonce: string;
  since: Date;
  latitude: number;
  longitude: number;
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
  let after = 0;
  let queued = 0;
  const indexes = new Map<string, Promise<PriceIndex>>();
  for (;;) {
    const subs = await ctx.sql<Subscriber[]>`
      select s.id, s.email, s.zip_code, s.radius_miles, s.brands, s.manage_nonce,
        coalesce(s.last_digest_at, s.confirmed_at, s.created_at) as since, z.latitude, z.longitude
      from newsletter_subscriptions s join zip_codes z on z.zip = s.zip_code
      where s.status = 'confirmed' and s.id > ${after}
        and (s.frequency = 'new' or s.last_digest_at is null or s.last_digest_at < now() - interval '6 days 12 hours')
        and not exists (select 1 from mail_suppressions x where x.email = lower(s.email))
      order by s.id limit ${BATCH}`;
    if (subs.length === 0) break;
    after = subs.at(-1)?.id ?? after;
    for (const s of subs) if (await digestFor(ctx, s, today, indexes)) queued++;
  }
  return queued;
}

async function digestFor(ctx: MailRunContext, s: Subscriber, today: string, indexes: Map<string, Promise<PriceIndex>>): Promise<boolean> {
  const meters = s.radius_miles * METERS_PER_MILE;
  const brands = s.brands.length > 0 ? s.brands : null;
  const origin = ctx.sql`ll_to_earth(${s.latitude}, ${s.longitude})`;
  const near = (lat: string, lon: string) =>
    ctx.sql`earth_box(${origin}, ${meters}::float8) @> ll_to_earth(${ctx.sql.unsafe(lat)}, ${ctx.sql.unsafe(lon)}) and earth_distance(${origin}, ll_to_earth(${ctx.sql.unsafe(lat)}, ${ctx.sql.unsafe(lon)})) <= ${meters}::float8`;
  const deals = await ctx.sql<(Omit<DigestDeal, "belowTypical" | "dealId"> & { dealId: number })[]>`
    select d.id as "dealId", d.title, d.brand, d.per_unit_cents as "perUnitCents", d.ends_on::text as "endsOn", d.conditions,
      c.name as "clinicName", c.city_slug as "citySlug", c.slug
    from clinic_deals d join clinics c on c.id = d.clinic_id
    where d.created_at > ${s.since} and d.ends_on >= ${today}::date and d.starts_on <= ${today}::date + 30
      and (${brands}::text[] is null or d.brand::text = any(${brands}::text[]))
      and c.latitude is not null and c.business_status = 'OPERATIONAL' and ${near("c.latitude", "c.longitude")}
    order by d.created_at desc, d.id desc limit ${DIGEST_ITEMS}`;
  const drops = await ctx.sql<DigestPriceDrop[]>`
    select cp.price_id as "priceId", cp.brand, cp.per_unit_cents as "perUnitCents", prev.per_unit_cents as "previousCents",
      c.name as "clinicName", c.city_slug as "citySlug", c.slug
    from clinic_current_prices cp
    join clinic_prices p on p.id = cp.price_id
    join clinics c on c.id = cp.clinic_id
    join lateral (
      select q.per_unit_cents from clinic_prices q
      where q.clinic_id = cp.clinic_id and q.brand = cp.brand and q.status = 'published' and q.per_unit_cents is not null and q.id <> cp.price_id
      order by q.checked_on desc, q.id desc limit 1) prev on prev.per_unit_cents > cp.per_unit_cents
    where p.created_at > ${s.since} and cp.latitude is not null and cp.business_status = 'OPERATIONAL'
      and (${brands}::text[] is null or cp.brand::text = any(${brands}::text[]))
      and ${near("cp.latitude", "cp.longitude")}
    order by p.created_at desc limit ${DIGEST_ITEMS}`;
  const clinics = await ctx.sql<DigestClinic[]>`
    select c.id as "clinicId", c.name, c.city_slug as "citySlug", c.slug, c.city
    from clinics c
    where c.created_at > ${s.since} and c.latitude is not null and c.business_status = 'OPERATIONAL' and ${near("c.latitude", "c.longitude")}
    order by c.created_at desc, c.id desc limit ${DIGEST_ITEMS}`;
  if (deals.length + drops.length + clinics.length === 0) return false;

  const withIndex: DigestDeal[] = [];
  for (const d of deals) {
    const key = `${s.zip_code}:${s.radius_miles}:${d.brand}`;
    let index = indexes.get(key);
    if (!index) indexes.set(key, (index = priceIndexNear(ctx.db, { latitude: s.latitude, longitude: s.longitude }, s.radius_miles, d.brand, today)));
    withIndex.push({
      ...d,
      belowTypical: d.brand === "other" ? false : compareDeal({ brand: d.brand, perUnitCents: d.perUnitCents }, await index).belowTypical,
    });
  }

  return ctx.sql.begin(async (tx) => {
    const keys = [...deals.map((d) => `deal:${d.dealId}`), ...drops.map((p) => `price:${p.priceId}`), ...clinics.map((c) => `clinic:${c.clinicId}`)];
    const fresh = new Set(
      (
        await tx<{ item: string }[]>`
          insert into digest_items_sent (subscription_id, item) select ${s.id}, unnest(${keys}::text[])
          on conflict do nothing returning item`
      ).map((r) => r.item),
    );
    await tx`update newsletter_subscriptions set last_digest_at = now() where id = ${s.id} and status = 'confirmed'`;
    const items = {
      deals: withIndex.filter((d) => fresh.has(`deal:${d.dealId}`)),
      drops: drops.filter((p) => fresh.has(`price:${p.priceId}`)),
      clinics: clinics.filter((c) => fresh.has(`clinic:${c.clinicId}`)),
    };
    if (fresh.size === 0) return false;
    const mail = digestMail(
      ctx.config,
      { email: s.email, zipCode: s.zip_code, radiusMiles: s.radius_miles },
      manageToken(ctx.secret, s.id, s.manage_nonce),
      items,
    );
    await enqueueMail(tx, ctx.config.from, { ...mail, kind: "digest", subscriptionId: s.id });
    return true;
  });
}

interface AlertCandidate {
  subscription_id: number;
  email: string;
  manage_nonce: string;
  alert_id: number;
  price_id: number;
  brand: PriceBrand;
  per_unit_cents: number;
  max_unit_cents: number;
  zip_code: string;
  radius_miles: number;
  clinic_name: string;
  city_slug: string;
  slug: string;
}

/** Price alerts: at most one mail a day per person, once per clinic price under the line. */
export async function runPriceAlerts(ctx: MailRunContext): Promise<number> {
  const today = isoDay(ctx.now?.() ?? new Date());
  const candidates = await ctx.sql<AlertCandidate[]>`
    select s.id as subscription_id, s.email, s.manage_nonce, a.id as alert_id, cp.price_id, a.brand, cp.per_unit_cents, a.max_unit_cents,
      a.zip_code, a.radius_miles, c.name as clinic_name, c.city_slug, c.slug
    from price_alerts a
    join newsletter_subscriptions s on s.id = a.subscription_id
    join zip_codes z on z.zip = a.zip_code
    join clinic_current_prices cp on cp.brand = a.brand and cp.per_unit_cents <= a.max_unit_cents
      and cp.checked_on >= ${today}::date - 365 and cp.latitude is not null and cp.business_status = 'OPERATIONAL'
      and earth_box(ll_to_earth(z.latitude, z.longitude), a.radius_miles * ${METERS_PER_MILE}::float8) @> ll_to_earth(cp.latitude, cp.longitude)
      and earth_distance(ll_to_earth(z.latitude, z.longitude), ll_to_earth(cp.latitude, cp.longitude)) <= a.radius_miles * ${METERS_PER_MILE}::float8
    join clinics c on c.id = cp.clinic_id
    where s.status = 'confirmed' and (s.last_alert_on is null or s.last_alert_on < ${today}::date)
      and not exists (select 1 from price_alert_hits h where h.alert_id = a.id and h.price_id = cp.price_id)
      and not exists (select 1 from mail_suppressions x where x.email = lower(s.email))
    order by s.id, cp.per_unit_cents, cp.price_id`;
  const bySubscriber = new Map<number, AlertCandidate[]>();
  for (const row of candidates) bySubscriber.set(row.subscription_id, [...(bySubscriber.get(row.subscription_id) ?? []), row]);
  let queued = 0;
  for (const [subscriptionId, rows] of bySubscriber) {
    const sent = await ctx.sql.begin(async (tx) => {
      // The day's one alert mail: whoever sets last_alert_on first sends it.
      const claimed = await tx`
        update newsletter_subscriptions set last_alert_on = ${today}::date
        where id = ${subscriptionId} and status = 'confirmed' and (last_alert_on is null or last_alert_on < ${today}::date) returning id`;
      if (claimed.length === 0) return false;
      const hits: AlertHit[] = [];
      for (const r of rows.slice(0, 20)) {
        const inserted =
          await tx`insert into price_alert_hits (alert_id, price_id) values (${r.alert_id}, ${r.price_id}) on conflict do nothing returning price_id`;
        if (inserted.length === 0) continue;
        hits.push({
          priceId: r.price_id,
          brand: r.brand,
          perUnitCents: r.per_unit_cents,
          maxUnitCents: r.max_unit_cents,
          zipCode: r.zip_code,
          radiusMiles: r.radius_miles,
          clinicName: r.clinic_name,
          citySlug: r.city_slug,
          slug: r.slug,
        });
      }
      const [firstHit, ...otherHits] = hits;
      if (!firstHit) {
        // Nothing new after all: give the day back.
        await tx`update newsletter_subscriptions set last_alert_on = null where id = ${subscriptionId} and last_alert_on = ${today}::date`;
        return false;
      }
      const [first] = rows;
      if (!first) return false;
      const mail = alertMail(ctx.config, first.email, manageToken(ctx.secret, subscriptionId, first.manage_nonce), [firstHit, ...otherHits]);
      await enqueueMail(tx, ctx.config.from, { ...mail, kind: "alert", subscriptionId });
      return true;
    });
    if (sent) queued++;
  }
  return queued;
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
