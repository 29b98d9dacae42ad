/**
 * The abuse controls across the whole app: the Origin / Sec-Fetch-Site check on
 * every unsafe route (for JSON, form and multipart bodies, with a valid session cookie, as a
 * forged cross-site request would carry), CORS, secure headers, input that looks like SQL,
 * and the error contract (JSON `{ error }`, the right status, never a stack).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { recordingLogger } from "@botox/core/testing";
import { TEXT_MSG } from "@botox/core/text";
import { blogCategories, blogPosts, clinics, contactMessages, newsletterSubscriptions, ratings, sessions } from "@botox/db";
import { createApp } from "../app.ts";
import { ORIGIN, createAdminTestContext, type AdminTestContext } from "../test/admin-app.ts";
import { JSON_BODY_LIMIT } from "./middleware.ts";
import { socketEnv } from "../test/public-app.ts";

let t: AdminTestContext;
let cookie: string;
let clinicId: number;
let postId: number;
let categoryId: number;

beforeAll(async () => {
  t = await createAdminTestContext({ PUBLISH_WEBHOOK_SECRET: "webhook-secret-for-security-test" });
  cookie = await t.login();
  const [clinic] = await t.db.db
    .insert(clinics)
    .values({ name: "Secure Clinic", slug: "secure-clinic", city: "Denver", citySlug: "denver", state: "CO", latitude: 39.74, longitude: -104.99 })
    .returning();
  clinicId = clinic!.id;
  const [category] = await t.db.db.insert(blogCategories).values({ name: "Security", slug: "security" }).returning();
  categoryId = category!.id;
  const [post] = await t.db.db
    .insert(blogPosts)
    .values({
      title: "A secure post title",
      slug: "a-secure-post",
      content: "<p>".concat("Content ".repeat(10), "</p>"),
      author: "Tester",
      published: true,
      publishedAt: new Date(),
      categoryId,
    })
    .returning();
  postId = post!.id;
});
afterAll(async () => {
  await t?.close();
});

const FOREIGN = "https://evil.example";

/**
 * RFC 8058 one-click unsubscribe: mail providers post it from their own servers, so it takes
 * any origin; the link's token is its only key (tested below and in the newsletter's tests).
 */
const ANY_ORIGIN = new Set(["/api/v1/newsletter/unsubscribe"]);

/** Every unsafe route the app serves that checks its origin, with ids that exist. */
function unsafeRoutes(): [string, string][] {
  const out = new Map<string, [string, string]>();
  for (const r of t.app.routes) {
    if (!["POST", "PUT", "PATCH", "DELETE"].includes(r.method) || ANY_ORIGIN.has(r.path)) continue;
    const path = r.path
      .replace(/^\/api\/v1/, "")
      .replace(/:id(\{[^}]*\})?/g, () =>
        r.path.includes("/blog/posts") ? String(postId) : r.path.includes("/blog/categories") ? String(categoryId) : String(clinicId),
      )
      .replace(/:(\w+)(\{[^}]*\})?/g, "1");
    out.set(`${r.method} ${path}`, [r.method, path]);
  }
  return [...out.values()];
}

type BodyKind = "json" | "form" | "multipart" | "text";
function bodyOf(kind: BodyKind): { body: string | FormData; headers: Record<string, string> } {
  switch (kind) {
    case "json":
      return {
        body: JSON.stringify({ email: "csrf@example.com", emoji: "smile", name: "Csrf", city: "X", state: "Y", username: t.username, password: t.password }),
        headers: { "Content-Type": "application/json" },
      };
    case "form":
      return { body: "email=csrf%40example.com&emoji=smile", headers: { "Content-Type": "application/x-www-form-urlencoded" } };
    case "text":
      return { body: '{"email":"csrf@example.com"}', headers: { "Content-Type": "text/plain" } };
    case "multipart": {
      const form = new FormData();
      form.set("email", "csrf@example.com");
      form.set("image", new File([new Uint8Array([0xff, 0xd8, 0xff])], "x.jpg", { type: "image/jpeg" }));
      return { body: form, headers: {} };
    }
  }
}

async function rowCounts() {
  const db = t.db.db;
  return {
    clinics: await db.$count(clinics),
    posts: await db.$count(blogPosts),
    categories: await db.$count(blogCategories),
    subscribers: await db.$count(newsletterSubscriptions),
    ratings: await db.$count(ratings),
    messages: await db.$count(contactMessages),
    sessions: await db.$count(sessions),
  };
}

