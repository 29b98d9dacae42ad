/** Hostile input found by the issue-11 review that crosses the API: answered 4xx, never 500. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { ORIGIN, createAdminTestContext, type AdminTestContext } from "../test/admin-app.ts";
import { createApp } from "../app.ts";
import { readApiEnv } from "../env.ts";

let t: AdminTestContext;
let cookie: string;
beforeAll(async () => {
  t = await createAdminTestContext();
  cookie = await t.login();
});
afterAll(() => t?.close());

describe("clinic input", () => {
  it("answers 400 for workingHours nested 5,000 levels deep (it once overflowed the stack: 500)", async () => {
    const deep = `${"[".repeat(5000)}"9AM-5PM"${"]".repeat(5000)}`;
    for (const workingHours of [`{"Monday":${deep}}`, deep]) {
      const body = `{"name":"Deep Hours","city":"Austin","state":"TX","workingHours":${workingHours}}`;
      const res = await t.app.request("/api/v1/clinics", {
        method: "POST",
        headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: MSG.validation.workingHours });
    }
    expect(await t.db.sql`select 1 from clinics where name = 'Deep Hours'`).toHaveLength(0);
  });

  it("answers 400 for protocol-relative tricks in URL fields", async () => {
    for (const site of ["/\\evil.example/x", "//evil.example", "/\t/evil.example"]) {
      const res = await t.request("POST", "/clinics", { cookie, body: { name: "Tricky", city: "Austin", state: "TX", site } });
      expect(res.status, site).toBe(400);
      expect(await res.json()).toMatchObject({ error: MSG.validation.invalidUrl });
    }
  });
});

describe("slugs", () => {
  it("accepts a 280-character clinic name with a slug that fits a file name, and refuses a 201-character slug", async () => {
    const name = `${"Very Long Clinic Name ".repeat(13)}Spa`.slice(0, 280);
    const res = await t.request("POST", "/clinics", { cookie, body: { name, city: "Austin", state: "TX" } });
    expect(res.status).toBe(201);
    const { slug } = (await res.json()) as { slug: string };
    expect(Buffer.byteLength(slug)).toBeLessThanOrEqual(200);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);

    const tooLong = await t.request("POST", "/clinics", { cookie, body: { name: "Short", city: "Austin", state: "TX", slug: "a".repeat(201) } });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: MSG.validation.slugTooLong });
  });
});

describe("HSTS", () => {
  it("is sent only where the API is served over https, never on a plain-http localhost", async () => {
    const hsts = async (env: Record<string, string>) =>
      (await createApp({ ...t.deps, env: readApiEnv({ NODE_ENV: "test", ...env }) }).request("/api/v1/health")).headers.get("strict-transport-security");
    expect(await hsts({ NODE_ENV: "production", PUBLIC_API_URL: "http://localhost:8787/api/v1" })).toBeNull();
    expect(await hsts({})).toBeNull();
    expect(await hsts({ PUBLIC_API_URL: "https://api.example.test/api/v1" })).toMatch(/max-age=\d+/);
    expect(await hsts({ NODE_ENV: "production" })).toMatch(/max-age=\d+/);
  });
});
