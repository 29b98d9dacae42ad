/**
 * The dashboard's counters (migrations 0011 and 0012) stay equal to a recount of the tables
 * whatever writes them: bulk and single inserts, updates that move a row in or out of a count,
 * deletes (a clinic's cascading to its prices, reports and staff) and TRUNCATE; the staff
 * counts, which depend on the day, equal the recount on every day around their boundaries
 * (a check 365 and 366 days old, the last day of the "going stale" window, one dated after
 * today).
 */
import { STAFF_RULES, oldestCurrentCheck } from "@botox/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { deleteClinic } from "./admin-clinics.ts";
import { readAdminCounts } from "./admin-counts.ts";
import { deletePrice, insertPrice, updatePrice } from "./clinic-prices.ts";
import { oldestFreshDay } from "./price-filters.ts";

let t: TestDatabase;
const today = "2026-11-23";

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

/**
 * Every count recounted from its table: the reference the counters are held to, written here
 * apart from the counters (the "going stale" window is computed anew, not by staleSoonEnd).
 */
async function recount(day = today) {
  const oldest = oldestCurrentCheck(day);
  const soon = addDays(oldest, STAFF_RULES.staleSoonDays);
  const [row] = await t.sql<Record<string, number>[]>`select
    (select count(*)::int from clinics) as "totalClinics",
    (select count(*)::int from blog_posts) as "totalPosts",
    (select count(*)::int from newsletter_subscriptions) as "totalSubscribers",
    (select count(*)::int from contact_messages where read_at is null) as "unreadMessages",
    (select count(*)::int from price_reports where status = 'pending') as "pendingPriceReports",
    (select count(*)::int from (select clinic_id from clinic_prices where status = 'published'
      group by clinic_id having max(checked_on) < ${oldestFreshDay(day)}::date) stale) as "staleClinicPrices",
    (select count(*)::int from clinics c where not exists (select 1 from clinic_staff cs where cs.clinic_id = c.id
      and cs.role = 'injector' and cs.license_status = 'active' and cs.verified_on >= ${oldest}::date and cs.verified_on <= ${day}::date))
      as "clinicsWithoutVerifiedInjector",
    (select count(*)::int from clinic_staff where license_status = 'active' and verified_on >= ${oldest}::date and verified_on < ${soon}::date)
      as "staffChecksGoingStale",
    (select count(*)::int from clinic_suggestions where status = 'pending') as "pendingSuggestions"`;
  return { ...row };
}

const expectInStep = async (day = today) => expect(await readAdminCounts(t.db, day)).toEqual(await recount(day));

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const price = (observedOn: string) => ({ brand: "botox", model: "per_unit", unitPriceCents: 1200, source: "phone", observedOn }) as const;

