/** clinicsOfChanges: the clinic each content change is about, for a targeted publish (decision 039). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOn } from "./publish-builds.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { clinicsOfChanges, latestContentChangeId } from "./content-changes.ts";

let t: TestDatabase;
let clinic: number;
let price: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const [row] = await t.sql<{ id: number }[]>`
    insert into clinics (name, slug, city, city_slug, state) values ('Change Spa', 'change-spa', 'Changeton', 'changeton', 'OH') returning id`;
  clinic = row!.id;
  const [p] = await t.sql<{ id: number }[]>`
    insert into clinic_prices (clinic_id, brand, model, unit_price_cents, per_unit_cents, source, observed_on)
    values (${clinic}, 'botox', 'per_unit', 1100, 1100, 'phone', '2026-11-20') returning id`;
  price = p!.id;
});
afterAll(async () => {
  await t?.close();
});

async function changes(rows: [string, number | null][]): Promise<{ after: number; upTo: number }> {
  const db = databaseOn(t.sql);
  const after = await latestContentChangeId(db);
  for (const [entity, id] of rows) await t.sql`insert into content_changes (entity, entity_id, action) values (${entity}, ${id}, 'update')`;
  return { after, upTo: await latestContentChangeId(db) };
}

describe("clinicsOfChanges", () => {
  it("names the clinic of a clinic change and of a price change, once each", async () => {
    const { after, upTo } = await changes([
      ["clinic", clinic],
      ["price", price],
      ["clinic", clinic],
    ]);
    expect(await clinicsOfChanges(databaseOn(t.sql), after, upTo)).toEqual([clinic]);
  });

  it("is null when a change is not about one clinic: a post, an import without an id, a price that is gone", async () => {
    const db = databaseOn(t.sql);
    for (const rows of [[["post", 1]], [["clinic", null]], [["price", 999_999]]] as [string, number | null][][]) {
      const { after, upTo } = await changes(rows);
      expect(await clinicsOfChanges(db, after, upTo)).toBeNull();
    }
  });

  it("is empty when nothing changed", async () => {
    const upTo = await latestContentChangeId(databaseOn(t.sql));
    expect(await clinicsOfChanges(databaseOn(t.sql), upTo, upTo)).toEqual([]);
  });
});
