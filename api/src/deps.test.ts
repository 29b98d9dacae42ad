import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@botox/db/testing";
import { createDeps } from "./deps.ts";
import { missingForProduction, readApiEnv } from "./env.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe("createDeps (the composition root)", () => {
  it("gives every entry point the read cache, the publisher attached to content writes, and APP_SECRET", async () => {
    const env = readApiEnv({ NODE_ENV: "test", APP_SECRET: "a-secret-of-enough-length", PUBLISH_CRON: "off" });
    const composed = await createDeps({ env, database: db });
    try {
      expect(composed.deps.readCache).toBeDefined();
      expect(composed.deps.secret).toBe("a-secret-of-enough-length");
      expect(composed.publisher).not.toBeNull();
      expect(composed.deps.publisher).toBe(composed.publisher);
    } finally {
      await composed.close();
    }
  });

  it("turns the read cache off with READ_CACHE_TTL_MS=0 and publishing off on request", async () => {
    const composed = await createDeps({ env: readApiEnv({ NODE_ENV: "test", READ_CACHE_TTL_MS: "0" }), database: db, publish: false });
    expect(composed.deps.readCache).toBeUndefined();
    expect(composed.publisher).toBeNull();
    expect(composed.deps.publisher).toBeUndefined();
    expect(composed.deps.secret).toMatch(/^[0-9a-f]{64}$/);
    await composed.close();
  });

  it("leaves a database it was given open when it closes (twice is fine)", async () => {
    const composed = await createDeps({ env: readApiEnv({ NODE_ENV: "test", PUBLISH_CRON: "off" }), database: db });
    await composed.close();
    await composed.close();
    const [row] = await db.sql<{ one: number }[]>`select 1 as one`;
    expect(row?.one).toBe(1);
  });
});

describe("missingForProduction", () => {
  it("names what production needs and is not set", () => {
    expect(missingForProduction({ NODE_ENV: "production" })).toEqual([
      "APP_SECRET",
      "DATABASE_URL",
      "SITE_URL",
      "SMTP_URL (or MAIL_MODE=capture)",
      "MAIL_FROM",
      "MAIL_POSTAL_ADDRESS",
    ]);
    const mail = { SMTP_URL: "smtp://relay.example:587", MAIL_FROM: "Deals <deals@a.example>", MAIL_POSTAL_ADDRESS: "1 Main St, Austin, TX 78701" };
    expect(missingForProduction({ NODE_ENV: "production", APP_SECRET: "x".repeat(32), DATABASE_URL: "postgres://db/x", SITE_URL: "  ", ...mail })).toEqual([
      "SITE_URL",
    ]);
    expect(
      missingForProduction({ NODE_ENV: "production", APP_SECRET: "x".repeat(32), DATABASE_URL: "postgres://db/x", SITE_URL: "https://a.example", ...mail }),
    ).toEqual([]);
    // Capture in production only when asked for explicitly; the From and postal address are still required.
    const base = { NODE_ENV: "production", APP_SECRET: "x".repeat(32), DATABASE_URL: "postgres://db/x", SITE_URL: "https://a.example" };
    expect(missingForProduction({ ...base, MAIL_MODE: "capture", MAIL_FROM: mail.MAIL_FROM, MAIL_POSTAL_ADDRESS: mail.MAIL_POSTAL_ADDRESS })).toEqual([]);
    expect(missingForProduction({ ...base, SMTP_URL: mail.SMTP_URL })).toEqual(["MAIL_FROM", "MAIL_POSTAL_ADDRESS"]);
    expect(missingForProduction({ NODE_ENV: "development" })).toEqual([]);
  });
});
