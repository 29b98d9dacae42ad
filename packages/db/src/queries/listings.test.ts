import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { clinics } from "../schema/schema.ts";
import type { Database } from "../connection/client.ts";
import { batchedStatement, fixedStatement, fixedStatementsByShape, onePlacePerName } from "./listings.ts";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.sql`insert into clinics (name, slug, city, city_slug, state) values ('Fixed A', 'fixed-a', 'Austin', 'austin', 'TX'), ('Fixed B', 'fixed-b', 'Boston', 'boston', 'MA'),
    ('O''Brien Spa', 'o-brien-spa', 'Boston', 'boston', 'MA'), ('Café Derm', 'cafe-derm', 'Boston', 'boston', 'MA')`;
});

afterAll(() => t.close());

describe("fixedStatement (rendered once, each call's values in their places)", () => {
  it("sends each call's own values, a name used twice in both places", async () => {
    const named = fixedStatement(
      ["slug", "city"],
      (v) => sql`SELECT ${clinics.name} AS name FROM ${clinics} WHERE ${clinics.slug} = ${v.slug} AND ${clinics.citySlug} = ${v.city} AND ${v.slug} <> ''`,
    );
    expect(await named<{ name: string }>(t.db, { slug: "fixed-a", city: "austin" })).toEqual([{ name: "Fixed A" }]);
    expect(await named<{ name: string }>(t.db, { slug: "fixed-b", city: "boston" })).toEqual([{ name: "Fixed B" }]);
    expect(await named<{ name: string }>(t.db, { slug: "fixed-b", city: "austin" })).toEqual([]);
  });

  it("binds a name used in several places once, cast where each place needs it", async () => {
    const unsafe = vi.spyOn(t.db.$client, "unsafe");
    try {
      const repeated = fixedStatement(
        ["miles", "slug"],
        (v) =>
          sql`SELECT ${v.miles}::float8 * 2 AS twice, ${v.miles}::int AS whole, ${clinics.name} AS name FROM ${clinics} WHERE ${clinics.slug} = ${v.slug} AND ${v.miles}::float8 > 0 LIMIT ${v.miles}::int`,
      );
      expect(await repeated<{ twice: number; whole: number; name: string }>(t.db, { miles: 2.5, slug: "fixed-a" })).toEqual([
        { twice: 5, whole: 2, name: "Fixed A" },
      ]); // float8 (the first place) to int rounds half to even
      const [text, values] = unsafe.mock.calls.at(-1)! as unknown as [string, unknown[]];
      expect(values).toEqual([2.5, "fixed-a"]);
      expect(text.match(/\$1\b/g)).toHaveLength(4);
      expect(text).not.toContain("$3");
    } finally {
      unsafe.mockRestore();
    }
  });

  it("numbers each name's places as its first, and leaves a text it cannot read as it is", () => {
    expect(onePlacePerName("a = $1 and b = $2 and c = $3 and d = $4", ["x", "y", "x", "y"])).toEqual({
      text: "a = $1 and b = $2 and c = $1 and d = $2",
      slots: ["x", "y"],
    });
    expect(onePlacePerName("a = $2 and b = $1", ["x", "x"])).toEqual({ text: "a = $2 and b = $1", slots: ["x", "x"] });
    expect(onePlacePerName("a = $1", ["x", "y"])).toEqual({ text: "a = $1", slots: ["x", "y"] });
  });

  it("refuses a statement with a value in the text itself (every later call would send it)", async () => {
    const frozen = fixedStatement(["slug"], (v) => sql`SELECT 1 FROM ${clinics} WHERE ${clinics.slug} = ${v.slug} AND ${clinics.state} = ${"TX"}`);
    await expect(frozen(t.db, { slug: "fixed-a" })).rejects.toThrow(/a value in the text itself \("TX"\)/);
  });
});

describe("fixedStatementsByShape (one fixed statement per shape)", () => {
  it("builds each shape's statement once and runs each call with its own values", async () => {
    const built: string[] = [];
    const byShape = fixedStatementsByShape((shape: { inCity: boolean }) => {
      built.push(JSON.stringify(shape));
      return shape.inCity
        ? fixedStatement(
            ["slug", "city"],
            (v) => sql`SELECT ${clinics.name} AS name FROM ${clinics} WHERE ${clinics.slug} = ${v.slug} AND ${clinics.citySlug} = ${v.city}`,
          )
        : fixedStatement(["slug"], (v) => sql`SELECT ${clinics.name} AS name FROM ${clinics} WHERE ${clinics.slug} = ${v.slug}`);
    });
    expect(await byShape({ inCity: false })<{ name: string }>(t.db, { slug: "fixed-a" })).toEqual([{ name: "Fixed A" }]);
    expect(await byShape({ inCity: true })<{ name: string }>(t.db, { slug: "fixed-b", city: "boston" })).toEqual([{ name: "Fixed B" }]);
    expect(await byShape({ inCity: true })<{ name: string }>(t.db, { slug: "fixed-b", city: "austin" })).toEqual([]);
    expect(await byShape({ inCity: false })<{ name: string }>(t.db, { slug: "fixed-b" })).toEqual([{ name: "Fixed B" }]);
    expect(built).toEqual(['{"inCity":false}', '{"inCity":true}']);
  });
});

