/**
 * bench:mail: a throwaway PostgreSQL database seeded with 50,000 clinics (the db package's seed),
 * then, written in SQL, 100,000 confirmed subscribers (ZIPs where the clinics are, every radius,
 * a mix of brand choices, a fifth weekly), 10,000 price alerts, and the news of one day: 2,000
 * new deals, 5,000 price changes (most of them lower) and 200 new clinics. Measures, in this
 * process, the digest run (what each subscriber gets, and the outbox rows written) and the
 * price-alert run: wall time and peak resident memory; then a rerun (it must queue nothing);
 * then the outbox worker sending into a loopback SMTP server that accepts and discards:
 * messages a second. Writes reports/bench-mail.md and reports/bench-mail.json.
 *
 * Usage: pnpm --filter @botox/api bench:mail [--clinics N] [--subscribers N] [--deals N]
 *        [--price-changes N] [--send N] [--keep]
 *        [--database URL (a database an earlier run kept: no seeding; what the runs recorded is cleared)]
 * Database server: TEST_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
 * Not a test: nothing here asserts; the report states the goals and the verdicts.
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { connect, repoRoot, type Sql } from "@botox/db";
import { silentLogger } from "@botox/core/logger";
import type { MailConfig } from "../src/mail/config.ts";
import { digestNews, digestPicker, dueSubscribers } from "../src/mail/digest-selection.ts";
import { runDigests, runPriceAlerts } from "../src/mail/schedule.ts";
import { MailWorker } from "../src/mail/worker.ts";
import { createBenchDatabase, seedClinics } from "./database.ts";

const GOALS = { selectionSeconds: 60, peakMegabytes: 512, messagesPerSecond: 200 };

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    clinics: { type: "string", default: "50000" },
    subscribers: { type: "string", default: "100000" },
    alerts: { type: "string", default: "10000" },
    deals: { type: "string", default: "2000" },
    "price-changes": { type: "string", default: "5000" },
    "new-clinics": { type: "string", default: "200" },
    send: { type: "string", default: "5000" },
    keep: { type: "boolean", default: false },
    database: { type: "string" },
  },
});
const n = (name: keyof typeof args) => Number(args[name]);
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Peak resident memory of this process while `fn` runs (sampled every 20 ms, and at the end). */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; peakMb: number; startMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, seconds: Math.round((performance.now() - t0) / 100) / 10, peakMb: Math.round(peak / 1048576), startMb: Math.round(start / 1048576) };
  } finally {
    clearInterval(timer);
  }
}

/** The loopback SMTP server of smtp-sink.ts, in a child process: its URL, the count so far, and stop. */
async function discardingSmtp(): Promise<{ url: string; received(): Promise<number>; close(): Promise<void> }> {
  const child = fork(fileURLToPath(new URL("./smtp-sink.ts", import.meta.url)), [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`smtp-sink exited with ${code}`)));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () =>
      new Promise((resolve) => {
        child.once("message", (m) => resolve((m as { count: number }).count));
        child.send("count");
      }),
    close: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.disconnect();
      }),
  };
}

