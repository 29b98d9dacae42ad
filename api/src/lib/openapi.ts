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

const toSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any" });

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