describe("batchedStatement (calls made together go as one statement)", () => {
  /** `t.db` with every statement's text recorded as it is sent. */
  function counting() {
    const sent: string[] = [];
    const client = t.db.$client;
    const db = {
      $client: {
        unsafe: (text: string, params: never[], options: { prepare: boolean }) => {
          sent.push(text);
          return client.unsafe(text, params, options);
        },
      },
    } as unknown as Database;
    return { db, sent };
  }
  const inCity = batchedStatement(
    ["city", "state"],
    (v) =>
      sql`SELECT ${clinics.name} AS name, ${clinics.slug} AS slug FROM ${clinics} WHERE ${clinics.citySlug} = ${v.city} AND ${clinics.state} = ${v.state} ORDER BY ${clinics.name}`,
  );
  const single = fixedStatement(
    ["city", "state"],
    (v) =>
      sql`SELECT ${clinics.name} AS name, ${clinics.slug} AS slug FROM ${clinics} WHERE ${clinics.citySlug} = ${v.city} AND ${clinics.state} = ${v.state} ORDER BY ${clinics.name}`,
  );
  const asked = [
    { city: "boston", state: "MA" },
    { city: "austin", state: "TX" },
    { city: "boston", state: "TX" },
    { city: 'o\'brien "x" é', state: "MA" },
    { city: "boston", state: "MA" },
  ];

  it("answers each concurrent call with the rows, in the order, the single statement gives it", async () => {
    const { db, sent } = counting();
    const together = await Promise.all(asked.map((v) => inCity<{ name: string; slug: string }>(db, v)));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("jsonb_to_recordset");
    const alone = [];
    for (const v of asked) alone.push(await single<{ name: string; slug: string }>(t.db, v));
    expect(together).toEqual(alone);
    expect(together[0]!.map((r) => r.name)).toEqual(["Café Derm", "Fixed B", "O'Brien Spa"]);
    expect(together[2]).toEqual([]);
  });

  it("runs a lone call as the single statement", async () => {
    const { db, sent } = counting();
    expect(await inCity<{ name: string }>(db, { city: "austin", state: "TX" })).toEqual([{ name: "Fixed A", slug: "fixed-a" }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toContain("jsonb_to_recordset");
  });

  it("sends at most 64 calls in one statement", async () => {
    const { db, sent } = counting();
    const answers = await Promise.all(
      Array.from({ length: 130 }, (_, i) => inCity<{ name: string }>(db, i % 2 ? { city: "austin", state: "TX" } : { city: "nowhere", state: "TX" })),
    );
    expect(sent).toHaveLength(3);
    expect(answers.map((rows) => rows.length)).toEqual(Array.from({ length: 130 }, (_, i) => (i % 2 ? 1 : 0)));
  });

  it("a value that fails the batch fails only its own call: the others are asked alone", async () => {
    const { db, sent } = counting();
    const cast = batchedStatement(["n"], (v) => sql`SELECT (${v.n})::int AS n`);
    const settled = await Promise.allSettled([cast<{ n: number }>(db, { n: "1" }), cast(db, { n: "not a number" }), cast<{ n: number }>(db, { n: "3" })]);
    expect(settled.map((f) => (f.status === "fulfilled" ? f.value : "failed"))).toEqual([[{ n: 1 }], "failed", [{ n: 3 }]]);
    expect(sent).toHaveLength(4);
    // Text PostgreSQL's JSON refuses (a NUL) fails the batch, not the other visitors' reads.
    const found = await Promise.allSettled([inCity(t.db, { city: "austin", state: "TX" }), inCity(t.db, { city: "a\u0000b", state: "TX" })]);
    expect(found[0]).toEqual({ status: "fulfilled", value: [{ name: "Fixed A", slug: "fixed-a" }] });
    expect(found[1]?.status).toBe("rejected");
  });

  it("refuses a statement with a value in the text itself", async () => {
    const frozen = batchedStatement(["slug"], (v) => sql`SELECT 1 FROM ${clinics} WHERE ${clinics.slug} = ${v.slug} AND ${clinics.state} = ${"TX"}`);
    await expect(Promise.all([frozen(t.db, { slug: "a" }), frozen(t.db, { slug: "b" })])).rejects.toThrow(/a value in the text itself/);
  });
});
