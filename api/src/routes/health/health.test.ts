import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicTestContext, type PublicTestContext } from "../../lib/test-support.ts";

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
