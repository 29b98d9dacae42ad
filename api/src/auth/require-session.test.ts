import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { createAdminTestContext, type AdminTestContext } from "../test/admin-app.ts";
import { hashToken } from "../lib/token-hash.ts";

let t: AdminTestContext;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await createAdminTestContext();
  cookies.loggedOut = await t.login();
  await t.request("POST", "/logout", { cookie: cookies.loggedOut });
  cookies.expired = await t.login();
  await t.db.sql`update sessions set expires_at = now() - interval '1 second' where id = ${hashToken(cookies.expired.slice("session=".length))}`;
  const valid = (await t.login()).slice("session=".length);
  cookies.tampered = `session=${valid.slice(0, -2)}${valid.endsWith("aa") ? "bb" : "aa"}`;
  cookies.malformed = "session=../../etc/passwd";
});
afterAll(async () => {
  await t?.close();
});

// Every admin endpoint: the server enforces the session on each (architecture.md §9).
const ADMIN_ROUTES: [string, string][] = [
  ["GET", "/stats"],
  ["GET", "/clinics"],
  ["GET", "/clinics/1"],
  ["POST", "/clinics"],
  ["PUT", "/clinics/1"],
  ["DELETE", "/clinics/1"],
  ["GET", "/blog/posts/1"],
  ["POST", "/blog/posts"],
  ["PATCH", "/blog/posts/1"],
  ["DELETE", "/blog/posts/1"],
  ["POST", "/blog/categories"],
  ["PATCH", "/blog/categories/1"],
  ["DELETE", "/blog/categories/1"],
  ["GET", "/contact-messages"],
  ["PATCH", "/contact-messages/1"],
  ["POST", "/upload/blog-image"],
];

describe("requireSession", () => {
  it.each(ADMIN_ROUTES)("%s %s answers 401 without a cookie and with a tampered, malformed, expired or logged-out session", async (method, path) => {
    for (const cookie of [undefined, cookies.tampered, cookies.malformed, cookies.expired, cookies.loggedOut]) {
      const body = method === "GET" || method === "DELETE" ? undefined : method === "POST" && path.startsWith("/upload") ? new FormData() : {};
      const res = await t.request(method, path, { cookie, body });
      expect(res.status, `${method} ${path} ${cookie ?? "no cookie"}`).toBe(401);
      expect(await res.json()).toEqual({ error: MSG.api.unauthorized });
    }
  });
});
