import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoDay } from "@botox/core";
import { recordingLogger } from "@botox/core/testing";
import { createPublicTestContext, type PublicTestContext } from "../test/public-app.ts";
import { alertCandidates } from "./alert-selection.ts";
import { DIGEST_ITEMS, digestNews, digestPicker, dueSubscribers } from "./digest-selection.ts";
import { runDigests } from "./schedule.ts";
import { enqueueMails } from "./outbox.ts";
import { mailContext } from "./service.ts";

let t: PublicTestContext;
beforeAll(async () => {
  t = await createPublicTestContext({
    SITE_URL: "https://site.test",
    PUBLIC_API_URL: "https://api.test/api/v1",
    MAIL_MODE: "capture",
    MAIL_FROM: "Botox Near Me <deals@botox.test>",
    MAIL_POSTAL_ADDRESS: "1 Main St, Austin, TX 78701",
  });
  // Chicago's Loop, and a ZIP just south of the 42nd parallel: a one-degree cell's edge
  // runs between it and clinics a few miles north.
  await t.insertZip("60601", 41.8857, -87.6181, "Chicago", "IL");
  await t.insertZip("61001", 41.98, -88.0, "Edge", "IL");
});
afterAll(async () => {
  await t?.close();
});

const today = () => isoDay(new Date());
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const ctx = () => ({ sql: t.db.sql, db: t.db.db, config: mailContext(t.deps).config, secret: t.deps.secret, logger: recordingLogger() });

let seq = 0;
async function subscriber(zip: string, radiusMiles: number, brands: string[] = []): Promise<number> {
  const [row] = await t.db.sql<{ id: number }[]>`
    insert into newsletter_subscriptions (email, zip_code, status, confirmed_at, created_at, radius_miles, brands)
    values (${`s${++seq}@example.com`}, ${zip}, 'confirmed', now() - interval '1 day', now() - interval '1 day', ${radiusMiles}, ${brands}::text[])
    returning id`;
  return row!.id;
}
/** A clinic listed long ago (not news itself). */
async function clinic(name: string, latitude: number, longitude: number): Promise<number> {
  const [c] = await t.insertClinics([{ name, city: "Chicago", state: "IL", latitude, longitude }]);
  await t.db.sql`update clinics set created_at = now() - interval '30 days' where id = ${c!.id}`;
  return c!.id;
}
const deal = async (clinicId: number, title: string, brand = "botox") => {
  const [d] = await t.db.sql<{ id: number }[]>`
    insert into clinic_deals (clinic_id, title, brand, model, unit_price_cents, per_unit_cents, starts_on, ends_on)
    values (${clinicId}, ${title}, ${brand}, 'per_unit', 1000, 1000, current_date, current_date + 20) returning id`;
  return d!.id;
};
const price = (clinicId: number, cents: number, daysAgo: number) =>
  t.db.sql`insert into clinic_prices (clinic_id, brand, model, unit_price_cents, per_unit_cents, source, observed_on, created_at)
    values (${clinicId}, 'botox', 'per_unit', ${cents}, ${cents}, 'clinic', current_date - ${daysAgo}::int, now() - ${`${daysAgo} days`}::interval)`;
/** What one subscriber's digest would tell now, as a run picks it. */
async function picked(id: number) {
  const [s] = await dueSubscribers(t.db.sql, id - 1, 1);
  expect(s?.id).toBe(id);
  return digestPicker(await digestNews(t.db.sql, today(), inAMinute()))(s!);
}
const pairsOf = async (id: number) => (await picked(id)).map((p) => `${p.kind}:${p.itemId}`);