describe("admin counts", () => {
  it("follow every kind of write, and equal a recount after each", async () => {
    await expectInStep();
    const clinics = await t.sql<{ id: number }[]>`
      insert into clinics (name, slug, city, city_slug, state) select 'Spa ' || g, 'spa-' || g, 'Counton', 'counton', 'NY' from generate_series(1, 40) g
      returning id`;
    await t.sql`insert into blog_posts (title, slug, content, author) values ('A', 'a', 'x', 'me'), ('B', 'b', 'x', 'me')`;
    await t.sql`insert into newsletter_subscriptions (email) values ('a@example.com'), ('b@example.com'), ('c@example.com')`;
    await t.sql`insert into contact_messages (name, email, message) values ('A', 'a@example.com', 'hi'), ('B', 'b@example.com', 'hi'), ('C', 'c@example.com', 'hi')`;
    await expectInStep();
    expect(await readAdminCounts(t.db, today)).toMatchObject({ totalClinics: 40, totalPosts: 2, totalSubscribers: 3, unreadMessages: 3 });

    // Read, unread again, read twice (no change), deleted.
    await t.sql`update contact_messages set read_at = now() where name in ('A', 'B')`;
    await t.sql`update contact_messages set read_at = null where name = 'B'`;
    await t.sql`update contact_messages set read_at = now() where name = 'A'`;
    await t.sql`delete from contact_messages where name = 'C'`;
    await expectInStep();

    // Prices: stale, fresh, a fresh one after a stale one, then verified, moved and deleted.
    const [a, b, c] = clinics.map((r) => r.id);
    const stale = await insertPrice(t.db, a!, price("2026-03-01"));
    await insertPrice(t.db, b!, price("2026-03-01"));
    await insertPrice(t.db, b!, price("2026-11-01"));
    const third = await insertPrice(t.db, c!, price("2025-01-01"));
    await expectInStep();
    expect((await readAdminCounts(t.db, today)).staleClinicPrices).toBe(2);
    // A price checked exactly 180 days ago is not out of date; the next day it is.
    const edge = await insertPrice(t.db, c!, price("2026-05-27"));
    for (const day of ["2026-08-28", "2026-11-22", today, "2026-11-24", "2027-04-29", "2027-04-30", "2027-05-01"]) await expectInStep(day);
    expect((await readAdminCounts(t.db, today)).staleClinicPrices).toBe(1);
    expect((await readAdminCounts(t.db, "2026-11-24")).staleClinicPrices).toBe(2);
    await deletePrice(t.db, edge.id);
    await updatePrice(t.db, stale.id, { ...price("2026-03-01"), verifiedOn: "2026-11-20" }, false);
    await deletePrice(t.db, third.id);
    await expectInStep();
    expect((await readAdminCounts(t.db, today)).staleClinicPrices).toBe(0);

    // Reports: pending, one published; a clinic deleted with its prices and reports.
    for (const [i, id] of [a!, b!, c!].entries()) {
      await t.sql`insert into price_reports (clinic_id, brand, total_cents, treated_month, report_month, visitor_id, address_hash)
        values (${id}, 'botox', 30000, '2026-10-01', '2026-11-01', ${`v${i}`}, ${`h${i}`})`;
    }
    await t.sql`update price_reports set status = 'published' where clinic_id = ${a!}`;
    await expectInStep();
    await deleteClinic(t.db, b!);
    await t.sql`delete from clinics where id = ${c!}`;
    await expectInStep();
    expect(await readAdminCounts(t.db, today)).toMatchObject({ totalClinics: 38, pendingPriceReports: 0 });

    await t.sql`update clinic_prices set status = 'rejected' where clinic_id = ${a!}`;
    await expectInStep();
    await insertPrice(t.db, a!, price("2026-01-01"));
    expect((await readAdminCounts(t.db, today)).staleClinicPrices).toBe(1);
    await t.sql`truncate clinic_prices cascade`;
    await expectInStep();
    expect((await readAdminCounts(t.db, today)).staleClinicPrices).toBe(0);
    await t.sql`truncate newsletter_subscriptions cascade`;
    await t.sql`truncate blog_posts cascade`;
    await expectInStep();
    expect(await readAdminCounts(t.db, today)).toMatchObject({ totalPosts: 0, totalSubscribers: 0 });
  });

  // Days around every boundary of the fixture below: today, the day its oldest checks go
  // stale, the last day of the "going stale" window, the future-dated check's day.
  const boundaryDays = [
    "2024-06-01",
    "2025-11-23",
    "2025-12-22",
    addDays(today, -1),
    today,
    addDays(today, 1),
    addDays(today, 2),
    addDays(today, 28),
    addDays(today, 29),
    addDays(today, 30),
    "2027-01-01",
    "2027-06-01",
    "2027-06-02",
  ];
  const expectInStepOnEveryDay = async () => {
    for (const day of boundaryDays) await expectInStep(day);
  };

  it("keep the day-dependent staff counts and the pending suggestions, equal to a recount on every day around their boundaries", async () => {
    const ids = (
      await t.sql<{ id: number }[]>`
        insert into clinics (name, slug, city, city_slug, state) select 'Staff ' || g, 'staff-' || g, 'Staffton', 'staffton', 'NY' from generate_series(1, 6) g
        returning id`
    ).map((r) => r.id);
    const [c1, c2, c3, c4, c5] = ids as [number, number, number, number, number, number];
    const before = await readAdminCounts(t.db, today);
    // today is 2026-11-23: a check counts from 2025-11-23 (365 days) and goes stale within
    // 30 days when made before 2025-12-23.
    await t.sql`insert into clinic_staff (clinic_id, name, role, credential, license_status, verified_on, verified_via) values
      (${c1}, 'A', 'injector', 'RN', 'active', '2025-11-23', 'npi_registry'),
      (${c1}, 'B', 'medical_director', 'MD', 'active', '2026-11-23', 'npi_registry'),
      (${c2}, 'C', 'injector', 'NP', 'active', '2025-11-22', 'npi_registry'),
      (${c2}, 'D', 'injector', 'NP', 'inactive', '2026-11-01', 'npi_registry'),
      (${c3}, 'E', 'injector', 'PA', 'active', '2025-12-22', 'npi_registry'),
      (${c3}, 'F', 'injector', 'PA', 'active', '2026-06-01', 'npi_registry'),
      (${c4}, 'G', 'injector', 'RN', 'active', '2026-11-24', 'npi_registry'),
      (${c4}, 'H', 'injector', 'RN', 'active', '2026-01-01', 'npi_registry'),
      (${c5}, 'I', 'injector', 'RN', 'active', null, null),
      (${c5}, 'J', 'medical_director', 'DO', 'active', '2026-05-01', 'npi_registry')`;
    await expectInStepOnEveryDay();
    // Verified injectors today: c1 (checked exactly 365 days ago), c3, c4 (its check dated after today aside).
    expect(await readAdminCounts(t.db, today)).toMatchObject({
      clinicsWithoutVerifiedInjector: before.clinicsWithoutVerifiedInjector - 3,
      staffChecksGoingStale: before.staffChecksGoingStale + 2,
    });
    // Tomorrow c1's check is stale, and c4's newest check is current.
    expect((await readAdminCounts(t.db, addDays(today, 1))).staffChecksGoingStale).toBe(before.staffChecksGoingStale + 1);

    // Updates in and out of the counts: a licence found inactive, a check renewed, a person
    // moved to another clinic, a director now injecting, a bulk re-date; then deletes.
    await t.sql`update clinic_staff set license_status = 'inactive' where clinic_id = ${c3} and name = 'F'`;
    await expectInStepOnEveryDay();
    await t.sql`update clinic_staff set verified_on = '2026-11-20' where clinic_id = ${c2} and name = 'C'`;
    await t.sql`update clinic_staff set clinic_id = ${c5} where clinic_id = ${c1} and name = 'A'`;
    await t.sql`update clinic_staff set role = 'injector' where clinic_id = ${c5} and name = 'J'`;
    await expectInStepOnEveryDay();
    await t.sql`update clinic_staff set verified_on = verified_on + 1 where clinic_id in (${c3}, ${c4}, ${c5})`;
    await t.sql`update clinic_staff set name = name || '.'`;
    await expectInStepOnEveryDay();
    await t.sql`delete from clinic_staff where clinic_id = ${c4} and name = 'G'`;
    await deleteClinic(t.db, c3);
    await expectInStepOnEveryDay();

    // Suggestions: pending, applied, rejected, deleted, and gone with their clinic.
    for (const [i, id] of [c1, c2, c4, c5].entries()) {
      await t.sql`insert into clinic_suggestions (clinic_id, changes, visitor_id, address_hash) values (${id}, '{"phone": "555"}'::jsonb, ${`v${i}`}, ${`h${i}`})`;
    }
    await expectInStep();
    expect((await readAdminCounts(t.db, today)).pendingSuggestions).toBe(before.pendingSuggestions + 4);
    await t.sql`update clinic_suggestions set status = 'applied', decided_at = now() where clinic_id = ${c1}`;
    await t.sql`update clinic_suggestions set status = 'rejected', decided_at = now() where clinic_id = ${c2}`;
    await t.sql`delete from clinic_suggestions where clinic_id = ${c4}`;
    await deleteClinic(t.db, c5);
    await expectInStep();
    expect((await readAdminCounts(t.db, today)).pendingSuggestions).toBe(before.pendingSuggestions);

    await t.sql`truncate clinic_staff`;
    await t.sql`truncate clinic_suggestions`;
    await expectInStepOnEveryDay();
    expect(await readAdminCounts(t.db, today)).toMatchObject({ staffChecksGoingStale: 0, pendingSuggestions: 0 });
  });
});
