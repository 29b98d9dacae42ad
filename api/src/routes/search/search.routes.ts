import { createRoute } from "@hono/zod-openapi";
import { searchLookupQuerySchema, searchLookupSchema } from "@botox/core";
import { lookupSearchText } from "@botox/db";
import { cachedJson } from "../../lib/cached-json.ts";
import { commonErrors, createRouter, json } from "../../lib/openapi.ts";

const lookupRoute = createRoute({
  method: "get",
  path: "/search/lookup",
  summary:
    "What a search box's text names when it is no city page: places of the ZIP data named exactly (a state code may follow: naperville-il), each with its centre and the ZIP nearest it, and clinics whose name starts with the text",
  tags: ["search"],
  request: { query: searchLookupQuerySchema },
  responses: { 200: json("Places and clinics", searchLookupSchema), ...commonErrors },
});

export const searchRoutes = createRouter().openapi(lookupRoute, (c) => {
  const { q } = c.req.valid("query");
  return cachedJson(c, () => lookupSearchText(c.get("deps").db, q));
});