const send = (method: string, path: string, kind: BodyKind, headers: Record<string, string>, ip = "203.0.113.50") => {
  const { body, headers: typeHeaders } = bodyOf(kind);
  return t.app.request(
    `/api/v1${path}`,
    { method, headers: { ...typeHeaders, Cookie: cookie, ...headers }, body: method === "DELETE" ? undefined : body },
    socketEnv(ip),
  );
};

describe("CSRF: unsafe methods check Origin / Sec-Fetch-Site", () => {
  it("covers every unsafe route (the list comes from the app itself)", () => {
    const routes = unsafeRoutes().map(([m, p]) => `${m} ${p.replace(/\d+/g, "N")}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        "POST /newsletter/subscribe",
        "POST /clinics/N/ratings",
        "POST /contact",
        "POST /clinics/nearby",
        "POST /login",
        "POST /logout",
        "POST /clinics",
        "PUT /clinics/N",
        "DELETE /clinics/N",
        "POST /blog/posts",
        "PATCH /blog/posts/N",
        "DELETE /blog/posts/N",
        "POST /blog/categories",
        "PATCH /blog/categories/N",
        "DELETE /blog/categories/N",
        "POST /upload/blog-image",
        "PATCH /contact-messages/N",
      ]),
    );
  });

  it.each(["json", "form", "multipart", "text"] as const)(
    "rejects a foreign Origin with 403 for a %s body, with the session cookie attached, changing nothing",
    async (kind) => {
      const before = await rowCounts();
      for (const [method, path] of unsafeRoutes()) {
        for (const origin of [FOREIGN, "null", `${ORIGIN}.evil.example`, ORIGIN.replace("http:", "https:"), `${ORIGIN}/`]) {
          const res = await send(method, path, kind, { Origin: origin, "Sec-Fetch-Site": "same-origin" });
          expect(res.status, `${method} ${path} from ${origin}`).toBe(403);
          expect(await res.json()).toEqual({ error: MSG.api.forbiddenOrigin });
        }
      }
      expect(await rowCounts()).toEqual(before);
      // The session survived the forged logout.
      expect((await t.request("GET", "/stats", { cookie })).status).toBe(200);
    },
  );

  it.each(["json", "form", "multipart"] as const)("rejects Sec-Fetch-Site: cross-site without an Origin with 403 for a %s body", async (kind) => {
    const before = await rowCounts();
    for (const [method, path] of unsafeRoutes()) {
      const res = await send(method, path, kind, { "Sec-Fetch-Site": "cross-site" });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ error: MSG.api.forbiddenOrigin });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses writes with neither header (not a browser), except the secret-guarded publish webhook", async () => {
    for (const [method, path] of unsafeRoutes()) {
      const res = await send(method, path, "json", {});
      if (path === "/publish/webhook") expect(res.status).not.toBe(403);
      else expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it("takes a one-click unsubscribe from any origin, which without its token changes nothing", async () => {
    const before = await rowCounts();
    const res = await send("POST", "/newsletter/unsubscribe", "form", { Origin: FOREIGN, "Sec-Fetch-Site": "cross-site" });
    expect(res.status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it("lets the site and the admin through", async () => {
    const site = await send("POST", "/newsletter/subscribe", "json", { Origin: "http://localhost:4321", "Sec-Fetch-Site": "same-site" });
    expect(site.status).toBe(200);
    const admin = await send("POST", "/blog/categories", "json", { Origin: "http://localhost:5173" });
    expect(admin.status).toBe(400); // past the origin check: the body is not a category
    const noOrigin = await send("POST", "/newsletter/subscribe", "json", { "Sec-Fetch-Site": "same-origin" }, "203.0.113.51");
    expect(noOrigin.status).toBe(200);
  });

  it("never checks safe methods", async () => {
    const res = await t.app.request("/api/v1/cities/popular", { headers: { Origin: FOREIGN, "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(200);
  });
});

describe("CORS and secure headers", () => {
  it("allows exactly the configured origins, with credentials", async () => {
    for (const origin of ["http://localhost:4321", "http://localhost:5173"]) {
      const preflight = await t.app.request("/api/v1/newsletter/subscribe", {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
      expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
      expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
      expect(preflight.headers.get("access-control-allow-headers")).toContain("Content-Type");
      expect(preflight.headers.get("access-control-max-age")).toBe("600");
      expect(preflight.headers.get("x-content-type-options")).toBe("nosniff");
      // Answers, errors and thrown errors alike carry the CORS headers (set before the handler).
      for (const path of ["/api/v1/cities/popular", "/api/v1/no-such-route", "/api/v1/stats", "/api/v1/zip-search?postalCode=abc"]) {
        const res = await t.app.request(path, { headers: { Origin: origin } });
        expect(res.headers.get("access-control-allow-origin"), path).toBe(origin);
        expect(res.headers.get("access-control-allow-credentials"), path).toBe("true");
        expect(res.headers.get("access-control-expose-headers"), path).toContain("Retry-After");
        expect(res.headers.get("vary"), path).toContain("Origin");
        expect(res.headers.get("x-request-id"), path).toBeTruthy();
      }
    }
    for (const origin of [FOREIGN, "http://localhost:4321.evil.example", "null"]) {
      const preflight = await t.app.request("/api/v1/newsletter/subscribe", {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST" },
      });
      expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
      const read = await t.app.request("/api/v1/cities/popular", { headers: { Origin: origin } });
      expect(read.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("sends secure headers on every answer, errors included", async () => {
    for (const path of ["/api/v1/cities/popular", "/api/v1/no-such-route", "/api/v1/stats"]) {
      const res = await t.app.request(path);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options")).toBeTruthy();
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });
});

describe("input that looks like SQL", () => {
  const INJECTIONS = [
    "' OR '1'='1",
    "1; DROP TABLE clinics;--",
    "'); DELETE FROM admin_users;--",
    "1 UNION SELECT password_hash FROM admin_users",
    "\\'; select pg_sleep(5);--",
    "$$; drop table ratings; $$",
  ];
  const LEAKS = /syntax error|postgres|drizzle|relation "|SELECT |password_hash|\bat .+\.(ts|js):\d+/i;

  it("in query parameters and path segments gives ordinary answers", async () => {
    for (const bad of INJECTIONS) {
      const q = encodeURIComponent(bad);
      const cases: [string, number[]][] = [
        [`/zip-search?postalCode=${q}`, [400]],
        [`/zip-search?postalCode=80202&businessStatus=${q}`, [400]],
        [`/zip-search?postalCode=80202&distance=${q}`, [400]],
        [`/proxy/clinics-by-city/denver?query=${q}`, [200]],
        [`/proxy/clinics-by-city/denver?sortBy=${q}`, [400]],
        [`/proxy/clinics-by-city/${q}`, [400, 404]],
        [`/proxy/clinic/${q}`, [404]],
        [`/proxy/clinic/secure-clinic?city=${q}`, [400]],
        [`/blog/posts?categoryId=${q}`, [400]],
        [`/blog/posts/slug/${q}`, [404]],
        [`/blog/categories/${q}`, [404]],
        [`/cities/popular?limit=${q}`, [400]],
        [`/clinics/${q}/rating-stats`, [404]],
      ];
      for (const [path, statuses] of cases) {
        const res = await t.app.request(`/api/v1${path}`);
        const text = await res.text();
        expect(statuses, `${path} → ${res.status} ${text}`).toContain(res.status);
        expect(text, path).not.toMatch(LEAKS);
      }
      const search = (await (await t.app.request(`/api/v1/proxy/clinics-by-city/denver?query=${q}`)).json()) as { pagination: { totalItems: number } };
      expect(search.pagination.totalItems).toBe(0);
    }
  });

  it("in bodies is stored and returned verbatim, never executed", async () => {
    const before = await rowCounts();
    const evil = INJECTIONS[2]!;
    let ip = 60;
    const named = await t.app.request(
      "/api/v1/newsletter/subscribe",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ email: "o'brien@example.com", firstName: evil }),
      },
      socketEnv(`203.0.113.${ip++}`),
    );
    expect(named.status).toBe(200);
    const [row] = await t.db.sql<{ first_name: string }[]>`select first_name from newsletter_subscriptions where email = ${"o'brien@example.com"}`;
    expect(row!.first_name).toBe(evil);

    const rated = await t.app.request(
      `/api/v1/clinics/${clinicId}/ratings`,
      { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: JSON.stringify({ emoji: "sad", comment: evil }) },
      socketEnv(`203.0.113.${ip++}`),
    );
    expect(rated.status).toBe(201);
    expect(((await rated.json()) as { rating: { comment: string } }).rating.comment).toBe(evil);

    const created = await t.request("POST", "/clinics", { cookie, body: { name: `Clinic ${INJECTIONS[0]}`, city: "Denver", state: "CO", street: evil } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: `Clinic ${INJECTIONS[0]}`, street: evil });
    const list = (await (await t.request("GET", `/clinics?query=${encodeURIComponent("%' OR '1'='1")}`, { cookie })).json()) as {
      pagination: { totalItems: number };
    };
    expect(list.pagination.totalItems).toBe(0);

    const login = await t.request("POST", "/login", { body: { username: `${t.username}' --`, password: "' OR '1'='1" } });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({ error: MSG.admin.invalidLogin });

    const after = await rowCounts();
    expect(after).toEqual({ ...before, subscribers: before.subscribers + 1, ratings: before.ratings + 1, clinics: before.clinics + 1 });
  });

  it("with NUL bytes, which PostgreSQL refuses in text, is a 400, not a 500", async () => {
    const res = await t.app.request(
      "/api/v1/newsletter/subscribe",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ email: "nul@example.com", firstName: "a\u0000b" }),
      },
      socketEnv("203.0.113.90"),
    );
    expect(res.status).toBe(400);
    // The text rule names the problem before the database would refuse it.
    expect(await res.json()).toMatchObject({ error: TEXT_MSG.unsafe });
    for (const path of ["/proxy/clinic/a%00b", "/blog/posts/slug/a%00b", "/proxy/clinics-by-city/denver?query=a%00b"]) {
      const r = await t.app.request(`/api/v1${path}`);
      expect(r.status, path).toBe(400);
    }
    const clinic = await t.request("POST", "/clinics", { cookie, body: { name: "Nul\u0000Clinic", city: "Denver", state: "CO" } });
    expect(clinic.status).toBe(400);
  });
});

