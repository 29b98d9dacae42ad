import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { startEmbeddedServer, type EmbeddedServer } from "./embedded.ts";

describe("embedded server with concurrent clients", () => {
  let server: EmbeddedServer;
  beforeAll(async () => {
    server = await startEmbeddedServer({ port: 0 });
  });
  afterAll(() => server.stop());

  it("keeps each connection's extended-protocol queries apart", async () => {
    // Several pooled connections each sending parameterised (unnamed-statement) queries at
    // once: with message-level interleaving this failed with "unnamed prepared statement".
    const sql = postgres(server.url, { max: 8, onnotice: () => {} });
    try {
      const results = await Promise.all(
        // unsafe() sends the unnamed statement, as drizzle does for every query.
        Array.from({ length: 200 }, (_, i) => sql.unsafe<{ n: number; s: string }[]>(`select $1::int as n, $2::text || '${i}' as s`, [i, "x"])),
      );
      results.forEach((rows, i) => expect(rows[0]).toEqual({ n: i, s: `x${i}` }));
    } finally {
      await sql.end();
    }
  });

  it("keeps a transaction on one connection while others query", async () => {
    const sql = postgres(server.url, { max: 4, onnotice: () => {} });
    try {
      await sql`create table if not exists t_concurrency (n int)`;
      const tx = sql.begin(async (q) => {
        await q`insert into t_concurrency values (1)`;
        await new Promise((r) => setTimeout(r, 50));
        await q`insert into t_concurrency values (2)`;
      });
      const reads = Promise.all(Array.from({ length: 20 }, () => sql`select count(*)::int as c from t_concurrency`));
      await Promise.all([tx, reads]);
      const [row] = await sql<{ c: number }[]>`select count(*)::int as c from t_concurrency`;
      expect(row?.c).toBe(2);
    } finally {
      await sql.end();
    }
  });
});
