/**
 * The dashboard's counters (migration 0011) stay equal to a recount of the tables whatever
 * writes them: bulk and single inserts, updates that move a row in or out of a count, deletes
 * (a clinic's cascading to its prices and reports) and TRUNCATE.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { countAllClinics, deleteClinic } from "./admin-clinics.ts";
import { readAdminCounts } from "./admin-counts.ts";
import { countPosts, countSubscribers } from "./blog.ts";
import { countUnreadContactMessages } from "./contact.ts";
import { countClinicsWithStalePrices, deletePrice, insertPrice, updatePrice } from "./clinic-prices.ts";
import { countPendingPriceReports } from "./price-reports.ts";

let t: TestDatabase;
const today = "2026-11-23";

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

async function recount() {
  return {
    totalClinics: await countAllClinics(t.db),
    totalPosts: await countPosts(t.db),
    totalSubscribers: await countSubscribers(t.db),
    unreadMessages: await countUnreadContactMessages(t.db),
    pendingPriceReports: await countPendingPriceReports(t.db),
    staleClinicPrices: await countClinicsWithStalePrices(t.db, today),
  };
}

const expectInStep = async () => expect(await readAdminCounts(t.db, today)).toEqual(await recount());

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

    await t.sql`truncate newsletter_subscriptions`;
    await t.sql`truncate blog_posts cascade`;
    await expectInStep();
    expect(await readAdminCounts(t.db, today)).toMatchObject({ totalPosts: 0, totalSubscribers: 0 });
  });
});
