import { createRoute } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MSG } from "@botox/core";
import { handleError } from "./errors.ts";
import { idParams } from "./ids.ts";
import { buildOpenApiDocument, createRouter, json, jsonBody, jsonRequest } from "./openapi.ts";

// A router as the route modules build them, with the app's error handler: what a failed
// validation answers is our `{ error, issues }` 400, not the validator's own answer.
const echo = createRoute({
  method: "post",
  path: "/echo/:id{[0-9]+}",
  summary: "Echo",
  middleware: [jsonBody] as const,
  request: {
    params: idParams("No such echo."),
    query: z.object({ n: z.coerce.number().int("n must be whole.") }),
    body: jsonRequest(z.object({ name: z.string().min(2, "Name is too short.") })),
  },
  responses: { 200: json("Echoed", z.object({ name: z.string(), n: z.number() })) },
});
const app = createRouter().openapi(echo, (c) => c.json({ name: c.req.valid("json").name, n: c.req.valid("query").n + c.req.valid("param").id - 7 }, 200));
app.onError(handleError);

const post = (body: string, type = "application/json", query = "n=1", id = "7") =>
  app.request(`/echo/${id}?${query}`, { method: "POST", body, headers: { "content-type": type } });

describe("createRouter and jsonBody", () => {
  it("validates query and body with the route's schemas and answers with the parsed values", async () => {
    const res = await post(JSON.stringify({ name: "Bo" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "Bo", n: 1 });
  });

  it("answers a failed validation with the first message in error and all in issues", async () => {
    const res = await post(JSON.stringify({ name: "B" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Name is too short.", issues: [{ path: "name", message: "Name is too short." }] });
    const badQuery = await post(JSON.stringify({ name: "Bo" }), "application/json", "n=1.5");
    expect(await badQuery.json()).toMatchObject({ error: "n must be whole." });
  });

  it("answers a path id that names nothing with the route's own 404, whatever the query (decision 290)", async () => {
    for (const id of ["0", "2147483648", "00000000000"]) {
      const res = await post(JSON.stringify({ name: "Bo" }), "application/json", "n=1", id);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: "No such echo." });
    }
    // The query is validated first, as before path ids were declared.
    const badQuery = await post(JSON.stringify({ name: "Bo" }), "application/json", "n=1.5", "0");
    expect(badQuery.status).toBe(400);
  });

  it("keeps our 415 and 400 for a body that is not JSON", async () => {
    const wrongType = await post("name=Bo", "text/plain");
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toEqual({ error: MSG.api.unsupportedMediaType });
    const malformed = await post("{", "application/json");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: MSG.api.invalidJson });
  });

  it("documents the route under its OpenAPI path, without the Hono pattern", () => {
    const doc = buildOpenApiDocument("http://api.test/api/v1", app);
    expect(Object.keys(doc.paths)).toEqual(["/echo/{id}"]);
    const op = doc.paths["/echo/{id}"]?.post as { operationId: string; parameters: { name: string; in: string }[] };
    expect(op.operationId).toBe("postEchoId");
    expect(op.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(["path:id", "query:n"]);
  });
});
