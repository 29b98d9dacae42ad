import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clinics, ratings } from "../schema/schema.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { listSiteVisitorRatings } from "./site.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

describe("visitor ratings shown and marked up", () => {
  it("need ratings from at least 3 distinct networks; every score counts", async () => {
    const rows = await t.db
      .insert(clinics)
      .values([
        { name: "One Network", slug: "one-network", city: "Austin", citySlug: "austin", state: "TX" },
        { name: "Three Networks", slug: "three-networks", city: "Austin", citySlug: "austin", state: "TX" },
      ])
      .returning({ id: clinics.id });
    const [one, three] = rows.map((r) => r.id);
    const rate = (clinicId: number, emoji: "angry" | "love-eyes", i: number, network: string) => ({
      clinicId,
      emoji,
      visitorId: `visitor-${clinicId}-${i}`,
      addressHash: `address-${network}-${i}`,
      networkHash: network,
    });
    // Five cookies from one network: no rating to show or mark up.
    await t.db.insert(ratings).values([0, 1, 2, 3, 4].map((i) => rate(one!, "love-eyes", i, "net-a")));
    // Three networks, low scores included: 1, 1, 5 → 2.3 from 3.
    await t.db.insert(ratings).values([rate(three!, "angry", 0, "net-a"), rate(three!, "angry", 1, "net-b"), rate(three!, "love-eyes", 2, "net-c")]);
    const shown = await listSiteVisitorRatings(t.db);
    expect(shown[one!]).toBeUndefined();
    expect(shown[three!]).toEqual({ average: 2.3, count: 3 });
  });
});
