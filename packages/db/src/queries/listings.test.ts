import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { clinics } from "../schema.ts";
import { fixedStatement, fixedStatementsByShape } from "./listings.ts";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.sql`insert into clinics (name, slug, city, city_slug, state) values ('Fixed A', 'fixed-a', 'Austin', 'austin', 'TX'), ('Fixed B', 'fixed-b', 'Boston', 'boston', 'MA')`;
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