/** Subscribers, alerts and the day's news, written in SQL on the seeded clinics. */
async function generate(sql: Sql): Promise<void> {
  // Everything seeded is old news; the subscribers confirmed eight days ago.
  await sql`update clinics set created_at = now() - interval '60 days'`;
  await sql`update clinic_prices set created_at = now() - interval '60 days'`;
  await sql`update clinic_deals set created_at = now() - interval '60 days'`;
  await sql`
    with zips as (select array_agg(c.postal_code order by c.id) as a from clinics c join zip_codes z on z.zip = c.postal_code)
    insert into newsletter_subscriptions (email, zip_code, status, confirmed_at, created_at, radius_miles, brands, frequency)
    select 'bench' || g || '@example.com', zips.a[1 + floor(random() * cardinality(zips.a))::int], 'confirmed',
      now() - interval '8 days', now() - interval '8 days', (array[5, 10, 25, 50])[1 + g % 4],
      (case g % 10 when 0 then '{botox}' when 1 then '{dysport}' when 2 then '{botox,xeomin}' else '{}' end)::text[],
      case when g % 5 = 0 then 'weekly' else 'new' end
    from zips, generate_series(1, ${n("subscribers")}) g`;
  await sql`
    insert into price_alerts (subscription_id, brand, max_unit_cents, zip_code, radius_miles)
    select id, 'botox', 1200, zip_code, radius_miles from newsletter_subscriptions order by id limit ${n("alerts")}`;
  await sql`
    insert into clinic_deals (clinic_id, title, brand, model, unit_price_cents, per_unit_cents, starts_on, ends_on, conditions)
    select c.id, 'Bench deal ' || c.id, (case c.id % 3 when 0 then 'botox' when 1 then 'dysport' else 'xeomin' end)::price_brand,
      'per_unit', 900 + (c.id % 6) * 100, 900 + (c.id % 6) * 100, current_date, current_date + 20, 'New patients only'
    from (select id from clinics where latitude is not null and business_status = 'OPERATIONAL' order by random() limit ${n("deals")}) c`;
  await sql`
    insert into clinic_prices (clinic_id, brand, model, unit_price_cents, per_unit_cents, source, observed_on)
    select c.id, 'botox', 'per_unit', p.cents, p.cents, 'clinic', current_date
    from (select id from clinics order by random() limit ${n("price-changes")}) c
    left join clinic_current_prices cp on cp.clinic_id = c.id and cp.brand = 'botox'
    cross join lateral (select case when random() < 0.6 then greatest(coalesce(cp.per_unit_cents, 1300) - 100, 800)
      else coalesce(cp.per_unit_cents, 1300) + 100 end as cents) p`;
  await sql`update clinics set created_at = now() where id in (select id from clinics order by random() limit ${n("new-clinics")})`;
  await sql`analyze`;
}

const startedAt = new Date().toISOString();
const database = args.database
  ? { name: new URL(args.database).pathname.slice(1), url: args.database, drop: async () => {} }
  : await createBenchDatabase(serverUrl, "bench_mail");
