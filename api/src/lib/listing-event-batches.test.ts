import { silentLogger } from "@botox/core/logger";
import { LISTING_EVENT_TYPES } from "@botox/core";
import { clinics, listingEventWeeks, type Sql } from "@botox/db";
import { createTestDatabase, type TestDatabase } from "@botox/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ListingEventBatches } from "./listing-event-batches.ts";

let t: TestDatabase;
let ids: number[];
const WEEKS = ["2026-11-16", "2026-11-23"];
beforeAll(async () => {
  t = await createTestDatabase();
  const rows = await t.db
    .insert(clinics)
    .values([1, 2, 3].map((n) => ({ name: `Batched ${n}`, slug: `batched-${n}`, city: "Austin", citySlug: "austin", state: "TX" })))
    .returning({ id: clinics.id });
  ids = rows.map((r) => r.id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.sql`delete from clinic_event_counts`;
});

const counts = async (sql: Sql) => Promise.all(ids.map((id) => listingEventWeeks(sql, id, WEEKS)));

/** The same events, in the same order, for every run: clinic, week and kind drawn from a fixed sequence. */
const events = Array.from({ length: 600 }, (_, i) => ({
  clinicId: i % 7 === 0 ? 999_999 : (i * 7) % 3,
  weekStart: WEEKS[i % 2]!,
  type: LISTING_EVENT_TYPES[(i * 5) % LISTING_EVENT_TYPES.length]!,
}));

async function send(batches: ListingEventBatches): Promise<number> {
  let unknown = 0;
  await Promise.all(events.map((e) => batches.add({ ...e, clinicId: e.clinicId === 999_999 ? e.clinicId : ids[e.clinicId]! }, async () => void unknown++)));
  await batches.flush();
  return unknown;
}

describe("ListingEventBatches", () => {
  it("counts in batches exactly what writing each event at once counts, unknown clinics included", async () => {
    const oneByOne = await send(new ListingEventBatches({ sql: t.sql, logger: silentLogger, flushMs: 0 }));
    const expected = await counts(t.sql);
    await t.sql`delete from clinic_event_counts`;
    // Small batches: a flush starts at 5 waiting counts, others while one runs.
    const batched = await send(new ListingEventBatches({ sql: t.sql, logger: silentLogger, flushMs: 10_000, maxKeys: 5 }));
    expect(await counts(t.sql)).toEqual(expected);
    expect(batched).toBe(oneByOne);
    expect(oneByOne).toBe(events.filter((e) => e.clinicId === 999_999).length);
  });

  it("writes nothing until its time or a flush, then in one statement", async () => {
    const batches = new ListingEventBatches({ sql: t.sql, logger: silentLogger, flushMs: 10_000 });
    await batches.add({ clinicId: ids[0]!, weekStart: WEEKS[1]!, type: "call" }, async () => {});
    await batches.add({ clinicId: ids[0]!, weekStart: WEEKS[1]!, type: "call" }, async () => {});
    expect((await counts(t.sql))[0]![1]!.call).toBe(0);
    await batches.flush();
    expect((await counts(t.sql))[0]![1]!.call).toBe(2);
  });

  it("writes after flushMs on its own", async () => {
    const batches = new ListingEventBatches({ sql: t.sql, logger: silentLogger, flushMs: 20 });
    await batches.add({ clinicId: ids[1]!, weekStart: WEEKS[0]!, type: "view" }, async () => {});
    await expect.poll(async () => (await counts(t.sql))[1]![0]!.view, { timeout: 15_000 }).toBe(1);
  });

  it("keeps the counts of a failed flush for the next one, and writes what waits when closed", async () => {
    const logger = { ...silentLogger, warn: vi.fn() };
    let failing = true;
    // A connection that fails its first statements as a database that is away would.
    const sql = new Proxy(t.sql, {
      get: (target, prop, receiver): unknown =>
        prop === "begin" && failing ? () => Promise.reject(new Error("connection refused")) : (Reflect.get(target, prop, receiver) as unknown),
    });
    const batches = new ListingEventBatches({ sql, logger, flushMs: 10_000 });
    await batches.add({ clinicId: ids[2]!, weekStart: WEEKS[1]!, type: "booking" }, async () => {});
    await batches.flush();
    expect(logger.warn).toHaveBeenCalledOnce();
    await batches.add({ clinicId: ids[2]!, weekStart: WEEKS[1]!, type: "booking" }, async () => {});
    failing = false;
    await batches.close();
    expect((await counts(t.sql))[2]![1]!.booking).toBe(2);
    // Closed: later events are written as they come.
    await batches.add({ clinicId: ids[2]!, weekStart: WEEKS[1]!, type: "booking" }, async () => {});
    expect((await counts(t.sql))[2]![1]!.booking).toBe(3);
  });
});