describe("error contract", () => {
  it("answers unknown routes and methods with a JSON 404", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/nope"],
      ["GET", "/api/v2/clinics"],
      ["DELETE", "/api/v1/zip-search"],
      ["GET", "/"],
    ] as const) {
      const res = await t.app.request(path, { method, headers: { Origin: ORIGIN } });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ error: MSG.api.notFound });
    }
  });

  it("answers 413 for a JSON body over 1 MB, declared or streamed", async () => {
    const big = JSON.stringify({ email: "big@example.com", firstName: "x".repeat(JSON_BODY_LIMIT) });
    const declared = await t.app.request(
      "/api/v1/newsletter/subscribe",
      { method: "POST", headers: { "Content-Type": "application/json", "Content-Length": String(big.length), Origin: ORIGIN }, body: big },
      socketEnv("203.0.113.91"),
    );
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: MSG.api.payloadTooLarge });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await t.app.request(
      "/api/v1/clinics",
      { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie }, body: stream, duplex: "half" },
      socketEnv("203.0.113.92"),
    );
    expect(streamed.status).toBe(413);
  });

  it("answers 415 for a body that is not JSON and 400 for JSON that does not parse", async () => {
    const form = await send("POST", "/blog/categories", "form", { Origin: ORIGIN });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ error: MSG.api.unsupportedMediaType });
    const broken = await t.app.request("/api/v1/blog/categories", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
      body: "{'name':",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: MSG.api.invalidJson });
  });

  it("answers an unexpected failure with a generic 500: logged, never a stack or a message from inside", async () => {
    const boom = () => {
      throw new Error("secret detail at /srv/api/src/internal.ts:42");
    };
    const brokenDb = new Proxy({}, { get: boom });
    const logger = recordingLogger();
    const app = createApp({ ...t.deps, db: brokenDb as never, logger });
    const res = await app.request("/api/v1/cities/popular?limit=7");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: MSG.api.internal });
    expect(text).not.toContain("secret detail");
    // The server's log keeps what the answer hides, but never the query string.
    expect(logger.lines).toEqual([
      {
        level: "error",
        message: "unhandled error",
        fields: expect.objectContaining({
          error: { type: "Error", message: expect.stringContaining("secret detail") },
          method: "GET",
          path: "/api/v1/cities/popular",
        }),
      },
    ]);
  });

  it("echoes a request id, or makes one", async () => {
    const given = await t.app.request("/api/v1/cities/popular", { headers: { "X-Request-Id": "req-123" } });
    expect(given.headers.get("x-request-id")).toBe("req-123");
    const made = await t.app.request("/api/v1/cities/popular");
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{16,}$/);
  });
});
