import { z } from "zod";

/**
 * A small registry: each route module describes its calls with the same zod schemas it
 * validates with, and `/api/v1/openapi.json` is generated from them (OpenAPI 3.1).
 */
export interface RouteDoc {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path under /api/v1, e.g. "/clinics/{id}". */
  path: string;
  summary: string;
  tags?: string[];
  auth?: boolean;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** "multipart" for uploads. */
  bodyType?: "json" | "multipart";
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

const routes: RouteDoc[] = [];

export function documentRoute(doc: RouteDoc): void {
  if (!routes.some((r) => r.method === doc.method && r.path === doc.path)) routes.push(doc);
}

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect), without a `$schema` on every inline schema. */
function toSchema(s: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  // A field with a preprocess step (trim, "" → null...) looks required to zod's converter;
  // what is required is what fails without a value.
  if (s instanceof z.ZodObject && Array.isArray(json.required)) {
    const shape = s.shape as Record<string, z.ZodType>;
    const required = (json.required as string[]).filter((key) => !shape[key]?.safeParse(undefined).success);
    if (required.length) json.required = required;
    else delete json.required;
  }
  return json;
}

/** "get", "/clinics/{id}/has-rated" → "getClinicsIdHasRated". */
function operationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const parameters: unknown[] = [];
    for (const m of r.path.matchAll(/\{(\w+)\}/g)) {
      parameters.push({ name: m[1], in: "path", required: true, schema: { type: "string" } });
    }
    if (r.query) {
      for (const [name, s] of Object.entries(r.query.shape)) {
        parameters.push({ name, in: "query", required: !(s as z.ZodType).safeParse(undefined).success, schema: toSchema(s as z.ZodType) });
      }
    }
    const op: Record<string, unknown> = {
      operationId: operationId(r.method, r.path),
      summary: r.summary,
      tags: r.tags,
      parameters,
      responses: Object.fromEntries(
        Object.entries(r.responses).map(([status, res]) => [
          status,
          { description: res.description, ...(res.schema ? { content: { "application/json": { schema: toSchema(res.schema) } } } : {}) },
        ]),
      ),
    };
    if (r.body) {
      const type = r.bodyType === "multipart" ? "multipart/form-data" : "application/json";
      op.requestBody = { required: true, content: { [type]: { schema: toSchema(r.body) } } };
    }
    if (r.auth) op.security = [{ session: [] }];
    (paths[r.path] ??= {})[r.method] = op;
  }
  return {
    openapi: "3.1.0",
    info: { title: "Botox Near Me API", version: "1.0.0" },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "session" } },
      schemas: { Error: { type: "object", properties: { error: { type: "string" }, issues: { type: "array" } }, required: ["error"] } },
    },
    paths,
  };
}