describe("digest selection", () => {
  it("keeps news within each subscriber's radius and brands, across a cell's edge, newest first", async () => {
    const loop = await clinic("Loop Aesthetics", 41.884, -87.627); // ~0.5 mi from 60601
    const evanston = await clinic("Evanston Skin", 42.045, -87.684); // ~11.5 mi north, across 42°N
    const rockford = await clinic("Rockford Glow", 42.27, -89.09); // ~80 mi west
    const nearBoth = await deal(loop, "Loop special");
    const north = await deal(evanston, "Evanston dysport", "dysport");
    await deal(rockford, "Too far");

    const small = await subscriber("60601", 5);
    const wide = await subscriber("60601", 25);
    const dysportOnly = await subscriber("60601", 25, ["dysport"]);
    const edge = await subscriber("61001", 25); // 41.98°N: Evanston's deal sits in the next cell up

    expect(await pairsOf(small)).toEqual([`deal:${nearBoth}`]);
    expect(await pairsOf(wide)).toEqual([`deal:${north}`, `deal:${nearBoth}`]);
    expect(await pairsOf(dysportOnly)).toEqual([`deal:${north}`]);
    expect(await pairsOf(edge)).toContain(`deal:${north}`);
    await t.db.sql`delete from clinic_deals`;
  });

  it("tells of lower prices (not higher ones) and new clinics, and no more than DIGEST_ITEMS of a kind", async () => {
    const cheaper = await clinic("Cheaper Now", 41.89, -87.62);
    const dearer = await clinic("Dearer Now", 41.89, -87.63);
    await price(cheaper, 1400, 40);
    await price(dearer, 1100, 40);
    const id = await subscriber("60601", 10);
    await price(cheaper, 1200, 0);
    await price(dearer, 1300, 0);
    const [fresh] = await t.insertClinics([{ name: "Brand New Spa", city: "Chicago", state: "IL", latitude: 41.887, longitude: -87.62 }]);
    const found = await picked(id);
    expect(found.filter((p) => p.kind === "price").map((p) => [p.clinicName, p.perUnitCents, p.previousCents])).toEqual([["Cheaper Now", 1200, 1400]]);
    expect(found.filter((p) => p.kind === "clinic").map((p) => p.itemId)).toEqual([fresh!.id]);

    const many = await clinic("Many Deals", 41.886, -87.619);
    for (let i = 0; i < DIGEST_ITEMS + 3; i++) await deal(many, `Deal ${i}`);
    const deals = (await picked(id)).filter((p) => p.kind === "deal");
    expect(deals).toHaveLength(DIGEST_ITEMS);
    expect(deals[0]!.title).toBe(`Deal ${DIGEST_ITEMS + 2}`);
  });

  it("writes one digest per subscriber with news, in one go for the batch, and nothing on a rerun or a second run at once", async () => {
    await t.db.sql`update newsletter_subscriptions set status = 'unsubscribed'`;
    const a = await subscriber("60601", 25);
    const b = await subscriber("60601", 25);
    const nobody = await subscriber("61001", 5); // nothing within 5 miles
    const clinicId = await clinic("Batch Clinic", 41.8857, -87.6181);
    await deal(clinicId, "Batch deal");
    const [first, second] = await Promise.all([runDigests(ctx()), runDigests(ctx())]);
    expect(first + second).toBe(2);
    expect(await runDigests(ctx())).toBe(0);
    const mails = await t.db.sql<{ subscription_id: number; text: string }[]>`
      select subscription_id, text from mail_messages where kind = 'digest' order by subscription_id`;
    expect(mails.map((m) => m.subscription_id)).toEqual([a, b]);
    expect(mails[0]!.text).toContain("Batch deal");
    expect(mails.some((m) => m.subscription_id === nobody)).toBe(false);
  });
});

describe("alert selection", () => {
  it("matches prices of the alert's brand at or under its line within its radius, once each", async () => {
    await t.db.sql`update newsletter_subscriptions set status = 'unsubscribed'`;
    await t.db.sql`delete from clinic_prices`; // the earlier tests' prices
    const id = await subscriber("60601", 5);
    await t.db.sql`insert into price_alerts (subscription_id, brand, max_unit_cents, zip_code, radius_miles) values (${id}, 'botox', 1200, '60601', 5)`;
    const under = await clinic("Under The Line", 41.89, -87.625);
    const over = await clinic("Over The Line", 41.891, -87.626);
    const far = await clinic("Evanston Cheap", 42.045, -87.684);
    await price(under, 1100, 0);
    await price(over, 1300, 0);
    await price(far, 900, 0);
    await t.db.sql`insert into clinic_prices (clinic_id, brand, model, unit_price_cents, per_unit_cents, source, observed_on)
      values (${over}, 'dysport', 'per_unit', 500, 500, 'clinic', current_date)`;
    const found = await alertCandidates(t.db.sql, [id], today());
    expect(found.map((c) => [c.clinicName, c.perUnitCents])).toEqual([["Under The Line", 1100]]);
    await t.db.sql`insert into price_alert_hits (alert_id, price_id) values (${found[0]!.alertId}, ${found[0]!.priceId})`;
    expect(await alertCandidates(t.db.sql, [id], today())).toEqual([]);
  });
});

describe("the outbox's batch write", () => {
  it("answers each message's id in the order given, over more rows than one insert takes", async () => {
    const mails = Array.from({ length: 4003 }, (_, i) => ({ to: `batch${i}@example.com`, subject: `S${i}`, text: `T${i}`, html: null, kind: "test" as const }));
    const ids = await enqueueMails(t.db.sql, "Botox Near Me <deals@botox.test>", mails);
    const rows = await t.db.sql<{ id: string; to_address: string }[]>`select id, to_address from mail_messages where id = any(${ids}::bigint[])`;
    const toOf = new Map(rows.map((r) => [Number(r.id), r.to_address]));
    expect(ids.map((id) => toOf.get(id))).toEqual(mails.map((m) => m.to));
    await t.db.sql`delete from mail_messages where kind = 'test'`;
  });
});