const seedStart = performance.now();
if (!args.database) {
  log(`bench:mail: database ${database.name}; seeding ${n("clinics")} clinics…`);
  await seedClinics(database.url, n("clinics"), randomBytes(12).toString("hex"));
}
const handle = connect(database.url, { max: 4 });
const { sql } = handle;
try {
  if (args.database) {
    log(`bench:mail: database ${database.name}, kept from an earlier run; clearing what the runs recorded…`);
    await sql`truncate price_alert_hits, mail_messages`;
    await sql`update newsletter_subscriptions set last_digest_at = null, last_alert_on = null`;
  } else {
    log("bench:mail: subscribers, alerts and the day's news…");
    await generate(sql);
  }
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;

  const smtp = await discardingSmtp();
  const config: MailConfig = {
    mode: "smtp",
    smtpUrl: smtp.url,
    from: "Botox Near Me <deals@botoxnearme.test>",
    postalAddress: "1 Main St, Austin, TX 78701",
    captureDir: path.join(os.tmpdir(), "bench-mail"),
    siteUrl: "https://site.test",
    apiUrl: "https://api.test/api/v1",
    adminUrl: "https://admin.test",
    pollMs: 1000,
    batchSize: 200,
    maxAttempts: 5,
    retryBaseMs: 1000,
    leaseMs: 60_000,
    connections: 8,
    schedule: null,
  };
  const ctx = { sql, db: handle.db, config, secret: randomBytes(32).toString("hex"), logger: silentLogger };

  log("bench:mail: digest selection alone…");
  // What runDigests decides, without writing: the news once, then each batch of subscribers picked.
  const selection = await measured(async () => {
    const news = await digestNews(sql, new Date().toISOString().slice(0, 10), new Date().toISOString());
    const pick = digestPicker(news);
    let withNews = 0;
    for (let after = 0; ;) {
      const subs = await dueSubscribers(sql, after, 2000);
      const last = subs.at(-1);
      if (!last) break;
      after = last.id;
      for (const s of subs) if (pick(s).length > 0) withNews++;
    }
    return withNews;
  });
  log("bench:mail: digests…");
  const digests = await measured(() => runDigests(ctx));
  log("bench:mail: price alerts…");
  const alerts = await measured(() => runPriceAlerts(ctx));
  log("bench:mail: rerun…");
  const rerun = await measured(async () => (await runDigests(ctx)) + (await runPriceAlerts(ctx)));

  log(`bench:mail: sending ${n("send")} messages…`);
  const worker = new MailWorker({ sql, config, logger: silentLogger });
  const send = await measured(async () => {
    let sent = 0;
    while (sent < n("send")) {
      const claimed = await worker.runOnce();
      if (claimed === 0) break;
      sent += claimed;
    }
    return smtp.received();
  });
  await worker.stop();
  await smtp.close();
  const rate = Math.round(send.value / send.seconds);

  const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
  const result = {
    startedAt,
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 1073741824)} GiB`,
    data: {
      clinics: n("clinics"),
      subscribers: n("subscribers"),
      alerts: n("alerts"),
      deals: n("deals"),
      priceChanges: n("price-changes"),
      newClinics: n("new-clinics"),
      seedSeconds,
    },
    selection: { subscribersWithNews: selection.value, seconds: selection.seconds, peakMb: selection.peakMb },
    digests: { queued: digests.value, seconds: digests.seconds, peakMb: digests.peakMb },
    alerts: { queued: alerts.value, seconds: alerts.seconds, peakMb: alerts.peakMb },
    rerun: { queued: rerun.value, seconds: rerun.seconds },
    sending: { messages: send.value, seconds: send.seconds, perSecond: rate, connections: config.connections },
  };
  const lines = [
    "# bench:mail",
    "",
    `${startedAt} · ${result.machine} · PostgreSQL at ${new URL(serverUrl).host} (${args.database ? `database \`${database.name}\` kept from an earlier run` : `throwaway database \`${database.name}\`, seeded in ${seedSeconds} s`}), load average at the start ${os.loadavg()[0]?.toFixed(1)}.`,
    "",
    `Data: ${result.data.clinics.toLocaleString("en-US")} clinics, ${result.data.subscribers.toLocaleString("en-US")} confirmed subscribers, ${result.data.alerts.toLocaleString("en-US")} price alerts; news: ${result.data.deals.toLocaleString("en-US")} deals, ${result.data.priceChanges.toLocaleString("en-US")} price changes, ${result.data.newClinics} new clinics.`,
    "",
    "| Step | Result | Time | Peak memory of this process (at the step's start) | Goal |",
    "| --- | --- | --- | --- | --- |",
    `| Digest selection alone (who is told what) | ${selection.value.toLocaleString("en-US")} subscribers with news | ${selection.seconds} s | ${selection.peakMb} MB (${selection.startMb} MB) | ≤ ${GOALS.selectionSeconds} s, ≤ ${GOALS.peakMegabytes} MB: ${verdict(selection.seconds <= GOALS.selectionSeconds && selection.peakMb <= GOALS.peakMegabytes)} |`,
    `| Digests: selection and outbox | ${digests.value.toLocaleString("en-US")} digests | ${digests.seconds} s | ${digests.peakMb} MB (${digests.startMb} MB) | ≤ ${GOALS.selectionSeconds} s, ≤ ${GOALS.peakMegabytes} MB: ${verdict(digests.seconds <= GOALS.selectionSeconds && digests.peakMb <= GOALS.peakMegabytes)} |`,
    `| Price alerts: selection and outbox | ${alerts.value.toLocaleString("en-US")} alert mails | ${alerts.seconds} s | ${alerts.peakMb} MB (${alerts.startMb} MB) | ≤ ${GOALS.selectionSeconds} s, ≤ ${GOALS.peakMegabytes} MB: ${verdict(alerts.seconds <= GOALS.selectionSeconds && alerts.peakMb <= GOALS.peakMegabytes)} |`,
    `| Rerun (digests and alerts) | ${rerun.value} queued | ${rerun.seconds} s | ${rerun.peakMb} MB (${rerun.startMb} MB) | nothing twice: ${verdict(rerun.value === 0)} |`,
    `| Sending to loopback SMTP (${config.connections} connections) | ${send.value.toLocaleString("en-US")} messages | ${send.seconds} s | ${send.peakMb} MB (${send.startMb} MB) | ≥ ${GOALS.messagesPerSecond}/s: ${rate}/s, ${verdict(rate >= GOALS.messagesPerSecond)} |`,
    "",
  ];
  const reportsDir = path.join(repoRoot, "reports");
  fs.mkdirSync(reportsDir, { recursive: true });
  fs.writeFileSync(path.join(reportsDir, "bench-mail.md"), lines.join("\n"));
  fs.writeFileSync(path.join(reportsDir, "bench-mail.json"), `${JSON.stringify(result, null, 2)}\n`);
  log(lines.join("\n"));
} finally {
  await handle.close();
  if (!args.keep) await database.drop();
}
