import { describe, expect, it } from "vitest";
import { testLogger } from "@botox/core/testing";
import { createApp } from "../../app.ts";
import { readApiEnv } from "../../env.ts";
import { createAppState } from "../../lib/app-state.ts";

// The document is built from the route modules alone: no database is needed to serve it.
const app = createApp({
  db: null as never,
  sql: null as never,
  env: readApiEnv({ NODE_ENV: "test" }),
  secret: "openapi-test-secret",
  logger: testLogger(),
  state: createAppState(),
});

type Operation = {
  operationId: string;
  summary: string;
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
  security?: unknown[];
};
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};

async function fetchDoc(): Promise<Doc> {
  const res = await app.request("http://api.example.test/api/v1/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as Doc;
}

/** Every route the app serves, in OpenAPI form: "get /clinics/{id}". */
function servedRoutes(): string[] {
  const out = new Set<string>();
  for (const r of app.routes) {
    if (r.method === "ALL") continue; // middleware
    out.add(`${r.method.toLowerCase()} ${r.path.replace(/^\/api\/v1/, "").replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}`);
  }
  return [...out].sort();
}

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

describe("GET /openapi.json", () => {
  it("is an OpenAPI 3.1 document that lists every route the app serves, and nothing else", async () => {
    const doc = await fetchDoc();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toEqual({ title: expect.any(String), version: expect.any(String) });
    expect(doc.servers).toEqual([{ url: "http://api.example.test/api/v1" }]);
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .sort();
    expect(documented).toEqual(servedRoutes());
    expect(documented).toEqual(
      expect.arrayContaining([
        "post /newsletter/subscribe",
        "get /cities/popular",
        "get /cities/nearby",
        "post /clinics/nearby",
        "get /zip-search",
        "get /providers/near-user",
        "get /proxy/clinics-by-city/{city}",
        "get /proxy/clinic/{slug}",
        "get /clinics/{id}/has-rated",
        "get /clinics/{id}/rating-stats",
        "post /clinics/{id}/ratings",
        "get /clinics/{id}/prices",
        "post /clinics/{id}/prices",
        "patch /prices/{id}",
        "delete /prices/{id}",
        "get /price-index",
        "post /clinics/{id}/price-reports",
        "get /price-reports",
        "patch /price-reports/{id}",
        "get /clinics/{id}/staff",
        "post /clinics/{id}/staff",
        "patch /staff/{id}",
        "delete /staff/{id}",
        "get /npi/{number}",
        "get /blog/posts",
        "get /blog/posts/slug/{slug}",
        "get /blog/posts/recent",
        "get /blog/categories",
        "get /blog/categories/{id}",
        "post /login",
        "post /logout",
        "get /stats",
        "get /clinics",
        "get /clinics/{id}",
        "post /clinics",
        "put /clinics/{id}",
        "delete /clinics/{id}",
        "get /blog/posts/{id}",
        "post /blog/posts",
        "patch /blog/posts/{id}",
        "delete /blog/posts/{id}",
        "post /blog/categories",
        "patch /blog/categories/{id}",
        "delete /blog/categories/{id}",
        "post /upload/blog-image",
        "get /health",
      ]),
    );
  });

  it("has well-formed operations: unique ids, declared path parameters, described responses, JSON Schema 2020-12 bodies", async () => {
    const doc = await fetchDoc();
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path.startsWith("/")).toBe(true);
      const templateParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method} ${path}`;
        expect(METHODS.has(method), where).toBe(true);
        expect(op.operationId, where).toMatch(/^[A-Za-z0-9]+$/);
        expect(ids.has(op.operationId), `${where}: duplicate operationId`).toBe(false);
        ids.add(op.operationId);
        expect(op.summary.length, where).toBeGreaterThan(0);

        const pathParams = op.parameters.filter((p) => p.in === "path");
        expect(pathParams.map((p) => p.name).sort(), where).toEqual(templateParams);
        expect(
          pathParams.every((p) => p.required),
          where,
        ).toBe(true);
        for (const p of op.parameters) {
          expect(["path", "query", "header", "cookie"], where).toContain(p.in);
          expect(p.schema, `${where} ${p.name}`).toBeTypeOf("object");
        }
        const keys = op.parameters.map((p) => `${p.in}:${p.name}`);
        expect(new Set(keys).size, where).toBe(keys.length);

        const statuses = Object.keys(op.responses);
        expect(statuses.length, where).toBeGreaterThan(0);
        for (const status of statuses) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          expect(op.responses[status]!.description.length, `${where} ${status}`).toBeGreaterThan(0);
        }
        expect(
          statuses.some((s) => s.startsWith("2")),
          `${where} has no success answer`,
        ).toBe(true);
        if (op.security) expect(statuses, `${where} needs a session: documents 401`).toContain("401");
        for (const media of Object.values(op.requestBody?.content ?? {})) expect(media.schema.type, where).toBe("object");
      }
    }
    // No inline schema repeats the dialect, and nothing refers to definitions that are not there.
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"$schema"');
    expect(text).not.toContain('"$ref"');
    expect(Object.keys(doc.components.securitySchemes)).toEqual(["session"]);
  });

  it("types every path parameter (an id's digits, a slug's or name's bounds): none is left a bare string", async () => {
    const { paths } = await fetchDoc();
    const untyped: string[] = [];
    let count = 0;
    for (const [path, ops] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const p of op.parameters.filter((param) => param.in === "path")) {
          count += 1;
          const { type, pattern, maxLength } = p.schema;
          const bounded = type === "integer" || (type === "string" && (typeof pattern === "string" || typeof maxLength === "number"));
          if (!bounded) untyped.push(`${method} ${path} {${p.name}}: ${JSON.stringify(p.schema)}`);
        }
      }
    }
    expect(count).toBeGreaterThan(40);
    expect(untyped).toEqual([]);
    // The id schema (lib/ids.ts) as the document shows it.
    expect(paths["/clinics/{id}/prices"]!.get!.parameters.find((p) => p.name === "id")?.schema).toMatchObject({ type: "string", pattern: "^[0-9]{1,10}$" });
  });

  it("documents the calls' inputs: required fields are the ones that cannot be left out", async () => {
    const { paths } = await fetchDoc();
    const body = (path: string, method: string) => paths[path]![method]!.requestBody!.content["application/json"]!.schema;
    expect(body("/clinics/{id}/ratings", "post").required).toEqual(["emoji"]);
    expect(body("/newsletter/subscribe", "post").required).toEqual(["email"]);
    expect(body("/clinics/nearby", "post").required).toEqual(["latitude", "longitude"]);
    expect(body("/login", "post").required).toEqual(["username", "password"]);
    const zip = Object.fromEntries(paths["/zip-search"]!.get!.parameters.map((p) => [p.name, p.required]));
    expect(zip).toEqual({
      postalCode: true,
      page: false,
      limit: false,
      distance: false,
      businessStatus: false,
      maxUnitPrice: false,
      brand: false,
      sortBy: false,
      openNow: false,
      credential: false,
    });
    expect(paths["/upload/blog-image"]!.post!.requestBody!.content).toHaveProperty("multipart/form-data");
    expect(paths["/stats"]!.get!.security).toEqual([{ session: [] }]);
    expect(paths["/zip-search"]!.get!.security).toBeUndefined();
  });
});

describe("the clinic write's free-text hours flag", () => {
  it("documents workingHoursAsText on POST and PUT /clinics, and the refusal in their 400", async () => {
    const doc = await fetchDoc();
    for (const op of [doc.paths["/clinics"]?.post, doc.paths["/clinics/{id}"]?.put]) {
      const schema = op?.requestBody?.content["application/json"]?.schema as { properties: Record<string, { type: string; description: string }> } | undefined;
      expect(schema?.properties.workingHoursAsText).toMatchObject({ type: "boolean", description: expect.stringContaining("free text") });
      expect(op?.responses["400"]?.description).toContain("workingHoursAsText");
    }
  });
});
