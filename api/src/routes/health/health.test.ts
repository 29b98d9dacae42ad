import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";

// The database-down answer (503) is tested with a real outage in lib/database-outage.test.ts.
let t: PublicTestContext;
beforeAll(async () => {
  t = await createPublicTestContext();
});
afterAll(() => t.close());

describe("GET /health", () => {
  it("reports the database up, uncached, without a session", async () => {
    const { status, body, res } = await t.get("/health");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok", database: "up" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("GET /ready", () => {
  it("is ready once the database answers and every migration is applied", async () => {
    const { status, body, res } = await t.get("/ready");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ready", database: "up", migrations: "current" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("is not ready once a graceful stop has begun (draining), though the database answers", async () => {
    t.deps.draining = () => true;
    try {
      const { status, body } = await t.get("/ready");
      expect(status).toBe(503);
      expect(body).toEqual({ status: "not ready", database: "up", migrations: "current" });
    } finally {
      t.deps.draining = undefined;
    }
    expect((await t.get("/ready")).status).toBe(200);
  });

  it("is not ready while a committed migration is missing from the database", async () => {
    const [row] = await t.deps.sql<{ id: number }[]>`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`;
    const id = row?.id ?? -1;
    await t.deps.sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = ${id}`;
    try {
      const { status, body } = await t.get("/ready");
      expect(status).toBe(503);
      expect(body).toEqual({ status: "not ready", database: "up", migrations: "pending" });
    } finally {
      await t.deps.sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where id = ${id}`;
    }
  });
});
