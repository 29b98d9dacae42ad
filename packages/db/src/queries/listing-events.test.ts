import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clinics } from "../schema/schema.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { countListingEvents, listingEventTotals, listingEventWeeks } from "./listing-events.ts";

let t: TestDatabase;
let clinicId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  const [row] = await t.db
    .insert(clinics)
    .values({ name: "Counted", slug: "counted", city: "Austin", citySlug: "austin", state: "TX" })
    .returning({ id: clinics.id });
  clinicId = row!.id;
});
afterAll(() => t.close());

describe("listing counts (migration 0026)", () => {
  it("count every one of many events sent at once", async () => {
    const one = { clinicId, weekStart: "2026-11-23", type: "call" as const, count: 1 };
    const results = await Promise.all(Array.from({ length: 40 }, () => countListingEvents(t.sql, [one])));
    expect(results.every((ids) => ids.has(clinicId))).toBe(true);
    const [week] = await listingEventWeeks(t.sql, clinicId, ["2026-11-23"]);
    expect(week).toEqual({ weekStart: "2026-11-23", view: 0, call: 40, website: 0, directions: 0, booking: 0, "deal-view": 0 });
  });

  it("add a batch of counts in one statement, answering the clinics that exist and writing nothing for one that does not", async () => {
    const counted = await countListingEvents(t.sql, [
      { clinicId, weekStart: "2026-11-09", type: "call", count: 5 },
      { clinicId, weekStart: "2026-11-02", type: "view", count: 3 },
      { clinicId: 999_999, weekStart: "2026-11-09", type: "view", count: 7 },
    ]);
    expect([...counted]).toEqual([clinicId]);
    const weeks = await listingEventWeeks(t.sql, clinicId, ["2026-11-02", "2026-11-09"]);
    expect(weeks.map((w) => [w.view, w.call])).toEqual([
      [3, 0],
      [0, 5],
    ]);
    const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from clinic_event_counts where clinic_id = 999999`;
    expect(row?.n).toBe(0);
    expect(await countListingEvents(t.sql, [])).toEqual(new Set());
  });

  it("keep a week by its Monday and a kind from the list only", async () => {
    await expect(t.sql`insert into clinic_event_counts (clinic_id, week_start, type, count) values (${clinicId}, '2026-11-24', 'view', 1)`).rejects.toThrow(
      /monday/,
    );
    await expect(t.sql`insert into clinic_event_counts (clinic_id, week_start, type, count) values (${clinicId}, '2026-11-23', 'purchase', 1)`).rejects.toThrow(
      /type/,
    );
  });

  it("sum every clinic's counts by week, zeros included", async () => {
    const totals = await listingEventTotals(t.sql, ["2026-11-16", "2026-11-23"]);
    expect(totals.get("2026-11-16")).toEqual({ view: 0, call: 0, website: 0, directions: 0, booking: 0, "deal-view": 0 });
    expect(totals.get("2026-11-23")?.call).toBe(40);
  });

  it("go with their clinic", async () => {
    await t.sql`delete from clinics where id = ${clinicId}`;
    const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from clinic_event_counts where clinic_id = ${clinicId}`;
    expect(row?.n).toBe(0);
  });
});
